/** Room of one document's sockets. JSON keeps ids containing separators from colliding across tenants. */
export function documentRoom(apiKeyId: string, organizationId: string, documentId: string): string {
  return `doc:${JSON.stringify([apiKeyId, organizationId, documentId])}`;
}
