import { QuoteType, Tokenizer, type TokenizerCallbacks } from 'htmlparser2';
import * as Y from 'yjs';

/** An element parsed from Velt's XML content: the shape y-prosemirror keeps in a Y.XmlFragment. */
export interface XmlElementNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElementNode | string;

type Parsed = { nodes: XmlNode[] } | { error: string };

/**
 * Parses `source` strictly: htmlparser2's tokenizer (XML mode) reads tags, attributes, text and entities, and every
 * tag must be closed by its own end tag (or be self-closing). htmlparser2's Parser forgives what we must refuse
 * (unclosed tags, stray end tags), so the nesting is checked here. Comments, declarations and processing
 * instructions are skipped; CDATA becomes text.
 */
export function parseXml(source: string): Parsed {
  const root: XmlElementNode = { name: '', attributes: {}, children: [] };
  const stack: XmlElementNode[] = [root];
  let open: XmlElementNode | null = null;
  let attribute = '';
  let value = '';
  const errors: string[] = [];
  const fail = (message: string) => errors.push(message);
  const text = (data: string) => {
    const siblings = stack[stack.length - 1].children;
    const last = siblings.length - 1;
    if (last >= 0 && typeof siblings[last] === 'string') siblings[last] += data;
    else siblings.push(data);
  };
  const slice = (start: number, end: number) => source.slice(start, end);
  const callbacks: TokenizerCallbacks = {
    ontext: (start, end) => text(slice(start, end)),
    ontextentity: (codePoint) => text(String.fromCodePoint(codePoint)),
    oncdata: (start, end, offset) => text(slice(start, end - offset)),
    onopentagname: (start, end) => {
      open = { name: slice(start, end), attributes: {}, children: [] };
      stack[stack.length - 1].children.push(open);
    },
    onattribname: (start, end) => {
      attribute = slice(start, end);
      value = '';
    },
    onattribdata: (start, end) => {
      value += slice(start, end);
    },
    onattribentity: (codePoint) => {
      value += String.fromCodePoint(codePoint);
    },
    onattribend: (quote) => {
      if (!open) return;
      if (quote === QuoteType.NoValue || quote === QuoteType.Unquoted)
        fail(`attribute ${attribute} of <${open.name}> needs a quoted value`);
      else if (Object.hasOwn(open.attributes, attribute))
        fail(`attribute ${attribute} appears twice on <${open.name}>`);
      else open.attributes[attribute] = value;
    },
    onopentagend: () => {
      if (open) stack.push(open);
      open = null;
    },
    onselfclosingtag: () => {
      open = null;
    },
    onclosetag: (start, end) => {
      const name = slice(start, end);
      const current = stack[stack.length - 1];
      if (stack.length === 1) fail(`</${name}> closes no open tag`);
      else if (current.name !== name) fail(`</${name}> does not close <${current.name}>`);
      else stack.pop();
    },
    oncomment: () => undefined,
    ondeclaration: () => undefined,
    onprocessinginstruction: () => undefined,
    onend: () => {
      if (open) fail(`<${open.name}> is not finished`);
      else if (stack.length > 1) fail(`<${stack[stack.length - 1].name}> is never closed`);
    },
  };
  const tokenizer = new Tokenizer({ xmlMode: true, decodeEntities: true }, callbacks);
  tokenizer.write(source);
  tokenizer.end();
  return errors.length === 0 ? { nodes: root.children } : { error: `Data is not well-formed XML: ${errors[0]}.` };
}

/** null when `data` parses as XML content, else the INVALID_ARGUMENT message. */
export function xmlError(data: string): string | null {
  const parsed = parseXml(data);
  return 'error' in parsed ? parsed.error : null;
}

function toYNode(node: XmlNode): Y.XmlElement | Y.XmlText {
  if (typeof node === 'string') return new Y.XmlText(node);
  const element = new Y.XmlElement(node.name);
  for (const [key, value] of Object.entries(node.attributes)) element.setAttribute(key, value);
  element.insert(0, node.children.map(toYNode));
  return element;
}

/** Replaces the fragment's children with the parsed `xml`; call inside a transaction. Throws on XML that xmlError refuses. */
export function replaceXml(fragment: Y.XmlFragment, xml: string): void {
  const parsed = parseXml(xml);
  if ('error' in parsed) throw new Error(parsed.error);
  if (fragment.length > 0) fragment.delete(0, fragment.length);
  fragment.insert(0, parsed.nodes.map(toYNode));
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const attributeValue = (value: unknown) =>
  escapeText(typeof value === 'string' ? value : JSON.stringify(value)).replace(/"/g, '&quot;');

function openTag(name: string, attributes: Record<string, unknown>): string {
  const pairs = Object.keys(attributes)
    .sort()
    .map((key) => ` ${key}="${attributeValue(attributes[key])}"`);
  return `<${name}${pairs.join('')}>`;
}

/** Formatted runs (y-prosemirror's marks) become tags around their text, as Y.XmlText#toString renders them. */
function textString(text: Y.XmlText): string {
  const runs = text.toDelta() as { insert: unknown; attributes?: Record<string, Record<string, unknown> | true> }[];
  return runs
    .map(({ insert, attributes = {} }) => {
      const marks = Object.keys(attributes).sort();
      const open = marks
        .map((mark) => openTag(mark, typeof attributes[mark] === 'object' ? attributes[mark] : {}))
        .join('');
      const close = marks
        .map((mark) => `</${mark}>`)
        .reverse()
        .join('');
      return open + (typeof insert === 'string' ? escapeText(insert) : '') + close;
    })
    .join('');
}

function nodeString(node: Y.XmlElement | Y.XmlText | Y.XmlHook): string {
  if (node instanceof Y.XmlText) return textString(node);
  if (node instanceof Y.XmlElement)
    return `${openTag(node.nodeName, node.getAttributes())}${childrenString(node)}</${node.nodeName}>`;
  return '';
}

function childrenString(parent: Y.XmlFragment): string {
  return parent.toArray().map(nodeString).join('');
}

/**
 * The fragment as the XML that replaceXml reads back to the same tree. Y.XmlFragment#toString lowercases node names
 * (TipTap's bulletList would come back as a bulletlist its schema does not know) and leaves `<` and `&` in text
 * unescaped; otherwise the output is the same: attributes sorted by name, empty elements as a start and an end tag.
 */
export function xmlString(fragment: Y.XmlFragment): string {
  return childrenString(fragment);
}
