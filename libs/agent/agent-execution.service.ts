import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, ErrorCode, KeysetPager, keysetListing } from '@app/common';
import { postgresErrorCode, UNIQUE_VIOLATION } from '@app/database';
import { ensureDocument } from '@app/resource';
import { AgentRunProducer } from './agent-run.producer';
import { AgentService } from './agent.service';
import { AnalyticsDto } from './dto/agent.dto';
import { CountExecutionsDto, DEFAULT_MAX_URLS, ListExecutionsDto, RunExecutionDto } from './dto/execution.dto';
import { AgentExecution } from './entities/agent-execution.entity';
import { executionView, resultView } from './execution-view';

const EXECUTION_LISTING = keysetListing('agent-executions', ['bigint', 'text'], (row: AgentExecution) => [
  row.startedAt,
  row.id,
]);

const LIST_SHAPES = 'Filter by { agentId }, { organizationId, documentId } or { agentId, organizationId, documentId }.';

interface UsageRow {
  agent_id: string;
  model: string;
  year: string;
  month: string;
  requests: number;
  prompt: string;
  completion: string;
}

const summary = (rows: UsageRow[]) => {
  const promptTokens = rows.reduce((sum, row) => sum + Number(row.prompt), 0);
  const completionTokens = rows.reduce((sum, row) => sum + Number(row.completion), 0);
  return {
    requestCount: rows.reduce((sum, row) => sum + row.requests, 0),
    promptTokens,
    completionTokens,
    thoughtsTokens: 0,
    totalTokens: promptTokens + completionTokens,
  };
};

/** Velt's model keys: `provider_model` with dots and slashes as underscores. */
const modelKey = (model: string) => model.replace(/[./]/g, '_');

function byModel(rows: UsageRow[]): Record<string, ReturnType<typeof summary>> {
  const groups = new Map<string, UsageRow[]>();
  for (const row of rows) groups.set(modelKey(row.model), [...(groups.get(modelKey(row.model)) ?? []), row]);
  return Object.fromEntries([...groups].map(([key, group]) => [key, summary(group)]));
}

