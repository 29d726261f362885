// Bundles the operator console (apps/console, React) with esbuild into dist/console, which the API serves at /console:
// console-<hash>.js and console-<hash>.css (cached for good: their names change with their content) and index.html
// naming them. Reports the first load (page, script and styles) gzipped, and fails above its budget of 150 kB.
import console from 'node:console';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath, URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 150_000;
const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/console');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const result = await build({
  entryPoints: [join(root, 'apps/console/main.tsx')],
  outdir: out,
  entryNames: 'console-[hash]',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  minify: true,
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: { '@collab-backend/sdk/client': join(root, 'packages/sdk/src/client.ts') },
  logLevel: 'warning',
});
const outputs = Object.keys(result.metafile.outputs).map((file) => basename(file));
const script = outputs.find((file) => file.endsWith('.js')) ?? 'console.js';
const styles = outputs.find((file) => file.endsWith('.css')) ?? 'console.css';
const page = readFileSync(join(root, 'apps/console/index.html'), 'utf8')
  .replace('console.js', script)
  .replace('console.css', styles);
writeFileSync(join(out, 'index.html'), page);
/** @type {Record<string, number>} */
const sizes = {};
for (const file of ['index.html', script, styles]) sizes[file] = gzipSync(readFileSync(join(out, file))).length;
const total = Object.values(sizes).reduce((sum, size) => sum + size, 0);
writeFileSync(join(out, 'size.json'), `${JSON.stringify({ firstLoadGzipBytes: total, files: sizes }, null, 2)}\n`);
console.log(`console: first load ${(total / 1000).toFixed(1)} kB gzipped (budget ${BUDGET_BYTES / 1000} kB)`);
if (total > BUDGET_BYTES) {
  console.error(`console: the first load is over its budget of ${BUDGET_BYTES / 1000} kB gzipped.`);
  process.exit(1);
}
