// Bundles a React package of packages/ into minified ES modules, one per entry its package.json exports (dist/index.js,
// and dist/<name>.js for a subpath such as `./shared-doc`, sharing chunks so that a React context exists once), with
// every package it imports left to the app (React, the other @collab-backend packages, Yjs, Floating UI), and reports
// the main entry's size gzipped, with the chunks it loads. Its types come from `tsc` (declarations only).
// Usage: node scripts/bundle-package.mjs packages/<name>
import console from 'node:console';
import { Buffer } from 'node:buffer';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import process from 'node:process';
import { build } from 'esbuild';

const directory = resolve(process.argv[2]);
/** @type {unknown} */
const parsed = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
const manifest = /** @type {{ exports: Record<string, string | { import?: string }> }} */ (parsed);
/** `./dist/<name>.js` of every export with an `import` condition, built from `src/<name>.ts` or `.tsx`. */
const entryPoints = Object.values(manifest.exports)
  .map((target) => typeof target === 'object' && /^\.\/dist\/(.+)\.js$/.exec(target.import ?? '')?.[1])
  .filter(Boolean)
  .map((name) => ['.ts', '.tsx'].map((extension) => join(directory, 'src', name + extension)).find(existsSync));
const result = await build({
  entryPoints,
  outdir: join(directory, 'dist'),
  splitting: true,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  format: 'esm',
  target: 'es2020',
  jsx: 'automatic',
  minify: true,
  // Left for the app's bundler to decide (esbuild would set "production" when minifying): the kit warns in development.
  define: { 'process.env.NODE_ENV': 'process.env.NODE_ENV' },
  packages: 'external',
  write: true,
  metafile: true,
  logLevel: 'warning',
});
// The metafile names outputs relative to the working directory.
const mainEntry = relative(process.cwd(), join(directory, 'dist/index.js'));
const chunks = result.metafile.outputs[mainEntry].imports.filter(({ external }) => !external).map(({ path }) => path);
const code = Buffer.concat([mainEntry, ...chunks].map((file) => readFileSync(file)));
const styles = join(directory, 'src/styles.css');
if (existsSync(styles)) copyFileSync(styles, join(directory, 'dist/styles.css'));
const size = {
  minifiedBytes: code.length,
  gzipBytes: gzipSync(code).length,
  ...(existsSync(styles) ? { stylesGzipBytes: gzipSync(readFileSync(styles)).length } : {}),
  notCounted: Object.keys(
    Object.values(result.metafile.outputs)
      .flatMap(({ imports }) => imports.filter(({ external }) => external))
      .reduce((names, { path }) => ({ ...names, [path]: true }), {}),
  ),
};
writeFileSync(join(directory, 'dist/size.json'), `${JSON.stringify(size, null, 2)}\n`);
console.log(
  `@collab-backend/${basename(directory)}: ${size.gzipBytes} B min+gz${size.stylesGzipBytes ? ` (+ styles.css ${size.stylesGzipBytes} B gz)` : ''}, not counting ${size.notCounted.join(', ')}`,
);
