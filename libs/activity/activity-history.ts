import { EntityManager } from 'typeorm';

/**
 * A document migration moves the document's activity log with it, in the migration's transaction
 * (the log has no foreign key to follow: it outlives deleted documents).
 */
export async function rekeyActivities(
  manager: EntityManager,
  apiKeyId: string,
  organizationId: string,
  documentId: string,
  newDocumentId: string,
): Promise<void> {
  await manager.query(
    'UPDATE activity SET document_id = $4 WHERE api_key_id = $1 AND organization_id = $2 AND document_id = $3',
    [apiKeyId, organizationId, documentId, newDocumentId],
  );
}
