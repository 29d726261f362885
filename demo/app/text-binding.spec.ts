import { movePosition, textDiff } from './text-binding';

describe('textDiff', () => {
  it.each([
    ['an insert in the middle', 'hello world', 'hello, world', { index: 5, remove: 0, insert: ',' }],
    ['a delete at the end', 'hello', 'hell', { index: 4, remove: 1, insert: '' }],
    ['a replacement', 'cat', 'cut', { index: 1, remove: 1, insert: 'u' }],
    ['no change', 'same', 'same', { index: 4, remove: 0, insert: '' }],
    ['a surrogate pair kept whole', 'a😀b', 'a😃b', { index: 1, remove: 2, insert: '😃' }],
  ])('%s', (_, before, after, change) => {
    expect(textDiff(before, after)).toEqual(change);
  });
});

describe('movePosition', () => {
  it('moves a caret after an insert before it, and not for one after it', () => {
    expect(movePosition(5, [{ insert: 'ab' }])).toBe(7);
    expect(movePosition(5, [{ retain: 6 }, { insert: 'ab' }])).toBe(5);
  });

  it('pulls a caret back by a delete before it, at most to the delete', () => {
    expect(movePosition(5, [{ retain: 1 }, { delete: 2 }])).toBe(3);
    expect(movePosition(5, [{ retain: 3 }, { delete: 4 }])).toBe(3);
  });
});
