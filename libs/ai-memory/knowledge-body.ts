/** The path whose JSON body may exceed the API's 1 MiB: an inline ingest carries up to 5 MB as base64. */
export const KNOWLEDGE_INGEST_PATH = '/v2/memory/knowledge/ingest';
export const KNOWLEDGE_INGEST_MAX_BODY_BYTES = 8 * 1024 * 1024;
