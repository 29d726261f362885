import { performance } from 'node:perf_hooks';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ModelError } from '@app/ai';
import { JudgmentFiltersDto } from './dto/judgment-filters.dto';
import { SearchKnowledgeDto } from './dto/knowledge.dto';
import { SearchJudgmentsDto } from './dto/memory-queries.dto';
import { judgmentFilterSql, resolveScope, ResolvedScope } from './judgment-search';
import { JUDGMENT_COLUMNS, JudgmentRow, judgmentView } from './judgment-view';
import { MemoryEmbeddings } from './memory-embeddings';
import { candidateCount, nearestSql, StoredEmbedding } from './vector';

const DEFAULT_LIMIT = 10;

export type ScoredJudgment = JudgmentRow & { similarity: number };

export interface JudgmentRead {
  scope: ResolvedScope;
  filters?: JudgmentFiltersDto;
  recencyDays?: number;
  limit: number;
}

export interface KnowledgeHit {
  kind: 'chunk' | 'rule';
  id: string;
  sourceId: string;
  text: string;
  category: string | null;
  score?: number;
}

/**
 * Reads over embeddings stored in PostgreSQL (vector.ts): judgments for search, ask and suggest,
 * knowledge chunks and rules for knowledge/search and ask. A thread (filters.annotationId) and
 * recencyDays skip the vector search, as in Velt.
 */
