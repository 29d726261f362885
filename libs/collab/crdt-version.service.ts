import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import * as Y from 'yjs';
import { ApiError, AppConfig, keysetListing, KeysetPager } from '@app/common';
import {
  changesByUser,
  CrdtKey,
  CrdtVersions,
  DEFAULT_CONTENT_KEY,
  DiffRun,
  editorContent,
  historyDoc,
  inferType,
  revertUpdate,
  StoredVersion,
  textDiff,
  UserChanges,
  VersionPolicy,
} from '@app/crdt';
import { EmittedEvent, EventOutbox } from '@app/events';
import { ensureDocument } from '@app/resource';
import { CrdtLiveWriter } from './crdt-live-writer';
import { CrdtEditorRefDto } from './dto/crdt.dto';
import {
  CrdtVersionPolicyDto,
  DiffCrdtVersionsDto,
  GetCrdtVersionsDto,
  RestoreCrdtVersionDto,
  SaveCrdtVersionDto,
} from './dto/crdt-version.dto';

/** Velt's Version, with who made it and why. */
export interface CrdtVersionView {
  versionId: string;
  versionName: string | null;
  kind: string;
  createdAt: number;
  createdBy: string | null;
  restoredFrom: string | null;
  data?: unknown;
}

export interface CrdtVersionDiff {
  before: unknown;
  after: unknown;
  changes: UserChanges[];
  /** For text: the text at the end, with what changed since the start marked and attributed. */
  delta?: DiffRun[];
}

const VERSION_LISTING = keysetListing(
  'crdt-versions',
  ['bigint'] as const,
  (version: StoredVersion) => [version.seq] as const,
);
const RESTORE_ORIGIN = 'crdt-restore';
const VERSION_NOT_FOUND = 'Version not found.';

function view(version: StoredVersion): CrdtVersionView {
  return {
    versionId: version.versionId,
    versionName: version.name,
    kind: version.kind,
    createdAt: version.createdAt.getTime(),
    createdBy: version.createdBy,
    restoredFrom: version.restoredFrom,
  };
}

function keyOf(apiKeyId: string, dto: CrdtEditorRefDto): CrdtKey {
  return { apiKeyId, organizationId: dto.organizationId, documentId: dto.documentId, editorId: dto.editorId };
}

function versionEvent(
  trigger: 'crdt.version_save' | 'crdt.version_restore',
  key: CrdtKey,
  version: StoredVersion,
  userId: string | undefined,
): EmittedEvent {
  return {
    trigger,
    organizationId: key.organizationId,
    documentId: key.documentId,
    actionUser: userId ? { userId } : null,
    version: {
      editorId: key.editorId,
      versionId: version.versionId,
      versionName: version.name,
      kind: version.kind,
      restoredFrom: version.restoredFrom,
    },
  };
}

/**
 * `/v2/crdt/versions/*`: named versions, the versions list and one version's content, the attributed
 * diff between two points of the history, restore, and the automatic version policy of the API key.
 */
