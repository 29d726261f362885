/** Where an event happened; every sink files the event under these ids. */
export interface EventScope {
  organizationId: string;
  /** '' for an event about an organization or folder as a whole. */
  documentId: string;
}

/** An event's trigger and what the outbox adds when it is emitted: its tenant and one timestamp per transaction. */
export interface EventEnvelope<Trigger extends string = string> {
  trigger: Trigger;
  apiKeyId: string;
  occurredAt: Date;
}

/** The two shapes a webhook sends an event in (docs/architecture.md "Webhooks"): as it happened, and flattened for notification use. */
export type PayloadForm = 'raw' | 'processed';

/** A source's payload builders; sinks add their own ids (a webhook puts `webhookId` first). */
export type PayloadBuilders<Data extends EventScope> = Record<
  PayloadForm,
  (event: Data & EventEnvelope) => Record<string, unknown>
>;

/** One entry of the trigger registry. */
export interface TriggerDefinition<Source extends string, Data extends EventScope> {
  source: Source;
  /** What a webhook configuration that does not name the trigger gets. */
  enabledByDefault: boolean;
  payloads: PayloadBuilders<Data>;
}

export function defineTrigger<Source extends string, Data extends EventScope>(
  source: Source,
  payloads: PayloadBuilders<Data>,
  { enabledByDefault }: { enabledByDefault: boolean },
): TriggerDefinition<Source, Data> {
  return { source, enabledByDefault, payloads };
}

/** `comment.reaction_add` -> `reaction_add`: the action part of a trigger name. */
export function actionTypeOf(trigger: string): string {
  return trigger.slice(trigger.indexOf('.') + 1);
}
