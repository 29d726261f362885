import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** A user as their stored profile names them. */
export interface UserContact {
  userId: string;
  name?: string;
  email?: string;
}

/** Profile look-ups for senders outside this module (the e-mail sink); it needs nothing but the caller's transaction. */
@Injectable()
export class UserContacts {
  /** The stored name and e-mail address of each of these users of the organization that has a profile. */
  async contactsOf(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    userIds: string[],
  ): Promise<Map<string, UserContact>> {
    if (userIds.length === 0) return new Map();
    const rows: Array<{ id: string; name: string | null; email: string | null }> = await manager.query(
      'SELECT id, name, email FROM app_user WHERE api_key_id = $1 AND organization_id = $2 AND id = ANY($3::text[])',
      [apiKeyId, organizationId, userIds],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          userId: row.id,
          ...(row.name === null ? {} : { name: row.name }),
          ...(row.email === null ? {} : { email: row.email }),
        },
      ]),
    );
  }

  /** Every user of the organization (those `users/add` or a token made members). */
  async memberIds(manager: EntityManager, apiKeyId: string, organizationId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      'SELECT id FROM app_user WHERE api_key_id = $1 AND organization_id = $2',
      [apiKeyId, organizationId],
    );
    return rows.map((row) => row.id);
  }

  /** Users of the organization whose name, e-mail or id starts with `query` (case-insensitive), by name: who a comment may mention. */
  async search(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    query: string,
    limit: number,
  ): Promise<UserContact[]> {
    const prefix = `${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows: Array<{ id: string; name: string | null; email: string | null }> = await manager.query(
      `SELECT id, name, email FROM app_user
        WHERE api_key_id = $1 AND organization_id = $2 AND (lower(name) LIKE $3 OR lower(email) LIKE $3 OR lower(id) LIKE $3)
        ORDER BY lower(COALESCE(name, id)), id LIMIT $4`,
      [apiKeyId, organizationId, prefix, limit],
    );
    return rows.map((row) => ({ userId: row.id, name: row.name ?? undefined, email: row.email ?? undefined }));
  }
}
