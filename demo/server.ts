import { readFile } from 'node:fs/promises';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { dirname, join, normalize } from 'node:path';
import { CollabApiError } from '../packages/sdk/src';
import { browserModules } from './browser-modules';
import { DEMO_USERS, sandbox } from './sandbox';

/**
 * The demo's own tiny server: it serves the page, the browser client and the shared editor's modules, and plays "your backend":
 * it holds the API key and issues end-user tokens. Everything else (comments, cursors, live state) goes from the browser
 * to the API with the user's token. The API itself serves no static files.
 */
const root = join(__dirname, '../../demo/public');
const realtimeDist = join(__dirname, '../../packages/realtime/dist');
const socketIoDist = join(dirname(require.resolve('socket.io-client/package.json')), 'dist');
const vendor = browserModules('/vendor/');
/** The page's import map: socket.io-client's browser build for the realtime client, yjs and @hocuspocus/provider for the shared editor. */
const IMPORT_MAP = JSON.stringify({
  imports: { 'socket.io-client': '/vendor/socket.io.esm.min.js', ...vendor.imports },
});
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
};

async function main(): Promise<void> {
  const apiUrl = process.env.API_URL ?? 'http://127.0.0.1:3000';
  const port = Number(process.env.DEMO_PORT ?? 8080);
  await apiReady(apiUrl);
  const { sandbox: box, client } = await sandbox(
    apiUrl,
    process.env.DEMO_STATE_FILE ?? join(process.cwd(), '.demo-sandbox.json'),
  );

  const routes: Record<string, (body: Record<string, string>) => Promise<unknown>> = {
    '/session': async ({ userId }) => {
      if (!DEMO_USERS.includes(userId))
        throw new CollabApiError('INVALID_ARGUMENT', `userId is one of ${DEMO_USERS.join(', ')}.`, 400);
      const token = await client.auth.generateToken<{ token: string }>({
        userId,
        userProperties: { name: userId, email: `${userId}@example.com` },
      });
      return {
        apiUrl,
        apiKey: box.apiKey,
        token: token.data.token,
        organizationId: box.organizationId,
        documentId: box.documentId,
        userId,
      };
    },
  };

  const server = createServer((request, response) => {
    handle(request, response, routes).catch((error: unknown) => {
      const status = error instanceof CollabApiError ? error.httpStatus || 502 : 500;
      send(
        response,
        status,
        'application/json',
        JSON.stringify({ error: { status: (error as CollabApiError).status, message: (error as Error).message } }),
      );
    });
  });
  server.listen(port, '127.0.0.1', () =>
    console.log(`Demo page on http://127.0.0.1:${port}/?user=alice and ?user=bob (API ${apiUrl})`),
  );
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

async function handle(
  request: IncomingMessage,
  response: ServerResponse,
  routes: Record<string, (body: Record<string, string>) => Promise<unknown>>,
) {
  const path = new URL(request.url ?? '/', 'http://demo').pathname;
  if (request.method === 'POST' && routes[path]) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<string, string>;
    return send(response, 200, 'application/json', JSON.stringify(await routes[path](body)));
  }
  if (path === '/')
    return send(
      response,
      200,
      'text/html',
      (await readFile(join(root, 'index.html'), 'utf8')).replace('%IMPORT_MAP%', IMPORT_MAP),
    );
  const vendored = vendor.file(path);
  const file =
    vendored ??
    (path.startsWith('/realtime/')
      ? join(realtimeDist, normalize(path.slice('/realtime/'.length)))
      : path === '/vendor/socket.io.esm.min.js'
        ? join(socketIoDist, 'socket.io.esm.min.js')
        : join(root, normalize(path)));
  if (!vendored && !file.startsWith(root) && !file.startsWith(realtimeDist) && !file.startsWith(socketIoDist))
    return send(response, 404, 'text/plain', 'not found');
  try {
    send(response, 200, TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream', await readFile(file));
  } catch {
    send(response, 404, 'text/plain', 'not found');
  }
}

/** `npm run demo` starts the API beside this server: wait for its health check before creating the sandbox. */
async function apiReady(apiUrl: string): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const healthy = await fetch(`${apiUrl}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The API at ${apiUrl} did not become healthy within a minute.`);
}

function send(response: ServerResponse, status: number, type: string, body: string | Buffer): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
