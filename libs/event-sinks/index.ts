import { ACTIVITY_SINK } from '@app/activity';
import { MEMORY_SINK } from '@app/ai-memory';
import { EMAIL_SINK } from '@app/email';
import { EventSink } from '@app/events';
import { NOTIFICATION_SINK } from '@app/notification';
import { USAGE_SINK } from '@app/usage';
import { WEBHOOK_SINK } from '@app/webhook';

/**
 * Every sink of the event pipeline, the one list both apps hand to `EventsModule.forRoot`: the API
 * records with each write, the worker with the events its jobs emit. A new sink is one entry here
 * (CONTRIBUTING.md "Add an event sink").
 */
export const EVENT_SINKS: EventSink[] = [
  WEBHOOK_SINK,
  NOTIFICATION_SINK,
  ACTIVITY_SINK,
  EMAIL_SINK,
  USAGE_SINK,
  MEMORY_SINK,
];
