import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  ApiError,
  AppConfig,
  assertUniqueIds,
  BatchItem,
  ErrorCode,
  item,
  KeysetPage,
  KeysetPager,
  keysetListing,
} from '@app/common';
import { runStatement } from '@app/database';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureFolder, ensureOrganization, FOLDER_NOT_FOUND, ORGANIZATION_NOT_FOUND } from '@app/resource';
import { AddFoldersDto } from './dto/add-folders.dto';
import { DeleteFoldersDto } from './dto/delete-folders.dto';
import { GetFoldersDto } from './dto/get-folders.dto';
import { UpdateFoldersDto } from './dto/update-folders.dto';
import { placeFolders, planMoves } from './folder-placement';
import { FOLDER_SUBTREE, LIST_FOLDERS } from './folder-queries';
import { FolderRow, folderTree, FolderTreeNode, folderView, ROOT_FOLDER } from './folder-view';

const FOLDER_LISTING = keysetListing('folders', ['text'], (row: FolderRow) => [row.id]);
/** Bounds the Velt tree answer, which is not paged. */
export const MAX_FOLDER_TREE = 10000;
const PLACEMENT_MESSAGE = {
  insert: 'Folder added.',
  exists: 'Folder already exists.',
  noParent: 'Parent folder does not exist.',
};

