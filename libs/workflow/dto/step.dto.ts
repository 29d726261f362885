import { IsIn, IsObject, IsOptional, IsString, Length } from 'class-validator';
import { IsJsonValue } from '@app/common';

export class StepRefDto {
  @IsString()
  @Length(1, 200)
  executionId: string;

  @IsString()
  @Length(1, 200)
  stepId: string;
}

export class RecordReviewerDecisionDto extends StepRefDto {
  @IsString()
  @Length(1, 256)
  reviewerId: string;

  @IsIn(['approve', 'reject'])
  decision: 'approve' | 'reject';

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  reason?: string;
}

export class RecordAgentResolutionDto extends StepRefDto {
  @IsString()
  @Length(1, 200)
  responseId: string;

  @IsIn(['resolved', 'rejected'])
  resolution: 'resolved' | 'rejected';

  @IsString()
  @Length(1, 256)
  actorId: string;

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  reason?: string;
}

export const RESOLVE_ACTIONS = [
  'force-approve',
  'force-reject',
  'force-complete',
  'force-fail',
  'reviewer-approve',
  'reviewer-reject',
] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

export class ResolveStepDto extends StepRefDto {
  @IsIn(RESOLVE_ACTIONS)
  action: ResolveAction;

  @IsString()
  @Length(1, 256)
  actorId: string;

  @IsOptional()
  @IsObject()
  @IsJsonValue()
  output?: Record<string, unknown>;

  @IsOptional()
  @IsString()
  @Length(0, 2000)
  reason?: string;
}

export class CancelStepDto extends StepRefDto {
  @IsOptional()
  @IsString()
  @Length(0, 500)
  reason?: string;

  @IsString()
  @Length(1, 256)
  actorId: string;
}
