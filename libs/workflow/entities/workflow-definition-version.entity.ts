import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { CompiledGraph, DefinitionContent } from '../graph';

/** A snapshot of each version a definition had, kept for audit: executions copy the graph they pin. */
@Entity('workflow_definition_version')
export class WorkflowDefinitionVersion {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'definition_id', type: 'text', collation: 'C' })
  definitionId: string;

  @PrimaryColumn({ type: 'int' })
  version: number;

  @Column({ type: 'jsonb' })
  content: DefinitionContent;

  @Column({ type: 'jsonb' })
  compiled: CompiledGraph;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;
}
