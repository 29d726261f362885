import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig, assertUniqueIds, BatchItem, item, KeysetPage, KeysetPager, keysetListing } from '@app/common';
import { runStatement } from '@app/database';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureOrganization, ORGANIZATION_NOT_FOUND } from '@app/resource';
import { AddFoldersDto } from './dto/add-folders.dto';
import { FolderIdsDto } from './dto/folder-ids.dto';
import { GetFoldersDto } from './dto/get-folders.dto';
import { UpdateFoldersDto } from './dto/update-folders.dto';
import { placeFolders } from './folder-placement';
import { FolderRow, folderView } from './folder-view';

const FOLDER_LISTING = keysetListing('folders', ['text'], (row: FolderRow) => [row.id]);
const PLACEMENT_MESSAGE = { insert: 'Folder added.', exists: 'Folder already exists.', noParent: 'Parent folder does not exist.' };

@Injectable()
export class FolderService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly revocation: RealtimeRevocation,
  ) {}

  async add(apiKeyId: string, dto: AddFoldersDto): Promise<BatchItem[]> {
    const { organizationId, folders } = dto;
    assertUniqueIds(folders.map((folder) => folder.folderId), (i) => `data.folders[${i}].folderId`);
    return this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId, { create: dto.createOrganization === true });
      const named = [...new Set(folders.flatMap((folder) => [folder.folderId, ...(folder.parentFolderId != null ? [folder.parentFolderId] : [])]))];
      // Key-share locks keep the parents we rely on from being deleted before the insert commits.
      const { rows: stored } = await runStatement<{ id: string }>(
        manager,
        'SELECT id FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) FOR KEY SHARE',
        [apiKeyId, organizationId, named],
      );
      const placements = placeFolders(folders, new Set(stored.map((row) => row.id)));
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

  async get(apiKeyId: string, dto: GetFoldersDto): Promise<KeysetPage<Record<string, unknown>>> {
    const ids = dto.folderIds ?? null;
    if (ids) assertUniqueIds(ids, (i) => `data.folderIds[${i}]`);
    const parent = dto.parentFolderId ?? null;
    const filters = { organizationId: dto.organizationId, ids, parent };
    const pager = new KeysetPager(FOLDER_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    // One round trip: the organization row decides NOT_FOUND, the lateral join lists the page.
    const rows: (FolderRow & { found: boolean })[] = await this.dataSource.query(
      `SELECT f.* FROM organization o
       LEFT JOIN LATERAL (
         SELECT true AS found, id, name, parent_folder_id, access_type, metadata FROM folder
         WHERE api_key_id = o.api_key_id AND organization_id = o.id
           AND ($3::text[] IS NULL OR id = ANY($3)) AND ($4::text IS NULL OR parent_folder_id = $4)
           AND ($5::text IS NULL OR id > $5)
         ORDER BY id LIMIT $6
       ) f ON true
       WHERE o.api_key_id = $1 AND o.id = $2
       ORDER BY f.id`,
      [apiKeyId, dto.organizationId, ids, parent, pager.after?.[0] ?? null, pager.limit],
    );
    if (rows.length === 0) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);
    const page = pager.page(rows.filter((row) => row.found));
    return { rows: page.rows.map(folderView), nextToken: page.nextToken };
  }

  async update(apiKeyId: string, dto: UpdateFoldersDto): Promise<BatchItem[]> {
    const { organizationId, folders } = dto;
    const ids = folders.map((folder) => folder.folderId);
    assertUniqueIds(ids, (i) => `data.folders[${i}].folderId`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      return runStatement<{ id: string }>(
        manager,
        `UPDATE folder f SET
           name = COALESCE(v.name, f.name),
           access_type = COALESCE(v.access_type, f.access_type),
           metadata = f.metadata || COALESCE(v.metadata, '{}'::jsonb),
           updated_at = now()
         FROM unnest($3::text[], $4::text[], $5::text[], $6::jsonb[]) AS v(id, name, access_type, metadata)
         WHERE f.api_key_id = $1 AND f.organization_id = $2 AND f.id = v.id
         RETURNING f.id`,
        [
          apiKeyId,
          organizationId,
          ids,
          folders.map((folder) => folder.folderName ?? null),
          folders.map((folder) => folder.accessType ?? null),
          folders.map((folder) => (folder.metadata ? JSON.stringify(folder.metadata) : null)),
        ],
      );
    });
    const updated = new Set(rows.map((row) => row.id));
    // A folder's access type reaches every document below it: re-check the organization's sockets.
    if (folders.some((folder) => folder.accessType && updated.has(folder.folderId))) {
      await this.revocation.revokeOrganization(apiKeyId, organizationId);
    }
    return ids.map((id) => (updated.has(id) ? item(id, true, 'Folder updated.') : item(id, false, 'Folder does not exist.')));
  }

  /** Subfolders and the documents inside go with the folder (foreign keys cascade). */
  async delete(apiKeyId: string, dto: FolderIdsDto): Promise<BatchItem[]> {
    const { organizationId, folderIds } = dto;
    assertUniqueIds(folderIds, (i) => `data.folderIds[${i}]`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      return runStatement<{ id: string }>(manager, 'DELETE FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3) RETURNING id', [
        apiKeyId,
        organizationId,
        folderIds,
      ]);
    });
    const deleted = new Set(rows.map((row) => row.id));
    if (deleted.size > 0) await this.revocation.revokeOrganization(apiKeyId, organizationId);
    // Mirrors documents delete (spec, Common envelopes 7): the folder is gone either way.
    return folderIds.map((id) => (deleted.has(id) ? item(id, true, 'Folder deleted.') : item(id, true, 'Folder does not exist.')));
  }
}
