import { decode, encode as notepackEncode } from 'notepack.io';
import { OwnMessageParser } from './own-message-parser';

const encode = (message: unknown) => notepackEncode(message) as Buffer;

describe('OwnMessageParser', () => {
  const packet = { type: 2, data: ['presence:frame', { set: [{ connectionId: 'c1', data: { x: 1 } }] }], nsp: '/' };
  const opts = { rooms: ['doc:["k","o","d"]'], except: [], flags: {} };

  it('keeps the wire format: what it encodes is MessagePack that any instance decodes', () => {
    const parser = new OwnMessageParser();
    expect(decode(parser.encode(['abc123', packet, opts]))).toEqual(['abc123', packet, opts]);
  });

  it("answers only the uid for a message of one of its own adapters, the whole message for another's", () => {
    const parser = new OwnMessageParser();
    parser.own('abc123');
    parser.own('zzz999');
    expect(parser.decode(encode(['abc123', packet, opts]))).toEqual(['abc123']);
    expect(parser.decode(encode(['zzz999', packet, opts]))).toEqual(['zzz999']);
    expect(parser.decode(encode(['abc124', packet, opts]))).toEqual(['abc124', packet, opts]);
  });

  it('decodes whole what does not start with an own head: requests, other shapes, a bare uid', () => {
    const parser = new OwnMessageParser();
    parser.own('abc123');
    const request = { uid: 'abc123', requestId: 'r1', type: 3 };
    expect(parser.decode(encode(request))).toEqual(request);
    expect(parser.decode(encode(['abc123', packet]))).toEqual(['abc123', packet]);
    expect(parser.decode(encode(['abc123']))).toEqual(['abc123']);
  });
});
