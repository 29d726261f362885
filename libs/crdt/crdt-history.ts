import * as Y from 'yjs';

/** One row of an editor's history: a Yjs update and the user it is attributed to (null: a REST write, or erased). */
export interface HistoryPart {
  data: Uint8Array;
  userId: string | null;
  firstAt: Date;
  lastAt: Date;
}

/** What one user changed in a range of history: counts, the text inserted and deleted, and when. */
export interface UserChanges {
  userId: string | null;
  insertions: number;
  deletions: number;
  inserted: string;
  deleted: string;
  from: number;
  to: number;
}

/** A run of text in a diff: unchanged, or added or removed by `userId`. */
export interface DiffRun {
  insert: string;
  change?: 'added' | 'removed';
  userId?: string | null;
}

/** The document the parts rebuild, keeping deleted content (gc off), so older snapshots of it can be read and restored. */
export function historyDoc(parts: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc({ gc: false });
  if (parts.length > 0) Y.applyUpdate(doc, Y.mergeUpdates(parts));
  return doc;
}

type Ranges = Map<number, Array<{ clock: number; end: number; owner: number }>>;

function addRange(ranges: Ranges, client: number, clock: number, length: number, owner: number): void {
  const list = ranges.get(client) ?? [];
  list.push({ clock, end: clock + length, owner });
  ranges.set(client, list);
}

function ownerOf(ranges: Ranges, id: Y.ID): number | undefined {
  return ranges.get(id.client)?.find((range) => id.clock >= range.clock && id.clock < range.end)?.owner;
}

/**
 * Who inserted and who deleted each struct of `parts` (the history between two points), read off the
 * updates themselves: an update's structs are what its user inserted, its delete set what they deleted.
 */
class Attribution {
  readonly inserts: Ranges = new Map();
  readonly deletes: Ranges = new Map();

  constructor(readonly parts: HistoryPart[]) {
    parts.forEach((part, index) => {
      const { structs, ds } = Y.decodeUpdate(part.data);
      for (const struct of structs)
        if (!(struct instanceof Y.Skip))
          addRange(this.inserts, struct.id.client, struct.id.clock, struct.length, index);
      for (const [client, items] of ds.clients)
        for (const item of items) addRange(this.deletes, client, item.clock, item.len, index);
    });
  }

  user(ranges: Ranges, id: Y.ID): string | null | undefined {
    const owner = ownerOf(ranges, id);
    return owner === undefined ? undefined : this.parts[owner].userId;
  }
}

/**
 * Per user, what `parts` changed: insertions and deletions (characters of text, items of other types)
 * with their text, and the time span of the user's parts. `before` is the snapshot where the parts
 * start: an update may repeat deletions made before it (a whole-state delete set), which are not its
 * own. `after` is the history doc up to the last part, where deleted content is still readable.
 */
export function changesByUser(parts: HistoryPart[], before: Y.Snapshot, after: Y.Doc): UserChanges[] {
  const users = new Map<string | null, UserChanges>();
  const entry = (part: HistoryPart) => {
    let changes = users.get(part.userId);
    if (!changes) {
      changes = {
        userId: part.userId,
        insertions: 0,
        deletions: 0,
        inserted: '',
        deleted: '',
        from: part.firstAt.getTime(),
        to: part.lastAt.getTime(),
      };
      users.set(part.userId, changes);
    }
    changes.from = Math.min(changes.from, part.firstAt.getTime());
    changes.to = Math.max(changes.to, part.lastAt.getTime());
    return changes;
  };
  const attribution = new Attribution(parts);
  for (const part of parts) {
    const changes = entry(part);
    for (const struct of Y.decodeUpdate(part.data).structs) {
      if (!(struct instanceof Y.Item) || !struct.countable) continue;
      changes.insertions += struct.length;
      if (struct.content instanceof Y.ContentString) changes.inserted += struct.content.str;
    }
  }
  after.transact((transaction) => {
    for (const part of parts) {
      const changes = entry(part);
      const { ds } = Y.decodeUpdate(part.data);
      Y.iterateDeletedStructs(transaction, ds, (struct) => {
        if (!(struct instanceof Y.Item) || !struct.countable || Y.isDeleted(before.ds, struct.id)) return;
        if (attribution.user(attribution.deletes, struct.id) !== part.userId) return;
        changes.deletions += struct.length;
        if (struct.content instanceof Y.ContentString) changes.deleted += struct.content.str;
      });
    }
  });
  return [...users.values()];
}

/**
 * The text under `key` at `after`, with what changed since `before` marked added or removed and
 * attributed to the user whose part inserted (or deleted) it. `doc` is the history doc up to `after`.
 */
export function textDiff(
  doc: Y.Doc,
  key: string,
  before: Y.Snapshot,
  after: Y.Snapshot,
  parts: HistoryPart[],
): DiffRun[] {
  const attribution = new Attribution(parts);
  const delta = doc.getText(key).toDelta(after, before, (type: 'added' | 'removed', id: Y.ID) => ({
    type,
    user: attribution.user(type === 'added' ? attribution.inserts : attribution.deletes, id) ?? null,
  })) as Array<{ insert: unknown; attributes?: { ychange?: { type: 'added' | 'removed'; user: string | null } } }>;
  return delta
    .filter((run) => typeof run.insert === 'string')
    .map(({ insert, attributes }) => {
      const change = attributes?.ychange;
      return change
        ? { insert: insert as string, change: change.type, userId: change.user }
        : { insert: insert as string };
    });
}

const REVERT = Symbol('revert');

/**
 * The update that turns `current` back into the content of `version` (a history doc, gc off) as a new
 * change on top: the changes since the version are applied to it and undone, so content deleted since is
 * inserted again and content added since is deleted. The whole doc is the undo scope: its roots are
 * untyped after decoding, and only typed roots report their changes to a scope of types.
 */
export function revertUpdate(version: Y.Doc, current: Y.Doc): Uint8Array {
  const undo = new Y.UndoManager(version, { trackedOrigins: new Set([REVERT]), captureTimeout: 0 });
  Y.applyUpdate(version, Y.encodeStateAsUpdate(current, Y.encodeStateVector(version)), REVERT);
  undo.undo();
  undo.destroy();
  return Y.encodeStateAsUpdate(version, Y.encodeStateVector(current));
}
