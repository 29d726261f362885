import { Logger } from '@nestjs/common';
import { Redis as RedisSync } from '@hocuspocus/extension-redis';
import type { Document, onAwarenessUpdatePayload, onChangePayload } from '@hocuspocus/server';

/** What the extension reads of the document of an awareness change: whether it still has connections. */
const STILL_CONNECTED = { connections: { size: 1 } } as unknown as Document;

/**
 * Hocuspocus's Redis extension, with two changes:
 * - a removal of awareness states is published also when it left the document without connections
 *   on this instance. The extension skips such documents (it runs after the connection is gone), so
 *   the cursors of a document's last connection on an instance stayed on every other instance until
 *   Yjs's 30-second timeout.
 * - its publishes run in hooks Hocuspocus does not await: a failed one (Redis unreachable) is logged
 *   here instead of becoming an unhandled rejection that would stop the process.
 */
export class CollabRedis extends RedisSync {
  private readonly logger = new Logger('Collab');

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

  override async onChange(payload: onChangePayload): Promise<unknown> {
    try {
      return (await super.onChange(payload)) as unknown;
    } catch (error) {
      this.logger.warn(`collab change publish failed: ${String(error)}`);
      return undefined;
    }
  }
}
