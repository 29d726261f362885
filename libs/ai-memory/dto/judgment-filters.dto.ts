import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  ValidateNested,
} from 'class-validator';
import { Describe, IsIdentifier, IsInstant } from '@app/common';
import { JUDGMENT_DECISIONS } from '../entities/memory-judgment.entity';

/** ISO-8601 text or epoch ms; start <= end is checked by the service, which names the field. */
export class DateRangeDto {
  @Describe('ISO-8601 or epoch milliseconds.')
  @IsOptional()
  @IsInstant()
  start?: string | number;

  @Describe('ISO-8601 or epoch milliseconds; not before start.')
  @IsOptional()
  @IsInstant()
  end?: string | number;
}

/** The judgment fields every judgment read matches on: search and ask's `filters`, and query's top level. */
export class JudgmentMatchDto {
  @IsOptional()
  @IsIn(JUDGMENT_DECISIONS)
  decision?: string;

  @IsOptional()
  @IsIn(['human', 'agent'])
  judgeType?: string;

  @IsOptional()
  @IsString()
  @Length(1, 256)
  contentType?: string;

  @IsOptional()
  @IsIdentifier()
  reviewerId?: string;
}

/** Velt's judgment filters of search and ask. */
export class JudgmentFiltersDto extends JudgmentMatchDto {
  @Describe('Reads that one comment thread, oldest first; requires organizationId.')
  @IsOptional()
  @IsIdentifier()
  annotationId?: string;

  @IsOptional()
  @IsObject()
  @ValidateNested()
  @Type(() => DateRangeDto)
  dateRange?: DateRangeDto;

  @Describe('1 to 20 document ids whose judgments are left out.')
  @IsOptional()
  @IsArray()
  @ArrayNotEmpty()
  @ArrayMaxSize(20)
  @IsIdentifier({ each: true })
  excludeDocumentIds?: string[];
}
