import { decode, encode } from 'notepack.io';

/** MessagePack's marker of a 3-item array (the adapter's `[uid, packet, opts]`) and of a string of up to 31 bytes. */
const FIXARRAY_3 = 0x93;
const FIXSTR = 0xa0;

/**
 * The classic Redis adapter's parser, with its wire format unchanged (MessagePack, so instances of
 * earlier versions still read what this one publishes): every instance hears its own publishes on the
 * pattern it subscribes to, and the adapter decodes each whole before it drops it for carrying its own
 * uid. A presence frame is published every tick, so this parser reads the uid at the head of the bytes
 * and, when it is one of this process's adapters', answers `[uid]` without decoding the rest.
 */
export class OwnMessageParser {
  private readonly heads: Buffer[] = [];

  /** An adapter of this process: its messages are recognised by their head. */
  own(uid: string): void {
    this.heads.push(Buffer.from([FIXARRAY_3, FIXSTR | Buffer.byteLength(uid), ...Buffer.from(uid)]));
  }

  encode(message: unknown): Buffer {
    return encode(message) as Buffer;
  }

  decode(message: Buffer): unknown {
    for (const head of this.heads)
      if (message.length > head.length && message.compare(head, 0, head.length, 0, head.length) === 0)
        return [head.toString('utf8', 2)];
    return decode(message);
  }
}
