/** Who may read a document or folder beyond explicit grants (DESIGN §3). */
export const ACCESS_TYPES = ['public', 'organizationPrivate', 'restricted'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
