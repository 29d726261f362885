import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { CompiledGraph, DefinitionContent } from '../graph';

export type DefinitionStatus = 'active' | 'tombstoned';

/**
 * The current version of a workflow definition (Velt's approval engine). A tombstoned row is hidden and
 * cannot be dispatched; re-creating its id starts again at version 1.
 */
@Entity('workflow_definition')
export class WorkflowDefinition {
  @PrimaryColumn({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @PrimaryColumn({ name: 'definition_id', type: 'text', collation: 'C' })
  definitionId: string;

  @Column({ type: 'int' })
  version: number;

  @Column({ type: 'text', default: 'active' })
  status: DefinitionStatus;

  /** What the caller wrote (webhookConfig's secret encrypted), echoed by reads. */
  @Column({ type: 'jsonb' })
  content: DefinitionContent;

  @Column({ type: 'jsonb' })
  compiled: CompiledGraph;

  @Column({ name: 'created_at', type: 'bigint' })
  createdAt: string;

  @Column({ name: 'updated_at', type: 'bigint' })
  updatedAt: string;
}
