import {
  ErrorCode,
  MAX_ARRAY_ITEMS,
  MAX_IDENTIFIER_LENGTH,
  MAX_NESTING_DEPTH,
  MAX_PAGE_SIZE,
  MAX_PAGE_TOKEN_LENGTH,
} from '@app/common';

/**
 * One limit of what a browser may send, as docs/client-api.md "Limits" prints it (a docs test checks
 * the page against the rows, both ways). Other surfaces' tables (the sync server's awareness limits)
 * use the same shape and are printed in the same table.
 */
export interface ClientLimit {
  /** What is limited: a field of an event, or a rule of every payload. */
  name: string;
  /** The bound: a number, or the setting (docs/configuration.md) that holds it. */
  limit: number | string;
  unit: string;
  /**
   * What a message over the limit gets: an error status (in its ack or `refused` event), `connection closed`, or
   * for `/collab` the reason its document connection is closed with (`closed: <reason>`).
   */
  refusal: ErrorCode | 'connection closed' | `closed: ${string}`;
  description: string;
}

const ROWS = [
  {
    name: 'socket message',
    limit: 1_000_000,
    unit: 'bytes',
    refusal: 'connection closed',
    description: 'One socket.io message, binary attachments included.',
  },
  {
    name: 'binary attachments',
    limit: 10,
    unit: 'attachments',
    refusal: 'connection closed',
    description: "Binary values in one socket.io message (socket.io's parser default); fewer are refused as not JSON.",
  },
  {
    name: 'payload depth',
    limit: MAX_NESTING_DEPTH,
    unit: 'levels',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: 'Nesting of objects and arrays in any payload.',
  },
  {
    name: 'array items',
    limit: MAX_ARRAY_ITEMS,
    unit: 'items',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: 'Items of any one array in a payload.',
  },
  {
    name: 'ids',
    limit: MAX_IDENTIFIER_LENGTH,
    unit: 'characters',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description:
      '`organizationId`, `documentId`, `annotationId` and every other id: at least 1, without NUL or unpaired surrogates.',
  },
  {
    name: 'comment text',
    limit: 65_536,
    unit: 'characters',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`commentText` and `commentHtml` of `comments:add`, `comments:reply` and `comments:edit`.',
  },
  {
    name: 'mentions',
    limit: 100,
    unit: 'users',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`taggedUserContacts` of one comment.',
  },
  {
    name: 'attachments',
    limit: 100,
    unit: 'attachments',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`attachments` of one comment.',
  },
  {
    name: 'reaction icon',
    limit: 64,
    unit: 'characters',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`icon` of `comments:react` and `comments:unreact`.',
  },
  {
    name: 'mentionable query',
    limit: 100,
    unit: 'characters',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`query` of `users:mentionable`.',
  },
  {
    name: 'mentionable users',
    limit: 100,
    unit: 'users',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`limit` of `users:mentionable` (default 20).',
  },
  {
    name: 'page size',
    limit: MAX_PAGE_SIZE,
    unit: 'items',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`pageSize` of `comments:list` and `notifications:list`.',
  },
  {
    name: 'page token',
    limit: MAX_PAGE_TOKEN_LENGTH,
    unit: 'characters',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`pageToken` of `comments:list` and `notifications:list`.',
  },
  {
    name: 'notification ids',
    limit: 100,
    unit: 'ids',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`notificationIds` of one `notifications:mark`.',
  },
  {
    name: 'presence data',
    limit: 'PRESENCE_DATA_MAX_BYTES',
    unit: 'bytes as JSON',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`data` of `presence:set`.',
  },
  {
    name: 'presence sets',
    limit: 'PRESENCE_SETS_PER_S',
    unit: 'a second per connection',
    refusal: ErrorCode.RESOURCE_EXHAUSTED,
    description: '`presence:set` messages, in bursts of up to twice as many.',
  },
  {
    name: 'broadcast event',
    limit: 'BROADCAST_MAX_BYTES',
    unit: 'bytes as JSON',
    refusal: ErrorCode.INVALID_ARGUMENT,
    description: '`event` of `event:broadcast`.',
  },
  {
    name: 'broadcasts',
    limit: 'BROADCASTS_PER_S',
    unit: 'a second per connection',
    refusal: ErrorCode.RESOURCE_EXHAUSTED,
    description: '`event:broadcast` messages, in bursts of up to twice as many.',
  },
  {
    name: 'subscriptions',
    limit: 256,
    unit: 'documents per connection',
    refusal: ErrorCode.RESOURCE_EXHAUSTED,
    description:
      'Documents one connection is subscribed to, those whose `subscribe` is under way included; `unsubscribe` frees one.',
  },
  {
    name: 'requests in flight',
    limit: 64,
    unit: 'messages per connection',
    refusal: ErrorCode.RESOURCE_EXHAUSTED,
    description:
      'Messages one connection sent whose handling is still under way (a `comments:add` being written, a `subscribe` checking access), with an ack or without; each answered frees one.',
  },
  {
    name: 'handshake token',
    limit: 8192,
    unit: 'characters',
    refusal: ErrorCode.UNAUTHENTICATED,
    description: '`auth.token` of the handshake (its `connect_error`); `auth.apiKey` takes an id.',
  },
] as const satisfies readonly ClientLimit[];

/** The client plane's limits and refusal codes: what the code enforces and docs/client-api.md prints. */
export const CLIENT_LIMITS: readonly ClientLimit[] = ROWS;

type Row = (typeof ROWS)[number];
/** The rows whose bound is a number rather than a setting. */
export type FixedLimitName = Extract<Row, { limit: number }>['name'];

/** The bound of a fixed row, for the check that enforces it. */
export function clientLimit(name: FixedLimitName): number {
  return ROWS.find((row) => row.name === name)!.limit as number;
}
