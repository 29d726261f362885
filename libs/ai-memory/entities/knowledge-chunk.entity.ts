import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { KnowledgeSource } from './knowledge-source.entity';

/** One embedded passage of a source's markdown. */
@Entity('memory_knowledge_chunk')
export class KnowledgeChunk {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @PrimaryColumn({ name: 'source_id', type: 'text', collation: 'C' })
  sourceId: string;

  @ManyToOne(() => KnowledgeSource, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'api_key_id', referencedColumnName: 'apiKeyId' },
    { name: 'source_id', referencedColumnName: 'id' },
  ])
  source?: KnowledgeSource;

  @PrimaryColumn({ type: 'integer' })
  index: number;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'real', array: true })
  embedding: number[];

  @Column({ type: 'bit varying' })
  sketch: string;
}
