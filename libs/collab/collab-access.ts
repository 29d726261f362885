import { Injectable, Logger } from '@nestjs/common';
import type {
  connectedPayload,
  Document,
  Extension,
  onAuthenticatePayload,
  onDisconnectPayload,
} from '@hocuspocus/server';
import { ApiError, AppConfig, ErrorCode, UpdateRate } from '@app/common';
import { RealtimeHandlerErrors, RecheckFilter, recheckCovers } from '@app/realtime-hub';
import { SocketAccess } from '@app/realtime';
import { AccessRole } from '@app/resource';
import { EndUser, UserTokenService } from '@app/user';
import { CloseReason, CollabMetrics } from './collab-metrics';
import { CollabRefusal } from './collab-refusal';
import { parseTenantDocumentName } from './tenant-names';

/** What a document's sync connection carries from its authentication on. */
export interface CollabContext {
  user: EndUser;
  role: AccessRole;
  rate: UpdateRate;
  /** When the token expires (epoch ms): the connection is closed then. */
  expiresAt: number;
  expiry?: NodeJS.Timeout;
}

/**
 * Who may open a document over CRDT sync: the end-user token of the connection's API key, and
 * the same effective-access rule as socket.io subscriptions. Viewers get read-only connections (the
 * server refuses their updates); a re-check closes the connections that lost access on this
 * instance and makes demoted editors read-only.
 */
@Injectable()
export class CollabAccess implements Extension {
  extensionName = 'collab-access';
  private readonly logger = new Logger('Collab');

  constructor(
    private readonly tokens: UserTokenService,
    private readonly access: SocketAccess,
    private readonly config: AppConfig,
    private readonly metrics: CollabMetrics,
    private readonly errors: RealtimeHandlerErrors,
  ) {}

  async onAuthenticate({
    token,
    documentName,
    connectionConfig,
    socketId,
  }: onAuthenticatePayload): Promise<CollabContext> {
    const key = parseTenantDocumentName(documentName);
    if (!key) throw new CollabRefusal('invalid-document-name');
    const { user, expiresAt } = await this.tokens.verifyWithExpiry(key.apiKeyId, token).catch(() => {
      throw new CollabRefusal('unauthenticated', 4401);
    });
    const role = await this.access.roleOn(user, key.organizationId, key.documentId).catch((error: unknown) => {
      if (error instanceof ApiError && error.code === ErrorCode.NOT_FOUND) return null;
      if (error instanceof ApiError) throw error;
      this.errors.record({ event: 'collab:authenticate', connectionId: socketId, error });
      throw new CollabRefusal('internal-error', 1011);
    });
    if (!role) throw new CollabRefusal('permission-denied');
    connectionConfig.readOnly = role !== 'editor';
    return { user, role, rate: new UpdateRate(this.config.collabMaxUpdatesPerSecond, Date.now()), expiresAt };
  }

  /** The token's lifetime bounds the connection's; the provider authenticates again with a fresh token. */
  connected({ connection, context }: connectedPayload): Promise<void> {
    const session = context as CollabContext;
    session.expiry = setTimeout(
      () => this.close(connection, 'token-expired', 4401),
      Math.max(0, session.expiresAt - Date.now()),
    );
    session.expiry.unref();
    return Promise.resolve();
  }

  onDisconnect({ context }: onDisconnectPayload): Promise<void> {
    clearTimeout((context as Partial<CollabContext>).expiry);
    return Promise.resolve();
  }

  /** Re-resolves the access of this instance's connections that the filter matches. */
  async recheck(documents: Iterable<Document>, filter: RecheckFilter): Promise<void> {
    for (const document of documents) {
      const key = parseTenantDocumentName(document.name);
      if (!key) continue;
      for (const connection of document.getConnections()) {
        const context = connection.context as Partial<CollabContext>;
        if (
          !context.user ||
          !recheckCovers(filter, key.apiKeyId, context.user.userId, key.organizationId, key.documentId)
        )
          continue;
        const role = await this.access
          .recheckRoleOn(context.user, key.organizationId, key.documentId)
          .catch((error: unknown) => {
            this.logger.warn(`collab re-check failed: ${String(error)}`);
            return context.role ?? null;
          });
        if (!role) {
          this.close(connection, 'access-revoked');
          continue;
        }
        context.role = role;
        connection.readOnly = role !== 'editor';
      }
    }
  }

  close(connection: { close(event?: { code: number; reason: string }): void }, reason: CloseReason, code = 4403): void {
    this.metrics.closed.inc({ reason });
    connection.close({ code, reason });
  }
}
