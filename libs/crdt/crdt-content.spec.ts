import fc from 'fast-check';
import * as Y from 'yjs';
import { CrdtType, contentError, inferType, readContent, writeContent, xmlError } from './crdt-content';

/** A doc holding only the update of `source`, so its roots are the plain types a server decodes. */
function replicaOf(source: Y.Doc): Y.Doc {
  const replica = new Y.Doc();
  Y.applyUpdate(replica, Y.encodeStateAsUpdate(source));
  return replica;
}

function sync(a: Y.Doc, b: Y.Doc): void {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
}

describe('writeContent / readContent', () => {
  // Velt's add and update examples, in that order.
  it.each<[CrdtType, string, unknown, unknown]>([
    ['text', 'content', 'Hello, collaborative world!', 'Updated collaborative content!'],
    ['map', 'content', { nodes: {}, edges: {} }, { nodes: { 'node-1': { label: 'Updated' } }, edges: {} }],
    [
      'array',
      'content',
      [
        { id: '1', text: 'Item 1' },
        { id: '2', text: 'Item 2' },
      ],
      [
        { id: '1', text: 'Updated Item 1' },
        { id: '3', text: 'New Item 3' },
      ],
    ],
    [
      'xml',
      'default',
      '<paragraph>Hello World</paragraph>',
      '<paragraph>Updated content</paragraph><heading level="2">New heading</heading>',
    ],
  ])('%s: Velt examples round-trip, also on a replica', (type, key, added, updated) => {
    const doc = new Y.Doc();
    writeContent(doc, type, key, added);
    expect(readContent(doc, type, key)).toEqual(added);
    writeContent(doc, type, key, updated);
    expect(readContent(doc, type, key)).toEqual(updated);
    expect(readContent(replicaOf(doc), type, key)).toEqual(updated);
  });

  it('writes in one transaction carrying the origin', () => {
    const doc = new Y.Doc();
    writeContent(doc, 'map', 'content', { a: 1, b: 2 });
    const origins: unknown[] = [];
    doc.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin));
    writeContent(doc, 'map', 'content', { a: 3, c: 4 }, 'rest-api');
    expect(origins).toEqual(['rest-api']);
  });

  it('map: deletes absent keys and leaves unchanged keys untouched', () => {
    const doc = new Y.Doc();
    writeContent(doc, 'map', 'content', { keep: { x: [1, 2] }, change: 1, drop: 'gone' });
    const map = doc.getMap('content');
    const keptBefore = map._map.get('keep');
    writeContent(doc, 'map', 'content', { keep: { x: [1, 2] }, change: 2, added: null });
    expect(readContent(doc, 'map', 'content')).toEqual({ keep: { x: [1, 2] }, change: 2, added: null });
    expect(map.has('drop')).toBe(false);
    expect(map._map.get('keep')).toBe(keptBefore);
  });

  it('map: a concurrent edit of another key survives', () => {
    const server = new Y.Doc();
    writeContent(server, 'map', 'content', { a: 1, b: 1 });
    const editor = replicaOf(server);
    editor.getMap('content').set('b', 2);
    writeContent(server, 'map', 'content', { a: 5, b: 1 });
    sync(server, editor);
    expect(readContent(server, 'map', 'content')).toEqual({ a: 5, b: 2 });
    expect(readContent(editor, 'map', 'content')).toEqual({ a: 5, b: 2 });
  });

  it('map: compares nested Y types written by editors by their JSON', () => {
    const doc = new Y.Doc();
    const nested = new Y.Map<unknown>();
    doc.getMap('content').set('nodes', nested);
    nested.set('n1', { label: 'A' });
    writeContent(doc, 'map', 'content', { nodes: { n1: { label: 'A' } } });
    expect(doc.getMap('content').get('nodes')).toBe(nested);
    writeContent(doc, 'map', 'content', { nodes: { n1: { label: 'B' } } });
    expect(readContent(doc, 'map', 'content')).toEqual({ nodes: { n1: { label: 'B' } } });
  });

  it('xml: builds elements, attributes and text that y-prosemirror reads', () => {
    const doc = new Y.Doc();
    writeContent(
      doc,
      'xml',
      'default',
      '<bulletList><listItem><paragraph>a &amp; b</paragraph></listItem></bulletList><image src="x.png"/>',
    );
    const fragment = doc.getXmlFragment('default');
    const list = fragment.get(0) as Y.XmlElement;
    expect(list.nodeName).toBe('bulletList');
    const paragraph = (list.get(0) as Y.XmlElement).get(0) as Y.XmlElement;
    expect(paragraph.get(0)).toBeInstanceOf(Y.XmlText);
    expect((paragraph.get(0) as Y.XmlText).toJSON()).toBe('a & b');
    expect((fragment.get(1) as Y.XmlElement).getAttribute('src')).toBe('x.png');
    expect(fragment.length).toBe(2);
  });

  it('xml: reads back what it wrote, keeping the case of TipTap node names and escaping text', () => {
    const xml =
      '<bulletList><listItem><paragraph>1 &lt; 2 &amp; &quot;q&quot;</paragraph></listItem></bulletList><codeBlock language="a&lt;&quot;b"></codeBlock>';
    const doc = new Y.Doc();
    writeContent(doc, 'xml', 'default', xml);
    const read = readContent(doc, 'xml', 'default') as string;
    expect(read).toBe(
      '<bulletList><listItem><paragraph>1 &lt; 2 &amp; "q"</paragraph></listItem></bulletList><codeBlock language="a&lt;&quot;b"></codeBlock>',
    );
    writeContent(doc, 'xml', 'default', read);
    expect(readContent(doc, 'xml', 'default')).toBe(read);
  });

  it("xml: renders an editor's marks and attributes the way Y.XmlFragment#toString does", () => {
    const editor = new Y.Doc();
    const heading = new Y.XmlElement('heading');
    heading.setAttribute('level', 2 as unknown as string);
    const text = new Y.XmlText();
    heading.insert(0, [text]);
    editor.getXmlFragment('default').insert(0, [heading]);
    text.insert(0, 'plain ');
    text.insert(6, 'bold link', { bold: {}, link: { href: 'https://x.test', target: '_blank' } });
    const doc = replicaOf(editor);
    expect(readContent(doc, 'xml', 'default')).toBe(doc.getXmlFragment('default').toJSON());
    expect(readContent(doc, 'xml', 'default')).toBe(
      '<heading level="2">plain <bold><link href="https://x.test" target="_blank">bold link</link></bold></heading>',
    );
  });

  it('array: replaces all items', () => {
    const doc = new Y.Doc();
    writeContent(doc, 'array', 'content', [1, 2, 3]);
    writeContent(doc, 'array', 'content', [{ a: [true] }]);
    expect(readContent(doc, 'array', 'content')).toEqual([{ a: [true] }]);
  });

  it('refuses data that contentError refuses', () => {
    expect(() => writeContent(new Y.Doc(), 'xml', 'default', '<p>')).toThrow('Data is not well-formed XML');
  });
});