@Injectable()
export class MemorySearchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly embeddings: MemoryEmbeddings,
  ) {}

  async search(apiKeyId: string, dto: SearchJudgmentsDto) {
    const started = performance.now();
    const scope = resolveScope(dto);
    const rows = await this.judgments(apiKeyId, dto.query, {
      scope,
      filters: dto.filters,
      recencyDays: dto.recencyDays,
      limit: dto.limit ?? DEFAULT_LIMIT,
    });
    return {
      results: rows.map((row) => ({ ...judgmentView(row), similarity: row.similarity, scope: scope.scope })),
      totalInScope: rows.length,
      searchLatencyMs: Math.round(performance.now() - started),
    };
  }

  /** The judgments a read finds: a thread oldest first, the last days newest first, else the nearest to `text`. */
  async judgments(apiKeyId: string, text: string, read: JudgmentRead): Promise<ScoredJudgment[]> {
    const annotationId = read.filters?.annotationId;
    const recencyDays = annotationId ? undefined : read.recencyDays;
    const filter = judgmentFilterSql(read.scope, read.filters, recencyDays, 2);
    if (annotationId || recencyDays !== undefined) {
      const rows: JudgmentRow[] = await this.dataSource.query(
        `SELECT ${JUDGMENT_COLUMNS} FROM memory_judgment t
          WHERE t.api_key_id = $1 AND ${filter.where} ${annotationId ? `AND t.annotation_id = $${filter.params.length + 2}` : ''}
          ORDER BY t.created_at ${annotationId ? 'ASC' : 'DESC'}, t.id LIMIT ${read.limit}`,
        [apiKeyId, ...filter.params, ...(annotationId ? [annotationId] : [])],
      );
      return rows.map((row) => ({ ...row, similarity: 1 }));
    }
    return this.nearestJudgments(apiKeyId, await this.embeddings.one(apiKeyId, text), read);
  }

  async nearestJudgments(apiKeyId: string, query: StoredEmbedding, read: JudgmentRead): Promise<ScoredJudgment[]> {
    const filter = judgmentFilterSql(read.scope, read.filters, undefined, 5);
    const rows = await this.nearest<ScoredJudgment[]>(
      `${nearestSql('memory_judgment', JUDGMENT_COLUMNS, `t.api_key_id = $4 AND ${filter.where}`)} LIMIT ${read.limit}`,
      [query.embedding, query.sketch, candidateCount(read.limit), apiKeyId, ...filter.params],
    );
    return rows.map((row) => ({ ...row, similarity: round(row.similarity) }));
  }

  private nearest<T>(sql: string, params: unknown[]): Promise<T> {
    return withoutJit<T>(this.dataSource, sql, params);
  }

  async knowledge(apiKeyId: string, dto: SearchKnowledgeDto) {
    const limit = dto.limit ?? DEFAULT_LIMIT;
    const sources = dto.sourceId === undefined ? null : Array.isArray(dto.sourceId) ? dto.sourceId : [dto.sourceId];
    const hits = await this.knowledgeHits(apiKeyId, dto.query, {
      sources,
      limit,
      includeRules: dto.includeRules ?? false,
    });
    const results = hits.map((hit) =>
      dto.includeRules
        ? {
            kind: hit.kind,
            ...(hit.kind === 'rule' ? { ruleId: hit.id } : {}),
            sourceId: hit.sourceId,
            text: hit.text,
            ...(hit.score === undefined ? {} : { score: hit.score }),
            ...(hit.kind === 'rule' && hit.category !== null ? { category: hit.category } : {}),
          }
        : { sourceId: hit.sourceId, text: hit.text, ...(hit.score === undefined ? {} : { score: hit.score }) },
    );
    return { results, recordsSearched: results.length };
  }

  /**
   * Chunks (and rules) nearest the query, as Velt scores them: cosine distance, lower is closer. When
   * the query cannot be embedded, the most recently ingested items (Velt's recency fallback, no score).
   */
  async knowledgeHits(
    apiKeyId: string,
    text: string,
    { sources, limit, includeRules }: { sources: string[] | null; limit: number; includeRules: boolean },
  ): Promise<KnowledgeHit[]> {
    const query = await this.embeddings.one(apiKeyId, text).catch((error: unknown) => {
      if (error instanceof ModelError) return null;
      throw error;
    });
    const corpora = includeRules ? (['chunk', 'rule'] as const) : (['chunk'] as const);
    const hits: KnowledgeHit[] = [];
    for (const kind of corpora) {
      const table = kind === 'chunk' ? 'memory_knowledge_chunk' : 'memory_knowledge_rule';
      const columns =
        kind === 'chunk'
          ? `t.source_id || ':' || t.index AS id, t.source_id, t.text, NULL::text AS category`
          : 't.id, t.source_id, t.content AS text, t.category';
      const where = (key: string, ids: string) =>
        `t.api_key_id = ${key} AND (${ids}::text[] IS NULL OR t.source_id = ANY(${ids}::text[]))`;
      if (query) {
        const rows: Array<{
          id: string;
          source_id: string;
          text: string;
          category: string | null;
          similarity: number;
        }> = await this.nearest(`${nearestSql(table, columns, where('$4', '$5'))} LIMIT ${limit}`, [
          query.embedding,
          query.sketch,
          candidateCount(limit),
          apiKeyId,
          sources,
        ]);
        for (const row of rows)
          hits.push({
            kind,
            id: row.id,
            sourceId: row.source_id,
            text: row.text,
            category: row.category,
            score: round(1 - row.similarity),
          });
      } else {
        const rows: Array<{ id: string; source_id: string; text: string; category: string | null }> =
          await this.dataSource.query(
            `SELECT ${columns} FROM ${table} t JOIN memory_knowledge_source s ON s.api_key_id = t.api_key_id AND s.id = t.source_id
            WHERE ${where('$1', '$2')} ORDER BY s.uploaded_at DESC, t.source_id LIMIT ${limit}`,
            [apiKeyId, sources],
          );
        for (const row of rows)
          hits.push({ kind, id: row.id, sourceId: row.source_id, text: row.text, category: row.category });
      }
    }
    return hits
      .sort((a, b) => (a.score ?? Number.POSITIVE_INFINITY) - (b.score ?? Number.POSITIVE_INFINITY))
      .slice(0, limit);
  }
}

/**
 * A nearest-neighbour statement, with JIT off: the planner prices the per-row similarity subquery so
 * high that PostgreSQL would spend seconds compiling a statement that runs in milliseconds.
 */
function withoutJit<T>(dataSource: DataSource, sql: string, params: unknown[]): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SET LOCAL jit = off');
    return manager.query<T>(sql, params);
  });
}

const round = (value: number): number => Math.round(Number(value) * 10_000) / 10_000;
