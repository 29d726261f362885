import { Column, JoinColumn, ManyToOne } from 'typeorm';
import { DocumentEntity } from '@app/document';

/**
 * The columns of a row that belongs to one editor of a document (its log, history and versions):
 * the editor's key, and the document it follows through migration and goes with on delete.
 */
export abstract class CrdtEditorRow {
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
}
