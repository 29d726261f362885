import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ApiError,
  AppConfig,
  assertUniqueIds,
  BatchItem,
  item,
  KeysetPage,
  KeysetPager,
  keysetListing,
  likePrefix,
} from '@app/common';
import { preparedStatement, queryPreparedValues, runStatement } from '@app/database';
import { changedFields, DocumentSnapshot, Emit, EventOutbox } from '@app/events';
import { RealtimeRevocation } from '@app/realtime-hub';
import {
  DOCUMENT_NOT_FOUND,
  ensureFolder,
  ensureOrganization,
  FOLDER_NOT_FOUND,
  ORGANIZATION_NOT_FOUND,
} from '@app/resource';
import { AddDocumentsDto } from './dto/add-documents.dto';
import { DocumentIdsDto } from './dto/document-ids.dto';
import { GetDocumentsDto } from './dto/get-documents.dto';
import { MoveDocumentsDto } from './dto/move-documents.dto';
import { SearchDocumentsDto } from './dto/search-documents.dto';
import { UpdateDocumentAccessDto, UpdateDocumentDisabledStateDto } from './dto/update-document-access.dto';
import { DocumentUpdateDto, UpdateDocumentsDto } from './dto/update-documents.dto';
import { DocumentRow, documentView } from './document-view';
import { AccessType } from './entities/access-type';

/** Spec message (Common envelopes, 7): no closing period. */
export const DOCUMENT_ABSENT = 'Document does not exist';

/** Velt's per-item `code` of a document the batch names but that does not exist (or, for get, is outside the filter). */
const NOT_FOUND = { code: 'not-found' } as const;
/** Velt's per-item `code` of a document add that finds the id taken. */
const ALREADY_EXISTS = { code: 'already-exists' } as const;

const LIST_DOCUMENTS = preparedStatement(
  `SELECT (f.id IS NOT NULL) AS folder_found, d.* FROM organization o
   LEFT JOIN folder f ON f.api_key_id = o.api_key_id AND f.organization_id = o.id AND f.id = $4
   LEFT JOIN LATERAL (
     SELECT true AS found, id, name, disabled, access_type, folder_id, metadata FROM document
     WHERE api_key_id = o.api_key_id AND organization_id = o.id
       AND ($3::text[] IS NULL OR id = ANY($3)) AND ($4::text IS NULL OR folder_id = $4)
       AND ($5::text IS NULL OR id > $5)
     ORDER BY id LIMIT $6
   ) d ON true
   WHERE o.api_key_id = $1 AND o.id = $2
   ORDER BY d.id`,
);
/** A row of LIST_DOCUMENTS: `found` is null on the one row of an organization without a match. */
type ListedDocument = [
  folderFound: boolean,
  found: boolean | null,
  ...document: [string, string, boolean, AccessType, string | null, Record<string, unknown>],
];

/** What every write returns: the document as its events carry it. */
const RETURNED = 'id, name, folder_id, access_type, disabled, metadata';

interface ChangedDocument {
  id: string;
  name: string;
  folder_id: string | null;
  access_type: string;
  disabled: boolean;
  metadata: Record<string, unknown>;
}

function snapshot(row: ChangedDocument): DocumentSnapshot {
  return {
    documentId: row.id,
    documentName: row.name,
    folderId: row.folder_id,
    accessType: row.access_type,
    disabled: row.disabled,
    metadata: row.metadata,
  };
}

function emitDocuments(
  emit: Emit,
  trigger: 'document.add' | 'document.delete',
  organizationId: string,
  rows: ChangedDocument[],
): void {
  for (const row of rows)
    emit({ trigger, organizationId, documentId: row.id, actionUser: null, document: snapshot(row) });
}

