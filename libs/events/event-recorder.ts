import { Type } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DomainEvent } from './event-registry';

/** Runs once the transaction that recorded the events has committed; best effort, what was recorded is the truth. */
export type AfterCommit = () => Promise<void>;

/**
 * A sink of the event pipeline (webhook deliveries, notifications, activities, e-mails). It writes what
 * it needs with the emitter's transaction, so a committed change always has its records, and may hand
 * work (enqueueing, socket pushes) to the moment after commit. The sinks record side by side; a write
 * whose answer nothing needs before the commit is sent with `sendPrepared` (libs/database), so the
 * COMMIT travels with it.
 */
export interface EventRecorder {
  record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined>;
}

/** A recorder and the module that provides it; libs/event-sinks lists every sink, for both apps. */
export interface EventSink {
  module: Type;
  recorder: Type<EventRecorder>;
}

export const EVENT_RECORDERS = Symbol('EVENT_RECORDERS');
