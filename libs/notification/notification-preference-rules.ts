import { RecipientReason } from '@app/events';
import { PreferenceChannel, PreferenceValue } from './entities/notification-preference';

/** Velt's defaults (notifications guide, setSettingsInitialConfig): inbox ALL, e-mail MINE; slack as e-mail. */
export const DEFAULT_PREFERENCES: Record<PreferenceChannel, PreferenceValue> = {
  inbox: 'ALL',
  email: 'MINE',
  slack: 'MINE',
};

/** What MINE lets through: activities that involve the user directly (mentions, assignments, replies in their threads). */
const INVOLVING: ReadonlySet<RecipientReason> = new Set<RecipientReason>(['mention', 'assign', 'reply']);

type Settings = Partial<Record<PreferenceChannel, PreferenceValue | null>>;

/** The document's setting, else the organization-level one, else Velt's default. */
export function effectivePreference(
  channel: PreferenceChannel,
  document: Settings | null,
  organization: Settings | null,
): PreferenceValue {
  return document?.[channel] ?? organization?.[channel] ?? DEFAULT_PREFERENCES[channel];
}

export function preferenceAllows(value: PreferenceValue, reason: RecipientReason): boolean {
  if (value === 'ALL') return true;
  if (value === 'NONE') return false;
  return INVOLVING.has(reason);
}

/** Whether one channel's stored values, document level then organization level (null: not set), let an event for `reason` through. */
export function storedSettingAllows(
  channel: PreferenceChannel,
  stored: { document: PreferenceValue | null; organization: PreferenceValue | null },
  reason: RecipientReason,
): boolean {
  return preferenceAllows(
    effectivePreference(channel, { [channel]: stored.document }, { [channel]: stored.organization }),
    reason,
  );
}
