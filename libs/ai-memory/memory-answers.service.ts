import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ModelProvider } from '@app/ai';
import { AskMemoryDto, SuggestDecisionDto } from './dto/memory-queries.dto';
import { resolveScope } from './judgment-search';
import { MemorySearchService } from './memory-search.service';
import { suggest } from './suggestion';

/** How much ask puts before the model, and how close a record must be to count as grounding. */
const ASK_JUDGMENTS = 12;
const ASK_KNOWLEDGE = 6;
const MIN_SIMILARITY = 0.2;
/** suggest's precedents: the nearest judgments at least this similar. */
const SUGGEST_PRECEDENTS = 50;
const SUGGEST_MIN_SIMILARITY = 0.3;
const RECENT_KNOWLEDGE_MS = 48 * 3_600_000;

const ANSWER_SCHEMA = {
  name: 'memory_answer',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['answer', 'citations', 'confidence'],
    properties: {
      answer: { type: 'string' },
      citations: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['recordId', 'snippet'],
          properties: { recordId: { type: 'string' }, snippet: { type: 'string' } },
        },
      },
      confidence: { type: 'number' },
    },
  },
};

const INSTRUCTIONS =
  'You answer questions about how a team reviews work, using only the records given: past review decisions ' +
  '(judgments) and rules or passages from the team guidelines (knowledge). Cite every record you used by its ' +
  'recordId with a short snippet of it. If the records do not answer the question, answer with an empty string, ' +
  'no citations and confidence 0. confidence is between 0 and 1.';

interface Answer {
  answer: string;
  citations: Array<{ recordId: string; snippet: string }>;
  confidence: number;
}

/** ask (the model answers from retrieved records, citing them) and suggest (a vote, no model call beyond the query's embedding). */
@Injectable()
export class MemoryAnswersService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly search: MemorySearchService,
    private readonly model: ModelProvider,
  ) {}

  async ask(apiKeyId: string, dto: AskMemoryDto) {
    const scope = resolveScope(dto);
    const judgments = (
      await this.search.judgments(apiKeyId, dto.question, {
        scope,
        filters: dto.filters,
        recencyDays: dto.recencyDays,
        limit: ASK_JUDGMENTS,
      })
    ).filter((row) => row.similarity >= MIN_SIMILARITY);
    const knowledge = (
      await this.search.knowledgeHits(apiKeyId, dto.question, {
        sources: null,
        limit: ASK_KNOWLEDGE,
        includeRules: true,
      })
    ).filter((hit) => hit.score !== undefined && 1 - hit.score >= MIN_SIMILARITY);
    const records = [
      ...judgments.map((row) => ({
        recordId: row.id,
        kind: 'judgment',
        decision: row.decision,
        reasoning: row.reasoning,
        content: row.content,
        reviewer: row.reviewer_id,
        createdAt: new Date(Number(row.created_at)).toISOString(),
      })),
      ...knowledge.map((hit) => ({
        recordId: hit.id,
        kind: hit.kind === 'rule' ? 'rule' : 'knowledge',
        sourceId: hit.sourceId,
        text: hit.text,
      })),
    ];
    if (records.length === 0) return { answer: '', citations: [], confidence: 0, recordsSearched: 0 };
    const { json } = await this.model.chat({
      apiKeyId,
      schema: ANSWER_SCHEMA,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: `Records:\n${JSON.stringify(records)}\n\nQuestion: ${dto.question}` },
      ],
    });
    const answer = json as Answer;
    const known = new Set(records.map((record) => record.recordId));
    // Only records that were put before the model are cited (Velt returns the model's citations unchecked).
    const citations = answer.citations
      .filter((citation) => known.has(citation.recordId))
      .map(({ recordId, snippet }) => ({ recordId, snippet }));
    const empty = answer.answer.trim() === '';
    return {
      answer: empty ? '' : answer.answer,
      citations: empty ? [] : citations,
      confidence: empty ? 0 : Math.min(Math.max(answer.confidence, 0), 1),
      recordsSearched: judgments.length,
    };
  }

  async suggest(apiKeyId: string, dto: SuggestDecisionDto) {
    const scope = resolveScope(dto);
    const precedents = (await this.search.judgments(apiKeyId, dto.query, { scope, limit: SUGGEST_PRECEDENTS })).filter(
      (row) => row.similarity >= SUGGEST_MIN_SIMILARITY,
    );
    const now = Date.now();
    const [recent]: Array<{ updated: boolean }> = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM memory_knowledge_source WHERE api_key_id = $1 AND status = 'completed' AND updated_at >= $2) AS updated`,
      [apiKeyId, now - RECENT_KNOWLEDGE_MS],
    );
    return suggest(
      precedents.map((row) => ({
        decision: row.decision,
        reasoning: row.reasoning,
        reviewerId: row.reviewer_id,
        createdAt: Number(row.created_at),
        similarity: row.similarity,
      })),
      { scope: scope.scope, now, knowledgeUpdatedRecently: recent.updated },
    );
  }
}
