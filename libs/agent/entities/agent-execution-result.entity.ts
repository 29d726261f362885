import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { AgentExecution } from './agent-execution.entity';

/** What one page of an execution gave (Velt's per-URL results): written once, so a rerun after a crash skips the page. */
@Entity('agent_execution_result')
export class AgentExecutionResult {
  @PrimaryColumn({ name: 'execution_id', type: 'text', collation: 'C' })
  executionId: string;

  @ManyToOne(() => AgentExecution, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'execution_id' })
  execution?: AgentExecution;

  /** MD5 of the URL, as Velt's result ids. */
  @PrimaryColumn({ name: 'url_hash', type: 'text' })
  urlHash: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'int' })
  position: number;

  @Column({ name: 'agent_result', type: 'jsonb' })
  agentResult: Record<string, unknown>;

  @Column({ name: 'finding_count', type: 'int' })
  findingCount: number;

  @Column({ name: 'processed_at', type: 'bigint' })
  processedAt: string;
}
