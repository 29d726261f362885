import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsIdentifier, IsJsonValue, NoEffect } from '@app/common';
import {
  AI_PROVIDERS,
  CONTEXT_STRATEGIES,
  ContextStrategy,
  EXECUTION_STRATEGIES,
  ExecutionStrategy,
} from '../agent-config';
import { IsJsonObject } from './json-fields';

export const MAX_INSTRUCTIONS_LENGTH = 100_000;

/** Velt's `aiConfig` of an agent block: only `provider` (and `maxToolTurns`) is kept; `model` is discarded, as Velt does. */
export class AgentAiConfigDto {
  @IsOptional() @IsIn(AI_PROVIDERS) provider?: string;
  @NoEffect('discarded, as on Velt: the model is resolved per run.')
  @IsOptional()
  @IsString()
  @Length(1, 256)
  model?: string;
  @NoEffect('discarded, as on Velt.') @IsOptional() @IsString() @Length(1, 256) responseMimeType?: string;
  @NoEffect('stored; the mcp-tools strategy is not served.')
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(16)
  maxToolTurns?: number;
}

export class ContextGatheringDto {
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(CONTEXT_STRATEGIES.length)
  @IsIn(CONTEXT_STRATEGIES, { each: true })
  strategies: ContextStrategy[];

  @IsOptional() @IsJsonObject() strategyOptions?: Record<string, unknown>;

  @IsOptional() @IsObject() @ValidateNested() @Type(() => AgentAiConfigDto) aiConfig?: AgentAiConfigDto;
}

/** Velt's strict knowledge block: only these four fields. */
export class KnowledgeDto {
  @NoEffect('stored; runs do not read review memory yet.') @IsOptional() @IsBoolean() useMemory?: boolean;
  @IsOptional() @IsInt() @Min(1) @Max(20) maxChunks?: number;
  @IsOptional() @IsInt() @Min(1) @Max(20) maxPatterns?: number;
  @IsOptional() @IsInt() @Min(1) @Max(20) maxActivities?: number;
}

export class ExecutionConfigDto {
  @IsOptional() @IsIn(EXECUTION_STRATEGIES) executionStrategy?: ExecutionStrategy;
  @IsOptional() @IsString() @Length(1, 256) serviceId?: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => AgentAiConfigDto) aiConfig?: AgentAiConfigDto;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(5)
  @IsObject({ each: true })
  @IsJsonValue()
  mcpServers?: Array<Record<string, unknown>>;
  @IsOptional() @IsJsonObject() responseDescriptions?: Record<string, string>;
  @IsOptional() @IsJsonObject() strategyOptions?: Record<string, unknown>;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => KnowledgeDto) knowledge?: KnowledgeDto;
}

export class StageToggleDto {
  @IsOptional() @IsBoolean() enabled?: boolean;
}

export class AnnotationsStageDto extends StageToggleDto {
  @IsOptional() @IsIn(['findings', 'word-level', 'page-level', 'none']) strategy?: string;
}

/** Velt's post-processing stages; unknown keys are refused, as on Velt. */
export class PostProcessDto {
  @IsOptional() @IsObject() @ValidateNested() @Type(() => StageToggleDto) guardrails?: StageToggleDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => StageToggleDto) deletePreviousSuggestions?: StageToggleDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => AnnotationsStageDto) annotations?: AnnotationsStageDto;
  @NoEffect('stored; runs are counted in execution rows whatever it says.')
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StageToggleDto)
  analytics?: StageToggleDto;
  @NoEffect('deprecated and ignored, as on Velt.')
  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => StageToggleDto)
  matchAndMerge?: StageToggleDto;
  @NoEffect('stored; no custom processors are registered.')
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  customProcessors?: string[];
}

/** The behavioural fields, shared by create and version update. */
export class AgentBehaviourDto {
  @IsOptional() @IsString() @Length(0, MAX_INSTRUCTIONS_LENGTH) rawInstructions?: string;
  @IsOptional() @IsString() @Length(0, MAX_INSTRUCTIONS_LENGTH) instructions?: string;
  @NoEffect('stored; each model call has AI_TIMEOUT_MS.') @IsOptional() @IsInt() @Min(1) phaseTimeoutMs?: number;
  @IsOptional() @IsJsonObject() metadata?: Record<string, unknown>;
  @IsOptional() @IsJsonObject() response?: Record<string, unknown>;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => PostProcessDto) postProcess?: PostProcessDto;
  @IsOptional() @IsJsonObject() input?: Record<string, unknown>;
  @IsOptional() @IsJsonObject() scope?: Record<string, unknown>;
  @NoEffect('stored; setup-assistant metadata.') @IsOptional() @IsJsonObject() setup?: Record<string, unknown>;
}

export class CreateAgentDto extends AgentBehaviourDto {
  @IsString() @Length(1, 1024) name: string;
  @IsString() @Length(1, 10_000) description: string;
  @IsBoolean() enabled: boolean;
  @IsObject() @ValidateNested() @Type(() => ContextGatheringDto) contextGathering: ContextGatheringDto;
  @IsObject() @ValidateNested() @Type(() => ExecutionConfigDto) execution: ExecutionConfigDto;
}

export class UpdateAgentVersionDto extends AgentBehaviourDto {
  @IsIdentifier() agentId: string;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ContextGatheringDto) contextGathering?: ContextGatheringDto;
  @IsOptional() @IsObject() @ValidateNested() @Type(() => ExecutionConfigDto) execution?: ExecutionConfigDto;
}

export class AgentRefDto {
  @IsIdentifier() agentId: string;
}

export class GetAgentsDto {
  @IsOptional() @IsIdentifier() agentId?: string;
  @IsOptional() @IsIn(['defaultOnly', 'customOnly']) filter?: 'defaultOnly' | 'customOnly';
  @IsOptional() @IsIdentifier() groupId?: string;
}

export class UpdateAgentDto {
  @IsIdentifier() agentId: string;
  @IsOptional() @IsString() @Length(1, 1024) name?: string;
  @IsOptional() @IsString() @Length(0, 10_000) description?: string;
  @IsOptional() @IsBoolean() enabled?: boolean;
}

export class AnalyticsDto {
  @IsOptional() @IsIdentifier() agentId?: string;
  @IsOptional() @IsString() @Matches(/^\d{4}$/, { message: 'year must be a 4-digit year' }) year?: string;
  @IsOptional() @IsIn(['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12']) month?: string;
  @IsOptional() @IsString() @Length(1, 256) model?: string;
}
