import { createHmac, timingSafeEqual } from 'node:crypto';

/** Velt: signed URLs live 15 minutes. */
export const LINK_TTL_MS = 15 * 60_000;

export const UPLOAD_PATH = '/v2/memory/knowledge/uploads';
export const FILE_PATH = '/v2/memory/knowledge/files';
/** The fileRef of an upload slot (Velt's is a gs:// URI; this service keeps the bytes itself). */
export const FILE_REF_PREFIX = 'memory://uploads/';

export type FileKind = 'original' | 'canonical';

function signature(key: Buffer, parts: readonly string[]): string {
  return createHmac('sha256', key)
    .update(['memory-link', ...parts].join('\n'))
    .digest('base64url');
}

/** Whether `given` is the signature of `parts`, and `expires` (epoch ms) is still ahead. */
export function verifyLink(key: Buffer, parts: readonly string[], expires: string, given: string): boolean {
  const at = Number(expires);
  if (!Number.isSafeInteger(at) || at < Date.now()) return false;
  const expected = Buffer.from(signature(key, [...parts, expires]));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** The signed URL a client PUTs an upload's bytes to, bound to its content type. */
export function uploadLink(key: Buffer, origin: string, uploadId: string, mimeType: string, expires: number): string {
  const sig = signature(key, ['upload', uploadId, mimeType, String(expires)]);
  return `${origin}${UPLOAD_PATH}/${uploadId}?expires=${expires}&signature=${sig}`;
}

export const uploadLinkParts = (uploadId: string, mimeType: string): string[] => ['upload', uploadId, mimeType];

/** The signed URL a client GETs a source's original bytes or canonical markdown from. */
export function fileLink(key: Buffer, origin: string, sourceId: string, kind: FileKind, expires: number): string {
  const sig = signature(key, ['file', sourceId, kind, String(expires)]);
  return `${origin}${FILE_PATH}/${sourceId}/${kind}?expires=${expires}&signature=${sig}`;
}

export const fileLinkParts = (sourceId: string, kind: FileKind): string[] => ['file', sourceId, kind];
