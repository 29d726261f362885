import { AppConfig, MAX_IDENTIFIER_LENGTH } from '@app/common';

/** One limit of the client plane: what it bounds, its value and unit, and the refusal a client gets past it. */
export interface ClientLimit {
  name: string;
  limit: number;
  unit: string;
  /** For /collab: the reason the document's connection is closed with. */
  refusal: string;
  description: string;
}

/**
 * The limits of `/collab` (CRDT sync): docs/client-api.md prints them in its "`/collab` limits"
 * table, and test/docs checks the two against each other. The sync server enforces them from here.
 */
export function collabLimits(config: AppConfig) {
  return {
    id: {
      name: 'id length',
      limit: MAX_IDENTIFIER_LENGTH,
      unit: 'characters',
      refusal: 'invalid-document-name',
      description: 'each part of a document name (organization, document, editor id), without NUL, as every other id',
    },
    updateBytes: {
      name: 'update size',
      limit: config.collabMaxUpdateBytes,
      unit: 'bytes',
      refusal: 'update-too-large',
      description: 'the Yjs update one sync message carries (`COLLAB_MAX_UPDATE_BYTES`)',
    },
    documentBytes: {
      name: 'document size',
      limit: config.collabMaxDocumentBytes,
      unit: 'bytes',
      refusal: 'document-too-large',
      description: 'compacted state plus the updates since (`COLLAB_MAX_DOCUMENT_BYTES`)',
    },
    updatesPerSecond: {
      name: 'update rate',
      limit: config.collabMaxUpdatesPerSecond,
      unit: 'updates/s',
      refusal: 'rate-limited',
      description: 'updates one connection sends, in bursts of up to twice as many (`COLLAB_MAX_UPDATES_PER_SECOND`)',
    },
    awarenessStateBytes: {
      name: 'awareness state size',
      limit: 16_384,
      unit: 'bytes',
      refusal: 'awareness-too-large',
      description: "one client's awareness state (cursor, selection, user), as JSON",
    },
    awarenessStateDepth: {
      name: 'awareness state depth',
      limit: 32,
      unit: 'levels',
      refusal: 'awareness-too-large',
      description: 'arrays and objects nested in one awareness state',
    },
    awarenessClients: {
      name: 'awareness client ids',
      limit: 4,
      unit: 'per connection',
      refusal: 'awareness-too-many-clients',
      description: 'client ids one document connection may set states for (a provider uses one)',
    },
  } as const satisfies Record<string, ClientLimit>;
}

export type CollabLimits = ReturnType<typeof collabLimits>;
