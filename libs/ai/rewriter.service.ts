import { Injectable } from '@nestjs/common';
import { AskAiDto } from './dto/ask-ai.dto';
import { ModelError } from './model-error';
import { ModelProvider } from './model-provider.service';

/** Velt's two answers: the model's text, or `success: false` with why; a model problem is never a 5xx. */
export type RewriteResult = { success: true; text: string } | { success: false; error: string };

@Injectable()
export class RewriterService {
  constructor(private readonly provider: ModelProvider) {}

  /** The prompt is the system message, the text the user's (reasoning models get both in one, as Velt does). */
  async ask(apiKeyId: string, { model, prompt, text }: AskAiDto): Promise<RewriteResult> {
    try {
      const answer = await this.provider.chat({
        apiKeyId,
        model,
        messages: [
          { role: 'system', content: prompt },
          { role: 'user', content: text },
        ],
      });
      return { success: true, text: answer.text };
    } catch (error) {
      if (error instanceof ModelError) return { success: false, error: error.message };
      throw error;
    }
  }
}
