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

/** pending -> in_progress -> completed | failed, as document migrations (docs/architecture.md "Resources and live data"). */
export const DELETION_STATUSES = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type DeletionStatus = (typeof DELETION_STATUSES)[number];

/**
 * One users/data/delete request: the truth the worker acts on (its BullMQ job is only a wake-up
 * call). It names users, not rows, so it keeps no foreign key to what it erases.
 */
@Entity('user_data_deletion')
@Index(['status', 'updatedAt'], { where: `status IN ('pending', 'in_progress')` })
export class UserDataDeletion {
  /** Also the BullMQ job id, so enqueueing twice queues one job. */
  @PrimaryColumn({ type: 'text' })
  id: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  /** Null: every organization of the API key. */
  @Column({ name: 'organization_ids', type: 'text', array: true, nullable: true })
  organizationIds: string[] | null;

  @Column({ type: 'text', default: 'pending' })
  status: DeletionStatus;

  @Column({ type: 'text', nullable: true })
  error: string | null;

  /** Runs started; more than one means a worker died or a transient error was retried. */
  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  /** Touched by every batch, so the sweeper sees a running deletion as recent. */
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
