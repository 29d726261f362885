/** Room of one document's sockets. JSON keeps ids containing separators from colliding across tenants. */
export function documentRoom(apiKeyId: string, organizationId: string, documentId: string): string {
  return `doc:${JSON.stringify([apiKeyId, organizationId, documentId])}`;
}

/** Room of one end user's sockets on every API instance: what is addressed to the person, not to a document (notifications). */
export function userRoom(apiKeyId: string, userId: string): string {
  return `user:${JSON.stringify([apiKeyId, userId])}`;
}

/** Room of one user's subscriptions to one document: what only some of a document's readers may hear (a private thread's changes). */
export function documentUserRoom(apiKeyId: string, organizationId: string, documentId: string, userId: string): string {
  return `docuser:${JSON.stringify([apiKeyId, organizationId, documentId, userId])}`;
}
