import { isDeepStrictEqual } from 'node:util';
import * as Y from 'yjs';
import { replaceXml, xmlError, xmlString } from './crdt-xml';

export { xmlError } from './crdt-xml';

export const CRDT_TYPES = ['text', 'map', 'array', 'xml'] as const;
export type CrdtType = (typeof CRDT_TYPES)[number];
export const DEFAULT_CONTENT_KEY = 'content';

function isPlainObject(data: unknown): data is Record<string, unknown> {
  return typeof data === 'object' && data !== null && !Array.isArray(data);
}

/** null when `data` fits `type`, else Velt's INVALID_ARGUMENT message ("Data must be a string for type text."). */
export function contentError(type: CrdtType, data: unknown): string | null {
  switch (type) {
    case 'text':
      return typeof data === 'string' ? null : 'Data must be a string for type text.';
    case 'xml':
      return typeof data === 'string' ? xmlError(data) : 'Data must be a string for type xml.';
    case 'map':
      return isPlainObject(data) ? null : 'Data must be an object for type map.';
    case 'array':
      return Array.isArray(data) ? null : 'Data must be an array for type array.';
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** Edits only the span between the common prefix and suffix, never splitting a surrogate pair. */
function replaceText(text: Y.Text, next: string): void {
  const current = text.toJSON();
  if (current.length !== text.length) {
    // Embeds count in the length but not in the string: positions from the string would be wrong.
    text.delete(0, text.length);
    text.insert(0, next);
    return;
  }
  const limit = Math.min(current.length, next.length);
  let prefix = 0;
  while (prefix < limit && current.charCodeAt(prefix) === next.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(current.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < limit - prefix &&
    current.charCodeAt(current.length - 1 - suffix) === next.charCodeAt(next.length - 1 - suffix)
  )
    suffix++;
  if (suffix > 0 && isLowSurrogate(current.charCodeAt(current.length - suffix))) suffix--;
  const removed = current.length - prefix - suffix;
  if (removed > 0) text.delete(prefix, removed);
  const inserted = next.slice(prefix, next.length - suffix);
  if (inserted.length > 0) text.insert(prefix, inserted);
}

const toJson = (value: unknown): unknown => (value instanceof Y.AbstractType ? (value.toJSON() as unknown) : value);

function replaceMap(map: Y.Map<unknown>, next: Record<string, unknown>): void {
  for (const key of [...map.keys()]) if (!Object.hasOwn(next, key)) map.delete(key);
  for (const [key, value] of Object.entries(next)) {
    if (!map.has(key) || !isDeepStrictEqual(toJson(map.get(key)), value)) map.set(key, value);
  }
}

function replaceArray(array: Y.Array<unknown>, next: unknown[]): void {
  if (array.length > 0) array.delete(0, array.length);
  array.insert(0, next);
}

/** Replaces what the doc holds under contentKey with `data`, as CRDT operations inside one transaction. `data` must pass contentError. */
export function writeContent(doc: Y.Doc, type: CrdtType, contentKey: string, data: unknown, origin?: unknown): void {
  const error = contentError(type, data);
  if (error) throw new Error(error);
  doc.transact(() => {
    switch (type) {
      case 'text':
        return replaceText(doc.getText(contentKey), data as string);
      case 'map':
        return replaceMap(doc.getMap(contentKey), data as Record<string, unknown>);
      case 'array':
        return replaceArray(doc.getArray(contentKey), data as unknown[]);
      case 'xml':
        return replaceXml(doc.getXmlFragment(contentKey), data as string);
    }
  }, origin);
}

/** What the doc holds under contentKey as JSON; xml is the fragment's XML string (see xmlString). */
export function readContent(doc: Y.Doc, type: CrdtType, contentKey: string): unknown {
  switch (type) {
    case 'text':
      return doc.getText(contentKey).toJSON();
    case 'map':
      return doc.getMap(contentKey).toJSON();
    case 'array':
      return doc.getArray(contentKey).toJSON();
    case 'xml':
      return xmlString(doc.getXmlFragment(contentKey));
  }
}

function firstLiveItem(start: Y.Item | null): Y.Item | null {
  for (let item = start; item; item = item.right) if (!item.deleted) return item;
  return null;
}

/**
 * Which type the root under contentKey holds, for docs written only by editors; null when there is no such root or it
 * is empty. Roots decoded from an update stay plain AbstractTypes until a typed getter claims them, and claiming one
 * with the wrong getter throws, so this reads the items' content kinds instead.
 */
export function inferType(doc: Y.Doc, contentKey: string): CrdtType | null {
  const root = doc.share.get(contentKey);
  if (!root) return null;
  if ([...root._map.values()].some((item) => !item.deleted)) return 'map';
  const first = firstLiveItem(root._start);
  if (!first) return null;
  if (root instanceof Y.XmlFragment) return 'xml';
  if (root instanceof Y.Text) return 'text';
  if (root instanceof Y.Array) return 'array';
  const content = first.content;
  if (content instanceof Y.ContentString || content instanceof Y.ContentFormat || content instanceof Y.ContentEmbed)
    return 'text';
  if (content instanceof Y.ContentType && (content.type instanceof Y.XmlElement || content.type instanceof Y.XmlText))
    return 'xml';
  return 'array';
}

/** An editor's content as `crdt/get` returns it: read as its declared type, else as the type its content shows (null when empty). */
export function editorContent(doc: Y.Doc, declared: { type: string | null; contentKey: string | null }): unknown {
  const contentKey = declared.contentKey ?? DEFAULT_CONTENT_KEY;
  const type = (declared.type as CrdtType | null) ?? inferType(doc, contentKey);
  return type ? readContent(doc, type, contentKey) : null;
}
