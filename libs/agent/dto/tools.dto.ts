import { applyDecorators } from '@nestjs/common';
import { Type } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsJsonValue, NestedArray, NoEffect } from '@app/common';
import { AI_PROVIDERS } from '../agent-config';

const MAX_PROMPT = 100_000;
/** Base64 of a 512 KiB file fits the 1 MiB body. */
const MAX_FILE_BASE64 = 700_000;

/** Velt's provider override: the API key's own model settings answer here (docs/ai.md). */
const ProviderField = () =>
  applyDecorators(NoEffect("the API key's model settings answer (docs/ai.md)."), IsIn(AI_PROVIDERS));

export class UserContextFieldDto {
  @IsString() @Length(1, 256) id: string;
  @IsString() @Length(1, 1024) title: string;
  @IsIn(['string', 'number', 'boolean']) type: string;
  @IsOptional() @IsString() @Length(0, 1024) example?: string;
  @IsOptional() @IsBoolean() required?: boolean;
  @IsOptional() @IsJsonValue() defaultValue?: string | number | boolean;
}

export class ExtractDto {
  @IsString() @Length(1, MAX_FILE_BASE64) fileBase64: string;
  @IsString() @Length(1, 256) mimeType: string;
  @IsOptional() @ProviderField() provider?: string;
  @NoEffect('echoed nowhere; the file is not kept.') @IsOptional() @IsString() @Length(1, 1024) fileName?: string;
}

export class ResolveConfigDto {
  @IsString() @Length(1, MAX_PROMPT) instructions: string;
  @IsOptional() @IsString() @Length(1, MAX_PROMPT) rawInstructions?: string;
  @IsOptional() @ProviderField() provider?: string;
}

export class PromptDto {
  @IsString() @Length(1, MAX_PROMPT) prompt: string;
  @IsOptional() @ProviderField() provider?: string;
  @NestedArray(() => UserContextFieldDto, { optional: true, allowEmpty: true, maxItems: 50 })
  @Type(() => UserContextFieldDto)
  userContextFields?: UserContextFieldDto[];
}

export class DemoFeedbackDto {
  @IsString() @Length(1, 256) demoId: string;
  @IsString() @Length(1, 1024) demoTitle: string;
  @IsString() @Length(1, MAX_PROMPT) demoHtml: string;
  @IsString() @Length(1, 10_000) demoExpected: string;
  @IsString() @Length(1, 10_000) feedback: string;
}

export class RefinePromptDto {
  @IsString() @Length(1, MAX_PROMPT) analysisPrompt: string;
  @NestedArray(() => DemoFeedbackDto, { maxItems: 50 }) demoFeedback: DemoFeedbackDto[];
  @IsOptional() @ProviderField() provider?: string;
}
