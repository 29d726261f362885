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
