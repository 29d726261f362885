import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';

export const JUDGMENT_DECISIONS = [
  'comment',
  'resolve',
  'approved',
  'rejected',
  'in_progress',
  'agree',
  'disagree',
  'endorse',
  'document_approved',
  'document_rejected',
] as const;
export type JudgmentDecision = (typeof JUDGMENT_DECISIONS)[number];
export type JudgeType = 'human' | 'agent';

/**
 * One review decision (Velt's judgment), recorded from a comment or workflow event in the emitter's
 * transaction. Read-only to clients. The embedding follows asynchronously (the memory queue); until
 * then the judgment is listed and counted but not found by a semantic search.
 */
@Entity('memory_judgment')
@Index(['apiKeyId', 'createdAt'])
@Index(['apiKeyId', 'reviewerId', 'createdAt'])
@Index(['apiKeyId', 'organizationId', 'annotationId'])
@Index('IDX_memory_judgment_unembedded', ['apiKeyId'], { where: 'embedding IS NULL' })
export class MemoryJudgment {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  /** Velt's `recordId`. */
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'organization_id', type: 'text', collation: 'C' })
  organizationId: string;

  /** '' when the decision is about no one document. */
  @Column({ name: 'document_id', type: 'text', collation: 'C', default: '' })
  documentId: string;

  @Column({ name: 'annotation_id', type: 'text', collation: 'C', nullable: true })
  annotationId: string | null;

  @Column({ type: 'text' })
  decision: JudgmentDecision;

  @Column({ name: 'judge_type', type: 'text' })
  judgeType: JudgeType;

  @Column({ name: 'content_type', type: 'text', nullable: true })
  contentType: string | null;

  @Column({ name: 'reviewer_id', type: 'text', nullable: true })
  reviewerId: string | null;

  @Column({ name: 'action_user', type: 'jsonb', nullable: true })
  actionUser: Record<string, unknown> | null;

  @Column({ type: 'text', default: '' })
  reasoning: string;

  /** What was decided on (the thread's first comment, a workflow's definition and step), when known. */
  @Column({ type: 'text', nullable: true })
  content: string | null;

  @Column({ type: 'real' })
  confidence: number;

  /** `{ agentId, agentType, executionId, agentFields }` when an agent decided. */
  @Column({ type: 'jsonb', nullable: true })
  agent: Record<string, unknown> | null;

  /** The event it was recorded from, e.g. `comment_annotation.status_change`. */
  @Column({ type: 'text' })
  source: string;

  /** Epoch ms. */
  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  /** Unit-length embedding of the decision and reasoning; null until the memory queue embeds it. */
  @Column({ type: 'real', array: true, nullable: true })
  embedding: number[] | null;

  /** The embedding's sign bits: the prefilter of a search without pgvector. */
  @Column({ type: 'bit varying', nullable: true })
  sketch: string | null;
}
