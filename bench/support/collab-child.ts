import { performance } from 'node:perf_hooks';
import { Editor, openEditor } from '../../test/support/collab-client';
import type { Handshake } from '../../test/support/realtime-client';
import { processCpuMs } from './process-cpu';
import { runBench } from './run-bench';

/**
 * The CRDT sync load generator, in its own process so its Yjs work is never the measured servers'
 * CPU (argv[2]: a CollabSpec as JSON; prints one CollabResult line). Editors are real
 * @hocuspocus/provider clients; every document is opened before timing starts.
 */
export interface CollabSpec {
  mode: 'roundTrip' | 'throughput';
  /** The two instances; editor i opens on urls[i % 2]. */
  urls: [string, string];
  auth: Handshake;
  /** organizationId/documentId/editorId, fresh per run. */
  name: string;
  /** The measured servers' pids, whose CPU is read around the timed part. */
  pids: number[];
  /** roundTrip: sequential samples. */
  samples: number;
  /** throughput: editors typing into the document, updates each may have unacknowledged, seconds. */
  clients: number;
  window: number;
  durationS: number;
}

export interface CollabResult {
  /** Round trips timed, or updates acknowledged within the window. */
  operations: number;
  perSecond: number;
  /** Round trip, or acknowledgement latency under load (ms). */
  p50: number;
  p99: number;
  cpuMsPerOperation: number;
}

const cpuOf = (pids: number[]) => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** Resolves once `editor`'s text has `length` characters. */
function reaches(editor: Editor, length: number, timeoutMs = 10_000): Promise<void> {
  if (editor.text().length >= length) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`text did not reach ${length} within ${timeoutMs} ms (at ${editor.text().length})`)),
      timeoutMs,
    );
    const listener = () => {
      if (editor.text().length < length) return;
      clearTimeout(timer);
      editor.doc.off('update', listener);
      resolve();
    };
    editor.doc.on('update', listener);
  });
}

/** Editor 0 (instance 1) types one character; timed until editor 1 (instance 2) has it. */
async function roundTrip(spec: CollabSpec, editors: Editor[]): Promise<CollabResult> {
  const [writer, reader] = editors;
  const latencies: number[] = [];
  const cpuBefore = cpuOf(spec.pids);
  const started = performance.now();
  for (let i = 0; i < spec.samples; i++) {
    const at = performance.now();
    const arrived = reaches(reader, writer.text().length + 1);
    writer.text().insert(writer.text().length, 'x');
    await arrived;
    latencies.push(performance.now() - at);
  }
  const elapsedS = (performance.now() - started) / 1000;
  const cpuMs = cpuOf(spec.pids) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    operations: spec.samples,
    perSecond: spec.samples / elapsedS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuMsPerOperation: cpuMs / spec.samples,
  };
}

/**
 * Every editor keeps `window` updates unacknowledged (one character each) for `durationS`; counts
 * the acknowledgements that arrived in that time. Then every editor must converge on all of them.
 */
async function throughput(spec: CollabSpec, editors: Editor[]): Promise<CollabResult> {
  let running = true;
  let acknowledged = 0;
  let sent = 0;
  const latencies: number[] = [];
  const pumps = editors.map((editor) => {
    const sentAt: number[] = [];
    let outstanding = 0;
    const pump = () => {
      while (running && editor.provider.unsyncedChanges < spec.window) {
        sentAt.push(performance.now());
        sent++;
        editor.text().insert(editor.text().length, 'x');
      }
    };
    // Fired on each send too (synchronously, inside insert): only a drop is acknowledgements.
    editor.provider.on('unsyncedChanges', ({ number }: { number: number }) => {
      const drop = outstanding - number;
      outstanding = number;
      if (drop <= 0 || !running) return;
      const now = performance.now();
      for (const at of sentAt.splice(0, drop)) latencies.push(now - at);
      acknowledged += drop;
      pump();
    });
    return pump;
  });
  const cpuBefore = cpuOf(spec.pids);
  const started = performance.now();
  for (const pump of pumps) pump();
  await new Promise((resolve) => setTimeout(resolve, spec.durationS * 1000));
  running = false;
  const elapsedS = (performance.now() - started) / 1000;
  const cpuMs = cpuOf(spec.pids) - cpuBefore;
  const counted = acknowledged;
  await Promise.all(editors.map((editor) => editor.acknowledged(30_000)));
  await Promise.all(editors.map((editor) => reaches(editor, sent, 30_000)));
  latencies.sort((a, b) => a - b);
  return {
    operations: counted,
    perSecond: counted / elapsedS,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    cpuMsPerOperation: cpuMs / counted,
  };
}

async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as CollabSpec;
  const count = spec.mode === 'roundTrip' ? 2 : spec.clients;
  const editors: Editor[] = [];
  for (let i = 0; i < count; i++) editors.push(await openEditor(spec.urls[i % 2], spec.auth, spec.name));
  const result = spec.mode === 'roundTrip' ? await roundTrip(spec, editors) : await throughput(spec, editors);
  for (const editor of editors) editor.destroy();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

runBench(main);
