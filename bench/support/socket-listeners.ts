import type { Socket } from 'socket.io-client';

type Listener = (payload: never) => void;
/** How socket.io-client takes a listener of any event. */
type Untyped = (...args: unknown[]) => void;

export interface Listening {
  sockets: Socket[];
  /** Each socket's listeners, by event. */
  listenersOf: (socket: Socket) => Record<string, Listener>;
  /** The message a refusal is for, to name it in the failure. */
  refusalOf: string;
}

/**
 * Runs `body` with each socket's listeners attached, and a `refused` listener on every socket; takes them
 * all off after, then fails with the first refusal heard (a refused message would make the run's figures wrong).
 */
export async function whileListening<T>(
  { sockets, listenersOf, refusalOf }: Listening,
  body: () => Promise<T>,
): Promise<T> {
  let refusal: unknown;
  const onRefused = (refused: unknown) => (refusal ??= refused);
  const attached = sockets.map((socket) => ({ socket, listeners: { ...listenersOf(socket), refused: onRefused } }));
  const each = (act: (socket: Socket, event: string, listener: Listener) => void) => {
    for (const { socket, listeners } of attached)
      for (const [event, listener] of Object.entries(listeners)) act(socket, event, listener);
  };
  each((socket, event, listener) => socket.on(event, listener as Untyped));
  let result: T;
  try {
    result = await body();
  } finally {
    each((socket, event, listener) => socket.off(event, listener as Untyped));
  }
  if (refusal) throw new Error(`${refusalOf} refused: ${JSON.stringify(refusal)}`);
  return result;
}
