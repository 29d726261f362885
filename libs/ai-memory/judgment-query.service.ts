import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '@app/common';
import { QueryJudgmentsDto } from './dto/memory-queries.dto';
import { JUDGMENT_COLUMNS, JudgmentRow, judgmentView } from './judgment-view';

const DEFAULT_LIMIT = 20;

/** judgments/query: metadata filters over the key's judgments, newest first; no model involved. */
@Injectable()
export class JudgmentQueryService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async query(apiKeyId: string, dto: QueryJudgmentsDto): Promise<{ results: unknown[]; total: number }> {
    if (dto.annotationId && !dto.organizationId) throw ApiError.invalid('data.annotationId requires organizationId.');
    const organizationId = dto.organizationId ?? null;
    const documentId = organizationId ? (dto.documentId ?? null) : null;
    const rows: JudgmentRow[] = await this.dataSource.query(
      `SELECT ${JUDGMENT_COLUMNS} FROM memory_judgment t
        WHERE t.api_key_id = $1 AND ($2::text IS NULL OR t.organization_id = $2) AND ($3::text IS NULL OR t.document_id = $3)
          AND ($4::text IS NULL OR t.decision = $4) AND ($5::text IS NULL OR t.judge_type = $5)
          AND ($6::text IS NULL OR t.content_type = $6) AND ($7::text IS NULL OR t.reviewer_id = $7)
          AND ($8::text IS NULL OR t.annotation_id = $8)
        ORDER BY t.created_at DESC, t.id DESC LIMIT $9`,
      [
        apiKeyId,
        organizationId,
        documentId,
        dto.decision ?? null,
        dto.judgeType ?? null,
        dto.contentType ?? null,
        dto.reviewerId ?? null,
        dto.annotationId ?? null,
        dto.limit ?? DEFAULT_LIMIT,
      ],
    );
    // Velt: a thread's newest `limit` judgments come back oldest first.
    if (dto.annotationId) rows.reverse();
    return { results: rows.map(judgmentView), total: rows.length };
  }
}
