/** Velt's notification setting values (notifications/config/set): everything, only what involves the user, nothing. */
export const PREFERENCE_VALUES = ['ALL', 'MINE', 'NONE'] as const;
export type PreferenceValue = (typeof PREFERENCE_VALUES)[number];

/** The channels Velt's config carries; inbox and email are acted on, slack is stored for the customer's own integration. */
export const PREFERENCE_CHANNELS = ['inbox', 'email', 'slack'] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];
