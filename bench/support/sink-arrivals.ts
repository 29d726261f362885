import { once } from 'node:events';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SMTPServer, SMTPServerDataStream } from 'smtp-server';

/** The token a paced write carries in its annotation id and comment text, so every sink's copy names it. */
export const PACED_TOKEN = /evt-\d+-\d+/;

/**
 * When one sink's deliveries arrived: every arrival's time, and the time of the first delivery naming
 * each paced write's token (a delivery repeated by a retry would not move it).
 */
export class Arrivals {
  times: number[] = [];
  readonly byToken = new Map<string, number>();

  record(text: string): void {
    const at = Date.now();
    this.times.push(at);
    const token = PACED_TOKEN.exec(text)?.[0];
    if (token && !this.byToken.has(token)) this.byToken.set(token, at);
  }

  reset(): void {
    this.times = [];
    this.byToken.clear();
  }

  get last(): number {
    return this.times.reduce((latest, at) => Math.max(latest, at), 0);
  }
}

/** An HTTP endpoint answering 200 at once; keeps each body for `inspect` (the signature check) and forgets it. */
export async function startHttpSink(
  arrivals: Arrivals,
  inspect: (headers: Record<string, string>, body: string) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      arrivals.record(body);
      inspect(req.headers as Record<string, string>, body);
      res.writeHead(200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, server };
}

/**
 * A plain SMTP server (no STARTTLS, no auth) that accepts every message and records its raw text:
 * the bodies are ASCII, so a paced token is found without parsing MIME.
 */
export async function startSmtpSink(arrivals: Arrivals): Promise<{ port: number; server: SMTPServer }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream: SMTPServerDataStream, _session, callback: (error?: Error | null) => void) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        arrivals.record(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  return { port: (server.server.address() as AddressInfo).port, server };
}
