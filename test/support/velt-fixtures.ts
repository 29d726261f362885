import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiKeyHeaders, Credentials, workspaceHeaders } from './http-client';

/** Velt's REST reference pages recorded as data: test/fixtures/velt/README.md says what each key holds. */
export type VeltVersion = 'v1' | 'v2';

/** `path` as in the README: `a.b` a member, `a[]` each item, `a["x.y"]` a key with dots, `a.{id}` each value of a map. */
export interface VeltField {
  path: string;
  type: string;
  required: boolean;
  description?: string;
}

/** A request body as the page shows it: `{ data }`, except live state's pages, which leave the wrapper out. */
export type VeltRequestExample = { data?: Record<string, unknown> } & Record<string, unknown>;

export interface VeltPage {
  path: string;
  source: string;
  auth: 'apiKey' | 'workspace' | 'none';
  requestExamples: VeltRequestExample[];
  responseExample: { result: { status: string; message: string; data?: unknown } & Record<string, unknown> } | null;
  requestFields: VeltField[];
  responseFields: VeltField[];
}

const FIXTURES = join(__dirname, '..', 'fixtures', 'velt');
const VERSIONS: VeltVersion[] = ['v1', 'v2'];

const read = (version: VeltVersion, file: string): VeltPage =>
  JSON.parse(readFileSync(join(FIXTURES, version, file), 'utf8')) as VeltPage;

/** One page by its file name without `.json`, e.g. `veltPage('v2', 'users-get')`. */
export const veltPage = (version: VeltVersion, name: string): VeltPage => read(version, `${name}.json`);

/** Every recorded page, v1 then v2. */
export const veltPages = (): VeltPage[] =>
  VERSIONS.flatMap((version) =>
    readdirSync(join(FIXTURES, version))
      .filter((file) => file.endsWith('.json'))
      .map((file) => read(version, file)),
  );

/** The example's `data`; a live-state example is its own data, so this returns the example itself. */
export const requestData = (example: VeltRequestExample): Record<string, unknown> =>
  Object.keys(example).length === 1 && example.data !== undefined ? example.data : example;

/** Our headers for a page's auth (ours are `x-svc-` where Velt writes `x-velt-`). */
export const veltHeaders = (auth: VeltPage['auth'], who: Credentials): Record<string, string> =>
  auth === 'apiKey' ? apiKeyHeaders(who) : auth === 'workspace' ? workspaceHeaders(who) : {};

/**
 * The example's `data` as we send it: a page without header auth (v1's token route) carries the
 * API key and auth token in the body, so the placeholders there become the caller's own.
 */
export const requestDataFor = (
  page: VeltPage,
  example: VeltRequestExample,
  who: Credentials,
): Record<string, unknown> => {
  const data = requestData(example);
  return page.auth === 'none' && 'apiKey' in data ? { ...data, apiKey: who.apiKey, authToken: who.authToken } : data;
};

/** A field path's steps: a key, `[]` (each item of a list) or `{name}` (each value of a map). */
export const fieldSteps = (path: string): string[] =>
  [...path.matchAll(/\["([^"]+)"\]|(\[\])|([^.[\]]+)/g)].map(([, quoted, item, plain]) => quoted ?? item ?? plain);

export const isMapStep = (step: string): boolean => /^\{.+\}$/.test(step);

/** The JSON type of a value: `null`, `array`, `object`, `string`, `number` or `boolean`. */
export const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

/** `a | (b|c)[]` into `a` and `(b|c)[]`: only bars outside brackets separate alternatives. */
function alternatives(type: string): string[] {
  const found: string[] = [];
  let depth = 0;
  let start = 0;
  for (const [i, char] of [...type].entries()) {
    if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === '|' && depth === 0) {
      found.push(type.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...found, type.slice(start).trim()];
}

/** Velt's type wording: unions, `T[]` (every item a T), `array`, `object` (also `Object`), `null`, `any`, JSON scalars. */
function typeMatches(value: unknown, type: string): boolean {
  return alternatives(type).some((alternative) => {
    const list = /^(.*)\[\]$/.exec(alternative);
    if (list)
      return Array.isArray(value) && value.every((item) => typeMatches(item, list[1].replace(/^\((.*)\)$/, '$1')));
    const wanted = alternative.toLowerCase();
    return wanted === 'any' || jsonType(value) === wanted;
  });
}

/**
 * Documented fields that our answers leave out on purpose, with why:
 * - `result.nextPageToken`, `result.pageToken`: docs/architecture.md "Wire conventions", continuation tokens are absent on the last page; Velt's pages mark them required.
 */
const MAY_BE_ABSENT = new Set(['result.nextPageToken', 'result.pageToken']);

export interface ShapeOptions {
  /** Report required fields that are absent; default true. */
  requirePresent?: boolean;
  /** `createdAt`/`lastUpdated` documented as a number or a string may be either: Velt's comment routes send ms on some, ISO strings on others. */
  timestampsEitherWay?: boolean;
}

const member = (at: string, key: string): string =>
  at === '' ? key : key.includes('.') ? `${at}["${key}"]` : `${at}.${key}`;

const isRecord = (value: unknown): value is Record<string, unknown> => jsonType(value) === 'object';

/**
 * Where `body` departs from the page's documented response fields: a required field missing from an
 * object that should hold it, or a present field not of its documented type. Each problem names the
 * concrete place (`result.data[0].name`). A step that does not fit the value's kind (a list where
 * the field describes an object) belongs to another documented variant of the answer and is skipped.
 */
export function responseProblems(
  page: Pick<VeltPage, 'responseFields'>,
  body: unknown,
  options: ShapeOptions = {},
): string[] {
  const { requirePresent = true, timestampsEitherWay = false } = options;
  return page.responseFields.flatMap((field) => {
    const steps = fieldSteps(field.path);
    const mayBeMissing = !requirePresent || !field.required || MAY_BE_ABSENT.has(field.path);
    const eitherTimestamp =
      timestampsEitherWay &&
      /^(createdAt|lastUpdated)$/.test(steps[steps.length - 1]) &&
      ['number', 'string'].includes(field.type);
    const problems: string[] = [];
    const walk = (value: unknown, i: number, at: string): void => {
      if (i === steps.length) {
        const fits = eitherTimestamp ? ['number', 'string'].includes(jsonType(value)) : typeMatches(value, field.type);
        if (!fits) problems.push(`${at} is ${JSON.stringify(value).slice(0, 60)}, not ${field.type}`);
        return;
      }
      const step = steps[i];
      if (step === '[]') {
        if (Array.isArray(value)) value.forEach((item, n) => walk(item, i + 1, `${at}[${n}]`));
        return;
      }
      if (!isRecord(value)) return;
      if (isMapStep(step)) {
        for (const [key, child] of Object.entries(value)) walk(child, i + 1, member(at, key));
      } else if (step in value) {
        walk(value[step], i + 1, member(at, step));
      } else if (!mayBeMissing && steps.slice(i + 1).every((rest) => rest === '[]')) {
        // Only the field's own key: a missing parent is its own documented field's concern (it may be optional).
        problems.push(`${member(at, step)} missing`);
      }
    };
    walk(body, 0, '');
    return problems;
  });
}
