import { ThreadList } from './thread-list';
import type { Thread } from './types';

/** The live thread list's rules: oldest thread first, a thread's state taken only from a cursor above its last, the highest cursor heard. */
describe('ThreadList', () => {
  const thread = (annotationId: string, createdAt: number, text = 'hi'): Thread => ({
    annotationId,
    createdAt,
    lastUpdated: createdAt,
    comments: [{ commentId: 1, commentText: text, createdAt }],
  });
  const texts = (list: ThreadList) => list.list().map((t) => `${t.annotationId}:${t.comments[0].commentText}`);

  it('orders threads oldest first, ties by id, and keeps a thread in place when it changes', () => {
    const list = new ThreadList();
    list.apply('b', thread('b', 2), '1');
    list.apply('c', thread('c', 1), '2');
    list.apply('a', thread('a', 2), '3');
    list.apply('c', thread('c', 1, 'edited'), '4');
    expect(texts(list)).toEqual(['c:edited', 'a:hi', 'b:hi']);
  });

  it('compares cursors as integers, not as strings', () => {
    const list = new ThreadList();
    expect(list.apply('a', thread('a', 1, 'at 9'), '9')).toBe(true);
    expect(list.apply('a', thread('a', 1, 'at 10'), '10')).toBe(true);
    expect(texts(list)).toEqual(['a:at 10']);
  });

  it('ignores a repeated or older state of a thread, also after the thread was deleted', () => {
    const list = new ThreadList();
    list.apply('a', thread('a', 1, 'new'), '5');
    expect(list.apply('a', thread('a', 1, 'old'), '4')).toBe(false);
    expect(list.apply('a', thread('a', 1, 'again'), '5')).toBe(false);
    expect(list.apply('a', null, '6')).toBe(true);
    expect(list.apply('a', thread('a', 1, 'late'), '5')).toBe(false);
    expect(list.list()).toEqual([]);
  });

  it("takes another thread's change that arrives after a higher cursor of a different thread", () => {
    const list = new ThreadList();
    list.apply('a', thread('a', 1), '7');
    expect(list.apply('b', thread('b', 2), '6')).toBe(true);
    expect(texts(list)).toEqual(['a:hi', 'b:hi']);
    expect(list.cursor).toBe('7');
  });

  it('a deletion of a thread it never held changes nothing', () => {
    expect(new ThreadList().apply('a', null, '3')).toBe(false);
  });
});
