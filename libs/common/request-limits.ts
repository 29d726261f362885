import { isStorableText } from './text-safety';

/** Request limits of docs/architecture.md "Wire conventions", shared by REST bodies and socket payloads. */
export const MAX_ARRAY_ITEMS = 1000;
export const MAX_NESTING_DEPTH = 32;

/**
 * Why `value` breaks the array-size or depth limit, holds binary data (a socket.io attachment), a
 * `__proto__` key, a NUL character (PostgreSQL text and jsonb cannot store one) or an unpaired
 * surrogate (it would be stored as U+FFFD), or null. Iterative so hostile depth cannot overflow the stack.
 */
export function findLimitViolation(value: unknown, root = 'data'): string | null {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  while (stack.length > 0) {
    const [node, path, depth] = stack.pop()!;
    if (typeof node === 'string' && !isStorableText(node))
      return `${path} must not contain NUL characters or unpaired surrogates.`;
    if (typeof node !== 'object' || node === null) continue;
    if (ArrayBuffer.isView(node) || node instanceof ArrayBuffer)
      return `${path} must be JSON: binary data is not accepted.`;
    if (depth > MAX_NESTING_DEPTH) return `${path} is nested deeper than ${MAX_NESTING_DEPTH} levels.`;
    if (Array.isArray(node)) {
      if (node.length > MAX_ARRAY_ITEMS) return `${path} must contain at most ${MAX_ARRAY_ITEMS} items.`;
      node.forEach((child, index) => stack.push([child, `${path}[${index}]`, depth + 1]));
    } else {
      for (const [key, child] of Object.entries(node)) {
        // DTO transformation assigns keys one by one: `__proto__` would replace the object's prototype.
        if (key === '__proto__') return `${path} must not contain the key __proto__.`;
        if (!isStorableText(key)) return `${path} must not contain NUL characters or unpaired surrogates in keys.`;
        stack.push([child, `${path}.${key}`, depth + 1]);
      }
    }
  }
  return null;
}
