import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { requestLogMiddleware } from './request-log.middleware';

describe('requestLogMiddleware', () => {
  let server: Server;
  let lines: Record<string, unknown>[];
  let url: string;
  let observed: Array<{ url?: string; statusCode: number; seconds: number }>;

  async function serve(level: string): Promise<void> {
    observed = [];
    lines = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const middleware = requestLogMiddleware(pino({ level }, sink), [
      (req, res, seconds) => observed.push({ url: req.url, statusCode: res.statusCode, seconds }),
    ]);
    server = createServer((req, res) =>
      middleware(req, res, () => res.writeHead(req.url === '/missing' ? 404 : 200).end('{}')),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  afterEach(() => server.close());

  it('echoes a sane incoming request id and writes one access line with it after the response', async () => {
    await serve('info');
    const response = await fetch(`${url}/missing`, {
      headers: { 'x-request-id': 'trace-1', 'x-svc-auth-token': 'secret' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-1');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        requestId: 'trace-1',
        method: 'GET',
        url: '/missing',
        statusCode: 404,
        msg: 'request completed',
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('replaces an unusable request id by a UUID and skips health checks', async () => {
    await serve('info');
    const response = await fetch(`${url}/anything`, { headers: { 'x-request-id': 'bad id!' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await fetch(`${url}/health`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.url)).toEqual(['/anything']);
  });

  it('writes nothing above info but still sets the id', async () => {
    await serve('warn');
    const response = await fetch(`${url}/x`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
  });

  it('tells the observers of every finished request, logged or not, with its duration', async () => {
    await serve('warn');
    await fetch(`${url}/missing`);
    await fetch(`${url}/health`);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual([]);
    expect(observed).toEqual([
      { url: '/missing', statusCode: 404, seconds: expect.any(Number) as number },
      { url: '/health', statusCode: 200, seconds: expect.any(Number) as number },
    ]);
    expect(observed.every((entry) => entry.seconds >= 0 && entry.seconds < 5)).toBe(true);
  });
});
