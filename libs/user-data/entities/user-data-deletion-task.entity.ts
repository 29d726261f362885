import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserDataDeletion } from './user-data-deletion.entity';

/**
 * What one task erases for its user, in this order (access first: it stops the user at once; presence
 * after it, once the user's sockets have lost their grants and cannot re-join). crdt-attribution
 * anonymizes the user ids stored beside multiplayer-editing content, which itself stays; workflows
 * anonymizes the user's review workflow decisions and the events naming them, which stay; memory deletes
 * the user's AI memory judgments and the knowledge files filed under them.
 * anonymizes the user's review workflow decisions and the events naming them, which stay; agent-runs
 * forgets who started the user's agent runs, which stay.
 */
export const DELETION_TASK_KINDS = [
  'access',
  'presence',
  'reactions',
  'comments',
  'mentions',
  'annotations',
  'notifications',
  'webhooks',
  'activities',
  'emails',
  'crdt-attribution',
  'workflows',
  'memory',
  'agent-runs',
] as const;
export type DeletionTaskKind = (typeof DELETION_TASK_KINDS)[number];

/** One user's one kind of data in a deletion; Velt's tasksCount and tasksLeft count these. */
@Entity('user_data_deletion_task')
export class UserDataDeletionTask {
  @PrimaryColumn({ name: 'deletion_id', type: 'text' })
  deletionId: string;

  /** Run order inside the deletion. */
  @PrimaryColumn({ type: 'integer' })
  position: number;

  @ManyToOne(() => UserDataDeletion, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'deletion_id' })
  deletion?: UserDataDeletion;

  @Column({ name: 'user_id', type: 'text' })
  userId: string;

  @Column({ type: 'text' })
  kind: DeletionTaskKind;

  /** Rows deleted or anonymized so far, committed with each batch (so it counts each row once). */
  @Column({ type: 'integer', default: 0 })
  erased: number;

  /** Where a walking task continues, committed with each batch (webhooks, emails: the last log seq walked past); null before. */
  @Column({ type: 'text', nullable: true })
  progress: string | null;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt: Date | null;
}
