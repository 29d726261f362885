/**
 * One entry of a users/data/get feature list, paged by its (createdAt, key) keyset position: `key`
 * orders the entries of one millisecond, `view` is what the client gets. The owning module lists
 * them; the user-data module pages and assembles them.
 */
export interface KeyedUserDataItem {
  createdAt: string;
  key: string;
  view: Record<string, unknown>;
}

/** What one such list reads: the user's entries in an organization, after a (createdAt, key) position. */
export interface KeyedUserDataQuery {
  apiKeyId: string;
  organizationId: string;
  userId: string;
  after: [string, string];
  limit: number;
}