@Injectable()
export class FolderService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
  ) {}

  async add(apiKeyId: string, dto: AddFoldersDto): Promise<BatchItem[]> {
    const { organizationId, folders } = dto;
    assertUniqueIds(
      folders.map((folder) => folder.folderId),
      (i) => `data.folders[${i}].folderId`,
    );
    return this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId, { create: dto.createOrganization === true });
      const named = [
        ...new Set(
          folders.flatMap((folder) => [
            folder.folderId,
            ...(folder.parentFolderId != null ? [folder.parentFolderId] : []),
          ]),
        ),
      ];
      // Key-share locks keep the parents we rely on from being deleted before the insert commits.
      const { rows: stored } = await runStatement<{ id: string }>(
        manager,
        'SELECT id FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) FOR KEY SHARE',
        [apiKeyId, organizationId, named],
      );
      const storedIds = new Set(stored.map((row) => row.id));
      // Velt's `root` parent is the top level, unless the caller has a folder of that id.
      const requestedIds = new Set(folders.map((folder) => folder.folderId));
      for (const folder of folders) {
        if (folder.parentFolderId === ROOT_FOLDER && !storedIds.has(ROOT_FOLDER) && !requestedIds.has(ROOT_FOLDER))
          folder.parentFolderId = null;
      }
      const placements = placeFolders(folders, storedIds);
      const toInsert = folders.filter((_, i) => placements[i] === 'insert');
      const { rows: inserted } =
        toInsert.length === 0
          ? { rows: [] }
          : await runStatement<{ id: string }>(
              manager,
              `INSERT INTO folder (api_key_id, organization_id, id, name, parent_folder_id, access_type, metadata)
               SELECT $1, $2, v.id, v.name, v.parent, COALESCE(v.access_type, 'organizationPrivate'), v.metadata
               FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[]) AS v(id, name, parent, access_type, metadata)
               ON CONFLICT DO NOTHING RETURNING id`,
              [
                apiKeyId,
                organizationId,
                toInsert.map((folder) => folder.folderId),
                toInsert.map((folder) => folder.folderName ?? folder.folderId),
                toInsert.map((folder) => folder.parentFolderId ?? null),
                toInsert.map((folder) => folder.accessType ?? null),
                toInsert.map((folder) => JSON.stringify(folder.metadata ?? {})),
              ],
            );
      const added = new Set(inserted.map((row) => row.id));
      return folders.map((folder, i) => {
        // A concurrent request may have inserted the same id between our read and our insert.
        const placement = placements[i] === 'insert' && !added.has(folder.folderId) ? 'exists' : placements[i];
        return item(folder.folderId, placement === 'insert', PLACEMENT_MESSAGE[placement]);
      });
    });
  }

  /** The flat, paged listing; with `folderId`, Velt's tree of that folder instead (see GetFoldersDto). */
  async get(apiKeyId: string, dto: GetFoldersDto): Promise<KeysetPage<Record<string, unknown>>> {
    if (dto.folderId !== undefined) return { rows: [await this.tree(apiKeyId, dto)] };
    if (dto.maxDepth !== undefined) throw ApiError.invalid('data.maxDepth needs data.folderId.');
    const ids = dto.folderIds ?? null;
    if (ids) assertUniqueIds(ids, (i) => `data.folderIds[${i}]`);
    const parent = dto.parentFolderId ?? null;
    const filters = { organizationId: dto.organizationId, ids, parent };
    const pager = new KeysetPager(FOLDER_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const rows: (FolderRow & { found: boolean | null })[] = await this.dataSource.query(LIST_FOLDERS, [
      apiKeyId,
      dto.organizationId,
      ids,
      parent,
      pager.after?.[0] ?? null,
      pager.limit,
    ]);
    if (rows.length === 0) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);
    const page = pager.page(rows.filter((row) => row.found === true));
    return { rows: page.rows.map(folderView), nextToken: page.nextToken };
  }

  private async tree(apiKeyId: string, dto: GetFoldersDto): Promise<FolderTreeNode> {
    const conflicting = (['folderIds', 'parentFolderId', 'pageSize', 'pageToken'] as const).find(
      (key) => dto[key] !== undefined,
    );
    if (conflicting) throw ApiError.invalid(`data.${conflicting} cannot be combined with data.folderId.`);
    const folderId = dto.folderId as string;
    const maxDepth = dto.maxDepth ?? 1;
    const rows: (FolderRow & { depth: number })[] = await this.dataSource.query(FOLDER_SUBTREE, [
      apiKeyId,
      dto.organizationId,
      folderId,
      maxDepth,
      MAX_FOLDER_TREE + 1,
    ]);
    if (rows.length > MAX_FOLDER_TREE) {
      throw ApiError.invalid(
        `The folder tree has more than ${MAX_FOLDER_TREE} folders; ask for a smaller data.maxDepth.`,
      );
    }
    const tree = folderTree(rows, folderId, maxDepth);
    if (tree) return tree;
    // Nothing found: answer the organization's NOT_FOUND or the folder's.
    await ensureFolder(this.dataSource.manager, apiKeyId, dto.organizationId, folderId, { lock: false });
    throw ApiError.notFound(FOLDER_NOT_FOUND);
  }

  /**
   * Renames, re-types and moves. Moves are checked in request order against the tree as the earlier
   * ones left it; one that would put a folder inside its own subtree fails the whole request.
   */
  async update(apiKeyId: string, dto: UpdateFoldersDto): Promise<BatchItem[]> {
    const { organizationId, folders } = dto;
    const ids = folders.map((folder) => folder.folderId);
    assertUniqueIds(ids, (i) => `data.folders[${i}].folderId`);
    const moving = folders.some((folder) => folder.parentFolderId !== undefined);
    const { updated, refused } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      const refused = moving ? await this.checkMoves(manager, apiKeyId, dto) : new Map<string, string>();
      const applied = folders.filter((folder) => !refused.has(folder.folderId));
      const { rows } = await runStatement<{ id: string }>(
        manager,
        `UPDATE folder f SET
           name = COALESCE(v.name, f.name),
           parent_folder_id = CASE WHEN v.move THEN v.parent ELSE f.parent_folder_id END,
           access_type = COALESCE(v.access_type, f.access_type),
           metadata = f.metadata || COALESCE(v.metadata, '{}'::jsonb),
           updated_at = now()
         FROM unnest($3::text[], $4::text[], $5::boolean[], $6::text[], $7::text[], $8::jsonb[]) AS v(id, name, move, parent, access_type, metadata)
         WHERE f.api_key_id = $1 AND f.organization_id = $2 AND f.id = v.id
         RETURNING f.id`,
        [
          apiKeyId,
          organizationId,
          applied.map((folder) => folder.folderId),
          applied.map((folder) => folder.folderName ?? null),
          applied.map((folder) => folder.parentFolderId !== undefined),
          applied.map((folder) => folder.parentFolderId ?? null),
          applied.map((folder) => folder.accessType ?? null),
          applied.map((folder) => (folder.metadata ? JSON.stringify(folder.metadata) : null)),
        ],
      );
      return { updated: new Set(rows.map((row) => row.id)), refused };
    });
    // A folder's access type and its place in the tree reach every document below it: re-check the organization's sockets.
    if (
      folders.some(
        (folder) => (folder.accessType || folder.parentFolderId !== undefined) && updated.has(folder.folderId),
      )
    ) {
      await this.revocation.revokeOrganization(apiKeyId, organizationId);
    }
    return ids.map((id) =>
      updated.has(id) ? item(id, true, 'Folder updated.') : item(id, false, refused.get(id) ?? FOLDER_NOT_FOUND),
    );
  }

  /** Per-item refusals of the moves (folder id to message); throws FAILED_PRECONDITION on a cycle. */
  private async checkMoves(
    manager: EntityManager,
    apiKeyId: string,
    dto: UpdateFoldersDto,
  ): Promise<Map<string, string>> {
    // One mover per organization at a time: two concurrent moves could each pass the check and close a loop together.
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `folder-tree:${apiKeyId}:${dto.organizationId}`,
    ]);
    // Key-share locks keep the new parents from being deleted before the update commits.
    const { rows } = await runStatement<{ id: string; parent_folder_id: string | null }>(
      manager,
      'SELECT id, parent_folder_id FROM folder WHERE api_key_id = $1 AND organization_id = $2 FOR KEY SHARE',
      [apiKeyId, dto.organizationId],
    );
    const parents = new Map(rows.map((row) => [row.id, row.parent_folder_id]));
    for (const folder of dto.folders) {
      // Velt's `root` parent is the top level, unless the caller has a folder of that id.
      if (folder.parentFolderId === ROOT_FOLDER && !parents.has(ROOT_FOLDER)) folder.parentFolderId = null;
    }
    const verdicts = planMoves(dto.folders, parents);
    const refused = new Map<string, string>();
    verdicts.forEach((verdict, i) => {
      const folder = dto.folders[i];
      if (verdict === 'cycle') {
        throw new ApiError(
          ErrorCode.FAILED_PRECONDITION,
          `data.folders[${i}].parentFolderId: folder ${folder.folderId} cannot move into itself or one of its subfolders.`,
        );
      }
      if (verdict === 'noParent') refused.set(folder.folderId, 'Parent folder does not exist.');
    });
    return refused;
  }

  /**
   * Subfolders and the documents inside go with the folder (foreign keys cascade). Velt's single
   * `folderId` answers `data: null`, or NOT_FOUND when the folder is missing; `folderIds` answers per folder.
   */
  async delete(apiKeyId: string, dto: DeleteFoldersDto): Promise<BatchItem[] | null> {
    const { organizationId } = dto;
    if ((dto.folderId === undefined) === (dto.folderIds === undefined)) {
      throw ApiError.invalid('Exactly one of data.folderId and data.folderIds is required.');
    }
    const folderIds = dto.folderIds ?? [dto.folderId as string];
    assertUniqueIds(folderIds, (i) => `data.folderIds[${i}]`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      return runStatement<{ id: string }>(
        manager,
        'DELETE FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) RETURNING id',
        [apiKeyId, organizationId, folderIds],
      );
    });
    const deleted = new Set(rows.map((row) => row.id));
    if (deleted.size > 0) await this.revocation.revokeOrganization(apiKeyId, organizationId);
    if (dto.folderIds === undefined) {
      if (deleted.size === 0) throw ApiError.notFound(FOLDER_NOT_FOUND);
      return null;
    }
    // Mirrors documents delete (spec, Common envelopes 7): the folder is gone either way.
    return folderIds.map((id) =>
      deleted.has(id) ? item(id, true, 'Folder deleted.') : item(id, true, 'Folder does not exist.'),
    );
  }
}
