import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type * as Y from 'yjs';
import { openEditor } from '../../test/support/collab-client';
import type { Handshake } from '../../test/support/realtime-client';
import { peerModule } from './peer-install';
import { runBench } from './run-bench';

/**
 * The Yjs load of bench/peers.bench.ts, in its own process (forked; argv[2] a YjsChildSpec as JSON): it
 * opens its clients and says `ready`; on `{go}` it runs and answers a YjsChildResult. EDITORS editors push one item each per update into a shared Y.Array, each
 * keeping at most `window` of its updates not yet seen by an observer (one more client on the same
 * document): so every server is measured the same way, whether its protocol acknowledges an update
 * (ours, Hocuspocus) or not (y-websocket). Counted: updates the observer saw within `durationS`, and
 * each one's time from its push to the observer.
 */
export interface YjsChildSpec {
  /** `hocuspocus`: our API and bare Hocuspocus (the Hocuspocus protocol); `y-websocket`: its server. */
  protocol: 'hocuspocus' | 'y-websocket';
  url: string;
  auth: Handshake;
  /** A fresh document per run. */
  name: string;
  editors: number;
  window: number;
  durationS: number;
}

export interface YjsChildResult {
  updates: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** A client on the document: its Y.Doc and how to close it. */
interface Client {
  doc: Y.Doc;
  close(): void;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function hocuspocusClient(spec: YjsChildSpec): Promise<Client> {
  const editor = await openEditor(spec.url, spec.auth, spec.name);
  return { doc: editor.doc, close: () => editor.destroy() };
}

interface YWebsocketModule {
  WebsocketProvider: new (
    url: string,
    room: string,
    doc: Y.Doc,
    options: { WebSocketPolyfill: unknown; disableBc: boolean },
  ) => { once(event: 'sync', listener: (synced: boolean) => void): void; destroy(): void };
}

/**
 * A y-websocket client, on the Yjs copy the cache folder's y-websocket uses. Its BroadcastChannel (which
 * would hand updates between the clients of this one process directly, past the server) is off.
 */
async function yWebsocketClient(spec: YjsChildSpec): Promise<Client> {
  const { Doc } = peerModule<typeof Y>('yjs');
  const { WebsocketProvider } = peerModule<YWebsocketModule>('y-websocket');
  const doc = new Doc();
  const provider = new WebsocketProvider(spec.url.replace(/^http/, 'ws'), spec.name, doc, {
    WebSocketPolyfill: WebSocket,
    disableBc: true,
  });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, close: () => provider.destroy() };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as YjsChildSpec;
  const open = spec.protocol === 'hocuspocus' ? hocuspocusClient : yWebsocketClient;
  const clients: Client[] = [];
  for (let i = 0; i <= spec.editors; i++) clients.push(await open(spec));
  const [observer, ...editors] = clients;
  const sentAt = editors.map(() => [] as number[]);
  const seen = editors.map(() => 0);
  const latencies: number[] = [];
  let running = true;
  const pump = (editor: number) => {
    const items = editors[editor].doc.getArray<number>('items');
    while (running && sentAt[editor].length - seen[editor] < spec.window) {
      const sequence = sentAt[editor].length;
      sentAt[editor].push(performance.now());
      items.push([editor * 1e7 + sequence]);
    }
  };
  observer.doc.getArray<number>('items').observe((event) => {
    const now = performance.now();
    for (const item of event.changes.added) {
      for (const value of item.content.getContent() as number[]) {
        const editor = Math.floor(value / 1e7);
        if (running) latencies.push(now - sentAt[editor][value % 1e7]);
        seen[editor]++;
      }
    }
    for (let editor = 0; editor < editors.length; editor++) pump(editor);
  });
  process.send!({ ready: true });
  await new Promise((resolve) => process.once('message', resolve));
  const started = performance.now();
  for (let editor = 0; editor < editors.length; editor++) pump(editor);
  await new Promise((resolve) => setTimeout(resolve, spec.durationS * 1000));
  running = false;
  const elapsedS = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  for (const client of clients) client.close();
  const result: YjsChildResult = {
    updates: latencies.length,
    perSecond: latencies.length / elapsedS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
  await new Promise<void>((resolve) => process.send!(result, () => resolve()));
}

runBench(main);
