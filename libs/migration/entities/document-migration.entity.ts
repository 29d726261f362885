import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { ApiKey } from '@app/workspace';

/** Spec: Migration resource. Transitions: pending -> in_progress -> completed | failed (docs/architecture.md "Resources and live data"). */
export const MIGRATION_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

/**
 * One request to re-key a document. No foreign key to the organization or document: the row must
 * outlive both so a migration whose source vanished can still report `failed` with its reason.
 */
@Entity('document_migration')
@Index(['status', 'updatedAt'], { where: `status IN ('pending', 'in_progress')` })
export class DocumentMigration {
  /** Also the BullMQ job id, so enqueueing twice queues one job. */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @Column({ name: 'new_document_id', type: 'text', collation: 'C' })
  newDocumentId: string;

  @Column({ type: 'text', default: 'pending' })
  status: MigrationStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Runs started; more than one means a worker died or a transient error was retried. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
