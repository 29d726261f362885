import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import type * as Y from 'yjs';
import type { Handshake } from '../../test/support/realtime-client';
import { peerModule } from './peer-install';
import { runBench } from './run-bench';

/**
 * The Yjs load of bench/peers.bench.ts, in its own process (forked; argv[2] a YjsChildSpec as JSON). It
 * runs one document at a time: on `{open: name}` it opens its clients on that (fresh) document and says
 * `ready`; on `{go}` EDITORS editors push one item each per update into a shared Y.Array, each keeping at
 * most `window` of its updates not yet seen by an observer (one more client on the same document), until
 * `updates` were pushed; once the observer saw them all it answers a YjsSegment and closes the clients.
 * `{stop}` ends it. The window makes every server measured the same way, whether its protocol
 * acknowledges an update (ours, Hocuspocus) or not (y-websocket, Liveblocks). The document changes every
 * `updates` updates because the Liveblocks dev server drops every update after a room's 1,000th.
 */
export interface YjsChildSpec {
  /** `hocuspocus`: our API and bare Hocuspocus (the Hocuspocus protocol); the others: their servers. */
  protocol: 'hocuspocus' | 'y-websocket' | 'liveblocks';
  url: string;
  auth: Handshake;
  editors: number;
  window: number;
  /** Updates pushed into each document. */
  updates: number;
}

/** One document's run: its wall time from the first push to the observer seeing the last, and each update's push-to-observer time (ms). */
export interface YjsSegment {
  elapsedMs: number;
  latencies: number[];
}

type ParentMessage = { open: string } | { go: true } | { stop: true };

/** A client on the document: its Y.Doc and how to close it. */
interface Client {
  doc: Y.Doc;
  close(): void;
}

/** How long a document's updates may take to reach the observer before the run fails. */
const SEGMENT_LIMIT_MS = 60_000;

/** A @hocuspocus/provider editor, on the project's Yjs (loaded only here, so a peer's process holds one Yjs copy). */
async function hocuspocusClient(spec: YjsChildSpec, name: string): Promise<Client> {
  const { openEditor } = await import('../../test/support/collab-client');
  const editor = await openEditor(spec.url, spec.auth, name);
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
async function yWebsocketClient(spec: YjsChildSpec, name: string): Promise<Client> {
  const { Doc } = peerModule<typeof Y>('yjs');
  const { WebsocketProvider } = peerModule<YWebsocketModule>('y-websocket');
  const doc = new Doc();
  const provider = new WebsocketProvider(spec.url.replace(/^http/, 'ws'), name, doc, {
    WebSocketPolyfill: WebSocket,
    disableBc: true,
  });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc, close: () => provider.destroy() };
}

/** The parts of @liveblocks/client and @liveblocks/yjs the load uses. */
interface LiveblocksClientModule {
  createClient: (options: Record<string, unknown>) => {
    enterRoom(
      roomId: string,
      options: { initialPresence: Record<string, never> },
    ): { room: unknown; leave: () => void };
  };
}
interface LiveblocksYjsModule {
  getYjsProviderForRoom: (room: unknown) => {
    synced: boolean;
    once(event: 'sync', listener: (synced: boolean) => void): void;
    getYDoc(): Y.Doc;
  };
}

/**
 * A Liveblocks client (its own, as each user of a page has) with the room's Yjs provider, throttling off
 * as the dev server allows on localhost, so each update leaves in its own message. Leaving the room
 * destroys the provider.
 */
async function liveblocksClient(spec: YjsChildSpec, name: string): Promise<Client> {
  const { createClient } = peerModule<LiveblocksClientModule>('@liveblocks/client');
  const { getYjsProviderForRoom } = peerModule<LiveblocksYjsModule>('@liveblocks/yjs');
  const client = createClient({
    publicApiKey: 'pk_localdev',
    baseUrl: spec.url,
    polyfills: { WebSocket },
    __DANGEROUSLY_disableThrottling: true,
  });
  const { room, leave } = client.enterRoom(name.replaceAll('/', '-'), { initialPresence: {} });
  const provider = getYjsProviderForRoom(room);
  if (!provider.synced) await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  return { doc: provider.getYDoc(), close: leave };
}

const OPENERS: Record<YjsChildSpec['protocol'], (spec: YjsChildSpec, name: string) => Promise<Client>> = {
  hocuspocus: hocuspocusClient,
  'y-websocket': yWebsocketClient,
  liveblocks: liveblocksClient,
};

/** Pushes `spec.updates` updates through the editors, windowed on the observer; resolves once it saw them all. */
function run(spec: YjsChildSpec, [observer, ...editors]: Client[]): Promise<YjsSegment> {
  const sentAt = editors.map(() => [] as number[]);
  const seen = editors.map(() => 0);
  const latencies: number[] = [];
  let pushed = 0;
  const pump = (editor: number) => {
    const items = editors[editor].doc.getArray<number>('items');
    while (pushed < spec.updates && sentAt[editor].length - seen[editor] < spec.window) {
      const sequence = sentAt[editor].length;
      sentAt[editor].push(performance.now());
      pushed++;
      items.push([editor * 1e7 + sequence]);
    }
  };
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const timer = setTimeout(
      () =>
        reject(new Error(`the observer saw ${latencies.length} of ${spec.updates} updates in ${SEGMENT_LIMIT_MS} ms`)),
      SEGMENT_LIMIT_MS,
    );
    observer.doc.getArray<number>('items').observe((event) => {
      const now = performance.now();
      for (const item of event.changes.added) {
        for (const value of item.content.getContent() as number[]) {
          const editor = Math.floor(value / 1e7);
          latencies.push(now - sentAt[editor][value % 1e7]);
          seen[editor]++;
        }
      }
      if (latencies.length === spec.updates) {
        clearTimeout(timer);
        resolve({ elapsedMs: now - started, latencies });
        return;
      }
      for (let editor = 0; editor < editors.length; editor++) pump(editor);
    });
    for (let editor = 0; editor < editors.length; editor++) pump(editor);
  });
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as YjsChildSpec;
  const next = () => new Promise<ParentMessage>((resolve) => process.once('message', resolve));
  const reply = (value: unknown) => new Promise<void>((resolve) => process.send!(value, () => resolve()));
  for (let message = await next(); 'open' in message; message = await next()) {
    const clients: Client[] = [];
    for (let i = 0; i <= spec.editors; i++) clients.push(await OPENERS[spec.protocol](spec, message.open));
    await reply({ ready: true });
    if (!('go' in (await next()))) throw new Error('expected {go} after {open}');
    await reply(await run(spec, clients));
    for (const client of clients) client.close();
  }
}

runBench(main);
