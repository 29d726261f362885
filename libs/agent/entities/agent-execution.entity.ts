import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { ApiKey } from '@app/workspace';
import type { AgentConfig } from '../agent-config';

export type ExecutionStatus = 'running' | 'passed' | 'failed' | 'partial' | 'error' | 'skipped';

/**
 * One run of an agent against a seed URL: the row is the truth, its BullMQ job only a wake-up call
 * (the row-job pattern). The agent's config is pinned here at dispatch.
 */
@Entity('agent_execution')
@Index(['apiKeyId', 'agentId', 'startedAt'])
@Index(['apiKeyId', 'organizationId', 'documentId', 'startedAt'])
@Index('UQ_agent_execution_running', ['apiKeyId', 'agentId', 'organizationId', 'documentId'], {
  unique: true,
  where: "status = 'running'",
})
export class AgentExecution {
  @PrimaryColumn({ type: 'text', collation: 'C' })
  id: string;

  @Column({ name: 'api_key_id', type: 'text' })
  apiKeyId: string;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'api_key_id' })
  apiKey?: ApiKey;

  @Column({ name: 'agent_id', type: 'text', collation: 'C' })
  agentId: string;

  @Column({ name: 'agent_name', type: 'text' })
  agentName: string;

  @Column({ name: 'agent_version', type: 'int' })
  agentVersion: number;

  @Column({ name: 'agent_config', type: 'jsonb' })
  agentConfig: AgentConfig;

  @Column({ name: 'organization_id', type: 'text' })
  organizationId: string;

  @Column({ name: 'document_id', type: 'text' })
  documentId: string;

  /** seedUrl, crossPageExecute, maxUrlsToProcess, deviceType, annotationVisibility, userContext, aiConfig. */
  @Column({ type: 'jsonb' })
  config: Record<string, unknown>;

  @Column({ type: 'text' })
  status: ExecutionStatus;

  @Column({ type: 'text' })
  trigger: string;

  @Column({ name: 'workflow_execution_id', type: 'text', nullable: true })
  workflowExecutionId: string | null;

  @Column({ name: 'previous_execution_id', type: 'text', nullable: true })
  previousExecutionId: string | null;

  @Column({ name: 'ran_by', type: 'jsonb', nullable: true })
  ranBy: { userId: string; name: string; email: string } | null;

  @Index()
  @Column({ name: 'ran_by_user_id', type: 'text', nullable: true })
  ranByUserId: string | null;

  /** The pages to review, fixed once discovered so a rerun after a crash reviews the same ones. */
  @Column({ type: 'jsonb', nullable: true })
  urls: string[] | null;

  @Column({ name: 'results_summary', type: 'jsonb', nullable: true })
  resultsSummary: Record<string, unknown> | null;

  @Column({ name: 'crawler_results', type: 'jsonb', nullable: true })
  crawlerResults: Record<string, unknown> | null;

  @Column({ type: 'jsonb', nullable: true })
  error: Record<string, unknown> | null;

  @Column({ name: 'llm_model', type: 'text', nullable: true })
  llmModel: string | null;

  @Column({ name: 'prompt_tokens', type: 'int', default: 0 })
  promptTokens: number;

  @Column({ name: 'completion_tokens', type: 'int', default: 0 })
  completionTokens: number;

  @Column({ name: 'model_requests', type: 'int', default: 0 })
  modelRequests: number;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ name: 'started_at', type: 'bigint' })
  startedAt: string;

  @Column({ name: 'completed_at', type: 'bigint', nullable: true })
  completedAt: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
