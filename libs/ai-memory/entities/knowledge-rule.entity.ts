import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeSource } from './knowledge-source.entity';

/** One rule extracted from a rule-based source (a bullet, numbered item or checkbox with directive wording). */
@Entity('memory_knowledge_rule')
@Index(['apiKeyId', 'sourceId', 'index'])
export class KnowledgeRule {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'source_id', type: 'text', collation: 'C' })
  sourceId: string;

  @ManyToOne(() => KnowledgeSource, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'source_id', referencedColumnName: 'id' },
  ])
  source?: KnowledgeSource;

  @Column({ type: 'integer' })
  index: number;

  @Column({ type: 'text' })
  content: string;

  /** The section heading the rule sits under; null under none. */
  @Column({ type: 'text', nullable: true })
  category: string | null;

  @Column({ type: 'real', array: true })
  embedding: number[];

  @Column({ type: 'bit varying' })
  sketch: string;
}