describe('text', () => {
  const text = fc.string({
    unit: fc.oneof(fc.constantFrom('a', 'b', '😀', '😁', '🈀', 'é'), fc.string({ unit: 'grapheme', maxLength: 1 })),
    maxLength: 12,
  });

  it('writing a then b reads b, and a concurrent insert on a replica of a survives', () => {
    fc.assert(
      fc.property(text, text, fc.nat(), fc.constantFrom('X', '🎉'), (a, b, at, mark) => {
        const server = new Y.Doc();
        writeContent(server, 'text', 'content', a);
        const editor = replicaOf(server);
        const points = [...a];
        const position = points.slice(0, at % (points.length + 1)).join('').length;
        editor.getText('content').insert(position, mark);
        writeContent(server, 'text', 'content', b);
        expect(readContent(server, 'text', 'content')).toBe(b);
        sync(server, editor);
        const merged = readContent(server, 'text', 'content') as string;
        expect(readContent(editor, 'text', 'content')).toBe(merged);
        expect(merged.length).toBe(b.length + mark.length);
        const spliced = [...merged.matchAll(new RegExp(mark, 'gu'))].map(
          ({ index }) => merged.slice(0, index) + merged.slice(index + mark.length),
        );
        expect(spliced).toContain(b);
        expect(Buffer.from(merged).toString()).toBe(merged);
      }),
      { numRuns: 500 },
    );
  });

  it('edits only the middle', () => {
    const doc = new Y.Doc();
    writeContent(doc, 'text', 'content', 'Hello world, bye');
    const deltas: unknown[] = [];
    doc.getText('content').observe((event) => deltas.push(event.delta));
    writeContent(doc, 'text', 'content', 'Hello there world, bye');
    expect(deltas).toEqual([[{ retain: 6 }, { insert: 'there ' }]]);
  });

  // 😀 is D83D DE00: 😁 (D83D DE01) shares its high half, 🈀 (D83C DE00) its low half.
  it.each([
    ['high', '😁'],
    ['low', '🈀'],
  ])('does not split a surrogate pair when two characters share their %s half', (_half, replacement) => {
    const doc = new Y.Doc();
    writeContent(doc, 'text', 'content', 'x😀y');
    const deltas: unknown[] = [];
    doc.getText('content').observe((event) => deltas.push(event.delta));
    writeContent(doc, 'text', 'content', `x${replacement}y`);
    expect(deltas).toEqual([[{ retain: 1 }, { delete: 2 }, { insert: replacement }]]);
  });
});

