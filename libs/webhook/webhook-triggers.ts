import { EVENT_TRIGGER_NAMES, isEventTrigger } from '@app/events';
import { ADVANCED_EVENT_TYPE_NAMES, ATTEMPT_EXHAUSTED } from './advanced-event-types';

/**
 * Velt's nested TriggersConfig (data-models: CommentTrigger, HuddleTrigger, RecorderTrigger): each
 * feature's flags, stored under the flat key `<feature>.<flag>` so one configuration has one form.
 */
export const NESTED_TRIGGERS = {
  comment: ['add', 'update', 'delete'],
  huddle: ['add', 'update', 'delete'],
  recorder: ['done'],
} as const;

/** Flat keys reached only through the nested shape (the comment ones are event triggers already). */
const NESTED_KEYS = Object.entries(NESTED_TRIGGERS).flatMap(([feature, flags]) =>
  flags.map((flag) => `${feature}.${flag}`),
);

/**
 * Every key a basic webhook configuration takes: the triggers this service emits, and every event type
 * of Velt's advanced list (its webhookconfig page: "Each key is an event type string"), the operational
 * exhaustion event aside. Keys of features not served are stored and never fire.
 */
export const CONFIGURABLE_TRIGGER_NAMES: readonly string[] = [
  ...new Set([
    ...EVENT_TRIGGER_NAMES,
    ...ADVANCED_EVENT_TYPE_NAMES.filter((name) => name !== ATTEMPT_EXHAUSTED),
    ...NESTED_KEYS,
  ]),
];

/** The configurable keys that never fire here, because their feature is not served. */
export const INERT_TRIGGER_NAMES: readonly string[] = CONFIGURABLE_TRIGGER_NAMES.filter(
  (name) => !isEventTrigger(name),
);

const CONFIGURABLE = new Set(CONFIGURABLE_TRIGGER_NAMES);
type NestedFeature = keyof typeof NESTED_TRIGGERS;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFlag(value: unknown): value is boolean | null {
  return value === null || typeof value === 'boolean';
}

function isNestedFeature(key: string): key is NestedFeature {
  return Object.hasOwn(NESTED_TRIGGERS, key);
}

/** The flags of a `triggers` object in either shape, as flat key to flag (null resets one); undefined when it is malformed. */
export function flatTriggerFlags(value: unknown): Record<string, boolean | null> | undefined {
  if (!isPlainObject(value)) return undefined;
  const flags: Record<string, boolean | null> = {};
  for (const [key, flag] of Object.entries(value)) {
    if (isNestedFeature(key)) {
      if (!isPlainObject(flag)) return undefined;
      const known: readonly string[] = NESTED_TRIGGERS[key];
      for (const [name, nested] of Object.entries(flag)) {
        if (!known.includes(name) || !isFlag(nested)) return undefined;
        flags[`${key}.${name}`] = nested;
      }
    } else if (CONFIGURABLE.has(key) && isFlag(flag)) {
      flags[key] = flag;
    } else {
      return undefined;
    }
  }
  return flags;
}