@Injectable()
export class CrdtVersionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly versions: CrdtVersions,
    private readonly live: CrdtLiveWriter,
    private readonly outbox: EventOutbox,
    private readonly config: AppConfig,
  ) {}

  async save(apiKeyId: string, dto: SaveCrdtVersionDto): Promise<CrdtVersionView> {
    const key = await this.editor(apiKeyId, dto);
    const saved = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      const version = await this.versions.save(manager, key, {
        name: dto.versionName,
        kind: 'named',
        createdBy: dto.userId ?? null,
      });
      emit(versionEvent('crdt.version_save', key, version, dto.userId));
      return version;
    });
    return view(saved);
  }

  async get(
    apiKeyId: string,
    dto: GetCrdtVersionsDto,
  ): Promise<{ versions: CrdtVersionView[]; nextPageToken?: string }> {
    const key = await this.editor(apiKeyId, dto);
    if (dto.versionId !== undefined) {
      const version = await this.found(key, dto.versionId);
      const doc = historyDoc((await this.versions.parts(key, '0', version.historyId)).map((part) => part.data));
      return { versions: [{ ...view(version), data: editorContent(doc, await this.versions.declared(key)) }] };
    }
    const pager = new KeysetPager(
      VERSION_LISTING,
      dto,
      { apiKeyId, filters: [key.organizationId, key.documentId, key.editorId] },
      this.config.pageTokenKey,
    );
    const page = pager.page(await this.versions.list(key, pager.after?.[0] ?? null, pager.limit));
    return { versions: page.rows.map(view), nextPageToken: page.nextToken };
  }

  async diff(apiKeyId: string, dto: DiffCrdtVersionsDto): Promise<CrdtVersionDiff> {
    const key = await this.editor(apiKeyId, dto);
    if (dto.fromVersionId !== undefined && dto.from !== undefined)
      throw ApiError.invalid('Give fromVersionId or from, not both.');
    if (dto.toVersionId !== undefined && dto.to !== undefined)
      throw ApiError.invalid('Give toVersionId or to, not both.');
    const from = await this.point(key, dto.fromVersionId, dto.from, () => Promise.resolve('0'));
    const to = await this.point(key, dto.toVersionId, dto.to, () => this.versions.head(key));
    if (BigInt(from) > BigInt(to))
      throw ApiError.invalid(
        'The start of the diff (fromVersionId or from) must not be after its end (toVersionId or to).',
      );
    const before = await this.versions.parts(key, '0', from);
    const range = await this.versions.parts(key, from, to);
    const declared = await this.versions.declared(key);
    const beforeDoc = historyDoc(before.map((part) => part.data));
    const afterDoc = historyDoc([...before, ...range].map((part) => part.data));
    const diff: CrdtVersionDiff = {
      before: editorContent(beforeDoc, declared),
      after: editorContent(afterDoc, declared),
      changes: [],
    };
    const contentKey = declared.contentKey ?? DEFAULT_CONTENT_KEY;
    const start = Y.snapshot(beforeDoc);
    if ((declared.type ?? inferType(afterDoc, contentKey)) === 'text')
      diff.delta = textDiff(afterDoc, contentKey, start, Y.snapshot(afterDoc), range);
    diff.changes = changesByUser(range, start, afterDoc);
    return diff;
  }

  /**
   * A new change on top of the current content, attributed to `userId`, that every connected editor
   * receives: first a version of the content before it (so the restore can itself be undone), then
   * the revert, then a `restore` version of the result.
   */
  async restore(apiKeyId: string, dto: RestoreCrdtVersionDto): Promise<CrdtVersionView> {
    const key = await this.editor(apiKeyId, dto);
    const version = await this.found(key, dto.versionId);
    const userId = dto.userId ?? null;
    await this.dataSource.transaction((manager) =>
      this.versions.save(manager, key, {
        name: `Before restoring ${version.name ?? version.versionId}`,
        kind: 'automatic',
        createdBy: userId,
      }),
    );
    const parts = await this.versions.parts(key, '0', version.historyId);
    await this.live.write(
      key,
      (live) => revertUpdate(historyDoc(parts.map((part) => part.data)), live),
      userId,
      RESTORE_ORIGIN,
    );
    const restored = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      const saved = await this.versions.save(manager, key, {
        name: version.name,
        kind: 'restore',
        createdBy: userId,
        restoredFrom: version.versionId,
      });
      emit(versionEvent('crdt.version_restore', key, saved, dto.userId));
      return saved;
    });
    return view(restored);
  }

  policy(apiKeyId: string): Promise<VersionPolicy> {
    return this.versions.policy(apiKeyId);
  }

  updatePolicy(apiKeyId: string, dto: CrdtVersionPolicyDto): Promise<VersionPolicy> {
    if (dto.automaticMinutes === undefined && dto.automaticRetentionDays === undefined)
      throw ApiError.invalid('At least one field must be provided for update');
    return this.versions.setPolicy(apiKeyId, dto);
  }

  private async editor(apiKeyId: string, dto: CrdtEditorRefDto): Promise<CrdtKey> {
    await ensureDocument(this.dataSource.manager, apiKeyId, dto.organizationId, dto.documentId, { lock: false });
    return keyOf(apiKeyId, dto);
  }

  private async found(key: CrdtKey, versionId: string): Promise<StoredVersion> {
    const version = await this.versions.find(key, versionId);
    if (!version) throw ApiError.notFound(VERSION_NOT_FOUND);
    return version;
  }

  /** The history position of a version, a time, or the default. */
  private async point(
    key: CrdtKey,
    versionId: string | undefined,
    at: number | undefined,
    otherwise: () => Promise<string>,
  ): Promise<string> {
    if (versionId !== undefined) return (await this.found(key, versionId)).historyId;
    if (at !== undefined) return this.versions.positionAt(key, new Date(at));
    return otherwise();
  }
}
