import { EntityManager } from 'typeorm';

/**
 * Events and deliveries keep their document in plain columns (the log outlives a deleted
 * document), so a document migration moves them explicitly, inside the migration's transaction.
 */
export async function rekeyWebhookHistory(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<void> {
  for (const table of ['webhook_event', 'webhook_delivery']) {
    await manager.query(
      `UPDATE ${table} SET document_id = $4 WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3`,
      [apiKeyId, organizationId, documentId, newDocumentId],
    );
  }
}
