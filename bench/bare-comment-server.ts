import { serveBare } from './support/bare-http-server';
import { AddData, CommentWrites } from './support/comment-write-work';
import { openBackends } from './support/hot-route-work';

/**
 * The comment-write yardstick of bench/comment-writes.bench.ts: a bare node:http server doing the API's
 * per-request auth and `commentannotations/add`'s statements, publishes and job (support/comment-write-work.ts).
 * COMMENT_SINKS is a JSON object of each API key's sinks. Prints its port when ready.
 */
const backends = openBackends(process.env);
const writes = new CommentWrites(backends, process.env);

serveBare(backends, { '/v2/commentannotations/add': (apiKeyId, data) => writes.add(apiKeyId, data as AddData) }, () =>
  Promise.all([writes.close(), backends.close()]),
);
