import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface TokenCount {
  promptTokens: number;
  completionTokens: number;
}

export interface UsageRecord extends TokenCount {
  apiKeyId: string;
  model: string;
  outcome: 'answered' | 'failed';
}

export interface UsageTotals extends TokenCount {
  calls: number;
  failedCalls: number;
}

/** Token counts per API key, UTC day and model: one upsert per model call. */
@Injectable()
export class TokenUsageService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record({ apiKeyId, model, outcome, promptTokens, completionTokens }: UsageRecord): Promise<void> {
    const answered = outcome === 'answered' ? 1 : 0;
    await this.dataSource.query(
      `INSERT INTO ai_token_usage (api_key_id, day, model, calls, failed_calls, prompt_tokens, completion_tokens)
       VALUES ($1, (now() AT TIME ZONE 'UTC')::date, $2, $3, $4, $5, $6)
       ON CONFLICT (api_key_id, day, model) DO UPDATE SET
         calls = ai_token_usage.calls + EXCLUDED.calls,
         failed_calls = ai_token_usage.failed_calls + EXCLUDED.failed_calls,
         prompt_tokens = ai_token_usage.prompt_tokens + EXCLUDED.prompt_tokens,
         completion_tokens = ai_token_usage.completion_tokens + EXCLUDED.completion_tokens`,
      [apiKeyId, model, answered, 1 - answered, promptTokens, completionTokens],
    );
  }

  /** An API key's totals since a UTC day (YYYY-MM-DD), over every model. */
  async totals(apiKeyId: string, sinceDay: string): Promise<UsageTotals> {
    const [row] = await this.dataSource.query<
      Array<{ calls: number; failed: number; prompt: string; completion: string }>
    >(
      `SELECT coalesce(sum(calls), 0)::int AS calls, coalesce(sum(failed_calls), 0)::int AS failed,
              coalesce(sum(prompt_tokens), 0)::bigint AS prompt, coalesce(sum(completion_tokens), 0)::bigint AS completion
         FROM ai_token_usage WHERE api_key_id = $1 AND day >= $2::date`,
      [apiKeyId, sinceDay],
    );
    return {
      calls: row.calls,
      failedCalls: row.failed,
      promptTokens: Number(row.prompt),
      completionTokens: Number(row.completion),
    };
  }
}
