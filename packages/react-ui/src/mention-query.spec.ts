import { mentionAt } from './mention-query';

describe('mentionAt', () => {
  it('finds the mention being typed before the caret', () => {
    expect(mentionAt('hello @bo', 9)).toEqual({ start: 6, query: 'bo' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
  });

  it('finds none inside a word, after a space, or after the caret', () => {
    expect(mentionAt('mail@bob', 8)).toBeNull();
    expect(mentionAt('@bob done', 9)).toBeNull();
    expect(mentionAt('hi @bob', 2)).toBeNull();
  });
});
