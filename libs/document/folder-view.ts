import { AccessType } from './entities/access-type';

/** Velt's marker for "no parent": the top of the folder tree. */
export const ROOT_FOLDER = 'root';

/** Keys of a folder item; metadata may not shadow them. `id` is ours, the rest are Velt's. */
export const FOLDER_FIELDS = [
  'id',
  'folderId',
  'folderName',
  'organizationId',
  'parentFolderId',
  'apiKey',
  'createdAt',
  'lastUpdated',
  'ancestors',
  'accessType',
  'inheritAccessFromParent',
  'subFolders',
] as const;

export interface FolderRow {
  id: string;
  organization_id: string;
  api_key_id: string;
  name: string;
  parent_folder_id: string | null;
  access_type: AccessType;
  metadata: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
  /** Ids from the top down to the parent, without the `root` marker. */
  ancestors: string[];
}

/**
 * Velt's folder item (get-folders page). `inheritAccessFromParent` is true below the top level:
 * grants on ancestor folders reach this folder (docs/architecture.md "Tenancy and access", the folder chain).
 */
export function folderView(row: FolderRow): Record<string, unknown> {
  return {
    id: row.id,
    folderId: row.id,
    folderName: row.name,
    organizationId: row.organization_id,
    parentFolderId: row.parent_folder_id ?? ROOT_FOLDER,
    apiKey: row.api_key_id,
    createdAt: row.created_at.getTime(),
    lastUpdated: row.updated_at.getTime(),
    ancestors: [ROOT_FOLDER, ...row.ancestors],
    accessType: row.access_type,
    inheritAccessFromParent: row.parent_folder_id !== null,
    ...row.metadata,
  };
}

export interface FolderTreeNode extends Record<string, unknown> {
  subFolders?: FolderTreeNode[];
}

/**
 * Nests `rows` (the folder `rootId` and its descendants, each with a depth) into Velt's tree.
 * Folders above `maxDepth` get `subFolders`, empty when they have none; folders at `maxDepth` do not.
 */
export function folderTree(
  rows: (FolderRow & { depth: number })[],
  rootId: string,
  maxDepth: number,
): FolderTreeNode | null {
  const nodes = new Map<string, FolderTreeNode>();
  for (const row of rows) {
    const node: FolderTreeNode = folderView(row);
    if (row.depth < maxDepth) node.subFolders = [];
    nodes.set(row.id, node);
  }
  const ordered = [...rows].sort((a, b) => a.depth - b.depth || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const row of ordered) {
    if (row.id === rootId || row.parent_folder_id === null) continue;
    const node = nodes.get(row.id);
    if (node) nodes.get(row.parent_folder_id)?.subFolders?.push(node);
  }
  return nodes.get(rootId) ?? null;
}
