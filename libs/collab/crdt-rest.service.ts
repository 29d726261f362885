import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { ApiError, ErrorCode } from '@app/common';
import {
  contentError,
  CrdtKey,
  CrdtStore,
  DEFAULT_CONTENT_KEY,
  editorContent,
  NO_CRDT_DATA,
  writeContent,
} from '@app/crdt';
import { ensureDocument, ensureOrganization } from '@app/resource';
import { CrdtLiveWriter } from './crdt-live-writer';
import { GetCrdtDto, WriteCrdtDto } from './dto/crdt.dto';

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

/** `/v2/crdt/add|get|update`. Writes go through the live document (CrdtLiveWriter): the change is computed on a copy of it. */
@Injectable()
export class CrdtRestService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: CrdtStore,
    private readonly live: CrdtLiveWriter,
  ) {}

  /** Creates the organization and document when missing, as a first editor opening them would in Velt. */
  async add(apiKeyId: string, dto: WriteCrdtDto): Promise<void> {
    assertContent(dto);
    await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, dto.organizationId, { create: true, lock: false });
      await ensureDocument(manager, apiKeyId, dto.organizationId, dto.documentId, {
        create: true,
        lock: false,
        checkOrganization: false,
      });
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
    if (!(await this.store.exists(key))) throw ApiError.notFound(NO_CRDT_DATA);
    await this.write(key, dto);
    await this.store.declare(key, dto.type, dto.contentKey ?? DEFAULT_CONTENT_KEY);
  }

  async get(apiKeyId: string, dto: GetCrdtDto): Promise<CrdtEditorView[]> {
    await ensureDocument(this.dataSource.manager, apiKeyId, dto.organizationId, dto.documentId, { lock: false });
    const editors = await this.store.read(apiKeyId, dto.organizationId, dto.documentId, dto.editorId);
    return editors.map((editor) => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, editor.update);
      const data = editorContent(doc, editor);
      doc.destroy();
      return {
        data,
        id: editor.editorId,
        lastUpdate: editor.lastUpdate.toISOString(),
        lastUpdatedBy: editor.lastUpdatedBy,
        sessionId: null,
      };
    });
  }

  private write(key: CrdtKey, dto: WriteCrdtDto): Promise<void> {
    const change = (live: Y.Doc) => {
      const copy = new Y.Doc();
      Y.applyUpdate(copy, Y.encodeStateAsUpdate(live));
      const before = Y.encodeStateVector(copy);
      writeContent(copy, dto.type, dto.contentKey ?? DEFAULT_CONTENT_KEY, dto.data, REST_ORIGIN);
      const update = Y.encodeStateAsUpdate(copy, before);
      copy.destroy();
      return update;
    };
    return this.live.write(key, change, null, REST_ORIGIN);
  }
}

function keyOf(apiKeyId: string, dto: WriteCrdtDto): CrdtKey {
  return { apiKeyId, organizationId: dto.organizationId, documentId: dto.documentId, editorId: dto.editorId };
}

function assertContent(dto: WriteCrdtDto): void {
  const error = contentError(dto.type, dto.data);
  if (error) throw ApiError.invalid(error);
}
