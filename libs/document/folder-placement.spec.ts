import { placeFolders } from './folder-placement';

describe('placeFolders', () => {
  it('places top-level folders and children of stored folders', () => {
    expect(placeFolders([{ folderId: 'a' }, { folderId: 'n', parentFolderId: null }, { folderId: 'b', parentFolderId: 'root' }], new Set(['root']))).toEqual([
      'insert',
      'insert',
      'insert',
    ]);
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
    expect(placeFolders([{ folderId: 'a' }, { folderId: 'b', parentFolderId: 'a' }], new Set(['a']))).toEqual(['exists', 'insert']);
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
    expect(placeFolders(requests, new Set())).toEqual(['noParent', 'noParent', 'noParent', 'noParent', 'noParent', 'insert']);
  });

  it('walks a chain of 1000 folders without recursion', () => {
    const requests = Array.from({ length: 1000 }, (_, i) => ({ folderId: `f${i}`, parentFolderId: i === 0 ? undefined : `f${i - 1}` })).reverse();
    expect(new Set(placeFolders(requests, new Set()))).toEqual(new Set(['insert']));
  });
});
