import { execFileSync } from 'node:child_process';

export type AuthClass = 'public' | 'workspace' | 'apiKey';

/** One class-validator rule of a field: `isIdentifier`, `isLength` [1, 2048], `isOptional`, `conditionalValidation` (ValidateIf)... */
export interface FieldRule {
  name: string;
  each: boolean;
  constraints: unknown[];
}

/**
 * The fields a route's DTO validates, with their rules, whether JSON null is a value there
 * (`@Nullable()`), and the DTO of each nested object or array of objects.
 */
export interface FieldSketch {
  [field: string]: { array: boolean; nullable: boolean; rules: FieldRule[]; nested?: FieldSketch };
}

export interface Route {
  method: string;
  path: string;
  auth: AuthClass;
  fields: FieldSketch;
}

/**
 * Runs in a child Node process: Nest 12 is ESM, which Node's require() loads but Jest's does not.
 * Routes come from listRoutes (the same walk that proves /docs complete); each DTO is sketched
 * from its class-validator rules.
 */
const DISCOVER = `
const { getMetadataStorage } = require('class-validator');
const { defaultMetadataStorage } = require('class-transformer/cjs/storage');
const { ApiModule } = require(process.argv[1]);
const { isNullableField } = require('./dist/libs/common/index.js');
const validations = (dto) => getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
const sketch = (dto, depth = 0) => {
  const fields = {};
  if (depth > 3) return fields;
  for (const rule of validations(dto)) {
    const field = (fields[rule.propertyName] ??= { array: false, nullable: isNullableField(dto.prototype, rule.propertyName), rules: [] });
    if (rule.name === 'isArray' || rule.each) field.array = true;
    field.rules.push({ name: rule.name ?? rule.type, each: Boolean(rule.each), constraints: (rule.constraints ?? []).filter((c) => typeof c !== 'function') });
    const nested = defaultMetadataStorage.findTypeMetadata(dto, rule.propertyName)?.typeFunction();
    if (nested && validations(nested).length > 0 && !field.nested) field.nested = sketch(nested, depth + 1);
  }
  return fields;
};
const { listRoutes } = require('./dist/libs/http/openapi/registered-routes.js');
const authOf = (guards) => (guards.includes('ApiKeyAuthGuard') ? 'apiKey' : guards.includes('WorkspaceAuthGuard') ? 'workspace' : 'public');
const routes = listRoutes(ApiModule).map(({ method, path, guards, dto }) => ({ method, path, auth: authOf(guards), fields: dto && dto !== Object ? sketch(dto) : {} }));
process.stdout.write(JSON.stringify(routes));
`;

/**
 * Every route of the compiled API (npm run build), read from the metadata of the controllers that
 * ApiModule reaches: a route added to any controller shows up here without a hand-kept list.
 */
export function apiRoutes(): Route[] {
  const output = execFileSync(
    process.execPath,
    ['-e', DISCOVER, require.resolve('../../dist/apps/api/src/api.module.js')],
    {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent' },
    },
  );
  return (JSON.parse(output) as Route[]).sort((a, b) => a.path.localeCompare(b.path));
}
