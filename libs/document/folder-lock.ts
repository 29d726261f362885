import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';

export const FOLDER_NOT_FOUND = 'Folder does not exist.';

/**
 * Same contract as lockOrganization, one level down: the folder exists for the rest of the
 * transaction (created at the top level when asked) and cannot be deleted under the caller.
 */
export async function lockFolder(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  folderId: string,
  create = false,
): Promise<void> {
  if (create) {
    await manager.query(
      'INSERT INTO folder (api_key_id, organization_id, id, name) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING',
      [apiKeyId, organizationId, folderId],
    );
  }
  const rows = await manager.query(
    'SELECT 1 FROM folder WHERE api_key_id = $1 AND organization_id = $2 AND id = $3 FOR KEY SHARE',
    [apiKeyId, organizationId, folderId],
  );
  if (rows.length === 0) throw ApiError.notFound(FOLDER_NOT_FOUND);
}
