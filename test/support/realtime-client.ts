import { createHmac } from 'node:crypto';
import { io, Socket } from 'socket.io-client';
import { AppConfig } from '@app/common/config';
import { decryptSecret } from '@app/common/token-crypto';
import { apiKeyHeaders, Credentials, ErrorBody, post } from './http-client';
import { TestEnvironment } from './test-environment';

export interface Handshake {
  apiKey: string;
  token: string;
}

/**
 * An ack mirrors the REST envelope: `{ status: 'success', ...T }` or `{ error }`. As with `Envelope`,
 * both are typed so a test reads the one it expects, `T` being the success fields it expects.
 */
export type Ack<T = unknown> = T & { status: 'success'; error: ErrorBody };

function open(url: string, auth: Handshake, origin?: string): Socket {
  return io(url, {
    path: '/realtime',
    auth,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(origin ? { extraHeaders: { origin } } : {}),
  });
}

/** A connected socket.io client; rejects with the server's connect_error. */
export async function connect(url: string, auth: Handshake, origin?: string): Promise<Socket> {
  const socket = open(url, auth, origin);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
  return socket;
}

/** The connect_error of a handshake that must be refused. */
export async function refusal(
  url: string,
  auth: Handshake,
  origin?: string,
): Promise<{ message: string; data?: { status: string } }> {
  const socket = open(url, auth, origin);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.close();
      reject(new Error('handshake was accepted'));
    });
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error);
    });
  });
}

export function request<T = unknown>(socket: Socket, event: string, payload: unknown): Promise<Ack<T>> {
  return socket.timeout(5000).emitWithAck(event, payload) as Promise<Ack<T>>;
}

/** Resolves with the next `event` whose payload satisfies `match`; `T` is the payload shape the caller expects. */
export function nextEvent<T = unknown>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} event within ${timeoutMs} ms`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

/** One entry of a `presence:frame`'s `set` or `left`. */
export interface PresenceEntry {
  connectionId: string;
  userId: string;
  name?: string;
  data?: unknown;
}
/** A connection's presence as a subscriber hears it: a frame's entry, with the frame's document. */
export type PresenceHeard = PresenceEntry & { organizationId: string; documentId: string };

/**
 * Resolves with the next entry in `kind` (`set` or `left`) of a `presence:frame` heard by `socket`, but its own
 * connection's, that satisfies `match`.
 */
export function nextPresence(
  socket: Socket,
  kind: 'set' | 'left',
  match: (entry: PresenceHeard) => boolean = () => true,
  timeoutMs = 5000,
): Promise<PresenceHeard> {
  type Frame = { organizationId: string; documentId: string } & Record<'set' | 'left', PresenceEntry[]>;
  let heard: PresenceHeard | undefined;
  const found = (frame: Frame) => {
    heard = frame[kind]
      .map((entry) => ({ organizationId: frame.organizationId, documentId: frame.documentId, ...entry }))
      .find((entry) => entry.connectionId !== socket.id && match(entry));
    return heard !== undefined;
  };
  return nextEvent<Frame>(socket, 'presence:frame', found, timeoutMs).then(() => heard as PresenceHeard);
}

export async function userToken(
  baseUrl: string,
  owner: Credentials,
  userId: string,
  userProperties: Record<string, unknown> = {},
): Promise<Handshake> {
  const response = await post<{ token: string }>(
    baseUrl,
    '/v2/auth/generate_token',
    { userId, userProperties },
    apiKeyHeaders(owner),
  );
  if (response.status !== 200) throw new Error(`generate_token failed: ${JSON.stringify(response.body)}`);
  return { apiKey: owner.apiKey, token: response.body.result.data.token };
}

/** An HS256 JWT signed with the API key's real secret (read from the database) and arbitrary claims. */
export async function signWithKeySecret(
  world: TestEnvironment,
  apiKeyId: string,
  claims: Record<string, unknown>,
): Promise<string> {
  const [row] = await world.query<{ secret_ciphertext: string }>(
    'SELECT secret_ciphertext FROM user_token_secret WHERE api_key_id = $1',
    [apiKeyId],
  );
  const secret = Buffer.from(decryptSecret(row.secret_ciphertext, new AppConfig(world.env).encryptionKey), 'base64url');
  return signJwt(secret, claims);
}

export function signJwt(secret: Buffer, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

/** One event of an `event:frame`, with the frame's document and wire version. */
export interface BroadcastHeard {
  v: number;
  organizationId: string;
  documentId: string;
  connectionId: string;
  userId: string;
  event: unknown;
}

/**
 * Resolves with the events of the `event:frame`s `socket` hears, but its own connection's, in order, once
 * `count` of them satisfy `match` (the others are left out).
 */
export function nextBroadcasts(
  socket: Socket,
  count: number,
  match: (heard: BroadcastHeard) => boolean = () => true,
  timeoutMs = 5000,
): Promise<BroadcastHeard[]> {
  type Frame = Omit<BroadcastHeard, 'connectionId' | 'userId' | 'event'> & {
    events: Array<Pick<BroadcastHeard, 'connectionId' | 'userId' | 'event'>>;
  };
  const heard: BroadcastHeard[] = [];
  const found = ({ events, ...frame }: Frame) => {
    for (const sent of events) {
      const entry = { ...frame, ...sent };
      if (sent.connectionId !== socket.id && match(entry)) heard.push(entry);
    }
    return heard.length >= count;
  };
  return nextEvent<Frame>(socket, 'event:frame', found, timeoutMs).then(() => heard);
}
