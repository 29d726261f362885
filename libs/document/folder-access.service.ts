import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, assertUniqueIds, BatchItem, item } from '@app/common';
import { runStatement } from '@app/database';
import { RealtimeRevocation } from '@app/realtime-hub';
import { ensureOrganization, FOLDER_NOT_FOUND } from '@app/resource';
import { UpdateFolderAccessDto } from './dto/update-folder-access.dto';
import { AccessType } from './entities/access-type';

/** Velt's Update Access for Folders: the access-type part of folders update, per folder. */
@Injectable()
export class FolderAccessService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly revocation: RealtimeRevocation,
  ) {}

  async setAccess(apiKeyId: string, dto: UpdateFolderAccessDto): Promise<BatchItem[]> {
    const { organizationId, folderIds, accessType, inheritFromParent } = dto;
    if (accessType === undefined && inheritFromParent === undefined) {
      throw ApiError.invalid('data.accessType is required (or data.inheritFromParent).');
    }
    assertUniqueIds(folderIds, (i) => `data.folderIds[${i}]`);
    const { rows } = await this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, organizationId);
      return runStatement<{ id: string; access_type: AccessType }>(
        manager,
        `UPDATE folder SET access_type = COALESCE($4, access_type), updated_at = now()
         WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3)
         RETURNING id, access_type`,
        [apiKeyId, organizationId, folderIds, accessType ?? null],
      );
    });
    const stored = new Map(rows.map((row) => [row.id, row.access_type]));
    // As folders update: a folder's access type reaches every document below it, so the organization's sockets re-check.
    if (accessType !== undefined && stored.size > 0) await this.revocation.revokeOrganization(apiKeyId, organizationId);
    const echoed = inheritFromParent === undefined ? {} : { inheritFromParent };
    return folderIds.map((id) => {
      const found = stored.get(id);
      return found === undefined
        ? item(id, false, FOLDER_NOT_FOUND, { accessType: null, ...echoed })
        : item(id, true, 'Folder access type updated.', { accessType: found, ...echoed });
    });
  }
}
