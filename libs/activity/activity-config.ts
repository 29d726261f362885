import { ApiError } from '@app/common';
import { COMMENT_ACTION_TYPES, EVENT_TRIGGER_NAMES, EVENT_TRIGGERS, EventTrigger } from '@app/events';

/** Ten years: a bound, so the retention cutoff stays a sane time. */
export const MAX_RETENTION_DAYS = 3650;
const MAX_TRIGGER_NAME_LENGTH = 256;
const MAX_TRIGGER_FLAGS = 200;

/** A source's flags: one for the whole source, or one per trigger name. */
export type SourceTriggers = boolean | Record<string, boolean>;

/** Velt's activityServiceConfig, plus `retentionDays` (ours). */
export interface ActivityServiceConfig {
  isEnabled: boolean;
  enabledTime?: number;
  immutable?: boolean;
  triggers?: Record<string, SourceTriggers>;
  retentionDays?: number;
}

export type ActivityServiceConfigPatch = Partial<ActivityServiceConfig>;

/** Velt: a workspace that never configured activity logs has them off. */
export const UNCONFIGURED: Readonly<ActivityServiceConfig> = Object.freeze({ isEnabled: false });

/** The sources whose events become activities; keys of `triggers`. */
export const ACTIVITY_SOURCES = [...new Set(EVENT_TRIGGER_NAMES.map((trigger) => EVENT_TRIGGERS[trigger].source))];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `triggers` of an update: known sources only, each a flag or a map of names to flags. Unknown trigger
 * names are kept (Velt documents some that are not served here, e.g. suggestion accept/reject).
 */
export function parseTriggers(value: Record<string, unknown>): Record<string, SourceTriggers> {
  const result: Record<string, SourceTriggers> = {};
  for (const [source, flags] of Object.entries(value)) {
    const path = `data.activityServiceConfig.triggers.${source}`;
    if (!(ACTIVITY_SOURCES as string[]).includes(source))
      throw ApiError.invalid(`${path} is not a known source (${ACTIVITY_SOURCES.join(', ')}).`);
    if (typeof flags === 'boolean') {
      result[source] = flags;
      continue;
    }
    if (!isPlainObject(flags))
      throw ApiError.invalid(`${path} must be a boolean or an object of trigger names to booleans.`);
    const entries = Object.entries(flags);
    if (entries.length > MAX_TRIGGER_FLAGS) throw ApiError.invalid(`${path} has more than ${MAX_TRIGGER_FLAGS} flags.`);
    for (const [name, flag] of entries) {
      if (name.length === 0 || name.length > MAX_TRIGGER_NAME_LENGTH)
        throw ApiError.invalid(`${path} has a trigger name that is empty or too long.`);
      if (typeof flag !== 'boolean') throw ApiError.invalid(`${path}.${name} must be a boolean.`);
    }
    result[source] = flags as Record<string, boolean>;
  }
  return result;
}

/**
 * Velt's update: deep-merged into the stored configuration. Enabling a configuration that never
 * existed seeds Velt's defaults first (comment triggers on, immutable, enabledTime now); what the
 * request sends is merged on top.
 */
export function mergeConfig(
  stored: ActivityServiceConfig | null,
  patch: ActivityServiceConfigPatch,
  now: number,
): ActivityServiceConfig {
  let base: ActivityServiceConfig = stored ?? { ...UNCONFIGURED };
  if (stored === null && patch.isEnabled === true) {
    base = {
      isEnabled: true,
      immutable: true,
      enabledTime: now,
      triggers: { comment: Object.fromEntries(Object.keys(COMMENT_ACTION_TYPES).map((t) => [t, true])) },
    };
  }
  const triggers = { ...base.triggers };
  for (const [source, flags] of Object.entries(patch.triggers ?? {})) {
    const current = triggers[source];
    triggers[source] = typeof flags === 'boolean' || typeof current !== 'object' ? flags : { ...current, ...flags };
  }
  const merged: ActivityServiceConfig = { ...base, ...withoutUndefined(patch), triggers };
  if (merged.isEnabled && merged.enabledTime === undefined) merged.enabledTime = now;
  if (Object.keys(triggers).length === 0) delete merged.triggers;
  return merged;
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** Whether an event of `trigger` becomes an activity: logging is on, and neither its source nor the trigger is switched off. */
export function isRecorded(config: ActivityServiceConfig, trigger: EventTrigger): boolean {
  if (!config.isEnabled) return false;
  const flags = config.triggers?.[EVENT_TRIGGERS[trigger].source];
  if (typeof flags === 'boolean') return flags;
  if (flags === undefined) return true;
  // Velt's comment action types (`added`) name the same triggers as ours (`comment.add`).
  const veltName = COMMENT_ACTION_TYPES[trigger];
  return flags[trigger] ?? (veltName === undefined ? undefined : flags[veltName]) ?? true;
}
