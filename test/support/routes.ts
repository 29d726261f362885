import { execFileSync } from 'node:child_process';

export type AuthClass = 'public' | 'workspace' | 'apiKey';

/** The fields a route's DTO validates, with the DTO of each nested object or array of objects. */
export interface FieldSketch {
  [field: string]: { array: boolean; nested?: FieldSketch };
}

export interface Route {
  method: string;
  path: string;
  auth: AuthClass;
  fields: FieldSketch;
}

/**
 * Runs in a child Node process: Nest 12 is ESM, which Node's require() loads but Jest's does not.
 * Walks ApiModule's imports (static and dynamic modules) to every controller, then reads the
 * route and guard metadata that Nest itself routes by.
 */
const DISCOVER = `
const { RequestMethod } = require('@nestjs/common');
const { GUARDS_METADATA, METHOD_METADATA, MODULE_METADATA, PATH_METADATA } = require('@nestjs/common/constants');
const { getMetadataStorage } = require('class-validator');
const { defaultMetadataStorage } = require('class-transformer/cjs/storage');
const { ApiModule } = require(process.argv[1]);
const validations = (dto) => getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
const sketch = (dto, depth = 0) => {
  const fields = {};
  if (depth > 3) return fields;
  for (const rule of validations(dto)) {
    const field = (fields[rule.propertyName] ??= { array: false });
    if (rule.name === 'isArray' || rule.each) field.array = true;
    const nested = defaultMetadataStorage.findTypeMetadata(dto, rule.propertyName)?.typeFunction();
    if (nested && validations(nested).length > 0 && !field.nested) field.nested = sketch(nested, depth + 1);
  }
  return fields;
};
const controllers = new Set();
const seen = new Set();
const visit = (entry) => {
  if (!entry || seen.has(entry)) return;
  seen.add(entry);
  if (typeof entry.forwardRef === 'function') return visit(entry.forwardRef());
  const moduleClass = entry.module ?? entry;
  for (const list of [Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass), entry.module ? entry.controllers : undefined]) {
    for (const controller of list ?? []) controllers.add(controller);
  }
  for (const list of [Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass), entry.module ? entry.imports : undefined]) {
    for (const child of list ?? []) visit(child);
  }
};
visit(ApiModule);
const asArray = (value) => (value === undefined ? ['/'] : Array.isArray(value) ? value : [value]);
const join = (...parts) => ('/' + parts.join('/')).replace(/\\/+/g, '/').replace(/(.)\\/$/, '$1');
const routes = [];
for (const controller of controllers) {
  const classGuards = Reflect.getMetadata(GUARDS_METADATA, controller) ?? [];
  for (const name of Object.getOwnPropertyNames(controller.prototype)) {
    const handler = controller.prototype[name];
    if (name === 'constructor' || typeof handler !== 'function') continue;
    const method = Reflect.getMetadata(METHOD_METADATA, handler);
    if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
    const guards = [...classGuards, ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])].map((guard) => guard?.name ?? '');
    const dto = (Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? []).find((type) => type && validations(type).length > 0);
    const auth = guards.includes('ApiKeyAuthGuard') ? 'apiKey' : guards.includes('WorkspaceAuthGuard') ? 'workspace' : 'public';
    for (const prefix of asArray(Reflect.getMetadata(PATH_METADATA, controller))) {
      for (const path of asArray(Reflect.getMetadata(PATH_METADATA, handler))) {
        routes.push({ method: RequestMethod[method], path: join(prefix, path), auth, fields: dto ? sketch(dto) : {} });
      }
    }
  }
}
process.stdout.write(JSON.stringify(routes));
`;

/**
 * Every route of the compiled API (npm run build), read from the metadata of the controllers that
 * ApiModule reaches: a route added to any controller shows up here without a hand-kept list.
 */
export function apiRoutes(): Route[] {
  const output = execFileSync(process.execPath, ['-e', DISCOVER, require.resolve('../../dist/apps/api/src/api.module.js')], {
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  return (JSON.parse(output) as Route[]).sort((a, b) => a.path.localeCompare(b.path));
}
