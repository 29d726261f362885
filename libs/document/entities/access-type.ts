/** Who may read a document or folder beyond explicit grants (docs/architecture.md "Tenancy and access"). */
export const ACCESS_TYPES = ['public', 'organizationPrivate', 'restricted'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
