import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ModelError, ModelFailure, ModelProvider } from '@app/ai';
import { AppConfig } from '@app/common';
import { CommentAnnotationQueryService, CommentAnnotationService } from '@app/comment';
import { SERVED_CONTEXT_STRATEGIES, strategyOf } from './agent-config';
import { AgentFinding, bySeverity, FINDINGS_SCHEMA, guardrails, ModelFindings, reviewMessages } from './findings';
import { findingAnnotations } from './finding-annotations';
import { AgentExecution, ExecutionStatus } from './entities/agent-execution.entity';
import { discoverPages } from './page-discovery';
import { fetchPage, PageFetchError } from './page-fetch';
import { reducePage, ReducedPage } from './page-reduction';

/** The reason a run is marked `error` with when its job ran out of attempts. */
export const RUN_ABANDONED = 'The run could not be completed.';
/** Findings a run's summary samples (Velt: the top 50 by severity). */
const SUMMARY_SAMPLE = 50;

/** Velt's error codes of a failed page, from the model's failure. */
const ERROR_CODES: Record<ModelFailure, string> = {
  not_configured: 'LLM_ERROR',
  target_refused: 'LLM_ERROR',
  timeout: 'TIMEOUT',
  unreachable: 'LLM_ERROR',
  upstream_error: 'LLM_ERROR',
  bad_json: 'MALFORMED_RESPONSE',
  wrong_schema: 'MALFORMED_RESPONSE',
  refusal: 'LLM_ERROR',
  busy: 'LLM_RATE_LIMITED',
};

interface PageOutcome {
  status: 'completed' | 'failed';
  summary?: string;
  findings: AgentFinding[];
  error: string | null;
  errorCode?: string;
  usage: { promptTokens: number; completionTokens: number; requests: number; model: string | null };
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/**
 * Worker side of agent runs. Safe to run any number of times for one execution, concurrently or
 * after a crash: the page list is fixed once, each page's result is written once (a rerun skips it),
 * a finding's annotation id is derived from the finding (adding it again is a no-op), and only a
 * `running` row is settled.
 */
@Injectable()
export class AgentRunner {
  private readonly logger = new Logger(AgentRunner.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly model: ModelProvider,
    private readonly annotations: CommentAnnotationService,
    private readonly annotationQuery: CommentAnnotationQueryService,
  ) {}

