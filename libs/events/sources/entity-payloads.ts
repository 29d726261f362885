import { actionTypeOf, EventEnvelope, EventScope } from '../domain-event';
import { NotificationUser } from './comment-event';

/** One changed field, as Velt's ActivityChange: the value before and after (null when there was none). */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

export type FieldChanges = Record<string, FieldChange>;

/** What every organization, document and access event carries besides its entity. */
export interface EntityEventData extends EventScope {
  /** Who made the change when the request says so; REST calls made with the API key alone have none. */
  actionUser: NotificationUser | null;
  /** The fields an update changed; absent on add and delete. */
  changes?: FieldChanges;
}

type EntityEvent = EntityEventData & EventEnvelope;

/**
 * Raw: the comment notifications' envelope (event, actionType, notificationSource, actionUser,
 * metadata, timestamp) around the changed entity, filed under `entityKey`.
 */
export function entityRaw(
  source: string,
  event: EntityEvent,
  entity: Record<string, unknown>,
  metadata: Record<string, unknown>,
): Record<string, unknown> {
  return {
    event: event.trigger,
    actionType: actionTypeOf(event.trigger),
    notificationSource: source,
    actionUser: event.actionUser,
    ...entity,
    ...(event.changes ? { changes: event.changes } : {}),
    metadata: { apiKey: event.apiKeyId, ...metadata },
    timestamp: event.occurredAt.getTime(),
  };
}

/** Processed: the entity's fields flattened beside the acting user and what changed, as the comment triggers' processed payload is. */
export function entityProcessed(event: EntityEvent, fields: Record<string, unknown>): Record<string, unknown> {
  return {
    from: event.actionUser,
    ...fields,
    ...(event.changes ? { changes: event.changes } : {}),
    actionType: actionTypeOf(event.trigger),
    event: event.trigger,
    timestamp: event.occurredAt.getTime(),
  };
}

/** The fields whose value differs between two snapshots of an entity, as from/to pairs. */
export function changedFields<T extends object>(before: T, after: T): FieldChanges | undefined {
  const changes: FieldChanges = {};
  for (const field of Object.keys(after) as Array<keyof T & string>) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { from, to };
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}
