import { ApiError } from '@app/common';

/** Velt's JSON-AST predicate: `{ op, args }` with `{ var: "dot.path" }` leaves, walked, never run as code. */
export type JsonAst = Record<string, unknown>;

const OPERATORS = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'and',
  'or',
  'not',
  'regex',
  'includes',
  'startsWith',
  'endsWith',
  'length',
  'isEmpty',
]);
const MAX_WHEN_LENGTH = 1000;
const MAX_REGEX_LENGTH = 200;

function checkNode(node: unknown, depth: number): void {
  if (depth > 32) throw ApiError.invalid('"when" is nested too deeply.');
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
  const record = node as Record<string, unknown>;
  if ('var' in record) {
    if (typeof record.var !== 'string') throw ApiError.invalid('"when": a var must be a dot-path string.');
    return;
  }
  if (typeof record.op !== 'string' || !OPERATORS.has(record.op) || !Array.isArray(record.args))
    throw ApiError.invalid(`"when": unknown operator ${JSON.stringify(record.op)}.`);
  for (const arg of record.args as unknown[]) checkNode(arg, depth + 1);
}

/** Parses and checks a `when` string at write time. */
export function parsePredicate(when: string): JsonAst {
  if (when.length === 0 || when.length > MAX_WHEN_LENGTH)
    throw ApiError.invalid(`"when" must be 1 to ${MAX_WHEN_LENGTH} characters.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(when);
  } catch {
    throw ApiError.invalid('"when" must be a JSON-AST string, not an expression.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed) || !('op' in parsed))
    throw ApiError.invalid('"when" must be a JSON object with "op" and "args".');
  checkNode(parsed, 0);
  return parsed;
}

function lookup(root: Record<string, unknown>, path: string): unknown {
  let value: unknown = root;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, part)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function compare(a: unknown, b: unknown): number | null {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

/** Evaluates a predicate against `{ output, step, execution }`; anything malformed is false. */
export function evaluate(node: unknown, root: Record<string, unknown>): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const record = node as Record<string, unknown>;
  if (typeof record.var === 'string') return lookup(root, record.var);
  const args = ((record.args as unknown[]) ?? []).map((arg) => evaluate(arg, root));
  const [a, b] = args;
  switch (record.op) {
    case 'eq':
      return JSON.stringify(a) === JSON.stringify(b);
    case 'neq':
      return JSON.stringify(a) !== JSON.stringify(b);
    case 'gt':
      return (compare(a, b) ?? 0) > 0 && compare(a, b) !== null;
    case 'gte':
      return compare(a, b) !== null && compare(a, b)! >= 0;
    case 'lt':
      return compare(a, b) !== null && compare(a, b)! < 0;
    case 'lte':
      return compare(a, b) !== null && compare(a, b)! <= 0;
    case 'and':
      return args.every(Boolean);
    case 'or':
      return args.some(Boolean);
    case 'not':
      return !a;
    case 'regex':
      if (typeof a !== 'string' || typeof b !== 'string' || b.length > MAX_REGEX_LENGTH) return false;
      try {
        return new RegExp(b).test(a);
      } catch {
        return false;
      }
    case 'includes':
      return (typeof a === 'string' && typeof b === 'string') || Array.isArray(a)
        ? (a as string | unknown[]).includes(b as string)
        : false;
    case 'startsWith':
      return typeof a === 'string' && typeof b === 'string' && a.startsWith(b);
    case 'endsWith':
      return typeof a === 'string' && typeof b === 'string' && a.endsWith(b);
    case 'length':
      return typeof a === 'string' || Array.isArray(a) ? a.length : 0;
    case 'isEmpty':
      return a === undefined || a === null || a === '' || (Array.isArray(a) && a.length === 0);
    default:
      return false;
  }
}
