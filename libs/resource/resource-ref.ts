export const RESOURCE_TYPES = ['organization', 'folder', 'document'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** An organization, folder or document of one API key; for an organization `id` equals `organizationId`. */
export interface ResourceRef {
  type: ResourceType;
  organizationId: string;
  id: string;
}

export const ORGANIZATION_NOT_FOUND = 'Organization does not exist.';
export const FOLDER_NOT_FOUND = 'Folder does not exist.';
export const DOCUMENT_NOT_FOUND = 'Document does not exist.';
export const ORGANIZATION_DISABLED = 'Organization is disabled.';

export const NOT_FOUND_MESSAGE: Record<ResourceType, string> = {
  organization: ORGANIZATION_NOT_FOUND,
  folder: FOLDER_NOT_FOUND,
  document: DOCUMENT_NOT_FOUND,
};
