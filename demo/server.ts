import { readFile } from 'node:fs/promises';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { CollabApiError } from '../packages/sdk/src';
import { DEMO_USERS, displayName, sandbox } from './sandbox';

/**
 * The demo's own tiny server: it serves the React app that `npm run build` bundled (demo/app, built from the React kit)
 * and plays "your backend": it holds the API key and issues end-user tokens. Everything else (comments, cursors, live
 * state, the shared notes) goes from the browser to the API with the user's token. The API itself serves no static files.
 */
const PUBLIC = join(__dirname, 'public');
/** The bundle's files, each with its content type; nothing else is served. */
const FILES: Record<string, string> = {
  '/': 'index.html',
  '/app.js': 'app.js',
  '/app.js.map': 'app.js.map',
  '/app.css': 'app.css',
  '/app.css.map': 'app.css.map',
};
const TYPES: Record<string, string> = {
  html: 'text/html',
  js: 'text/javascript',
  css: 'text/css',
  map: 'application/json',
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
        userProperties: { name: displayName(userId), email: `${userId}@example.com` },
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
  const file = FILES[path];
  if (request.method !== 'GET' || !file) return send(response, 404, 'text/plain', 'not found');
  send(response, 200, TYPES[file.slice(file.lastIndexOf('.') + 1)], await readFile(join(PUBLIC, file)));
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
