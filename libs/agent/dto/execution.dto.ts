import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Length,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { DescribeSchema, IsIdentifier, MAX_PAGE_TOKEN_LENGTH, NoEffect } from '@app/common';
import { AI_PROVIDERS } from '../agent-config';
import { IsIdOrIdList, IsJsonObject } from './json-fields';

export const EXECUTION_STATUSES = ['running', 'passed', 'failed', 'partial', 'error', 'skipped'] as const;
/** Velt's default and our cap on the pages a cross-page run reviews. */
export const DEFAULT_MAX_URLS = 50;
export const MAX_URLS = 200;

export class RanByDto {
  @IsIdentifier() userId: string;
  @IsOptional() @IsString() @Length(0, 1024) name?: string;
  @IsOptional() @IsString() @Length(0, 1024) email?: string;
}

/** Velt's per-run model override; strict. `model` names the model this run uses (any name: the allowlist is Velt's). */
export class RunAiConfigDto {
  @IsOptional() @IsIn(AI_PROVIDERS) provider?: string;
  @IsOptional() @IsString() @Length(1, 256) model?: string;
  @IsOptional() @IsJsonObject() defaultModels?: Record<string, string>;
  @NoEffect('the mcp-tools strategy is not served.') @IsOptional() @IsInt() @Min(1) @Max(16) maxToolTurns?: number;
}

export class RunExecutionDto {
  @IsIdentifier() agentId: string;

  @IsString()
  @Length(1, 2048)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'url must be an http(s) URL' },
  )
  url: string;

  @IsOptional() @IsBoolean() crossPageExecute?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(MAX_URLS) maxUrlsToProcess?: number;
  @NoEffect('stored on the run and its annotations; pages are fetched, not rendered.')
  @IsOptional()
  @IsIn(['mobile', 'desktop'])
  deviceType?: 'mobile' | 'desktop';
  @IsIdentifier() organizationId: string;
  @IsIdentifier() documentId: string;
  @IsOptional() @IsIn(['public', 'private']) annotationVisibility?: 'public' | 'private';
  @IsOptional() @IsIn(['standalone', 'workflow']) trigger?: 'standalone' | 'workflow';
  @IsOptional() @IsIdentifier() workflowExecutionId?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => RanByDto) ranBy?: RanByDto;
  @IsOptional() @IsJsonObject() userContext?: Record<string, unknown>;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => RunAiConfigDto) aiConfig?: RunAiConfigDto;
}

export class GetExecutionDto {
  @IsIdentifier() executionId: string;
  @IsOptional() @IsBoolean() includeResults?: boolean;
}

export class ListExecutionsDto {
  @IsOptional() @IsIdentifier() agentId?: string;
  @IsOptional() @IsIdentifier() organizationId?: string;
  @IsOptional() @IsIdentifier() documentId?: string;
  @IsOptional() @IsInt() @Min(1) @Max(100) pageSize?: number;
  @IsOptional() @IsString() @Length(1, MAX_PAGE_TOKEN_LENGTH) pageToken?: string;
}

export class CountExecutionsDto {
  /** A single id is the one-item list (Velt); the SDK types the list form. */
  @IsOptional()
  @DescribeSchema({ type: 'array', items: { type: 'string' } })
  @IsIdOrIdList(200)
  agentIds?: string | string[];

  @IsOptional() @IsIn(EXECUTION_STATUSES) status?: (typeof EXECUTION_STATUSES)[number];
}