  async run(executionId: string): Promise<ExecutionStatus | null> {
    const [claimed] = await this.dataSource.query<Array<{ id: string }>>(
      `UPDATE agent_execution SET attempts = attempts + 1, updated_at = now() WHERE id = $1 AND status = 'running' RETURNING id`,
      [executionId],
    );
    const row = await this.dataSource.getRepository(AgentExecution).findOne({ where: { id: executionId } });
    if (!claimed || !row) return row?.status ?? null;
    const strategy = strategyOf(row.agentConfig);
    if (strategy !== 'ai') {
      return this.settle(row, 'skipped', {
        error: {
          code: 'SKIPPED',
          message: `executionStrategy "${strategy}" is not served here; only "ai" runs (docs/ai.md).`,
          retryable: false,
          occurredAt: Date.now(),
        },
      });
    }
    const urls = row.urls ?? (await this.discover(row));
    const done = new Set(
      (
        await this.dataSource.query<Array<{ url: string }>>(
          'SELECT url FROM agent_execution_result WHERE execution_id = $1',
          [executionId],
        )
      ).map((result) => result.url),
    );
    for (const [position, url] of urls.entries()) {
      if (done.has(url)) continue;
      const outcome = await this.review(row, url);
      await this.record(row, url, position, outcome);
    }
    await this.annotate(row);
    return this.finish(row, urls);
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `SELECT id FROM agent_execution WHERE status = 'running' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [quietSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  async abandon(executionId: string): Promise<void> {
    const row = await this.dataSource.getRepository(AgentExecution).findOne({ where: { id: executionId } });
    if (row?.status !== 'running') return;
    await this.settle(row, 'error', {
      error: { code: 'INTERNAL', message: RUN_ABANDONED, retryable: true, occurredAt: Date.now() },
    });
  }

  /** The seed, and with crossPageExecute its same-site links, breadth first, up to maxUrlsToProcess; fixed on the row. */
  private async discover(row: AgentExecution): Promise<string[]> {
    const seed = String(row.config.seedUrl);
    const max = Number(row.config.maxUrlsToProcess ?? 1);
    const started = Date.now();
    const discovery =
      row.config.crossPageExecute === true
        ? await discoverPages(seed, max, (url) => this.page(url))
        : { urls: [seed], visited: 0 };
    const crawlerResults =
      row.config.crossPageExecute === true
        ? {
            status: 'completed',
            totalUrlsFound: discovery.urls.length,
            duration: Date.now() - started,
            pagesVisited: discovery.visited,
          }
        : null;
    await this.dataSource.query(
      `UPDATE agent_execution SET urls = $2, crawler_results = $3, updated_at = now() WHERE id = $1 AND urls IS NULL`,
      [row.id, JSON.stringify(discovery.urls), crawlerResults],
    );
    const [fixed] = await this.dataSource.query<Array<{ urls: string[] }>>(
      'SELECT urls FROM agent_execution WHERE id = $1',
      [row.id],
    );
    return fixed.urls;
  }

  private async page(url: string): Promise<ReducedPage> {
    const fetched = await fetchPage(url, this.config.ai.allowPrivatePages);
    return reducePage(fetched.body, fetched.url);
  }

  /** One page: its context by the served strategies, then one model call; any failure is the page's, not the run's. */
  private async review(row: AgentExecution, url: string): Promise<PageOutcome> {
    const strategies = (row.agentConfig.contextGathering?.strategies ?? []).filter((s) =>
      SERVED_CONTEXT_STRATEGIES.includes(s),
    );
    const needsPage = strategies.some((s) => s.startsWith('web-page-'));
    const empty = { promptTokens: 0, completionTokens: 0, requests: 0, model: null };
    let page: ReducedPage | null = null;
    let robotsTxt: string | undefined;
    try {
      if (needsPage) page = await this.page(url);
      if (strategies.includes('robots-txt'))
        robotsTxt = (
          await fetchPage(new URL('/robots.txt', url).toString(), this.config.ai.allowPrivatePages)
        ).body.slice(0, 20_000);
    } catch (error) {
      if (!(error instanceof PageFetchError)) throw error;
      return {
        status: 'failed',
        findings: [],
        error: error.message,
        errorCode: 'CONTEXT_GATHERING_ERROR',
        usage: empty,
      };
    }
    const aiConfig = (row.config.aiConfig ?? {}) as { model?: string };
    try {
      const answer = await this.model.chat({
        apiKeyId: row.apiKeyId,
        model: aiConfig.model,
        schema: FINDINGS_SCHEMA,
        messages: reviewMessages({
          config: row.agentConfig,
          page,
          url,
          strategies,
          userContext: (row.config.userContext ?? {}) as Record<string, unknown>,
          robotsTxt,
        }),
      });
      const found = answer.json as ModelFindings;
      const findings = guardrails(found, {
        agentId: row.agentId,
        documentId: row.documentId,
        url,
        enabled: row.agentConfig.postProcess?.guardrails?.enabled !== false,
      });
      return {
        status: 'completed',
        summary: found.summary,
        findings,
        error: null,
        usage: { ...answer.usage, requests: 1, model: answer.model },
      };
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      return {
        status: 'failed',
        findings: [],
        error: `${error.failure}: ${error.message}`,
        errorCode: ERROR_CODES[error.failure],
        usage: { ...empty, requests: 1 },
      };
    }
  }

  /** The page's result, once: a concurrent or repeated run that got here first wins, and its tokens count once. */
  private async record(row: AgentExecution, url: string, position: number, outcome: PageOutcome): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const inserted = await manager.query<Array<{ url: string }>>(
        `INSERT INTO agent_execution_result (execution_id, url_hash, url, position, agent_result, finding_count, processed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING url`,
        [
          row.id,
          md5(url),
          url,
          position,
          {
            status: outcome.status,
            agentId: row.agentId,
            agentName: row.agentName,
            ...(outcome.summary !== undefined ? { summary: outcome.summary } : {}),
            issueCount: outcome.findings.length,
            findingsCount: outcome.findings.length,
            findings: outcome.findings.map((finding) => ({ ...finding, commentId: finding.id })),
            error: outcome.error,
            ...(outcome.errorCode ? { errorCode: outcome.errorCode } : {}),
          },
          outcome.findings.length,
          String(Date.now()),
        ],
      );
      if (inserted.length === 0) return;
      const { promptTokens, completionTokens, requests, model } = outcome.usage;
      await manager.query(
        `UPDATE agent_execution SET prompt_tokens = prompt_tokens + $2, completion_tokens = completion_tokens + $3,
                model_requests = model_requests + $4, llm_model = coalesce($5, llm_model), updated_at = now() WHERE id = $1`,
        [row.id, promptTokens, completionTokens, requests, model],
      );
    });
  }

  /** Through the comment path, so webhooks, notifications, activities and live pushes fire as for any comment. */
  private async annotate(row: AgentExecution): Promise<void> {
    const strategy = row.agentConfig.postProcess?.annotations;
    if (strategy?.enabled === false || strategy?.strategy === 'none') return;
    for (const findings of await this.findingsByPage(row.id)) {
      if (findings.length === 0) continue;
      await this.annotations.add(row.apiKeyId, findingAnnotations(row, findings));
    }
  }

  private async findingsByPage(executionId: string): Promise<AgentFinding[][]> {
    const rows = await this.dataSource.query<Array<{ agent_result: { findings?: AgentFinding[] } }>>(
      'SELECT agent_result FROM agent_execution_result WHERE execution_id = $1 ORDER BY position',
      [executionId],
    );
    return rows.map((result) => result.agent_result.findings ?? []);
  }

  /** Velt's precedence: error > partial > failed (findings) > passed. */
  private async finish(row: AgentExecution, urls: string[]): Promise<ExecutionStatus> {
    const results = await this.dataSource.query<
      Array<{
        url: string;
        agent_result: {
          status: string;
          error: string | null;
          errorCode?: string;
          summary?: string;
          findings?: AgentFinding[];
        };
      }>
    >('SELECT url, agent_result FROM agent_execution_result WHERE execution_id = $1 ORDER BY position', [row.id]);
    const errored = results.filter((result) => result.agent_result.status === 'failed');
    const findings = results.flatMap((result) => result.agent_result.findings ?? []);
    const created = await this.createdAnnotations(row);
    const status: ExecutionStatus =
      errored.length > 0 && errored.length >= urls.length
        ? 'error'
        : errored.length > 0
          ? 'partial'
          : findings.length > 0
            ? 'failed'
            : 'passed';
    const severityCounts: Record<string, number> = {};
    for (const finding of findings) severityCounts[finding.severity] = (severityCounts[finding.severity] ?? 0) + 1;
    const resultsSummary = {
      totalFindings: findings.length,
      totalAnnotationsCreated: created,
      urlsProcessed: urls.length,
      urlsWithFindings: results.filter((result) => (result.agent_result.findings ?? []).length > 0).length,
      ...(errored.length > 0
        ? {
            urlsErrored: errored.length,
            erroredUrls: errored
              .slice(0, 50)
              .map((result) => ({ url: result.url, message: result.agent_result.error })),
          }
        : {}),
      issuesCreated: findings.length,
      severityCounts,
      findings: [...findings]
        .sort(bySeverity)
        .slice(0, SUMMARY_SAMPLE)
        .map(({ title, description, severity, sourceUrl, issueType }) => ({
          title,
          description,
          severity,
          sourceUrl,
          issueType,
          url: sourceUrl,
        })),
      summary: `Found ${findings.length} issue${findings.length === 1 ? '' : 's'} across ${urls.length} page${urls.length === 1 ? '' : 's'}. ${created} annotation${created === 1 ? '' : 's'} created.`,
    };
    const first = errored[0]?.agent_result;
    return this.settle(row, status, {
      resultsSummary,
      error: first
        ? { code: first.errorCode ?? 'INTERNAL', message: first.error ?? '', retryable: true, occurredAt: Date.now() }
        : null,
    });
  }

  /** Annotations on the document that carry this execution's id: the ones it wrote, whichever attempt wrote them. */
  private async createdAnnotations(row: AgentExecution): Promise<number> {
    let count = 0;
    let pageToken: string | undefined;
    do {
      const page = await this.annotationQuery.get(row.apiKeyId, {
        organizationId: row.organizationId,
        documentId: row.documentId,
        executionId: row.id,
        pageSize: 1000,
        ...(pageToken ? { pageToken } : {}),
      });
      count += Array.isArray(page.data) ? page.data.length : 0;
      pageToken = page.nextPageToken;
    } while (pageToken);
    return count;
  }

  private async settle(
    row: AgentExecution,
    status: ExecutionStatus,
    fields: { resultsSummary?: Record<string, unknown>; error?: Record<string, unknown> | null },
  ): Promise<ExecutionStatus> {
    const [settled] = await this.dataSource.query<Array<{ status: ExecutionStatus }>>(
      `UPDATE agent_execution SET status = $2, results_summary = coalesce($3, results_summary), error = $4,
              completed_at = $5, updated_at = now()
        WHERE id = $1 AND status = 'running' RETURNING status`,
      [row.id, status, fields.resultsSummary ?? null, fields.error ?? null, String(Date.now())],
    );
    if (settled) this.logger.log({ executionId: row.id, status }, 'Agent run settled');
    return settled?.status ?? status;
  }
}