describe('inferType', () => {
  function editorDoc(fill: (doc: Y.Doc) => void): Y.Doc {
    const editor = new Y.Doc();
    fill(editor);
    return replicaOf(editor);
  }

  it.each<[CrdtType, (doc: Y.Doc) => void]>([
    ['text', (doc) => doc.getText('content').insert(0, 'hi')],
    ['text', (doc) => doc.getText('content').insert(0, 'hi', { bold: true })],
    ['map', (doc) => doc.getMap('content').set('k', 1)],
    ['array', (doc) => doc.getArray('content').insert(0, [{ id: 1 }])],
    ['array', (doc) => doc.getArray('content').insert(0, [new Y.Map()])],
    ['xml', (doc) => doc.getXmlFragment('content').insert(0, [new Y.XmlElement('paragraph')])],
    ['xml', (doc) => doc.getXmlFragment('content').insert(0, [new Y.XmlText('loose text')])],
  ])('%s written by an editor', (type, fill) => {
    const doc = editorDoc(fill);
    expect(inferType(doc, 'content')).toBe(type);
    expect(readContent(doc, type, 'content')).toEqual(readContent(editorDoc(fill), type, 'content'));
  });

  it('null for an empty doc, another key, and a root emptied by deletes', () => {
    expect(inferType(new Y.Doc(), 'content')).toBeNull();
    expect(
      inferType(
        editorDoc((doc) => doc.getText('other').insert(0, 'x')),
        'content',
      ),
    ).toBeNull();
    const emptied = editorDoc((doc) => {
      doc.getText('content').insert(0, 'x');
      doc.getText('content').delete(0, 1);
      doc.getMap('map').set('k', 1);
      doc.getMap('map').delete('k');
    });
    expect(inferType(emptied, 'content')).toBeNull();
    expect(inferType(emptied, 'map')).toBeNull();
  });

  it('recognises roots already claimed by a typed getter', () => {
    const doc = new Y.Doc();
    writeContent(doc, 'xml', 'default', '<paragraph>x</paragraph>');
    writeContent(doc, 'text', 'content', 'x');
    expect(inferType(doc, 'default')).toBe('xml');
    expect(inferType(doc, 'content')).toBe('text');
  });

  it('leaves decoded roots unclaimed, so the right getter still works', () => {
    const doc = editorDoc((editor) => editor.getXmlFragment('default').insert(0, [new Y.XmlElement('paragraph')]));
    inferType(doc, 'default');
    expect(doc.getXmlFragment('default').toJSON()).toBe('<paragraph></paragraph>');
  });
});

describe('contentError', () => {
  it.each<[CrdtType, unknown, string | null]>([
    ['text', 'x', null],
    ['text', 1, 'Data must be a string for type text.'],
    ['xml', { a: 1 }, 'Data must be a string for type xml.'],
    ['map', { nodes: {} }, null],
    ['map', [], 'Data must be an object for type map.'],
    ['map', null, 'Data must be an object for type map.'],
    ['map', 'x', 'Data must be an object for type map.'],
    ['array', [], null],
    ['array', { 0: 'a' }, 'Data must be an array for type array.'],
    ['xml', '<paragraph>Hello World</paragraph>', null],
    ['xml', '', null],
  ])('%s %j', (type, data, message) => {
    expect(contentError(type, data)).toBe(message);
  });

  it.each([
    ['<paragraph>x', '<paragraph> is never closed'],
    ['<a><b></a></b>', '</a> does not close <b>'],
    ['x</paragraph>', '</paragraph> closes no open tag'],
    ['<heading level=2>x</heading>', 'attribute level of <heading> needs a quoted value'],
    ['<heading level>x</heading>', 'attribute level of <heading> needs a quoted value'],
    ['<heading level="1" level="2">x</heading>', 'attribute level appears twice on <heading>'],
    ['<heading level="1"', '<heading> is not finished'],
  ])('xml %j is refused', (xml, reason) => {
    expect(xmlError(xml)).toBe(`Data is not well-formed XML: ${reason}.`);
    expect(contentError('xml', xml)).toBe(`Data is not well-formed XML: ${reason}.`);
  });

  it('accepts self-closing tags, comments, CDATA and entities', () => {
    const xml = '<?xml version="1.0"?><!-- c --><paragraph>a<hardBreak/><![CDATA[<b>]]>&lt;&#128512;</paragraph>';
    expect(xmlError(xml)).toBeNull();
    const doc = new Y.Doc();
    writeContent(doc, 'xml', 'default', xml);
    expect(readContent(doc, 'xml', 'default')).toBe('<paragraph>a<hardBreak></hardBreak>&lt;b&gt;&lt;😀</paragraph>');
  });
});
