import { AccessType } from './entities/access-type';

export const DOCUMENT_FIELDS = ['id', 'documentId', 'documentName', 'disabled', 'accessType', 'folderId'] as const;

/** Keys of Velt's DocumentMetadata that are not custom: refused on a document item rather than stored. */
export const DOCUMENT_RESERVED_KEYS = [...DOCUMENT_FIELDS, 'organizationId', 'apiKey'] as const;

export interface DocumentRow {
  id: string;
  name: string;
  disabled: boolean;
  access_type: AccessType;
  folder_id: string | null;
  metadata: Record<string, unknown>;
}

/** Document object of the spec; `folderId` only for a document inside a folder, then the caller's metadata. */
export function documentView(row: DocumentRow): Record<string, unknown> {
  return {
    id: row.id,
    documentName: row.name,
    disabled: row.disabled,
    accessType: row.access_type,
    ...(row.folder_id === null ? {} : { folderId: row.folder_id }),
    ...row.metadata,
  };
}
