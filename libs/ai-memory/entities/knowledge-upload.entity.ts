import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

/** A signed upload slot (upload-url): the bytes PUT to it wait here until ingest takes them once. */
@Entity('memory_knowledge_upload')
@Index(['apiKeyId', 'expiresAt'])
export class KnowledgeUpload {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'file_size', type: 'integer' })
  fileSize: number;

  @Column({ name: 'file_name', type: 'text', nullable: true })
  fileName: string | null;

  @Column({ name: 'organization_id', type: 'text', nullable: true })
  organizationId: string | null;

  @Column({ name: 'document_id', type: 'text', nullable: true })
  documentId: string | null;

  @Column({ type: 'bytea', nullable: true })
  content: Buffer | null;

  /** Epoch ms. */
  @Column({ name: 'expires_at', type: 'bigint' })
  expiresAt: string;

  @Column({ name: 'ingested_at', type: 'bigint', nullable: true })
  ingestedAt: string | null;
}
