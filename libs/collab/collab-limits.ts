import { MAX_IDENTIFIER_LENGTH } from '@app/common';
import type { ClientLimit } from '@app/realtime-hub';

const ROWS = [
  {
    name: '`/collab` name parts',
    limit: MAX_IDENTIFIER_LENGTH,
    unit: 'characters',
    refusal: 'closed: invalid-document-name',
    description: 'Each part of a document name (organization, document, editor id): at least 1, without NUL.',
  },
  {
    name: '`/collab` update',
    limit: 'COLLAB_MAX_UPDATE_BYTES',
    unit: 'bytes',
    refusal: 'closed: update-too-large',
    description: 'The Yjs update one sync message carries.',
  },
  {
    name: '`/collab` document',
    limit: 'COLLAB_MAX_DOCUMENT_BYTES',
    unit: 'bytes',
    refusal: 'closed: document-too-large',
    description: 'Compacted state plus the updates since.',
  },
  {
    name: '`/collab` updates',
    limit: 'COLLAB_MAX_UPDATES_PER_SECOND',
    unit: 'a second per connection',
    refusal: 'closed: rate-limited',
    description: 'Updates one connection sends, in bursts of up to twice as many.',
  },
  {
    name: '`/collab` awareness state',
    limit: 16_384,
    unit: 'bytes as JSON',
    refusal: 'closed: awareness-too-large',
    description: "One client's awareness state (cursor, selection, user).",
  },
  {
    name: '`/collab` awareness state depth',
    limit: 32,
    unit: 'levels',
    refusal: 'closed: awareness-too-large',
    description: 'Arrays and objects nested in one awareness state.',
  },
  {
    name: '`/collab` awareness client ids',
    limit: 4,
    unit: 'per connection',
    refusal: 'closed: awareness-too-many-clients',
    description: 'Client ids one document connection may set states for (a provider uses one).',
  },
  {
    name: '`/collab` documents',
    limit: 256,
    unit: 'per connection',
    refusal: 'connection closed',
    description:
      'Document names one WebSocket has open, awaiting their token, or refused; the socket closes with `too-many-documents`.',
  },
  {
    name: '`/collab` messages before a token',
    limit: 8 * 1024 * 1024,
    unit: 'bytes per connection',
    refusal: 'connection closed',
    description:
      'Messages for documents whose token is not yet accepted, which the server holds until it is; the socket closes with `too-many-pending`. Messages for a refused document are dropped.',
  },
] as const satisfies readonly ClientLimit[];

/**
 * The limits of `/collab` (CRDT sync), printed with the socket events' in docs/client-api.md "Limits" (a docs test
 * checks both). Rows whose bound is a setting are enforced from AppConfig; the others from here.
 */
export const COLLAB_LIMITS: readonly ClientLimit[] = ROWS;

type Row = (typeof ROWS)[number];

/** The bound of a fixed row, for the check that enforces it. */
export function collabLimit(name: Extract<Row, { limit: number }>['name']): number {
  return ROWS.find((row) => row.name === name)!.limit as number;
}
