import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/**
 * An acknowledged Yjs update not yet folded into its `crdt_editor` row: written before the server
 * applies it, so an update an editor saw acknowledged survives any crash. Compaction deletes it.
 */
@Entity('crdt_update')
@Index(['apiKeyId', 'organizationId', 'documentId', 'editorId', 'id'])
export class CrdtUpdate {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @Column({ name: 'editor_id', type: 'text', collation: 'C' })
  editorId: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  @Column({ type: 'bytea' })
  data: Buffer;

  @Column({ name: 'user_id', type: 'text', nullable: true })
  userId: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
