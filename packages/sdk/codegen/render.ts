import { methodPath } from '../src/method-path';

/**
 * Turns the API's own OpenAPI document into the SDK's operation table: one entry per POST route with
 * the TypeScript type of its `data` body and the credentials it takes. Responses are one generic
 * envelope in the document, so only request bodies are typed from it.
 */
interface Schema {
  type?: string;
  $ref?: string;
  enum?: unknown[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  allOf?: Schema[];
  description?: string;
}

interface Operation {
  parameters?: Array<{ name: string }>;
  requestBody?: { content: { 'application/json': { schema: Schema } } };
}

export interface OpenApiDocument {
  paths: Record<string, { post?: Operation }>;
  components: { schemas: Record<string, Schema> };
}

export type Credentials = 'apiKey' | 'workspace' | 'none';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function typeOf(schema: Schema | undefined, indent = ''): string {
  if (!schema) return 'unknown';
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if (schema.allOf) return schema.allOf.map((part) => typeOf(part, indent)).join(' & ');
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  switch (schema.type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
      return `Array<${typeOf(schema.items, indent)}>`;
    case 'object':
      return objectType(schema, indent);
    case undefined:
      // No type and no members: any JSON value (e.g. CRDT data, a string, object or array by its `type`).
      return schema.properties || schema.additionalProperties ? objectType(schema, indent) : 'unknown';
    default:
      return 'unknown';
  }
}

function objectType(schema: Schema, indent: string): string {
  const properties = Object.entries(schema.properties ?? {});
  const extra = schema.additionalProperties;
  if (properties.length === 0) {
    if (extra && typeof extra === 'object') return `Record<string, ${typeOf(extra, indent)}>`;
    return 'Record<string, unknown>';
  }
  const required = new Set(schema.required ?? []);
  const inner = `${indent}  `;
  const lines = properties.map(([name, property]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    return `${inner}${key}${required.has(name) ? '' : '?'}: ${typeOf(property, inner)};`;
  });
  if (extra) lines.push(`${inner}[key: string]: unknown;`);
  return `{\n${lines.join('\n')}\n${indent}}`;
}

export function credentialsOf(operation: Operation): Credentials {
  const headers = new Set((operation.parameters ?? []).map((parameter) => parameter.name));
  if (headers.has('x-svc-workspace-id')) return 'workspace';
  if (headers.has('x-svc-api-key')) return 'apiKey';
  return 'none';
}

interface TreeNode {
  [name: string]: TreeNode | string;
}

function renderTree(node: TreeNode, indent: string): string {
  const inner = `${indent}  `;
  const lines = Object.entries(node).map(([name, child]) => {
    const key = IDENTIFIER.test(name) ? name : JSON.stringify(name);
    return `${inner}${key}: ${typeof child === 'string' ? `'${child}'` : renderTree(child, inner)};`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/**
 * The nested method names of the client. An operation whose path is also a namespace (`migrate` and
 * `migrate/status`) becomes a callable namespace: its own path sits under `$call`.
 */
function tree(paths: string[]): TreeNode {
  const root: TreeNode = {};
  for (const path of paths) {
    const names = methodPath(path);
    let node = root;
    for (const name of names.slice(0, -1)) {
      const next = node[name] ?? {};
      node[name] = typeof next === 'string' ? { $call: next } : next;
      node = node[name];
    }
    const leaf = names[names.length - 1];
    const existing = node[leaf];
    if (typeof existing === 'object') existing.$call = path;
    else node[leaf] = path;
  }
  return root;
}

export function renderOperations(document: OpenApiDocument): string {
  const schemas = Object.entries(document.components.schemas)
    .filter(([name]) => name !== 'SuccessEnvelope' && !name.startsWith('Error_'))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, schema]) => `export type ${name} = ${typeOf(schema)};`);
  const routes = Object.entries(document.paths)
    .filter(([path, item]) => path.startsWith('/v2/') && item.post)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, item]) => ({ path, operation: item.post as Operation }));
  const operations = routes.map(({ path, operation }) => {
    const body = operation.requestBody?.content['application/json'].schema.properties?.data;
    return `  '${path}': { body: ${typeOf(body, '  ')}; credentials: '${credentialsOf(operation)}' };`;
  });
  return [
    "// Generated from the API's OpenAPI document by `npm run sdk:generate`; do not edit. test/sdk.e2e-spec.ts fails when it is stale.",
    ...schemas,
    '',
    'export interface Operations {',
    ...operations,
    '}',
    '',
    `export interface OperationTree ${renderTree(tree(routes.map((route) => route.path)), '')}`,
    '',
    'export const OPERATIONS = {',
    ...routes.map(({ path, operation }) => `  '${path}': '${credentialsOf(operation)}',`),
    '} as const;',
    '',
  ].join('\n');
}
