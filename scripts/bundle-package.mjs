// Bundles a React package of packages/ into one minified ES module, dist/index.js, with every package it imports
// left to the app (React, the other @collab-backend packages, Yjs, Floating UI), and reports its size gzipped.
// Its types come from `tsc` (declarations only). Usage: node scripts/bundle-package.mjs packages/<name>
import console from 'node:console';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import process from 'node:process';
import { build } from 'esbuild';

const directory = resolve(process.argv[2]);
const entry = ['index.ts', 'index.tsx'].map((file) => join(directory, 'src', file)).find(existsSync);
const result = await build({
  entryPoints: [entry],
  outfile: join(directory, 'dist/index.js'),
  bundle: true,
  format: 'esm',
  target: 'es2020',
  jsx: 'automatic',
  minify: true,
  packages: 'external',
  write: true,
  metafile: true,
  logLevel: 'warning',
});
const code = readFileSync(join(directory, 'dist/index.js'));
const styles = join(directory, 'src/styles.css');
if (existsSync(styles)) copyFileSync(styles, join(directory, 'dist/styles.css'));
const size = {
  minifiedBytes: code.length,
  gzipBytes: gzipSync(code).length,
  ...(existsSync(styles) ? { stylesGzipBytes: gzipSync(readFileSync(styles)).length } : {}),
  notCounted: Object.keys(
    result.metafile.outputs[Object.keys(result.metafile.outputs)[0]].imports.reduce(
      (names, { path }) => ({ ...names, [path]: true }),
      {},
    ),
  ),
};
writeFileSync(join(directory, 'dist/size.json'), `${JSON.stringify(size, null, 2)}\n`);
console.log(
  `@collab-backend/${basename(directory)}: ${size.gzipBytes} B min+gz${size.stylesGzipBytes ? ` (+ styles.css ${size.stylesGzipBytes} B gz)` : ''}, not counting ${size.notCounted.join(', ')}`,
);
