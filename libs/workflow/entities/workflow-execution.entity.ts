import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { ExecutionGraph, RunState } from '../graph';

export const EXECUTION_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/**
 * One run of a definition: the row is the truth of its state. Every transition locks this row first,
 * so transitions of one execution are serial and its event sequence has no gaps.
 */
@Entity('workflow_execution')
@Index('IDX_workflow_execution_idempotency', ['apiKeyId', 'idempotencyKey'], {
  unique: true,
  where: 'idempotency_key IS NOT NULL',
})
@Index(['apiKeyId', 'startedAt'])
@Index(['apiKeyId', 'definitionId'])
export class WorkflowExecution {
  @PrimaryColumn({ name: 'execution_id', type: 'text', collation: 'C' })
  executionId: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'definition_id', type: 'text', collation: 'C' })
  definitionId: string;

  @Column({ name: 'definition_version', type: 'int' })
  definitionVersion: number;

  @Column({ type: 'text' })
  status: ExecutionStatus;

  @Column({ name: 'correlation_id', type: 'text' })
  correlationId: string;

  @Column({ name: 'idempotency_key', type: 'text', nullable: true })
  idempotencyKey: string | null;

  @Column({ name: 'trigger_context', type: 'jsonb' })
  triggerContext: Record<string, unknown>;

  @Column({ name: 'organization_id', type: 'text', nullable: true })
  organizationId: string | null;

  @Column({ name: 'document_id', type: 'text', nullable: true })
  documentId: string | null;

  @Column({ name: 'folder_id', type: 'text', nullable: true })
  folderId: string | null;

  @Column({ name: 'webhook_url', type: 'text', nullable: true })
  webhookUrl: string | null;

  /** AES-GCM under SECRET_KEY, as every stored secret. */
  @Column({ name: 'webhook_secret_ciphertext', type: 'text', nullable: true })
  webhookSecretCiphertext: string | null;

  @Column({ name: 'webhook_event_types', type: 'jsonb', nullable: true })
  webhookEventTypes: string[] | null;

  /** The pinned version's nodes, groups and compiled edges: later updates of the definition do not reach it. */
  @Column({ type: 'jsonb' })
  graph: ExecutionGraph;

  /** Loop iterations and group counters. */
  @Column({ type: 'jsonb' })
  state: RunState;

  /** The last event sequence number used. */
  @Column({ name: 'last_seq', type: 'int', default: 0 })
  lastSeq: number;

  @Column({ name: 'started_at', type: 'bigint' })
  startedAt: string;

  @Column({ name: 'completed_at', type: 'bigint', nullable: true })
  completedAt: string | null;

  @Column({ name: 'cancelled_at', type: 'bigint', nullable: true })
  cancelledAt: string | null;

  @Column({ name: 'failure_reason', type: 'jsonb', nullable: true })
  failureReason: { code: string; message: string } | null;
}
