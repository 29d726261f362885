const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * PostgreSQL text and jsonb cannot hold U+0000, and an unpaired surrogate would be stored as
 * U+FFFD, so the caller would never find its identifier again: both are rejected up front.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Length in Unicode code points, so an identifier of 256 emoji counts as 256 characters. */
export function codePointLength(value: string): number {
  // The string iterator steps by code point; counting its steps allocates nothing, unlike [...value].
  const codePoints = value[Symbol.iterator]();
  let length = 0;
  while (!codePoints.next().done) length++;
  return length;
}

/** Whether every string and key inside a JSON value is storable; iterative, depth is bounded upstream. */
export function isStorableJson(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (!isStorableText(node)) return false;
    } else if (Array.isArray(node)) {
      stack.push(...(node as unknown[]));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (!isStorableText(key)) return false;
        stack.push(child);
      }
    }
  }
  return true;
}
