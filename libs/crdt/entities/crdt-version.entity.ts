import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CrdtEditorRow } from './crdt-editor-row';

export const VERSION_KINDS = ['named', 'automatic', 'restore'] as const;
export type VersionKind = (typeof VERSION_KINDS)[number];

/**
 * A version of an editor: a point in its `crdt_history` (every row up to `historyId`), so a version
 * costs one row however large the document is. Follows the document through migration and goes with it.
 */
@Entity('crdt_version')
@Index('IDX_crdt_version_editor', ['apiKeyId', 'organizationId', 'documentId', 'editorId', 'seq'])
@Index('IDX_crdt_version_created_by', ['apiKeyId', 'createdBy', 'organizationId'], { where: 'created_by IS NOT NULL' })
export class CrdtVersion extends CrdtEditorRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  seq: string;

  @Index('IDX_crdt_version_version_id', { unique: true })
  @Column({ name: 'version_id', type: 'text', default: () => 'gen_random_uuid()' })
  versionId: string;

  @Column({ type: 'text', nullable: true })
  name: string | null;

  @Column({ type: 'text' })
  kind: VersionKind;

  /** The last history row the version holds; 0 for an editor whose history was empty. */
  @Column({ name: 'history_id', type: 'bigint' })
  historyId: string;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy: string | null;

  /** For a restore: the version restored. */
  @Column({ name: 'restored_from', type: 'text', nullable: true })
  restoredFrom: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
