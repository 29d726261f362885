import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** What other domains need to know about documents (names, folder contents) without reading this module's tables. */
@Injectable()
export class DocumentDirectoryService {
  async names(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentIds: string[],
  ): Promise<Map<string, string>> {
    if (documentIds.length === 0) return new Map();
    const rows = await manager.query<Array<{ id: string; name: string }>>(
      'SELECT id, name FROM document WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[])',
      [apiKeyId, organizationId, documentIds],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** The organizations that hold a document of this id (ids are unique only within an organization). */
  async organizationsOf(manager: EntityManager, apiKeyId: string, documentId: string): Promise<string[]> {
    const rows = await manager.query<Array<{ organization_id: string }>>(
      'SELECT organization_id FROM document WHERE api_key_id = $1 AND id = $2 ORDER BY organization_id',
      [apiKeyId, documentId],
    );
    return rows.map((row) => row.organization_id);
  }

  /** The documents placed directly in the folder. */
  async idsInFolder(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    folderId: string,
  ): Promise<string[]> {
    const rows = await manager.query<Array<{ id: string }>>(
      'SELECT id FROM document WHERE api_key_id = $1 AND organization_id = $2 AND folder_id = $3',
      [apiKeyId, organizationId, folderId],
    );
    return rows.map((row) => row.id);
  }
}
