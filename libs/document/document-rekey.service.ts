import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { postgresErrorCode, UNIQUE_VIOLATION } from '@app/database';

export type RekeyOutcome = 'rekeyed' | 'source-missing' | 'target-taken';

/** Changing a document's id, for the migration worker; every statement runs in the caller's transaction. */
@Injectable()
export class DocumentRekeyService {
  async isTaken(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
      [apiKeyId, organizationId, documentId],
    );
    return rows.length > 0;
  }

  /**
   * The source row lock makes a second migration of the same document wait, then find it gone. Grants,
   * live state and comments reference the document ON UPDATE CASCADE: one statement moves them all.
   */
  async rekey(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    newDocumentId: string,
  ): Promise<RekeyOutcome> {
    const source: unknown[] = await manager.query(
      'SELECT 1 FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = $3 FOR UPDATE',
      [apiKeyId, organizationId, documentId],
    );
    if (source.length === 0) return 'source-missing';
    if (await this.isTaken(manager, apiKeyId, organizationId, newDocumentId)) return 'target-taken';
    try {
      await manager.query(
        'UPDATE document SET id = $4, updated_at = now() WHERE api_key_id = $1 AND organization_id = $2 AND id = $3',
        [apiKeyId, organizationId, documentId, newDocumentId],
      );
    } catch (error) {
      // The target was inserted after our check.
      if (postgresErrorCode(error) === UNIQUE_VIOLATION) return 'target-taken';
      throw error;
    }
    return 'rekeyed';
  }
}
