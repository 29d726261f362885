import { existsSync, readFileSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';

/**
 * The shared editor's ES modules without a bundler: yjs, @hocuspocus/provider and the packages they import are
 * served from node_modules as `/vendor/<package>/<file>`, and the page's import map names the file of every bare
 * specifier, resolved with the browser's export conditions (lib0 and isomorphic.js ship Node and browser variants).
 * Each file has one URL, so a module imported both bare and relative is still instantiated once.
 */
export const BROWSER_PACKAGES = [
  'yjs',
  'lib0',
  'isomorphic.js',
  '@hocuspocus/provider',
  '@hocuspocus/common',
  '@lifeomic/attempt',
];
const CONDITIONS = new Set(['browser', 'import', 'module', 'default']);

export type ExportTarget = string | null | ExportTarget[] | { [condition: string]: ExportTarget };

export interface PackageManifest {
  exports?: ExportTarget | Record<string, ExportTarget>;
  browser?: unknown;
  module?: string;
  main?: string;
}

/** The file an `exports` target names under the browser's conditions, taken in the target's own key order. */
export function resolveTarget(target: ExportTarget | undefined): string | undefined {
  if (typeof target === 'string') return target;
  if (!target) return undefined;
  const candidates = Array.isArray(target)
    ? target
    : Object.entries(target).flatMap(([condition, value]) => (CONDITIONS.has(condition) ? [value] : []));
  for (const candidate of candidates) {
    const file = resolveTarget(candidate);
    if (file !== undefined) return file;
  }
  return undefined;
}

/** Import-map entries of one package: every ES-module subpath it exports (or its entry file) mapped to `<urlPrefix><name>/<file>`. */
export function packageImports(name: string, manifest: PackageManifest, urlPrefix: string): Record<string, string> {
  const { exports } = manifest;
  const subpaths: Record<string, ExportTarget> =
    exports === undefined
      ? { '.': entryFile(manifest) }
      : typeof exports === 'object' &&
          exports !== null &&
          !Array.isArray(exports) &&
          Object.keys(exports).some((key) => key.startsWith('.'))
        ? exports
        : { '.': exports };
  const imports: Record<string, string> = {};
  for (const [subpath, target] of Object.entries(subpaths)) {
    const file = resolveTarget(target);
    if (subpath.includes('*') || !file || !/\.m?js$/.test(file)) continue;
    imports[name + subpath.slice(1)] = `${urlPrefix}${name}/${file.replace(/^\.\//, '')}`;
  }
  return imports;
}

function entryFile(manifest: PackageManifest): string {
  const file =
    typeof manifest.browser === 'string' ? manifest.browser : (manifest.module ?? manifest.main ?? 'index.js');
  return file.endsWith('/') ? `${file}index.js` : file;
}

/** Where `name` is installed, looked up the way Node looks up packages from this file (some packages do not export their package.json). */
function packageDirectory(name: string): string {
  for (const modules of require.resolve.paths(name) ?? []) {
    if (existsSync(join(modules, name, 'package.json'))) return join(modules, name);
  }
  throw new Error(`${name} is not installed.`);
}

/** The import map's entries and a resolver of `/vendor/...` paths to files inside the served packages. */
export function browserModules(urlPrefix: string): {
  imports: Record<string, string>;
  file(path: string): string | undefined;
} {
  const directories = new Map(BROWSER_PACKAGES.map((name) => [name, packageDirectory(name)]));
  const imports: Record<string, string> = {};
  for (const [name, directory] of directories) {
    Object.assign(
      imports,
      packageImports(
        name,
        JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as PackageManifest,
        urlPrefix,
      ),
    );
  }
  return {
    imports,
    file(path) {
      if (!path.startsWith(urlPrefix)) return undefined;
      const rest = path.slice(urlPrefix.length);
      const name = BROWSER_PACKAGES.find((candidate) => rest.startsWith(`${candidate}/`));
      if (!name) return undefined;
      const directory = directories.get(name) as string;
      const file = join(directory, normalize(rest.slice(name.length + 1)));
      return file.startsWith(directory + sep) && /\.m?js$/.test(file) ? file : undefined;
    },
  };
}
