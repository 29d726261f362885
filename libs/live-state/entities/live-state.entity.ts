import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { DocumentEntity } from '@app/document';

/** Latest value per liveStateDataId of a document (docs/architecture.md "Resources and live data"); follows the document through migration. */
@Entity('live_state')
export class LiveState {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  @PrimaryColumn({ name: 'document_id', type: 'text', collation: 'C' })
  documentId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @ManyToOne(() => DocumentEntity, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'organization_id', referencedColumnName: 'organizationId' },
    { name: 'document_id', referencedColumnName: 'id' },
  ])
  document?: DocumentEntity;

  @Column({ type: 'jsonb' })
  data: Record<string, unknown>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
