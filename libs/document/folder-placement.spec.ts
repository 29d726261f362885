import { placeFolders, planMoves } from './folder-placement';

describe('placeFolders', () => {
  it('places top-level folders and children of stored folders', () => {
    expect(
      placeFolders(
        [{ folderId: 'a' }, { folderId: 'n', parentFolderId: null }, { folderId: 'b', parentFolderId: 'root' }],
        new Set(['root']),
      ),
    ).toEqual(['insert', 'insert', 'insert']);
  });

  it('places children before or after their parent within the request', () => {
    const requests = [
      { folderId: 'c', parentFolderId: 'b' },
      { folderId: 'b', parentFolderId: 'a' },
      { folderId: 'a' },
    ];
    expect(placeFolders(requests, new Set())).toEqual(['insert', 'insert', 'insert']);
  });

  it('reports stored folders as existing and keeps their children placeable', () => {
    expect(placeFolders([{ folderId: 'a' }, { folderId: 'b', parentFolderId: 'a' }], new Set(['a']))).toEqual([
      'exists',
      'insert',
    ]);
  });

  it('refuses missing parents, self-parents and cycles, and everything beneath them', () => {
    const requests = [
      { folderId: 'orphan', parentFolderId: 'ghost' },
      { folderId: 'under-orphan', parentFolderId: 'orphan' },
      { folderId: 'self', parentFolderId: 'self' },
      { folderId: 'x', parentFolderId: 'y' },
      { folderId: 'y', parentFolderId: 'x' },
      { folderId: 'fine' },
    ];
    expect(placeFolders(requests, new Set())).toEqual([
      'noParent',
      'noParent',
      'noParent',
      'noParent',
      'noParent',
      'insert',
    ]);
  });

  it('walks a chain of 1000 folders without recursion', () => {
    const requests = Array.from({ length: 1000 }, (_, i) => ({
      folderId: `f${i}`,
      parentFolderId: i === 0 ? undefined : `f${i - 1}`,
    })).reverse();
    expect(new Set(placeFolders(requests, new Set()))).toEqual(new Set(['insert']));
  });
});

describe('planMoves', () => {
  const tree = new Map<string, string | null>([
    ['a', null],
    ['b', 'a'],
    ['c', 'b'],
    ['x', null],
  ]);

  it('accepts moves to another branch or to the top level', () => {
    expect(
      planMoves(
        [{ folderId: 'c', parentFolderId: 'x' }, { folderId: 'b', parentFolderId: null }, { folderId: 'a' }],
        tree,
      ),
    ).toEqual(['ok', 'ok', 'ok']);
  });

  it('refuses a move under itself or a descendant, and reports missing folders and parents', () => {
    expect(planMoves([{ folderId: 'a', parentFolderId: 'c' }], tree)).toEqual(['cycle']);
    expect(planMoves([{ folderId: 'a', parentFolderId: 'a' }], tree)).toEqual(['cycle']);
    expect(
      planMoves(
        [
          { folderId: 'zz', parentFolderId: 'a' },
          { folderId: 'a', parentFolderId: 'zz' },
        ],
        tree,
      ),
    ).toEqual(['absent', 'noParent']);
  });

  it('checks each move against the tree as the earlier moves left it', () => {
    // After c moves to the top, a may move under c.
    expect(
      planMoves(
        [
          { folderId: 'c', parentFolderId: null },
          { folderId: 'a', parentFolderId: 'c' },
        ],
        tree,
      ),
    ).toEqual(['ok', 'ok']);
    // After x moves under a, a may not move under x.
    expect(
      planMoves(
        [
          { folderId: 'x', parentFolderId: 'a' },
          { folderId: 'a', parentFolderId: 'x' },
        ],
        tree,
      ),
    ).toEqual(['ok', 'cycle']);
  });
});
