import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { RowJobRunner } from '@app/queue';
import { AlertService } from './alert.service';
import { convertInThread } from './file-conversion';
import { ConversionError } from './file-text';
import { insertRules } from './knowledge.service';
import { MemoryEmbeddings } from './memory-embeddings';
import { judgmentsJobId, memoryWork, sourceJobId } from './memory.job';
import { chunkMarkdown, extractRules, isRuleBased } from './rule-extraction';

/** Judgments embedded per statement. */
const JUDGMENT_BATCH = 64;

export type MemoryOutcome = 'completed' | 'failed' | 'embedded' | 'skipped';

/** The text a judgment is embedded and searched by. */
const judgmentText = (row: { decision: string; reasoning: string; content: string | null }) =>
  [row.decision, row.reasoning, row.content ?? ''].filter((part) => part !== '').join('\n');

/**
 * The memory queue's work, safe to repeat: an ingestion converts, extracts rules, chunks and embeds,
 * then settles its source in one transaction only if it is still processing; a key's judgments are
 * embedded in batches (each batch written only where still unembedded), then its alerts evaluated.
 */
@Injectable()
export class MemoryRunner implements RowJobRunner<MemoryOutcome> {
  private readonly logger = new Logger(MemoryRunner.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly embeddings: MemoryEmbeddings,
    private readonly alerts: AlertService,
  ) {}

  async run(id: string): Promise<MemoryOutcome | null> {
    const work = memoryWork(id);
    if (!work) return null;
    return work.kind === 'source' ? this.ingest(work.id) : this.embedJudgments(work.id);
  }

  /** An ingestion that ran out of attempts failed on the model: Velt's embedding-failed. */
  async abandon(id: string): Promise<void> {
    const work = memoryWork(id);
    if (work?.kind !== 'source') return;
    await this.dataSource.query(
      `UPDATE memory_knowledge_source SET status = 'failed', failure_reason = 'embedding-failed', updated_at = $2
        WHERE id = $1 AND status = 'processing'`,
      [work.id, Date.now()],
    );
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    const before = Date.now() - quietSeconds * 1000;
    const sources: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id FROM memory_knowledge_source WHERE status = 'processing' AND dedup_of IS NULL AND updated_at < $1
        ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
    const keys: Array<{ api_key_id: string }> = await this.dataSource.query(
      `SELECT DISTINCT api_key_id FROM memory_judgment WHERE embedding IS NULL AND created_at < $1 LIMIT $2`,
      [before, limit],
    );
    return [...sources.map((row) => sourceJobId(row.id)), ...keys.map((row) => judgmentsJobId(row.api_key_id))];
  }

  private async ingest(sourceId: string): Promise<MemoryOutcome> {
    const [source]: Array<{ api_key_id: string; mime_type: string; original: Buffer | null; status: string }> =
      await this.dataSource.query(
        'SELECT api_key_id, mime_type, original, status FROM memory_knowledge_source WHERE id = $1 AND dedup_of IS NULL',
        [sourceId],
      );
    if (source?.status !== 'processing' || !source.original) return 'skipped';
    let markdown: string;
    try {
      markdown = await convertInThread(source.original, source.mime_type);
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      await this.settleSource(sourceId, { failureReason: error.reason });
      return 'failed';
    }
    const rules = extractRules(markdown);
    const chunks = chunkMarkdown(markdown);
    // A model failure throws: the job retries with backoff, and abandon() records embedding-failed at the end.
    const vectors = await this.embeddings.embed(source.api_key_id, [...chunks, ...rules.map((rule) => rule.content)]);
    await this.dataSource.transaction(async (manager) => {
      const [current]: Array<{ status: string }> = await manager.query(
        'SELECT status FROM memory_knowledge_source WHERE api_key_id = $1 AND id = $2 FOR UPDATE',
        [source.api_key_id, sourceId],
      );
      if (current?.status !== 'processing') return;
      await manager.query('DELETE FROM memory_knowledge_chunk WHERE api_key_id = $1 AND source_id = $2', [
        source.api_key_id,
        sourceId,
      ]);
      await manager.query('DELETE FROM memory_knowledge_rule WHERE api_key_id = $1 AND source_id = $2', [
        source.api_key_id,
        sourceId,
      ]);
      if (chunks.length > 0)
        await manager.query(
          `INSERT INTO memory_knowledge_chunk (api_key_id, source_id, index, text, embedding, sketch)
           SELECT $1, $2, v.index, v.text, ARRAY(SELECT jsonb_array_elements_text(v.embedding)::real), v.sketch::varbit
             FROM jsonb_to_recordset($3::jsonb) AS v(index int, text text, embedding jsonb, sketch text)`,
          [
            source.api_key_id,
            sourceId,
            JSON.stringify(chunks.map((text, index) => ({ index, text, ...vectors[index] }))),
          ],
        );
      await insertRules(manager, source.api_key_id, sourceId, rules, vectors.slice(chunks.length));
      await manager.query(
        `UPDATE memory_knowledge_source SET status = 'completed', canonical_md = $3, rule_based = $4, chunk_count = $5,
                rule_count = $6, updated_at = $7 WHERE api_key_id = $1 AND id = $2`,
        [source.api_key_id, sourceId, markdown, isRuleBased(markdown, rules), chunks.length, rules.length, Date.now()],
      );
    });
    return 'completed';
  }

  private async settleSource(sourceId: string, { failureReason }: { failureReason: string }): Promise<void> {
    await this.dataSource.query(
      `UPDATE memory_knowledge_source SET status = 'failed', failure_reason = $2, updated_at = $3 WHERE id = $1 AND status = 'processing'`,
      [sourceId, failureReason, Date.now()],
    );
  }

  private async embedJudgments(apiKeyId: string): Promise<MemoryOutcome> {
    let embedded = 0;
    for (;;) {
      const rows: Array<{ id: string; decision: string; reasoning: string; content: string | null }> =
        await this.dataSource.query(
          `SELECT id, decision, reasoning, content FROM memory_judgment WHERE api_key_id = $1 AND embedding IS NULL
            ORDER BY created_at LIMIT $2`,
          [apiKeyId, JUDGMENT_BATCH],
        );
      if (rows.length === 0) break;
      const vectors = await this.embeddings.embed(apiKeyId, rows.map(judgmentText));
      await this.dataSource.query(
        `UPDATE memory_judgment t SET embedding = ARRAY(SELECT jsonb_array_elements_text(v.embedding)::real), sketch = v.sketch::varbit
           FROM jsonb_to_recordset($2::jsonb) AS v(id text, embedding jsonb, sketch text)
          WHERE t.api_key_id = $1 AND t.id = v.id AND t.embedding IS NULL`,
        [apiKeyId, JSON.stringify(rows.map((row, i) => ({ id: row.id, ...vectors[i] })))],
      );
      embedded += rows.length;
    }
    const raised = await this.alerts.evaluate(apiKeyId, Date.now());
    if (embedded > 0 || raised > 0) this.logger.debug({ embedded, raised }, 'Memory judgments embedded');
    return 'embedded';
  }
}
