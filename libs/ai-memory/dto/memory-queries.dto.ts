import { Type } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsOptional, IsString, Length, Max, Min, ValidateNested } from 'class-validator';
import { Describe, IsIdentifier, NoEffect } from '@app/common';
import { JudgmentFiltersDto, JudgmentMatchDto } from './judgment-filters.dto';

const QUESTION_MAX = 4000;

/** Where a memory read looks: Velt's organizationId (alias orgId) and documentId (alias docId, applied only with an organization). */
export class MemoryScopeDto {
  @IsOptional()
  @IsIdentifier()
  organizationId?: string;

  @Describe('Alias of organizationId.')
  @IsOptional()
  @IsIdentifier()
  orgId?: string;

  @Describe('Applied only when organizationId is also set.')
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @Describe('Alias of documentId.')
  @IsOptional()
  @IsIdentifier()
  docId?: string;
}

export class SearchJudgmentsDto extends MemoryScopeDto {
  @Describe('Ignored when filters.annotationId or recencyDays is set.')
  @IsString()
  @Length(1, QUESTION_MAX)
  query: string;

  @NoEffect('one embedding per judgment here, over its decision, reasoning and the content decided on')
  @IsOptional()
  @IsIn(['review', 'content'])
  embeddingType?: string;

  @IsOptional()
  @IsIn(['document', 'organization', 'apiKey'])
  scope?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  limit?: number;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => JudgmentFiltersDto)
  filters?: JudgmentFiltersDto;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  recencyDays?: number;
}

export class AskMemoryDto extends MemoryScopeDto {
  @IsString()
  @Length(1, QUESTION_MAX)
  question: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => JudgmentFiltersDto)
  filters?: JudgmentFiltersDto;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(365)
  recencyDays?: number;
}

export class SuggestDecisionDto {
  @IsString()
  @Length(1, QUESTION_MAX)
  query: string;

  @IsOptional()
  @IsIdentifier()
  organizationId?: string;

  @Describe('Applied only when organizationId is also set.')
  @IsOptional()
  @IsIdentifier()
  documentId?: string;
}

export class QueryJudgmentsDto extends JudgmentMatchDto {
  @IsOptional()
  @IsIdentifier()
  organizationId?: string;

  @Describe('Applied only when organizationId is also set.')
  @IsOptional()
  @IsIdentifier()
  documentId?: string;

  @Describe('The newest `limit` judgments of that thread, oldest first; requires organizationId.')
  @IsOptional()
  @IsIdentifier()
  annotationId?: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class GetProfileDto {
  @Describe('The reviewer; without it the answer is null, as in Velt.')
  @IsOptional()
  @IsIdentifier()
  targetUserId?: string;
}
