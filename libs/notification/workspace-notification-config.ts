import { EVENT_TRIGGER_NAMES, EVENT_TRIGGERS } from '@app/events';

/** Velt's notificationconfig shape. */
export interface WorkspaceNotificationConfig {
  useNotificationService: boolean;
  notificationServiceConfig: Record<string, unknown>;
}

/** Velt's "Defaults on first enable": the standard comment triggers and every huddle trigger on. */
export const DEFAULT_TRIGGERS = {
  comment: Object.fromEntries(
    EVENT_TRIGGER_NAMES.filter((name) => EVENT_TRIGGERS[name].source === 'comment').map((name) => [name, true]),
  ),
  huddle: { 'huddle.create': true, 'huddle.join': true },
};

/** What get answers when nothing is stored (Velt's page). */
const DEFAULT_SERVICE_CONFIG = {
  triggers: { comment: {}, huddle: {} },
  delayConfig: { isEnabled: false, delaySeconds: 10 },
  batchConfig: {
    document: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
    user: { isEnabled: false, batchWindowSeconds: 10, maxActivities: 2 },
  },
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `patch` over `base`, object by object; a value that is not an object replaces; undefined and null leave the stored value. */
export function deepMerge(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === null) continue;
    merged[key] = isPlainObject(value) && isPlainObject(base[key]) ? deepMerge(base[key], value) : value;
  }
  return merged;
}

/** The stored config over Velt's defaults, so a read always has the whole shape. */
export function configView(stored: WorkspaceNotificationConfig | null): WorkspaceNotificationConfig {
  return {
    useNotificationService: stored?.useNotificationService ?? false,
    notificationServiceConfig: deepMerge(DEFAULT_SERVICE_CONFIG, stored?.notificationServiceConfig ?? {}),
  };
}

/**
 * Velt's update: deep-merged into what is stored; enabling the service when no triggers are stored
 * seeds the default triggers first, and the request's own values go on top.
 */
export function mergeWorkspaceConfig(
  stored: WorkspaceNotificationConfig | null,
  update: { useNotificationService?: boolean | null; notificationServiceConfig?: Record<string, unknown> | null },
): WorkspaceNotificationConfig {
  const enabled = update.useNotificationService ?? stored?.useNotificationService ?? false;
  let service = stored?.notificationServiceConfig ?? {};
  if (update.useNotificationService === true && !isPlainObject(service.triggers))
    service = { ...service, triggers: DEFAULT_TRIGGERS };
  return {
    useNotificationService: enabled,
    notificationServiceConfig: deepMerge(service, update.notificationServiceConfig ?? {}),
  };
}

/** Whether in-app notifications follow `trigger`: only a service that is on and switches the trigger off stops them. */
export function triggerNotifies(config: WorkspaceNotificationConfig | null, trigger: string): boolean {
  if (!config?.useNotificationService) return true;
  const triggers = config.notificationServiceConfig.triggers;
  const comment = isPlainObject(triggers) ? triggers.comment : undefined;
  return !(isPlainObject(comment) && comment[trigger] === false);
}

/** Trigger maps hold booleans only; names the first offending key the way validation errors do. */
export function invalidTriggerPath(triggers: unknown): string | null {
  if (!isPlainObject(triggers)) return null;
  for (const group of ['comment', 'huddle']) {
    const map = triggers[group];
    if (!isPlainObject(map)) continue;
    const bad = Object.entries(map).find(([, value]) => typeof value !== 'boolean' && value !== null);
    if (bad) return `data.notificationServiceConfig.triggers.${group}.${bad[0]}`;
  }
  return null;
}
