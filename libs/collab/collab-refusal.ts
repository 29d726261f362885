/**
 * The reason a client's provider receives: in onAuthenticationFailed when a document is refused at
 * open, or as the close of the document's connection (onClose) when a message is refused.
 */
export class CollabRefusal extends Error {
  constructor(
    readonly reason: string,
    readonly code = 4403,
  ) {
    super(reason);
  }
}
