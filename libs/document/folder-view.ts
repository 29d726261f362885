import { AccessType } from './entities/access-type';

export const FOLDER_FIELDS = ['id', 'folderId', 'folderName', 'parentFolderId', 'accessType'] as const;

export interface FolderRow {
  id: string;
  name: string;
  parent_folder_id: string | null;
  access_type: AccessType;
  metadata: Record<string, unknown>;
}

export function folderView(row: FolderRow): Record<string, unknown> {
  return {
    id: row.id,
    folderName: row.name,
    ...(row.parent_folder_id === null ? {} : { parentFolderId: row.parent_folder_id }),
    accessType: row.access_type,
    ...row.metadata,
  };
}
