import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { decode, encode } from 'notepack.io';
import { Decoder, Encoder, Packet, PacketType } from 'socket.io-parser';
import { fixed, report } from './report';
import { median } from './support/interleave';
import { runBench } from './support/run-bench';

/**
 * Issue 40: would socket.io's MessagePack parser pay on the client plane? socket.io-msgpack-parser is
 * notepack.io's encode/decode of the packet object, so this bench times exactly that against the
 * default parser (socket.io-parser: JSON) on the presence path's two packets: a `presence:set` (the
 * server decodes one per set, a client encodes it) and a `presence:frame` of FRAME_SETS connections
 * (the server encodes one per room per tick, each client decodes it). Rounds alternate the parsers;
 * figures are medians. It also prints what each costs per delivered update at 50 users × 20 Hz with
 * 5 ms frames, and the gzipped size MessagePack would add to the browser bundle.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const COUNT = Number(process.env.BENCH_PARSER_OPS ?? 50_000);
const FRAME_SETS = 5;
/** 50 users × 20 Hz: sets decoded and frames encoded by the server each second, and deliveries. */
const SETS_PER_S = 1000;
const FRAMES_PER_S = 200;
const DELIVERIES_PER_S = 49_000;

const ref = { organizationId: 'org-1', documentId: 'doc-1' };
const setPacket: Packet = {
  type: PacketType.EVENT,
  nsp: '/',
  data: ['presence:set', { ...ref, data: { x: 734.5, y: 212.25, selection: 'node-17' } }],
};
const framePacket: Packet = {
  type: PacketType.EVENT,
  nsp: '/',
  data: [
    'presence:frame',
    {
      v: 1,
      ...ref,
      set: Array.from({ length: FRAME_SETS }, (_, i) => ({
        connectionId: `Zq3kR7vYp0a1b2c3d4e${i}`,
        userId: `user-${i}`,
        name: `User ${i}`,
        data: { x: 100 + i, y: 200 + i, selection: `node-${i}` },
      })),
      left: [],
    },
  ],
};

interface Codec {
  encode(packet: Packet): string | Buffer;
  decode(wire: string | Buffer): unknown;
}

const json: Codec = {
  encode: (packet) => new Encoder().encode(packet)[0] as string,
  decode: (wire) => {
    let decoded: unknown;
    const decoder = new Decoder();
    decoder.on('decoded', (packet: unknown) => (decoded = packet));
    decoder.add(wire);
    return decoded;
  },
};
const msgpack: Codec = { encode: (packet) => encode(packet) as Buffer, decode: (wire) => decode(wire) as unknown };
const CODECS = { json, msgpack } as const;
type CodecName = keyof typeof CODECS;

/** µs per call of `run`, over COUNT calls. */
function time(run: () => unknown): number {
  const started = process.hrtime.bigint();
  for (let i = 0; i < COUNT; i++) run();
  return Number(process.hrtime.bigint() - started) / 1000 / COUNT;
}

type Timings = Record<'decodeSet' | 'encodeSet' | 'encodeFrame' | 'decodeFrame', number>;

function timings(codec: Codec): Timings {
  const setWire = codec.encode(setPacket);
  const frameWire = codec.encode(framePacket);
  return {
    decodeSet: time(() => codec.decode(setWire)),
    encodeSet: time(() => codec.encode(setPacket)),
    encodeFrame: time(() => codec.encode(framePacket)),
    decodeFrame: time(() => codec.decode(frameWire)),
  };
}

function main(): Promise<void> {
  const runs: Record<CodecName, Timings[]> = { json: [], msgpack: [] };
  const names = Object.keys(CODECS) as CodecName[];
  for (const name of names) timings(CODECS[name]);
  for (let round = 0; round < ROUNDS; round++)
    for (let turn = 0; turn < names.length; turn++) {
      const name = names[(round + turn) % names.length];
      runs[name].push(timings(CODECS[name]));
    }
  const of = (name: CodecName, key: keyof Timings) => median(runs[name].map((run) => run[key]));
  const bytes = (name: CodecName, packet: Packet) => Buffer.byteLength(CODECS[name].encode(packet));
  const serverPerDelivery = (name: CodecName) =>
    (SETS_PER_S * of(name, 'decodeSet') + FRAMES_PER_S * of(name, 'encodeFrame')) / DELIVERIES_PER_S;
  const figures = (['decodeSet', 'encodeSet', 'encodeFrame', 'decodeFrame'] as const).map((key) => ({
    measurement: `${key} (µs)`,
    value: fixed(of('msgpack', key), 2),
    baseline: `${fixed(of('json', key), 2)} JSON`,
    ratio: of('msgpack', key) / of('json', key),
  }));
  const bundle = gzipSync(readFileSync(require.resolve('notepack.io/dist/notepack.min.js'))).length;
  report(
    'parsers',
    `socket.io packets of the presence path, MessagePack (notepack.io, as socket.io-msgpack-parser) against JSON (socket.io-parser); ${ROUNDS} alternating rounds of ${COUNT} calls; medians`,
    [
      ...figures,
      {
        measurement: `bytes: presence:set / frame of ${FRAME_SETS}`,
        value: `${bytes('msgpack', setPacket)} / ${bytes('msgpack', framePacket)}`,
        baseline: `${bytes('json', setPacket)} / ${bytes('json', framePacket)} JSON`,
        ratio: bytes('msgpack', framePacket) / bytes('json', framePacket),
      },
      {
        measurement: 'server parser CPU per delivered update, 50 users × 20 Hz, 5 ms frames (µs)',
        value: fixed(serverPerDelivery('msgpack'), 3),
        baseline: `${fixed(serverPerDelivery('json'), 3)} JSON`,
        ratio: serverPerDelivery('msgpack') / serverPerDelivery('json'),
      },
      { measurement: 'browser bundle added, gzipped (bytes)', value: String(bundle), baseline: '0 JSON' },
    ],
  );
  return Promise.resolve();
}

runBench(main);
