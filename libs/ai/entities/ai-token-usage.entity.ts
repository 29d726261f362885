import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** Model calls and their token counts per API key, UTC day and model (docs/ai.md "Token counts"). */
@Entity('ai_token_usage')
export class AiTokenUsage {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ type: 'date' })
  day: string;

  @PrimaryColumn({ type: 'text' })
  model: string;

  /** Calls that gave an answer. */
  @Column({ type: 'int', default: 0 })
  calls: number;

  /** Calls that gave none (after their retries). */
  @Column({ name: 'failed_calls', type: 'int', default: 0 })
  failedCalls: number;

  @Column({ name: 'prompt_tokens', type: 'bigint', default: 0 })
  promptTokens: string;

  @Column({ name: 'completion_tokens', type: 'bigint', default: 0 })
  completionTokens: string;
}
