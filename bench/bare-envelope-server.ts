import { createServer } from 'node:http';

/**
 * Baseline for the documents/get throughput ratio: a bare node:http server that reads the request
 * body and answers a fixed JSON envelope (given on stdin), run as its own process like the API.
 */
async function main(): Promise<void> {
  let envelope = '';
  for await (const chunk of process.stdin) envelope += chunk;
  const body = Buffer.from(envelope);
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
  });
}

void main();