/** Runs of agents: dispatched here as rows and jobs (the worker's AgentRunner runs them), read back in Velt's shapes. */
@Injectable()
export class AgentExecutionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly agents: AgentService,
    private readonly producer: AgentRunProducer,
  ) {}

  async run(apiKeyId: string, dto: RunExecutionDto): Promise<{ executionId: string }> {
    const agent = await this.agents.runnable(apiKeyId, dto.agentId);
    if (agent === null) throw ApiError.notFound(`Agent not found: ${dto.agentId}`);
    if (agent === 'disabled') throw new ApiError(ErrorCode.FAILED_PRECONDITION, `Agent ${dto.agentId} is disabled.`);
    if (dto.workflowExecutionId !== undefined && dto.trigger !== 'workflow') {
      throw ApiError.invalid('workflowExecutionId goes with trigger "workflow"');
    }
    const executionId = `exec_${Date.now()}_${randomBytes(8).toString('hex')}`;
    const crossPage = dto.crossPageExecute === true;
    await this.dataSource
      .transaction(async (manager) => {
        await ensureDocument(manager, apiKeyId, dto.organizationId, dto.documentId, { lock: false });
        const [previous] = await manager.query<Array<{ id: string }>>(
          `SELECT id FROM agent_execution WHERE api_key_id = $1 AND agent_id = $2 AND organization_id = $3 AND document_id = $4
            ORDER BY started_at DESC, id DESC LIMIT 1`,
          [apiKeyId, dto.agentId, dto.organizationId, dto.documentId],
        );
        await manager.save(AgentExecution, {
          id: executionId,
          apiKeyId,
          agentId: dto.agentId,
          agentName: agent.name,
          agentVersion: agent.version,
          agentConfig: agent.config,
          organizationId: dto.organizationId,
          documentId: dto.documentId,
          config: {
            seedUrl: dto.url,
            crossPageExecute: crossPage,
            maxUrlsToProcess: crossPage ? (dto.maxUrlsToProcess ?? DEFAULT_MAX_URLS) : 1,
            deviceType: dto.deviceType ?? 'desktop',
            annotationVisibility: dto.annotationVisibility ?? 'private',
            builtIn: agent.builtIn,
            ...(dto.userContext ? { userContext: dto.userContext } : {}),
            ...(dto.aiConfig ? { aiConfig: dto.aiConfig } : {}),
          },
          status: 'running',
          trigger: dto.trigger ?? 'standalone',
          workflowExecutionId: dto.workflowExecutionId ?? null,
          previousExecutionId: previous?.id ?? null,
          ranBy: dto.ranBy
            ? { userId: dto.ranBy.userId, name: dto.ranBy.name ?? '', email: dto.ranBy.email ?? '' }
            : null,
          ranByUserId: dto.ranBy?.userId ?? null,
          startedAt: String(Date.now()),
        });
      })
      .catch(async (error: unknown) => {
        if (postgresErrorCode(error) !== UNIQUE_VIOLATION) throw error;
        const [running] = await this.dataSource.query<Array<{ id: string }>>(
          `SELECT id FROM agent_execution WHERE api_key_id = $1 AND agent_id = $2 AND organization_id = $3 AND document_id = $4 AND status = 'running'`,
          [apiKeyId, dto.agentId, dto.organizationId, dto.documentId],
        );
        throw new ApiError(
          ErrorCode.ALREADY_EXISTS,
          `An execution of this agent is already running on this document: ${running?.id ?? 'unknown'}`,
        );
      });
    await this.producer.enqueue(executionId);
    return { executionId };
  }

  async get(apiKeyId: string, executionId: string, includeResults: boolean) {
    const row = await this.dataSource.getRepository(AgentExecution).findOne({ where: { apiKeyId, id: executionId } });
    if (!row) throw ApiError.notFound(`Execution not found: ${executionId}`);
    if (!includeResults) return { execution: executionView(row) };
    const results = await this.dataSource.query<
      Array<{
        url: string;
        url_hash: string;
        agent_result: Record<string, unknown>;
        finding_count: number;
        processed_at: string;
      }>
    >(
      'SELECT url, url_hash, agent_result, finding_count, processed_at FROM agent_execution_result WHERE execution_id = $1 ORDER BY position',
      [executionId],
    );
    return { execution: executionView(row), results: results.map((result) => resultView(row, result)) };
  }

  async list(apiKeyId: string, dto: ListExecutionsDto) {
    const { agentId, organizationId, documentId } = dto;
    const byDocument = organizationId !== undefined && documentId !== undefined;
    if ((organizationId === undefined) !== (documentId === undefined) || (agentId === undefined && !byDocument)) {
      throw ApiError.invalid(LIST_SHAPES);
    }
    const filters = {
      agentId: agentId ?? null,
      organizationId: organizationId ?? null,
      documentId: documentId ?? null,
    };
    const pager = new KeysetPager(
      EXECUTION_LISTING,
      { pageSize: dto.pageSize ?? 20, pageToken: dto.pageToken },
      { apiKeyId, filters },
      this.config.pageTokenKey,
    );
    const query = this.dataSource
      .getRepository(AgentExecution)
      .createQueryBuilder('e')
      .where('e.api_key_id = :apiKeyId', { apiKeyId })
      .orderBy('e.started_at', 'DESC')
      .addOrderBy('e.id', 'DESC')
      .take(pager.limit);
    if (agentId !== undefined) query.andWhere('e.agent_id = :agentId', { agentId });
    if (byDocument) query.andWhere('e.organization_id = :organizationId AND e.document_id = :documentId', filters);
    if (pager.after) {
      query.andWhere('(e.started_at, e.id) < (:afterTime, :afterId)', {
        afterTime: pager.after[0],
        afterId: pager.after[1],
      });
    }
    const page = pager.page(await query.getMany());
    return {
      executions: page.rows.map(executionView),
      ...(page.nextToken ? { nextPageToken: page.nextToken } : {}),
    };
  }

  async count(
    apiKeyId: string,
    dto: CountExecutionsDto,
  ): Promise<{ counts: Record<string, number> } | { total: number }> {
    const status = dto.status ?? null;
    if (dto.agentIds === undefined) {
      const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
        'SELECT count(*)::int AS total FROM agent_execution WHERE api_key_id = $1 AND ($2::text IS NULL OR status = $2)',
        [apiKeyId, status],
      );
      return { total };
    }
    const ids = [...new Set(typeof dto.agentIds === 'string' ? [dto.agentIds] : dto.agentIds)];
    const rows = await this.dataSource.query<Array<{ agent_id: string; total: number }>>(
      `SELECT agent_id, count(*)::int AS total FROM agent_execution
        WHERE api_key_id = $1 AND agent_id = ANY($2::text[]) AND ($3::text IS NULL OR status = $3) GROUP BY agent_id`,
      [apiKeyId, ids, status],
    );
    const found = new Map(rows.map((row) => [row.agent_id, row.total]));
    return { counts: Object.fromEntries(ids.map((id) => [id, found.get(id) ?? 0])) };
  }

  /** Velt's token analytics, from the runs' own counts (so per agent): all time, by year, by month of a year, by model. */
  async analytics(apiKeyId: string, dto: AnalyticsDto) {
    const agentId = dto.agentId ?? null;
    const usage = await this.dataSource.query<UsageRow[]>(
      `SELECT agent_id, coalesce(llm_model, 'unknown') AS model,
              to_char(to_timestamp(started_at / 1000.0) AT TIME ZONE 'UTC', 'YYYY') AS year,
              to_char(to_timestamp(started_at / 1000.0) AT TIME ZONE 'UTC', 'MM') AS month,
              sum(model_requests)::int AS requests, sum(prompt_tokens)::bigint AS prompt, sum(completion_tokens)::bigint AS completion
         FROM agent_execution WHERE api_key_id = $1 AND ($2::text IS NULL OR agent_id = $2)
        GROUP BY 1, 2, 3, 4`,
      [apiKeyId, agentId],
    );
    const counted = usage.filter((row) => row.requests > 0);
    const years = [...new Set(counted.map((row) => row.year))];
    const ofYear = dto.year === undefined ? [] : counted.filter((row) => row.year === dto.year);
    const months = [...new Set(ofYear.map((row) => row.month))].filter(
      (m) => dto.month === undefined || m === dto.month,
    );
    const models =
      dto.model === undefined ? counted : counted.filter((row) => modelKey(row.model) === modelKey(dto.model!));
    const runs = await this.dataSource.query<Array<{ agent_id: string; count: number; last: string }>>(
      `SELECT agent_id, count(*)::int AS count, max(started_at) AS last FROM agent_execution
        WHERE api_key_id = $1 AND ($2::text IS NULL OR agent_id = $2) GROUP BY agent_id`,
      [apiKeyId, agentId],
    );
    return {
      analytics: {
        tokenUsage: {
          allTime: summary(counted),
          ...(years.length > 0
            ? {
                yearly: Object.fromEntries(
                  years.map((year) => [year, byModel(counted.filter((row) => row.year === year))]),
                ),
              }
            : {}),
          ...(dto.year !== undefined
            ? {
                monthly: Object.fromEntries(
                  months.map((month) => [month, byModel(ofYear.filter((row) => row.month === month))]),
                ),
              }
            : {}),
          ...(counted.length > 0 ? { byModel: byModel(models) } : {}),
        },
        executionCounts: Object.fromEntries(
          runs.map((row) => [row.agent_id, { executionCount: row.count, lastExecutedAt: Number(row.last) }]),
        ),
      },
    };
  }
}
