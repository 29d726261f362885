import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from './api-key.entity';

/**
 * Credential changes of a workspace and every change made from the console, written by the worker from
 * the audit queue (by the API itself when Redis refuses the job).
 */
@Entity('audit_event')
@Index(['workspaceId', 'occurredAt'])
export class AuditEvent {
  /** The job id, so a retried job cannot write an event twice. */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'workspace_id', type: 'text' })
  workspaceId: string;

  @Column({ name: 'api_key_id', type: 'text', nullable: true })
  apiKeyId: string | null;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ type: 'text' })
  action: string;

  /** Who made the change from the console (`console:<owner address>`, `console:workspace token`); null for an API call. */
  @Column({ type: 'text', nullable: true })
  actor: string | null;

  /** What the change touched: the route and the identifiers of its request, never a secret. */
  @Column({ type: 'jsonb', nullable: true })
  details: Record<string, unknown> | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @CreateDateColumn({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt: Date;
}
