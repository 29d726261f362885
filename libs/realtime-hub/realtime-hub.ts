import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { documentRoom, documentUserRoom, userRoom } from './rooms';

/** Which live subscriptions must have their access re-checked; absent fields match everything. */
export interface RecheckFilter {
  apiKeyId: string;
  organizationId?: string;
  documentId?: string;
  userIds?: string[];
}

/** Whether the filter covers a live subscription of `userId` (of `apiKeyId`) to the document. */
export function recheckCovers(
  filter: RecheckFilter,
  apiKeyId: string,
  userId: string,
  organizationId: string,
  documentId: string,
): boolean {
  return (
    apiKeyId === filter.apiKeyId &&
    (filter.userIds === undefined || filter.userIds.includes(userId)) &&
    (filter.organizationId === undefined || organizationId === filter.organizationId) &&
    (filter.documentId === undefined || documentId === filter.documentId)
  );
}

export const RECHECK_EVENT = 'recheck';

/** A document moved to a new id (migration); sent to every instance as one message. */
export interface MigratedNotice {
  apiKeyId: string;
  organizationId: string;
  documentId: string;
  newDocumentId: string;
}

export const MIGRATED_NOTICE = 'migrated';
/** What the sockets of a migrated document receive, before their old subscription is dropped. */
export const DOCUMENT_MIGRATED_EVENT = 'document_migrated';

type Rechecker = (filter: RecheckFilter) => Promise<void>;

/**
 * The seam between REST services and the socket.io server: services emit to document rooms and
 * ask for access re-checks here without depending on the gateway, which attaches itself at boot.
 * Emits and re-checks reach every API instance through the Redis adapter.
 */
@Injectable()
export class RealtimeHub {
  private server: Server | null = null;
  private readonly recheckers: Rechecker[] = [];

  attach(server: Server): void {
    this.server = server;
  }

  /** Each kind of live connection (socket.io subscriptions, CRDT sync) registers how it re-checks its own. */
  onRecheck(rechecker: Rechecker): void {
    this.recheckers.push(rechecker);
  }

  emitToDocument(apiKeyId: string, organizationId: string, documentId: string, event: string, payload: unknown): void {
    this.server?.to(documentRoom(apiKeyId, organizationId, documentId)).emit(event, payload);
  }

  /** The sockets of these users that are subscribed to the document, on every instance. */
  emitToDocumentUsers(
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    userIds: readonly string[],
    event: string,
    payload: unknown,
  ): void {
    if (!this.server || userIds.length === 0) return;
    this.server
      .to(userIds.map((userId) => documentUserRoom(apiKeyId, organizationId, documentId, userId)))
      .emit(event, payload);
  }

  /** Every socket of each user, on whichever API instance it is connected to. */
  emitToUsers(apiKeyId: string, userIds: readonly string[], event: string, payload: unknown): void {
    if (!this.server || userIds.length === 0) return;
    this.server.to(userIds.map((userId) => userRoom(apiKeyId, userId))).emit(event, payload);
  }

  async recheck(filter: RecheckFilter): Promise<void> {
    if (!this.server) return;
    this.server.serverSideEmit(RECHECK_EVENT, filter);
    await this.recheckLocal(filter);
  }

  /**
   * Tells the old id's sockets the new one, then re-checks their access (the old id is gone), as
   * one message per instance: a room emit and a separate re-check travel on different channels (on
   * a cluster, different shards), so a socket could be dropped from the room before the emit reached it.
   */
  async migrated(notice: MigratedNotice): Promise<void> {
    if (!this.server) return;
    this.server.serverSideEmit(MIGRATED_NOTICE, notice);
    await this.migratedLocal(notice);
  }

  async migratedLocal({ apiKeyId, organizationId, documentId, newDocumentId }: MigratedNotice): Promise<void> {
    this.server?.local
      .to(documentRoom(apiKeyId, organizationId, documentId))
      .emit(DOCUMENT_MIGRATED_EVENT, { organizationId, documentId, newDocumentId });
    await this.recheckLocal({ apiKeyId, organizationId, documentId });
  }

  /** This instance's connections only: what a re-check sent by another instance runs here. */
  async recheckLocal(filter: RecheckFilter): Promise<void> {
    await Promise.all(this.recheckers.map((recheck) => recheck(filter)));
  }
}
