import { EntityManager } from 'typeorm';
import { ApiError } from '@app/common';

export const ORGANIZATION_NOT_FOUND = 'Organization does not exist.';

/**
 * Makes sure the organization exists for the rest of the caller's transaction (creating it when
 * asked, named after its id) and holds a key-share lock so a concurrent delete waits instead of
 * breaking the foreign keys of what the caller is about to insert. DESIGN §4.
 */
export async function lockOrganization(manager: EntityManager, apiKeyId: string, organizationId: string, create = false): Promise<void> {
  if (create) {
    await manager.query(
      'INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING',
      [apiKeyId, organizationId],
    );
  }
  const rows = await manager.query('SELECT 1 FROM organization WHERE api_key_id = $1 AND id = $2 FOR KEY SHARE', [apiKeyId, organizationId]);
  if (rows.length === 0) throw ApiError.notFound(ORGANIZATION_NOT_FOUND);
}
