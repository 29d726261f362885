import { EntityManager } from 'typeorm';

/**
 * E-mail rows keep their document in a plain column (the log outlives a deleted document), so a
 * document migration moves them explicitly, inside the migration's transaction.
 */
export async function rekeyEmailHistory(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<void> {
  await manager.query(
    'UPDATE email_message SET document_id = $4 WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3',
    [apiKeyId, organizationId, documentId, newDocumentId],
  );
}
