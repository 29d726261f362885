export const ORGANIZATION_FIELDS = ['id', 'organizationId', 'organizationName', 'disabled'] as const;

export interface OrganizationRow {
  id: string;
  name: string;
  disabled: boolean;
  metadata: Record<string, unknown>;
}

/** Organization object of the spec: its own fields, then the caller's metadata fields. */
export function organizationView(row: OrganizationRow): Record<string, unknown> {
  return { id: row.id, organizationName: row.name, disabled: row.disabled, ...row.metadata };
}
