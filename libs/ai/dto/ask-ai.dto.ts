import { IsString, Length } from 'class-validator';

/** The longest prompt and text the rewriter takes (the body limit is 1 MiB). */
export const MAX_REWRITE_LENGTH = 200_000;

/** Velt's rewriter/ask-ai: `model` picks the provider by its prefix (docs/ai.md). */
export class AskAiDto {
  @IsString()
  @Length(1, 256)
  model: string;

  @IsString()
  @Length(1, MAX_REWRITE_LENGTH)
  prompt: string;

  @IsString()
  @Length(1, MAX_REWRITE_LENGTH)
  text: string;
}
