import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/** Credential changes of a workspace, written by the worker from the audit queue (by the API itself when Redis refuses the job). */
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

  @Column({ type: 'text' })
  action: string;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt: Date;

  @CreateDateColumn({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt: Date;
}
