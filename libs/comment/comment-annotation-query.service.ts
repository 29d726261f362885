import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, KeysetPager, keysetListing } from '@app/common';
import { DocumentDirectoryService } from '@app/document';
import { DOCUMENT_NOT_FOUND, ensureOrganization } from '@app/resource';
import { CommentAccess, EndUserActor } from './comment-access';
import { ListedThreadRow, storedThread } from './comment-sql';
import { CommentStore } from './comment-store';
import { AnnotationView } from './comment-views';
import { CountAnnotationsDto, GetAnnotationsDto } from './dto/annotations.dto';

/** `listed_at` is `updated_at` as PostgreSQL's text: a JS Date would drop the microseconds the cursor needs. */
const ANNOTATION_LISTING = keysetListing('comment annotations', ['timestamp', 'bigint'], (row: ListedThreadRow) => [
  row.listed_at,
  row.seq,
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
    private readonly store: CommentStore,
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
    const statusIds =
      dto.statusIds || dto.statusId ? [...(dto.statusIds ?? []), ...(dto.statusId ? [dto.statusId] : [])] : undefined;
    const listed = await this.store.listThreads(this.dataSource, {
      apiKeyId,
      organizationId,
      documentIds,
      filters: { ...filters, statusIds },
      readerId: from?.userId ?? null,
      after: pager.after,
      desc: dto.order !== 'asc',
      limit: pager.limit,
    });
    const page = pager.page(listed);
    let visible = page.rows;
    // A user reading across documents sees the documents they may read; one named document was checked above.
    if (from && documentIds?.length !== 1) {
      const listedDocuments = [...new Set(visible.map((row) => row.document_id))];
      const readable = await this.access.readable(manager, apiKeyId, organizationId, listedDocuments, from.userId);
      if (listedDocuments.some((documentId) => !readable.has(documentId))) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      visible = visible.filter((row) => readable.get(row.document_id));
    }
    const views = visible.map((row) => storedThread({ ...row, document_name: null }).view);
    if (!groupByDocumentId) return { data: views, nextPageToken: page.nextToken };
    const grouped: Record<string, AnnotationView[]> = {};
    visible.forEach((row, i) => (grouped[row.document_id] ??= []).push(views[i]));
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
    const totals = await this.store.countThreads(
      this.dataSource,
      apiKeyId,
      organizationId,
      readable,
      userId,
      dto.statusIds,
    );
    return Object.fromEntries(
      readable.map((documentId) => [documentId, { total: totals.get(documentId) ?? 0, unread: 0 }]),
    );
  }
}
