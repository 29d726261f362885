/** Room of one document's sockets. JSON keeps ids containing separators from colliding across tenants. */
export function documentRoom(apiKeyId: string, organizationId: string, documentId: string): string {
  return `doc:${JSON.stringify([apiKeyId, organizationId, documentId])}`;
}

/** Room of one end user's sockets on every API instance: what is addressed to the person, not to a document (notifications). */
export function userRoom(apiKeyId: string, userId: string): string {
  return `user:${JSON.stringify([apiKeyId, userId])}`;
}
