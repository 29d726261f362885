/** Per-resource role of an end user (spec: User): viewer reads, editor reads and writes. */
export const ACCESS_ROLES = ['viewer', 'editor'] as const;
export type AccessRole = (typeof ACCESS_ROLES)[number];
