import { createWorkspace, Credentials, post } from './support/http-client';
import { RunningApi, startApi } from './support/processes';
import { apiRoutes } from './support/routes';
import { createTestEnvironment, TestEnvironment } from './support/test-environment';
import { fieldSteps, isMapStep, requestDataFor, VeltField, veltHeaders, veltPages } from './support/velt-fixtures';

const SERVED = new Set(apiRoutes().map((route) => route.path));
const SERVED_PAGES = veltPages().filter((page) => SERVED.has(page.path));

/** A value of the documented type; only whether the field is known is under test here, not its value. */
function sample(type: string): unknown {
  const t = type.toLowerCase();
  if (t.endsWith('[]') || t.startsWith('array')) return [];
  if (t.startsWith('number') || t.startsWith('integer')) return 1;
  if (t.startsWith('boolean')) return true;
  if (t.startsWith('string') || t.includes('|') || t.startsWith('"')) return 'x';
  return {};
}

/** Sets `data.a[].b` in a copy of `body`, creating objects and one-item arrays on the way, keeping values already there. */
function withField(body: Record<string, unknown>, field: VeltField): Record<string, unknown> {
  const copy = structuredClone(body);
  const keys = fieldSteps(field.path);
  let node: unknown = copy;
  for (const [i, key] of keys.entries()) {
    const last = i === keys.length - 1;
    if (key === '[]') {
      // Where a page types a field as an array but its examples send one object, the object is the item.
      if (Array.isArray(node)) {
        if (node.length === 0) node.push(last ? sample(field.type) : {});
        node = node[0];
      }
      continue;
    }
    if (isMapStep(key) || typeof node !== 'object' || node === null) return copy; // a map keyed by caller ids, or a scalar: nothing fixed to test
    const record = node as Record<string, unknown>;
    if (last) {
      if (record[key] === undefined) record[key] = sample(field.type);
      return copy;
    }
    if (typeof record[key] !== 'object' || record[key] === null) record[key] = keys[i + 1] === '[]' ? [] : {};
    node = record[key];
  }
  return copy;
}

describe('every request field Velt documents for a route we serve is a known field', () => {
  let world: TestEnvironment;
  let api: RunningApi;
  let owner: Credentials;

  beforeAll(async () => {
    world = await createTestEnvironment();
    api = await startApi(world.env);
    owner = await createWorkspace(api.url);
  });

  afterAll(async () => {
    await api?.stop();
    await world?.dispose();
  });

  it('covers the served routes', () => {
    expect(SERVED_PAGES.length).toBeGreaterThanOrEqual(45);
  });

  it.each(SERVED_PAGES.map((page) => [page.path, page] as const))('%s', async (_path, page) => {
    const headers = veltHeaders(page.auth, owner);
    // Velt's live-state pages write the payload without the `data` wrapper (which we accept too).
    const body = { data: requestDataFor(page, page.requestExamples[0] ?? { data: {} }, owner) };
    const fields = page.requestFields.filter((f) => f.path.startsWith('data.'));
    // A page that documents no request field still sends its example, so every page is exercised.
    const bodies =
      fields.length > 0
        ? fields.map((field) => [field.path, withField(body, field)] as const)
        : [['(example)', body] as const];
    const refused: string[] = [];
    for (const [path, withIt] of bodies) {
      const response = await post(api.url, page.path, withIt.data, headers);
      const message = response.body.error?.message ?? '';
      // Unknown-field refusals are the point; a 401 or a 5xx would mean the field never reached validation.
      const unreached = response.status === 401 || response.status >= 500;
      if (message.endsWith('is not a known field.') || unreached)
        refused.push(`${path}: ${response.status} ${message}`);
    }
    expect(refused).toEqual([]);
  });
});
