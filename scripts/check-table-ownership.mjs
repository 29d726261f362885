#!/usr/bin/env node
// A module owns its tables (docs/architecture.md "Why the boundaries are where they are"): no lib writes SQL against, or runs a TypeORM
// query on, a table whose entity lives in another lib. Run by `npm run lint:boundaries`.
import console from 'node:console';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import process from 'node:process';

const ROOT = join(import.meta.dirname, '..');
const LIBS = join(ROOT, 'libs');

/**
 * Reads across modules that are deliberate, each with its reason. Keep this list short.
 * @type {Array<{ lib: string; tables: string[]; why: string }>}
 */
const ALLOWED = [
  {
    lib: 'resource',
    tables: ['organization', 'folder', 'document'],
    why: "the one existence/lock check below the domains: every domain asks it, so none reads another's rows",
  },
  {
    lib: 'access',
    tables: ['organization', 'folder', 'document', 'app_user', 'organization_grant', 'folder_grant', 'document_grant'],
    why: 'effective access is one read-only statement on the hot path (every subscribe, comment and live-state write)',
  },
  {
    lib: 'document',
    tables: ['organization'],
    why: 'document and folder listings decide NOT_FOUND for the organization in the same read-only statement',
  },
];

/**
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

/** @param {string} path */
const libOf = (path) => relative(LIBS, path).split(sep)[0];
const files = sourceFiles(LIBS).map((path) => ({ path, lib: libOf(path), text: readFileSync(path, 'utf8') }));

/** @type {Map<string, string>} */
const tableOwner = new Map();
/** @type {Map<string, string>} */
const entityTable = new Map();
for (const file of files.filter((f) => f.path.endsWith('.entity.ts'))) {
  const table = /@Entity\('([a-z_]+)'\)/.exec(file.text)?.[1];
  const className = /export class (\w+)/.exec(file.text)?.[1];
  if (!table || !className) continue;
  tableOwner.set(table, file.lib);
  entityTable.set(className, table);
}

const SQL_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+"?([a-z_]+)"?/g;
const ENTITY_QUERY =
  /\b(?:getRepository|into|from|update|delete|insert|find\w*|count\w*|exists\w*|upsert|save|remove)\(\s*(\w+)\b/g;

/** @type {string[]} */
const violations = [];
for (const file of files) {
  if (file.path.endsWith('.entity.ts')) continue;
  /** @type {Set<string>} */
  const seen = new Set();
  for (const [, table] of file.text.matchAll(SQL_REFERENCE)) seen.add(table);
  for (const [, name] of file.text.matchAll(ENTITY_QUERY)) {
    const table = entityTable.get(name);
    if (table) seen.add(table);
  }
  for (const table of seen) {
    const owner = tableOwner.get(table);
    if (!owner || owner === file.lib) continue;
    if (ALLOWED.some((rule) => rule.lib === file.lib && rule.tables.includes(table))) continue;
    violations.push(
      `${relative(ROOT, file.path)}: table ${table} belongs to libs/${owner}; go through its exported service`,
    );
  }
}

if (violations.length > 0) {
  console.error(violations.join('\n'));
  console.error(`\n${violations.length} cross-module table access(es).`);
  process.exit(1);
}
console.log(`table ownership: ${tableOwner.size} tables, ${files.length} files, no cross-module access`);
