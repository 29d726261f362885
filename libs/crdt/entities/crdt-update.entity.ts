import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CrdtEditorRow } from './crdt-editor-row';

/**
 * An acknowledged Yjs update not yet folded into its `crdt_editor` row: written before the server
 * applies it, so an update an editor saw acknowledged survives any crash. Compaction deletes it.
 */
@Entity('crdt_update')
@Index(['apiKeyId', 'organizationId', 'documentId', 'editorId', 'id'])
export class CrdtUpdate extends CrdtEditorRow {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'bytea' })
  data: Buffer;

  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
