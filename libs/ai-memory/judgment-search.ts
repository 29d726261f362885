import { ApiError } from '@app/common';
import { JudgmentFiltersDto } from './dto/judgment-filters.dto';

export type MemoryScope = 'document' | 'organization' | 'apiKey';

/** A memory read's scope after Velt's rules: aliases folded, documentId only with organizationId, an explicit scope clamping the ids. */
export interface ResolvedScope {
  scope: MemoryScope;
  organizationId: string | null;
  documentId: string | null;
}

export function resolveScope(dto: {
  organizationId?: string;
  orgId?: string;
  documentId?: string;
  docId?: string;
  scope?: string;
  filters?: JudgmentFiltersDto;
}): ResolvedScope {
  const organizationId = dto.organizationId ?? dto.orgId ?? null;
  const documentId = organizationId ? (dto.documentId ?? dto.docId ?? null) : null;
  if (dto.filters?.annotationId && !organizationId)
    throw ApiError.invalid('data.filters.annotationId requires organizationId.');
  switch (dto.scope) {
    case 'apiKey':
      return { scope: 'apiKey', organizationId: null, documentId: null };
    case 'organization':
      if (!organizationId) throw ApiError.invalid('data.scope organization requires organizationId.');
      return { scope: 'organization', organizationId, documentId: null };
    case 'document':
      if (!organizationId || (!documentId && !dto.filters?.annotationId))
        throw ApiError.invalid('data.scope document requires organizationId and documentId.');
      return { scope: 'document', organizationId, documentId };
    default:
      return {
        scope: documentId ? 'document' : organizationId ? 'organization' : 'apiKey',
        organizationId,
        documentId,
      };
  }
}

function instant(value: string | number | undefined, field: string): number | null {
  if (value === undefined) return null;
  const at = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(at)) throw ApiError.invalid(`${field} must be an ISO-8601 date or epoch milliseconds.`);
  return at;
}

/** The filters as SQL over alias t, parameters numbered from `first`. */
export function judgmentFilterSql(
  scope: ResolvedScope,
  filters: JudgmentFiltersDto | undefined,
  recencyDays: number | undefined,
  first: number,
): { where: string; params: unknown[] } {
  let start = instant(filters?.dateRange?.start, 'data.filters.dateRange.start');
  let end = instant(filters?.dateRange?.end, 'data.filters.dateRange.end');
  if (start !== null && end !== null && start > end)
    throw ApiError.invalid('data.filters.dateRange.start must not be after its end.');
  if (recencyDays !== undefined) {
    // Velt: the last N complete UTC days, ending at the start of the current UTC day.
    const today = new Date();
    end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - 1;
    start = end + 1 - recencyDays * 86_400_000;
  }
  const params: unknown[] = [
    scope.organizationId,
    scope.documentId,
    filters?.decision ?? null,
    filters?.judgeType ?? null,
    filters?.contentType ?? null,
    filters?.reviewerId ?? null,
    filters?.excludeDocumentIds ?? null,
    start,
    end,
  ];
  const p = (i: number) => `$${first + i}`;
  const where = [
    `(${p(0)}::text IS NULL OR t.organization_id = ${p(0)})`,
    `(${p(1)}::text IS NULL OR t.document_id = ${p(1)})`,
    `(${p(2)}::text IS NULL OR t.decision = ${p(2)})`,
    `(${p(3)}::text IS NULL OR t.judge_type = ${p(3)})`,
    `(${p(4)}::text IS NULL OR t.content_type = ${p(4)})`,
    `(${p(5)}::text IS NULL OR t.reviewer_id = ${p(5)})`,
    `(${p(6)}::text[] IS NULL OR t.document_id = '' OR NOT t.document_id = ANY(${p(6)}::text[]))`,
    `(${p(7)}::bigint IS NULL OR t.created_at >= ${p(7)})`,
    `(${p(8)}::bigint IS NULL OR t.created_at <= ${p(8)})`,
  ].join(' AND ');
  return { where, params };
}
