import { AgentExecution } from './entities/agent-execution.entity';

/** Velt's execution document. */
export function executionView(row: AgentExecution): Record<string, unknown> {
  const { seedUrl, crossPageExecute, maxUrlsToProcess, deviceType, annotationVisibility } = row.config;
  const config = { seedUrl, crossPageExecute, maxUrlsToProcess, deviceType, annotationVisibility };
  const done = row.completedAt !== null;
  return {
    id: row.id,
    agentId: row.agentId,
    agentName: row.agentName,
    agentVersion: row.agentVersion,
    metadata: { organizationId: row.organizationId, documentId: row.documentId },
    config: {
      ...config,
      ...(row.crawlerResults ? { crawlerConfig: { maxPages: config.maxUrlsToProcess, maxDepth: 1 } } : {}),
    },
    status: row.status,
    startedAt: Number(row.startedAt),
    completedAt: done ? Number(row.completedAt) : null,
    durationMs: done ? Number(row.completedAt) - Number(row.startedAt) : null,
    ...(row.error ? { error: row.error } : {}),
    trigger: row.trigger,
    workflowExecutionId: row.workflowExecutionId,
    previousExecutionId: row.previousExecutionId,
    ranBy: row.ranBy ?? { userId: '', name: '', email: '' },
    resultsSummary: row.resultsSummary ?? { summary: null },
    ...(row.crawlerResults ? { crawlerResults: row.crawlerResults } : {}),
    ...(row.llmModel ? { llmModel: row.llmModel } : {}),
    tokenUsage: {
      promptTokens: row.promptTokens,
      completionTokens: row.completionTokens,
      thoughtsTokens: 0,
      totalTokens: row.promptTokens + row.completionTokens,
    },
  };
}

/** Velt's per-URL result row. */
export function resultView(
  execution: AgentExecution,
  result: {
    url: string;
    url_hash: string;
    agent_result: Record<string, unknown>;
    finding_count: number;
    processed_at: string;
  },
): Record<string, unknown> {
  return {
    id: result.url_hash,
    url: result.url,
    urlHash: result.url_hash,
    agentId: execution.agentId,
    agentName: execution.agentName,
    agentResult: result.agent_result,
    findingCount: result.finding_count,
    processedAt: Number(result.processed_at),
  };
}
