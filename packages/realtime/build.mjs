// Gives the compiled ES modules' relative imports their `.js` (the sources leave it out, as Jest and bundlers resolve them,
// a browser does not), minifies them and reports the client's size, minified and gzipped, beside socket.io-client's.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { minify } from '@swc/core';
import { replaceTscAliasPaths } from 'tsc-alias';

const require = createRequire(import.meta.url);
const dist = new URL('./dist/', import.meta.url).pathname;
await replaceTscAliasPaths({
  configFile: new URL('./tsconfig.json', import.meta.url).pathname,
  resolveFullPaths: true,
});
let minified = '';
for (const file of readdirSync(dist).filter((name) => name.endsWith('.js'))) {
  const { code } = await minify(readFileSync(join(dist, file), 'utf8'), { module: true, compress: true, mangle: true });
  writeFileSync(join(dist, file), code);
  minified += code;
}
const socketIo = readFileSync(join(require.resolve('socket.io-client/package.json'), '../dist/socket.io.esm.min.js'));
const size = {
  clientMinifiedBytes: Buffer.byteLength(minified),
  clientGzipBytes: gzipSync(minified).length,
  socketIoClientGzipBytes: gzipSync(socketIo).length,
};
writeFileSync(join(dist, 'size.json'), `${JSON.stringify(size, null, 2)}\n`);
console.log(
  `@collab-backend/realtime: ${size.clientGzipBytes} B min+gz (+ socket.io-client ${size.socketIoClientGzipBytes} B min+gz)`,
);
