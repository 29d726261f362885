import * as Y from 'yjs';
import { changesByUser, HistoryPart, historyDoc, revertUpdate, textDiff } from './crdt-history';

/** Records each change of `doc` as a history part of `userId`. */
function recorder(doc: Y.Doc) {
  const parts: HistoryPart[] = [];
  let userId: string | null = null;
  doc.on('update', (data: Uint8Array) =>
    parts.push({ data, userId, firstAt: new Date(parts.length * 1000), lastAt: new Date(parts.length * 1000) }),
  );
  return {
    parts,
    as(user: string, change: () => void) {
      userId = user;
      change();
    },
  };
}

function textOf(doc: Y.Doc): string {
  return doc.getText('content').toJSON();
}

describe('version history', () => {
  it('rebuilds each point of the history, and restores an old one as a new change that editors merge', () => {
    const live = new Y.Doc();
    const log = recorder(live);
    log.as('ann', () => live.getText('content').insert(0, 'Hello world'));
    const v1 = log.parts.length;
    log.as('bob', () => live.getText('content').delete(0, 6));
    log.as('bob', () => live.getText('content').insert(5, '!'));
    expect(textOf(live)).toBe('world!');
    expect(textOf(historyDoc(log.parts.slice(0, v1).map((p) => p.data)))).toBe('Hello world');

    const editor = new Y.Doc();
    Y.applyUpdate(editor, Y.encodeStateAsUpdate(live));
    const revert = revertUpdate(historyDoc(log.parts.slice(0, v1).map((p) => p.data)), live);
    const history = [...log.parts];
    Y.applyUpdate(live, revert);
    Y.applyUpdate(editor, revert);
    expect(textOf(live)).toBe('Hello world');
    expect(textOf(editor)).toBe('Hello world');
    // The revert carries the whole delete set, yet only what it deleted is attributed to it.
    const parts = [...history, { data: revert, userId: 'cy', firstAt: new Date(9000), lastAt: new Date(9000) }];
    const beforeRevert = Y.snapshot(historyDoc(history.map((p) => p.data)));
    expect(changesByUser(parts.slice(-1), beforeRevert, historyDoc(parts.map((p) => p.data)))).toEqual([
      { userId: 'cy', insertions: 6, deletions: 1, inserted: 'Hello ', deleted: '!', from: 9000, to: 9000 },
    ]);
    // The history only grows: the version before the restore is still there.
    expect(textOf(historyDoc(parts.map((p) => p.data)))).toBe('Hello world');
  });

  it('restores maps, arrays and XML, and roots created after the version', () => {
    const live = new Y.Doc();
    const log = recorder(live);
    log.as('ann', () => {
      live.getMap('map').set('a', 1);
      live.getArray('list').insert(0, [1, 2]);
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText('first')]);
      live.getXmlFragment('default').insert(0, [paragraph]);
    });
    const v1 = log.parts.length;
    log.as('bob', () => {
      live.getMap('map').set('a', 2);
      live.getMap('map').set('b', 3);
      live.getArray('list').delete(0, 1);
      live.getXmlFragment('default').insert(1, [new Y.XmlElement('heading')]);
      live.getText('later').insert(0, 'new root');
    });
    Y.applyUpdate(live, revertUpdate(historyDoc(log.parts.slice(0, v1).map((p) => p.data)), live));
    expect(live.getMap('map').toJSON()).toEqual({ a: 1 });
    expect(live.getArray('list').toJSON()).toEqual([1, 2]);
    expect(live.getXmlFragment('default').toJSON()).toBe('<paragraph>first</paragraph>');
    expect(live.getText('later').toJSON()).toBe('');
  });

  it('attributes insertions and deletions with their text and time span to each user', () => {
    const live = new Y.Doc();
    const log = recorder(live);
    log.as('ann', () => live.getText('content').insert(0, 'Hello world'));
    const from = log.parts.length;
    log.as('bob', () => live.getText('content').insert(11, ', bye'));
    log.as('cy', () => live.getText('content').delete(0, 6));
    log.as('bob', () => live.getText('content').insert(0, '>'));
    const range = log.parts.slice(from);
    const before = Y.snapshot(historyDoc(log.parts.slice(0, from).map((p) => p.data)));
    const after = historyDoc(log.parts.map((p) => p.data));
    expect(changesByUser(range, before, after)).toEqual([
      { userId: 'bob', insertions: 6, deletions: 0, inserted: ', bye>', deleted: '', from: 1000, to: 3000 },
      { userId: 'cy', insertions: 0, deletions: 6, inserted: '', deleted: 'Hello ', from: 2000, to: 2000 },
    ]);

    const doc = historyDoc(log.parts.map((p) => p.data));
    expect(textDiff(doc, 'content', before, Y.snapshot(doc), range)).toEqual([
      { insert: 'Hello ', change: 'removed', userId: 'cy' },
      { insert: '>', change: 'added', userId: 'bob' },
      { insert: 'world' },
      { insert: ', bye', change: 'added', userId: 'bob' },
    ]);
  });
});
