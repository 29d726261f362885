import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Matches, Max, Min } from 'class-validator';
import { Describe, IsJsonValue } from '@app/common';
import { EXECUTION_STATUSES } from '../entities/workflow-execution.entity';

const KEY = /^[A-Za-z0-9:_\-.]{1,200}$/;

export class DispatchExecutionDto {
  @IsString()
  @Length(1, 64)
  definitionId: string;

  @Describe('Replaying with the same key returns the prior executionId with deduplicated: true.')
  @IsOptional()
  @IsString()
  @Matches(KEY)
  idempotencyKey?: string;

  @IsOptional()
  @IsString()
  @Matches(KEY)
  correlationId?: string;

  @Describe('Free-form payload exposed as execution.input.* in edge predicates.')
  @IsOptional()
  @IsObject()
  @IsJsonValue()
  triggerContext?: Record<string, unknown>;

  @Describe('Stored on the execution and filed with its events; not validated against the scope (as in Velt).')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  organizationId?: string;

  @Describe('Stored on the execution and filed with its events; not validated against the scope (as in Velt).')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  documentId?: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  folderId?: string;

  @Describe('https only (http too when WEBHOOK_ALLOW_PRIVATE_NETWORKS=true); must come with webhookSecret.')
  @IsOptional()
  @IsString()
  @Length(1, 2000)
  webhookUrl?: string;

  @IsOptional()
  @IsString()
  @Length(16, 512)
  webhookSecret?: string;
}

export class ExecutionRefDto {
  @IsString()
  @Length(1, 200)
  executionId: string;
}

export class CancelExecutionDto extends ExecutionRefDto {
  @IsOptional()
  @IsString()
  @Length(0, 500)
  reason?: string;
}

export class ListExecutionsDto {
  @IsOptional()
  @IsString()
  @Length(1, 64)
  definitionId?: string;

  @IsOptional()
  @IsIn(EXECUTION_STATUSES)
  status?: (typeof EXECUTION_STATUSES)[number];

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize?: number;

  @Describe("The previous page's nextCursor, unchanged.")
  @IsOptional()
  @IsString()
  @Matches(/^\d{1,16}(_[A-Za-z0-9_.-]{1,200})?$/)
  cursor?: string;
}

export class GetExecutionEventsDto extends ExecutionRefDto {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  sinceSeq?: number;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(500)
  pageSize?: number;
}
