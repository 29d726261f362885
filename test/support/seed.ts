import { TestEnvironment } from './test-environment';

/**
 * Organizations and documents are created through SQL here while their REST endpoints are built
 * elsewhere; this is set-up of real rows, not a mock.
 */
export async function seedDocument(world: TestEnvironment, apiKeyId: string, organizationId: string, documentId: string): Promise<void> {
  await world.query(`INSERT INTO organization (api_key_id, id, name) VALUES ($1, $2, $2) ON CONFLICT DO NOTHING`, [apiKeyId, organizationId]);
  await world.query(`INSERT INTO document (api_key_id, organization_id, id, name) VALUES ($1, $2, $3, $3) ON CONFLICT DO NOTHING`, [
    apiKeyId,
    organizationId,
    documentId,
  ]);
}
