import { presenceKey, presenceKeyIds, presenceKeyPattern } from './presence-key';

describe('presence keys', () => {
  it('matches the hashes of one API key or organization, with glob metacharacters of the prefix and ids escaped', () => {
    expect(presenceKeyPattern('t?:', 'k*', 'o[1]\\')).toBe('t\\?:presence:{\\["k\\*","o\\[1\\]\\\\\\\\",*');
    expect(presenceKeyPattern('', 'k')).toBe('presence:{\\["k",*');
  });

  it('reads the ids back from a key', () => {
    expect(presenceKeyIds(presenceKey('k', 'o","x', 'd'))).toEqual(['k', 'o","x', 'd']);
  });

  it('tags the whole document identity, so one document is one cluster slot and two documents may spread', () => {
    expect(presenceKey('k', 'o', 'd')).toBe('presence:{["k","o","d"]}');
  });
});
