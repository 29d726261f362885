import { documentName, parseDocumentName } from './crdt-key';

describe('CRDT document names', () => {
  it('reads plain ids as they are', () => {
    expect(documentName('acme', 'plan', 'note')).toBe('acme/plan/note');
    expect(parseDocumentName('acme/plan/note')).toEqual({
      organizationId: 'acme',
      documentId: 'plan',
      editorId: 'note',
    });
  });

  it('keeps ids holding separators apart', () => {
    const name = documentName('a/b', 'c', 'd%e');
    expect(name).toBe('a%2Fb/c/d%25e');
    expect(parseDocumentName(name)).toEqual({ organizationId: 'a/b', documentId: 'c', editorId: 'd%e' });
  });

  it.each(['acme/plan', 'acme/plan/note/x', 'acme//note', '/plan/note', 'acme/plan/%E0%A4%A'])('refuses %s', (name) => {
    expect(parseDocumentName(name)).toBeNull();
  });

  it.each([
    ['a NUL', 'acme/plan/no%00te'],
    ['a raw NUL', 'acme/pl\u0000an/note'],
    ['257 characters', `acme/plan/${'n'.repeat(257)}`],
  ])('refuses an id with %s, as every other id is refused', (_what, name) => {
    expect(parseDocumentName(name)).toBeNull();
  });

  it('takes an id of 256 characters, counted in code points', () => {
    expect(parseDocumentName(`acme/plan/${encodeURIComponent('😀'.repeat(256))}`)?.editorId).toBe('😀'.repeat(256));
  });
});