/** The documents' state before a write, locked so the update's from/to is exact. */
async function lockDocuments(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  ids: string[],
): Promise<Map<string, ChangedDocument>> {
  const rows: ChangedDocument[] = await manager.query(
    `SELECT ${RETURNED} FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) ORDER BY id FOR UPDATE`,
    [apiKeyId, organizationId, ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** `document.update` for each document whose fields changed, with the changes as from/to. */
function emitUpdates(
  emit: Emit,
  organizationId: string,
  before: Map<string, ChangedDocument>,
  after: ChangedDocument[],
): void {
  for (const row of after) {
    const previous = before.get(row.id);
    const changes = previous ? changedFields(snapshot(previous), snapshot(row)) : undefined;
    if (changes)
      emit({
        trigger: 'document.update',
        organizationId,
        documentId: row.id,
        actionUser: null,
        document: snapshot(row),
        changes,
      });
  }
}

/** A page of documents get: `notFound` on the last page of a listing by ids (docs/velt-fidelity.md). */
export interface DocumentPage extends KeysetPage<Record<string, unknown>> {
  notFound?: BatchItem[];
}

const DOCUMENT_LISTING = keysetListing('documents', ['text'], (row: DocumentRow) => [row.id]);

const SEARCHED = 'id, name, disabled, access_type, folder_id, metadata';
/** By id: a range of the primary key (its collation is C, so LIKE 'x%' is one). */
const SEARCH_BY_ID = `SELECT ${SEARCHED} FROM document
   WHERE api_key_id = $1 AND organization_id = $2 AND id LIKE $3 AND ($4::text IS NULL OR id > $4) ORDER BY id LIMIT $5`;
const ID_SEARCH_LISTING = keysetListing('documents by id prefix', ['text'], (row: DocumentRow) => [row.id]);
/** By name, any case: a range of IDX_document_name_prefix (api_key_id, organization_id, lower(name) COLLATE "C", id). */
const SEARCH_BY_NAME = `SELECT ${SEARCHED}, lower(name) AS sort_name FROM document
   WHERE api_key_id = $1 AND organization_id = $2 AND lower(name) COLLATE "C" LIKE $3
     AND ($4::text IS NULL OR (lower(name) COLLATE "C", id) > ($4::text COLLATE "C", $5::text))
   ORDER BY lower(name) COLLATE "C", id LIMIT $6`;
const NAME_SEARCH_LISTING = keysetListing(
  'documents by name prefix',
  ['text', 'text'],
  (row: DocumentRow & { sort_name: string }) => [row.sort_name, row.id],
);

@Injectable()
export class DocumentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
    private readonly outbox: EventOutbox,
  ) {}

  /** How many documents the API key has (the console's overview): an index-only count of the primary key. */
  async count(apiKeyId: string): Promise<number> {
    const [row] = await this.dataSource.query<Array<{ n: number }>>(
      'SELECT count(*)::int AS n FROM document WHERE api_key_id = $1',
      [apiKeyId],
    );
    return row.n;
  }

  async add(apiKeyId: string, dto: AddDocumentsDto): Promise<BatchItem[]> {
    const { organizationId, documents } = dto;
    const ids = documents.map((doc) => doc.documentId);
    assertUniqueIds(ids, (i) => `data.documents[${i}].documentId`);
    const rows = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureOrganization(manager, apiKeyId, organizationId, { create: dto.createOrganization === true });
      if (dto.folderId != null)
        await ensureFolder(manager, apiKeyId, organizationId, dto.folderId, { create: dto.createFolder === true });
      const { rows: added } = await runStatement<ChangedDocument>(
        manager,
        `INSERT INTO document (api_key_id, organization_id, id, name, folder_id, access_type, metadata)
         SELECT $1, $2, v.id, v.name, $3, COALESCE(v.access_type, 'public'), v.metadata
         FROM unnest($4::text[], $5::text[], $6::text[], $7::jsonb[]) AS v(id, name, access_type, metadata)
         ON CONFLICT DO NOTHING RETURNING ${RETURNED}`,
        [
          apiKeyId,
          organizationId,
          dto.folderId ?? null,
          ids,
          documents.map((doc) => doc.documentName ?? doc.documentId),
          documents.map((doc) => doc.accessType ?? null),
          documents.map((doc) => JSON.stringify(doc.metadata ?? {})),
        ],
      );
      emitDocuments(emit, 'document.add', organizationId, added);
      return added;
    });
    const added = new Set(rows.map((row) => row.id));
    return ids.map((id) =>
      added.has(id) ? item(id, true, 'Document added.') : item(id, false, 'Document already exists.', ALREADY_EXISTS),
    );
  }

  /** Documents of the organization whose id or name starts with the prefix, keyset-paged on the index of that field. */
  async search(apiKeyId: string, dto: SearchDocumentsDto): Promise<KeysetPage<Record<string, unknown>>> {
    const pattern = likePrefix(dto.prefix, dto.searchBy);
    const scope = { apiKeyId, filters: { organizationId: dto.organizationId, prefix: dto.prefix } };
    if (dto.searchBy === 'id') {
      const pager = new KeysetPager(ID_SEARCH_LISTING, dto, scope, this.config.pageTokenKey);
      const rows = await this.dataSource.query<DocumentRow[]>(SEARCH_BY_ID, [
        apiKeyId,
        dto.organizationId,
        pattern,
        pager.after?.[0] ?? null,
        pager.limit,
      ]);
      const page = pager.page(rows);
      return { rows: page.rows.map(documentView), nextToken: page.nextToken };
    }
    const pager = new KeysetPager(NAME_SEARCH_LISTING, dto, scope, this.config.pageTokenKey);
    const rows = await this.dataSource.query<Array<DocumentRow & { sort_name: string }>>(SEARCH_BY_NAME, [
      apiKeyId,
      dto.organizationId,
      pattern,
      pager.after?.[0] ?? null,
      pager.after?.[1] ?? null,
      pager.limit,
    ]);
    const page = pager.page(rows);
    return { rows: page.rows.map(documentView), nextToken: page.nextToken };
  }

  async get(apiKeyId: string, dto: GetDocumentsDto): Promise<DocumentPage> {
    const ids = dto.documentIds ?? null;
    if (ids) assertUniqueIds(ids, (i) => `data.documentIds[${i}]`);
    const folderId = dto.folderId ?? null;
    const filters = { organizationId: dto.organizationId, ids, folderId };
    const pager = new KeysetPager(DOCUMENT_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    // One round trip on the hottest read: the organization and folder rows decide NOT_FOUND,
    // the lateral join lists the page.
    const rows = await queryPreparedValues<ListedDocument>(this.dataSource, LIST_DOCUMENTS, [
      apiKeyId,
      dto.organizationId,
      ids,
      folderId,
      pager.after?.[0] ?? null,
      pager.limit,
    ]);
    if (rows.length === 0) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);
    if (folderId !== null && !rows[0][0]) throw ApiError.notFound(FOLDER_NOT_FOUND);
    const documents: DocumentRow[] = [];
    for (const [, found, id, name, disabled, access_type, folder_id, metadata] of rows) {
      if (found) documents.push({ id, name, disabled, access_type, folder_id, metadata });
    }
    const page = pager.page(documents);
    const listed = { rows: page.rows.map(documentView), nextToken: page.nextToken };
    if (!ids || page.nextToken) return listed;
    return {
      ...listed,
      notFound: await this.missing(
        apiKeyId,
        dto.organizationId,
        ids,
        folderId,
        pager.after === null ? page.rows : null,
      ),
    };
  }

  /**
   * The last page of a listing by ids reports, beside the documents, one entry per requested id that
   * matched no document, in the order sent, with Velt's per-item `code`. When the listing had one page,
   * its rows are all the matches; otherwise the matches are looked up again.
   */
  private async missing(
    apiKeyId: string,
    organizationId: string,
    ids: string[],
    folderId: string | null,
    onlyPage: DocumentRow[] | null,
  ): Promise<BatchItem[]> {
    const found = onlyPage
      ? new Set(onlyPage.map((row) => row.id))
      : new Set(
          (
            await this.dataSource.query<Array<{ id: string }>>(
              'SELECT id FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) AND ($4::text IS NULL OR folder_id = $4)',
              [apiKeyId, organizationId, ids, folderId],
            )
          ).map((row) => row.id),
        );
    return ids.filter((id) => !found.has(id)).map((id) => item(id, false, DOCUMENT_ABSENT, NOT_FOUND));
  }

  async update(apiKeyId: string, dto: UpdateDocumentsDto): Promise<BatchItem[]> {
    const ids = dto.documents.map((doc) => doc.documentId);
    assertUniqueIds(ids, (i) => `data.documents[${i}].documentId`);
    const updated = await this.write(apiKeyId, dto.organizationId, dto.documents);
    return ids.map((id) =>
      updated.has(id) ? item(id, true, 'Document updated.') : item(id, false, DOCUMENT_ABSENT, NOT_FOUND),
    );
  }

  /** Velt's access update: the same write as update, with its per-item accessType. */
  async setAccessType(apiKeyId: string, dto: UpdateDocumentAccessDto): Promise<BatchItem[]> {
    const { documentIds, accessType } = dto;
    assertUniqueIds(documentIds, (i) => `data.documentIds[${i}]`);
    const updated = await this.write(
      apiKeyId,
      dto.organizationId,
      documentIds.map((documentId) => ({ documentId, accessType })),
    );
    return documentIds.map((id) =>
      updated.has(id)
        ? item(id, true, 'Document access type updated.', { accessType })
        : item(id, false, DOCUMENT_ABSENT, { accessType: null, ...NOT_FOUND }),
    );
  }

  /** Velt's disabled-state update: the same write as update, with its per-item disabled flag. */
  async setDisabled(apiKeyId: string, dto: UpdateDocumentDisabledStateDto): Promise<BatchItem[]> {
    const { documentIds, disabled } = dto;
    assertUniqueIds(documentIds, (i) => `data.documentIds[${i}]`);
    const updated = await this.write(
      apiKeyId,
      dto.organizationId,
      documentIds.map((documentId) => ({ documentId, disabled })),
    );
    return documentIds.map((id) =>
      updated.has(id)
        ? item(id, true, 'Document disabled state updated.', { disabled })
        : item(id, false, DOCUMENT_ABSENT, { disabled: null, ...NOT_FOUND }),
    );
  }

  /** One UPDATE of the named documents (absent fields keep their value); returns the ids it found. */
  private async write(apiKeyId: string, organizationId: string, documents: DocumentUpdateDto[]): Promise<Set<string>> {
    const rows = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      const before = await lockDocuments(
        manager,
        apiKeyId,
        organizationId,
        documents.map((doc) => doc.documentId),
      );
      const { rows: after } = await runStatement<ChangedDocument>(
        manager,
        `UPDATE document d SET
           name = COALESCE(v.name, d.name),
           access_type = COALESCE(v.access_type, d.access_type),
           disabled = COALESCE(v.disabled, d.disabled),
           metadata = d.metadata || COALESCE(v.metadata, '{}'::jsonb),
           updated_at = now()
         FROM unnest($3::text[], $4::text[], $5::text[], $6::boolean[], $7::jsonb[]) AS v(id, name, access_type, disabled, metadata)
         WHERE d.api_key_id = $1 AND d.organization_id = $2 AND d.id = v.id
         RETURNING d.id, d.name, d.folder_id, d.access_type, d.disabled, d.metadata`,
        [
          apiKeyId,
          organizationId,
          documents.map((doc) => doc.documentId),
          documents.map((doc) => doc.documentName ?? null),
          documents.map((doc) => doc.accessType ?? null),
          documents.map((doc) => doc.disabled ?? null),
          documents.map((doc) => (doc.metadata ? JSON.stringify(doc.metadata) : null)),
        ],
      );
      emitUpdates(emit, organizationId, before, after);
      return after;
    });
    const updated = new Set(rows.map((row) => row.id));
    const accessChanged = documents.filter((doc) => updated.has(doc.documentId) && (doc.disabled || doc.accessType));
    await this.revoke(
      apiKeyId,
      organizationId,
      accessChanged.map((doc) => doc.documentId),
    );
    return updated;
  }

  async delete(apiKeyId: string, dto: DocumentIdsDto): Promise<BatchItem[]> {
    const { organizationId, documentIds } = dto;
    assertUniqueIds(documentIds, (i) => `data.documentIds[${i}]`);
    const rows = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      const { rows: deleted } = await runStatement<ChangedDocument>(
        manager,
        `DELETE FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) RETURNING ${RETURNED}`,
        [apiKeyId, organizationId, documentIds],
      );
      emitDocuments(emit, 'document.delete', organizationId, deleted);
      return deleted;
    });
    const deleted = new Set(rows.map((row) => row.id));
    await this.revoke(apiKeyId, organizationId, [...deleted]);
    return documentIds.map((id) =>
      deleted.has(id) ? item(id, true, 'Document deleted.') : item(id, true, DOCUMENT_ABSENT, NOT_FOUND),
    );
  }

  /** All or nothing: the response has no per-item map to report a missing document in. */
  async move(apiKeyId: string, dto: MoveDocumentsDto): Promise<void> {
    const { organizationId, documentIds, folderId } = dto;
    assertUniqueIds(documentIds, (i) => `data.documentIds[${i}]`);
    await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      await ensureFolder(manager, apiKeyId, organizationId, folderId);
      const before = await lockDocuments(manager, apiKeyId, organizationId, documentIds);
      const { rows, affected } = await runStatement<ChangedDocument>(
        manager,
        `UPDATE document SET folder_id = $3, updated_at = now()
         WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($4) RETURNING ${RETURNED}`,
        [apiKeyId, organizationId, folderId, documentIds],
      );
      if (affected !== documentIds.length) throw ApiError.notFound(DOCUMENT_NOT_FOUND);
      emitUpdates(emit, organizationId, before, rows);
    });
    // A new folder chain can change who may open the document.
    await this.revoke(apiKeyId, organizationId, documentIds);
  }

  /** Live sockets re-check access after a committed change that may take it away. */
  private async revoke(apiKeyId: string, organizationId: string, documentIds: string[]): Promise<void> {
    await Promise.all(documentIds.map((id) => this.revocation.revokeDocument(apiKeyId, organizationId, id)));
  }
}
