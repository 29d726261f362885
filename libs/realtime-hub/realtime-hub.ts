import { Injectable } from '@nestjs/common';
import { Server } from 'socket.io';
import { documentRoom, userRoom } from './rooms';

/** Which live subscriptions must have their access re-checked; absent fields match everything. */
export interface RecheckFilter {
  apiKeyId: string;
  organizationId?: string;
  documentId?: string;
  userIds?: string[];
}

export const RECHECK_EVENT = 'recheck';

/**
 * The seam between REST services and the socket.io server: services emit to document rooms and
 * ask for access re-checks here without depending on the gateway, which attaches itself at boot.
 * Emits and re-checks reach every API instance through the Redis adapter.
 */
@Injectable()
export class RealtimeHub {
  private server: Server | null = null;
  private recheckLocal: (filter: RecheckFilter) => Promise<void> = () => Promise.resolve();

  attach(server: Server, recheckLocal: (filter: RecheckFilter) => Promise<void>): void {
    this.server = server;
    this.recheckLocal = recheckLocal;
  }

  emitToDocument(apiKeyId: string, organizationId: string, documentId: string, event: string, payload: unknown): void {
    this.server?.to(documentRoom(apiKeyId, organizationId, documentId)).emit(event, payload);
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
}
