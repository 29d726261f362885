export interface FolderRequest {
  folderId: string;
  parentFolderId?: string | null;
}

export type Placement = 'insert' | 'exists' | 'noParent';

/**
 * Decides, for each requested folder, whether it can be inserted: its parent must be stored
 * already, or be another folder of the request that can itself be inserted. Chains that never
 * reach a stored folder or the top level (cycles, self-parents, missing parents) cannot.
 */
export function placeFolders(requests: readonly FolderRequest[], stored: ReadonlySet<string>): Placement[] {
  const byId = new Map(requests.map((request) => [request.folderId, request]));
  const placeable = new Map<string, boolean>();

  const canPlace = (start: string): boolean => {
    const chain: string[] = [];
    const onChain = new Set<string>();
    let current: string | null | undefined = start;
    let verdict = false;
    for (;;) {
      if (current === undefined || current === null || stored.has(current)) {
        verdict = true;
        break;
      }
      const known = placeable.get(current);
      if (known !== undefined) {
        verdict = known;
        break;
      }
      const request = byId.get(current);
      if (!request || onChain.has(current)) break;
      chain.push(current);
      onChain.add(current);
      current = request.parentFolderId;
    }
    for (const id of chain) placeable.set(id, verdict);
    return verdict;
  };

  return requests.map((request) => {
    if (stored.has(request.folderId)) return 'exists';
    return canPlace(request.folderId) ? 'insert' : 'noParent';
  });
}

export interface FolderMove {
  folderId: string;
  /** undefined: stays where it is; null: to the top level. */
  parentFolderId?: string | null;
}

export type MoveVerdict = 'ok' | 'absent' | 'noParent' | 'cycle';

/**
 * Checks each request against the organization's tree (`parents`: folder id to parent id), in
 * order, each accepted move applied before the next is checked. A move under the folder itself or
 * under one of its descendants would detach a loop from the tree: 'cycle'.
 */
export function planMoves(requests: readonly FolderMove[], stored: ReadonlyMap<string, string | null>): MoveVerdict[] {
  const parents = new Map(stored);
  return requests.map(({ folderId, parentFolderId }) => {
    if (!parents.has(folderId)) return 'absent';
    if (parentFolderId === undefined) return 'ok';
    if (parentFolderId !== null && !parents.has(parentFolderId)) return 'noParent';
    for (let current: string | null | undefined = parentFolderId; current != null; current = parents.get(current)) {
      if (current === folderId) return 'cycle';
    }
    parents.set(folderId, parentFolderId);
    return 'ok';
  });
}
