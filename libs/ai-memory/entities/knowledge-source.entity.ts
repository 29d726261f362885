import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

export type IngestStatus = 'processing' | 'completed' | 'failed';

/**
 * One ingested file (Velt's knowledge source): its bytes, the markdown it converted to, and its
 * ingestion state. The row is the truth of the ingestion; its job on the memory queue is a wake-up call.
 */
@Entity('memory_knowledge_source')
@Index(['apiKeyId', 'uploadedAt'])
@Index(['apiKeyId', 'sha256'])
@Index(['apiKeyId', 'uploadedBy'])
@Index('IDX_memory_knowledge_source_processing', ['updatedAt'], { where: "status = 'processing'" })
export class KnowledgeSource {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'organization_id', type: 'text', nullable: true })
  organizationId: string | null;

  @Column({ name: 'document_id', type: 'text', nullable: true })
  documentId: string | null;

  /** Our addition: the user the upload is filed under, so users/data/get and delete cover it. */
  @Column({ name: 'uploaded_by', type: 'text', nullable: true })
  uploadedBy: string | null;

  @Column({ name: 'source_type', type: 'text', default: 'upload' })
  sourceType: string;

  @Column({ name: 'file_name', type: 'text', nullable: true })
  fileName: string | null;

  @Column({ name: 'mime_type', type: 'text' })
  mimeType: string;

  @Column({ name: 'file_size', type: 'integer' })
  fileSize: number;

  @Column({ type: 'text' })
  sha256: string;

  @Column({ type: 'text', default: 'processing' })
  status: IngestStatus;

  @Column({ name: 'failure_reason', type: 'text', nullable: true })
  failureReason: string | null;

  /** The source this one duplicates (same bytes); its own content is then the winner's. */
  @Column({ name: 'dedup_of', type: 'text', nullable: true })
  dedupOf: string | null;

  /** The uploaded bytes; null for a duplicate. */
  @Column({ type: 'bytea', nullable: true })
  original: Buffer | null;

  @Column({ name: 'canonical_md', type: 'text', nullable: true })
  canonicalMd: string | null;

  @Column({ name: 'rule_based', type: 'boolean', default: false })
  ruleBased: boolean;

  @Column({ type: 'integer', default: 1 })
  version: number;

  @Column({ name: 'chunk_count', type: 'integer', default: 0 })
  chunkCount: number;

  @Column({ name: 'rule_count', type: 'integer', default: 0 })
  ruleCount: number;

  /** Epoch ms. */
  @Column({ name: 'uploaded_at', type: 'bigint' })
  uploadedAt: string;

  @Column({ name: 'updated_at', type: 'bigint' })
  updatedAt: string;
}
