import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, KeysetPager, keysetListing } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { DOCUMENT_NOT_FOUND, ensureOrganization } from '@app/resource';
import { CommentAccess, EndUserActor } from './comment-access';
import { annotationViewsOf } from './comment-store';
import { AnnotationView } from './comment-views';
import { CountAnnotationsDto, GetAnnotationsDto } from './dto/annotations.dto';
import { CommentAnnotation } from './entities/comment-annotation.entity';

interface ListedRow {
  row: CommentAnnotation;
  /** `updated_at` as PostgreSQL's text: a JS Date would drop the microseconds the cursor needs. */
  updatedAt: string;
}

const ANNOTATION_LISTING = keysetListing('comment annotations', ['timestamp', 'bigint'], (listed: ListedRow) => [
  listed.updatedAt,
  listed.row.seq,
]);

const AGENT_FILTERS = [
  'agentId',
  'executionId',
  'agentType',
  'agentSource',
  'agentSuggestions',
  'agentComments',
] as const;

export interface AnnotationPage {
  data: AnnotationView[] | Record<string, AnnotationView[]>;
  nextPageToken?: string;
}

/** Annotations get (Velt's filters, organization-wide when no document is named) and count. */
@Injectable()
export class CommentAnnotationQueryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly access: CommentAccess,
    private readonly documents: DocumentDirectoryService,
    private readonly config: AppConfig,
  ) {}

  async get(apiKeyId: string, dto: GetAnnotationsDto, actor?: EndUserActor): Promise<AnnotationPage> {
    const { organizationId } = dto;
    const manager = this.dataSource.manager;
    if (AGENT_FILTERS.filter((name) => dto[name] !== undefined).length > 1)
      throw ApiError.invalid('Only one agent filter may be given per request.');
    const named = [...new Set([...(dto.documentId ? [dto.documentId] : []), ...(dto.documentIds ?? [])])];
    let documentIds: string[] | null = named.length > 0 ? named : null;
    if (documentIds?.length === 1)
      await this.access.check(
        manager,
        apiKeyId,
        { organizationId, documentId: documentIds[0] },
        dto.from,
        'read',
        actor,
      );
    else await ensureOrganization(manager, apiKeyId, organizationId, { lock: false });
    if (dto.folderId !== undefined) {
      const inFolder = await this.documents.idsInFolder(manager, apiKeyId, organizationId, dto.folderId);
      documentIds = documentIds ? documentIds.filter((id) => inFolder.includes(id)) : inFolder;
    }
    const { pageSize, pageToken, from, groupByDocumentId, ...filters } = dto;
    const pager = new KeysetPager(
      ANNOTATION_LISTING,
      { pageSize, pageToken },
      { apiKeyId, filters: [filters, from?.userId ?? null] },
      this.config.pageTokenKey,
    );
    const desc = dto.order !== 'asc';
    const params: unknown[] = [apiKeyId, organizationId];
    const where: string[] = [];
    const add = (sql: (n: number) => string, value: unknown) => where.push(sql(params.push(value)));
    const ms = (value: number) => value / 1000;
    if (documentIds) add((n) => `a.document_id = ANY($${n}::text[])`, documentIds);
    if (dto.annotationIds) add((n) => `a.id = ANY($${n}::text[])`, dto.annotationIds);
    if (dto.locationIds) add((n) => `a.location_id = ANY($${n}::text[])`, dto.locationIds);
    if (dto.userIds) add((n) => `a.created_by->>'userId' = ANY($${n}::text[])`, dto.userIds);
    const statusIds = [...(dto.statusIds ?? []), ...(dto.statusId ? [dto.statusId] : [])];
    if (dto.statusIds || dto.statusId) add((n) => `a.status->>'id' = ANY($${n}::text[])`, statusIds);
    if (dto.resolvedBy) add((n) => `a.resolved_by_user_id = $${n}`, dto.resolvedBy);
    if (dto.updatedAfter !== undefined) add((n) => `a.updated_at > to_timestamp($${n})`, ms(dto.updatedAfter));
    if (dto.updatedBefore !== undefined) add((n) => `a.updated_at < to_timestamp($${n})`, ms(dto.updatedBefore));
    if (dto.createdAfter !== undefined) add((n) => `a.created_at > to_timestamp($${n})`, ms(dto.createdAfter));
    if (dto.createdBefore !== undefined) add((n) => `a.created_at < to_timestamp($${n})`, ms(dto.createdBefore));
    const inComments = (condition: string) =>
      `EXISTS (SELECT 1 FROM comment c WHERE c.api_key_id = a.api_key_id AND c.organization_id = a.organization_id AND c.document_id = a.document_id AND c.annotation_id = a.id AND ${condition})`;
    if (dto.mentionedUserIds)
      add(
        (n) =>
          inComments(
            `EXISTS (SELECT 1 FROM jsonb_array_elements(c.tagged_user_contacts) t WHERE t->>'userId' = ANY($${n}::text[]))`,
          ),
        dto.mentionedUserIds,
      );
    if (dto.agentId) add((n) => inComments(`c.agent->>'agentId' = $${n}`), dto.agentId);
    if (dto.executionId) add((n) => inComments(`c.agent->>'executionId' = $${n}`), dto.executionId);
    if (dto.agentType) add((n) => inComments(`c.agent->>'agentType' = $${n}`), dto.agentType);
    if (dto.agentSource) add((n) => inComments(`c.agent->>'agentSource' = $${n}`), dto.agentSource);
    if (dto.agentComments) where.push(inComments('c.agent IS NOT NULL'));
    if (dto.agentSuggestions)
      where.push(
        `a.type = 'suggestion' AND COALESCE(a.suggestion->>'status', 'pending') = 'pending' AND ${inComments('c.agent IS NOT NULL')}`,
      );
    // Velt's private annotations: a restricted one is read by its author and the users it names.
    if (from)
      add(
        (n) =>
          `(a.visibility->>'type' IS DISTINCT FROM 'restricted' OR a.created_by->>'userId' = $${n} OR a.visibility->'userIds' ? $${n})`,
        from.userId,
      );
    if (pager.after) {
      const [at, seq] = pager.after;
      where.push(
        `(a.updated_at, a.seq) ${desc ? '<' : '>'} ($${params.push(at)}::timestamptz, $${params.push(seq)}::bigint)`,
      );
    }
    const direction = desc ? 'DESC' : 'ASC';
    const listed = await manager.query<Array<{ id: string; document_id: string; updated_at: string }>>(
      `SELECT a.id, a.document_id, a.updated_at::text AS updated_at FROM comment_annotation AS a
        WHERE a.api_key_id = $1 AND a.organization_id = $2${where.map((w) => ` AND ${w}`).join('')}
        ORDER BY a.updated_at ${direction}, a.seq ${direction} LIMIT ${pager.limit}`,
      params,
    );
    const rows = listed.length
      ? await manager.find(CommentAnnotation, {
          where: listed.map((r) => ({ apiKeyId, organizationId, documentId: r.document_id, id: r.id })),
        })
      : [];
    const byKey = new Map(rows.map((row) => [`${row.documentId}\u0000${row.id}`, row]));
    const page = pager.page(
      listed.map((r) => ({ row: byKey.get(`${r.document_id}\u0000${r.id}`)!, updatedAt: r.updated_at })),
    );
    let visible = page.rows.map((listedRow) => listedRow.row);
    // A user reading across documents sees the documents they may read; one named document was checked above.
    if (from && documentIds?.length !== 1) {
      const listedDocuments = [...new Set(visible.map((row) => row.documentId))];
      const readable = await this.access.readable(manager, apiKeyId, organizationId, listedDocuments, from.userId);
      if (listedDocuments.some((documentId) => !readable.has(documentId))) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      visible = visible.filter((row) => readable.get(row.documentId));
    }
    const views = await annotationViewsOf(manager, visible);
    if (!groupByDocumentId) return { data: views, nextPageToken: page.nextToken };
    const grouped: Record<string, AnnotationView[]> = {};
    visible.forEach((row, i) => (grouped[row.documentId] ??= []).push(views[i]));
    return { data: grouped, nextPageToken: page.nextToken };
  }

  /**
   * Velt's counts per document as `userId` sees them: documents that do not exist or that the user may
   * not read are left out. There is no read tracking here, so `unread` is always 0.
   */
  async count(apiKeyId: string, dto: CountAnnotationsDto): Promise<Record<string, { total: number; unread: number }>> {
    const { organizationId, userId } = dto;
    const manager = this.dataSource.manager;
    const named = [...new Set(dto.documentIds)];
    const access = await this.access.readable(manager, apiKeyId, organizationId, named, userId);
    const readable = named.filter((documentId) => access.get(documentId) === true);
    const params: unknown[] = [apiKeyId, organizationId, readable, userId];
    const status = dto.statusIds ? ` AND a.status->>'id' = ANY($${params.push(dto.statusIds)}::text[])` : '';
    const rows = await manager.query<Array<{ document_id: string; total: string }>>(
      `SELECT a.document_id, count(*) AS total FROM comment_annotation AS a
        WHERE a.api_key_id = $1 AND a.organization_id = $2 AND a.document_id = ANY($3::text[])${status}
          AND (a.visibility->>'type' IS DISTINCT FROM 'restricted' OR a.created_by->>'userId' = $4 OR a.visibility->'userIds' ? $4)
        GROUP BY a.document_id`,
      params,
    );
    const totals = new Map(rows.map((row) => [row.document_id, Number(row.total)]));
    return Object.fromEntries(
      readable.map((documentId) => [documentId, { total: totals.get(documentId) ?? 0, unread: 0 }]),
    );
  }
}
