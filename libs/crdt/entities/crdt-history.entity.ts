import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CrdtEditorRow } from './crdt-editor-row';

/**
 * An editor's change history: compaction moves the updates it folds out of `crdt_update` into here,
 * each run of one user's consecutive updates as one row (the difference the run made), so versions
 * can be rebuilt and changes attributed after the log is gone.
 */
@Entity('crdt_history')
@Index('IDX_crdt_history_editor', ['apiKeyId', 'organizationId', 'documentId', 'editorId', 'id'])
// The rows a user is named in: what users/data/get lists and users/data/delete anonymizes.
@Index('IDX_crdt_history_user', ['apiKeyId', 'userId', 'organizationId'], { where: 'user_id IS NOT NULL' })
export class CrdtHistory extends CrdtEditorRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bytea' })
  data: Buffer;

  /** Null for REST writes, the state the history started from, and users erased under GDPR. */
  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @Column({ name: 'first_at', type: 'timestamptz' })
  firstAt: Date;

  @Column({ name: 'last_at', type: 'timestamptz' })
  lastAt: Date;
}
