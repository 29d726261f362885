import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { ApiError, ErrorCode } from '@app/common';
import { contentError, CrdtKey, CrdtStore, CrdtType, DEFAULT_CONTENT_KEY, documentName, inferType, readContent, writeContent } from '@app/crdt';
import { ensureDocument, ensureOrganization } from '@app/resource';
import { CollabDurability } from './collab-durability';
import { CollabServer } from './collab.server';
import { GetCrdtDto, WriteCrdtDto } from './dto/crdt.dto';
import { tenantDocumentName } from './tenant-names';

/** Velt's Get CRDT Data item. */
export interface CrdtEditorView {
  data: unknown;
  id: string;
  lastUpdate: string;
  lastUpdatedBy: string | null;
  sessionId: null;
}

/** Transaction origin of REST writes, so they are told apart from editors' updates. */
const REST_ORIGIN = 'crdt-rest';

/**
 * `/v2/crdt/add|get|update`. Writes go through a direct connection of the sync server, so connected
 * editors receive them at once as ordinary Yjs updates: the change is computed on a copy,
 * appended to the log, then applied to the live document.
 */
@Injectable()
export class CrdtRestService {
  private readonly logger = new Logger('Collab');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: CrdtStore,
    private readonly server: CollabServer,
    private readonly durability: CollabDurability,
  ) {}

  /** Creates the organization and document when missing, as a first editor opening them would in Velt. */
  async add(apiKeyId: string, dto: WriteCrdtDto): Promise<void> {
    assertContent(dto);
    await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, dto.organizationId, { create: true, lock: false });
      await ensureDocument(manager, apiKeyId, dto.organizationId, dto.documentId, { create: true, lock: false, checkOrganization: false });
    });
    const key = keyOf(apiKeyId, dto);
    if (!(await this.store.claim(key, dto.type, dto.contentKey ?? DEFAULT_CONTENT_KEY))) {
      throw new ApiError(ErrorCode.ALREADY_EXISTS, 'CRDT data already exists for this editor ID.');
    }
    await this.write(key, dto);
  }

  async update(apiKeyId: string, dto: WriteCrdtDto): Promise<void> {
    assertContent(dto);
    const key = keyOf(apiKeyId, dto);
    if (!(await this.store.exists(key))) throw ApiError.notFound('No CRDT data found for this editor ID.');
    await this.write(key, dto);
    await this.store.declare(key, dto.type, dto.contentKey ?? DEFAULT_CONTENT_KEY);
  }

  async get(apiKeyId: string, dto: GetCrdtDto): Promise<CrdtEditorView[]> {
    await ensureDocument(this.dataSource.manager, apiKeyId, dto.organizationId, dto.documentId, { lock: false });
    const editors = await this.store.read(apiKeyId, dto.organizationId, dto.documentId, dto.editorId);
    return editors.map((editor) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, editor.update);
      const contentKey = editor.contentKey ?? DEFAULT_CONTENT_KEY;
      const type = (editor.type as CrdtType | null) ?? inferType(doc, contentKey);
      const data = type ? readContent(doc, type, contentKey) : null;
      doc.destroy();
      return { data, id: editor.editorId, lastUpdate: editor.lastUpdate.toISOString(), lastUpdatedBy: editor.lastUpdatedBy, sessionId: null };
    });
  }

  private async write(key: CrdtKey, dto: WriteCrdtDto): Promise<void> {
    const name = tenantDocumentName(key.apiKeyId, documentName(key.organizationId, key.documentId, key.editorId));
    const connection = await this.server.hocuspocus.openDirectConnection(name, { rest: true });
    try {
      const live = connection.document!;
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
      const before = Y.encodeStateVector(copy);
      writeContent(copy, dto.type, dto.contentKey ?? DEFAULT_CONTENT_KEY, dto.data, REST_ORIGIN);
      const update = Y.encodeStateAsUpdate(copy, before);
      copy.destroy();
      await this.store.append(key, update, null);
      this.durability.grew(name, update.length);
      Y.applyUpdate(live, update, REST_ORIGIN);
    } finally {
      // Compacts and unloads when no editor holds the document; the update is already stored.
      connection.disconnect().catch((error: unknown) => this.logger.warn(`collab direct disconnect: ${String(error)}`));
    }
  }
}

function keyOf(apiKeyId: string, dto: WriteCrdtDto): CrdtKey {
  return { apiKeyId, organizationId: dto.organizationId, documentId: dto.documentId, editorId: dto.editorId };
}

function assertContent(dto: WriteCrdtDto): void {
  const error = contentError(dto.type, dto.data);
  if (error) throw ApiError.invalid(error);
}
