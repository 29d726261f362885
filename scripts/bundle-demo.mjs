// Bundles the demo's React app (demo/app) with esbuild into dist/demo/public: app.js (React, the kit, Yjs and the
// Hocuspocus provider in one ES module), app.css and index.html. The kit is taken from its built packages
// (packages/*/dist), as an app installing them would, so `npm run build:packages` runs first.
import console from 'node:console';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/demo/public');
/** @param {string} name @param {string} [file] */
const packageDist = (name, file = 'index.js') => join(root, 'packages', name, 'dist', file);
mkdirSync(out, { recursive: true });
await build({
  entryPoints: [join(root, 'demo/app/main.tsx')],
  outdir: out,
  entryNames: 'app',
  bundle: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  minify: true,
  sourcemap: true,
  define: { 'process.env.NODE_ENV': '"production"' },
  alias: {
    '@collab-backend/realtime': packageDist('realtime'),
    '@collab-backend/react/shared-doc': packageDist('react', 'shared-doc.js'),
    '@collab-backend/react': packageDist('react'),
    '@collab-backend/react-ui/styles.css': packageDist('react-ui', 'styles.css'),
    '@collab-backend/react-ui': packageDist('react-ui'),
    '@collab-backend/tiptap/styles.css': packageDist('tiptap', 'styles.css'),
    '@collab-backend/tiptap': packageDist('tiptap'),
  },
  logLevel: 'warning',
});
copyFileSync(join(root, 'demo/app/index.html'), join(out, 'index.html'));
/** @param {string} file */
const kB = (file) => (gzipSync(readFileSync(join(out, file))).length / 1000).toFixed(1);
console.log(`demo: dist/demo/public/app.js ${kB('app.js')} kB min+gz, app.css ${kB('app.css')} kB gz`);
