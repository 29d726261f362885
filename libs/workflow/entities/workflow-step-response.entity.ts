import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** One reviewer's decision on a human step, or one resolution of an agent step: a reviewer decides once. */
@Entity('workflow_step_response')
@Index(['apiKeyId', 'responderId'])
export class WorkflowStepResponse {
  @PrimaryColumn({ name: 'execution_id', type: 'text', collation: 'C' })
  executionId: string;

  @PrimaryColumn({ name: 'step_id', type: 'text', collation: 'C' })
  stepId: string;

  /** The reviewer's user id, or the agent step's response id. */
  @PrimaryColumn({ name: 'response_key', type: 'text', collation: 'C' })
  responseKey: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  /** The user who decided (reviewer or actor): what the GDPR routes find and anonymise. */
  @Column({ name: 'responder_id', type: 'text' })
  responderId: string;

  @Column({ type: 'text' })
  decision: string;

  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;
}
