import { Logger } from '@nestjs/common';
import { Redis as RedisSync } from '@hocuspocus/extension-redis';
import type { Document, onAwarenessUpdatePayload, onChangePayload } from '@hocuspocus/server';

/** What the extension reads of the document of an awareness change: whether it still has connections. */
const STILL_CONNECTED = { connections: { size: 1 } } as unknown as Document;

/**
 * Hocuspocus's Redis extension, with three changes:
 * - a removal of awareness states is published also when it left the document without connections
 *   on this instance. The extension skips such documents (it runs after the connection is gone), so
 *   the cursors of a document's last connection on an instance stayed on every other instance until
 *   Yjs's 30-second timeout.
 * - its publishes run in hooks Hocuspocus does not await: a failed one (Redis unreachable) is logged
 *   here instead of becoming an unhandled rejection that would stop the process.
 * - a document's changes are announced once, after the microtasks that applied them, instead of once
 *   per change: each announcement (a sync step 1, the document's state vector) costs an answer from
 *   every other instance and then a sync step 2 carrying every update that instance still lacks,
 *   so a connection's updates, applied together once committed, crossed Redis once per update.
 */
export class CollabRedis extends RedisSync {
  private readonly logger = new Logger('Collab');
  /** Documents whose changes are announced once the microtasks under way have run. */
  private readonly unannounced = new Set<string>();

  override async onAwarenessUpdate(payload: onAwarenessUpdatePayload): Promise<number | undefined> {
    const lastLeft = payload.removed.length > 0 && payload.document.connections.size === 0;
    const published = lastLeft ? { ...payload, added: [], updated: [], document: STILL_CONNECTED } : payload;
    try {
      return await super.onAwarenessUpdate(published);
    } catch (error) {
      this.logger.warn(`collab awareness publish failed: ${String(error)}`);
      return undefined;
    }
  }

  override onChange(payload: onChangePayload): Promise<void> {
    // Changes that came from Redis are never announced; they must not hold the turn's announcement either.
    if (payload.transactionOrigin === this.redisTransactionOrigin || this.unannounced.has(payload.documentName))
      return Promise.resolve();
    this.unannounced.add(payload.documentName);
    // After the microtasks under way: every update applied with this one is in the state vector, without waiting a turn.
    process.nextTick(() => void this.announce(payload));
    return Promise.resolve();
  }

  /** Publishes the document's state vector as it is now, so it covers every change of the turn. */
  private async announce(payload: onChangePayload): Promise<void> {
    this.unannounced.delete(payload.documentName);
    try {
      await super.onChange(payload);
    } catch (error) {
      this.logger.warn(`collab change publish failed: ${String(error)}`);
    }
  }
}
