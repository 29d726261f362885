/** A source's columns as knowledge reads select them (bytes and markdown left out). */
export const SOURCE_COLUMNS = `s.id, s.organization_id, s.document_id, s.uploaded_by, s.source_type, s.file_name, s.mime_type, s.file_size,
  s.sha256, s.status, s.failure_reason, s.dedup_of, s.rule_based, s.version, s.chunk_count, s.rule_count, s.uploaded_at, s.updated_at`;

export interface SourceRow {
  id: string;
  organization_id: string | null;
  document_id: string | null;
  uploaded_by: string | null;
  source_type: string;
  file_name: string | null;
  mime_type: string;
  file_size: number;
  sha256: string;
  status: 'processing' | 'completed' | 'failed';
  failure_reason: string | null;
  dedup_of: string | null;
  rule_based: boolean;
  version: number;
  chunk_count: number;
  rule_count: number;
  uploaded_at: string;
  updated_at: string;
}

/** The source, and for a duplicate the winner whose state it reports (Velt: a duplicate mirrors its original). */
export const SOURCE_WITH_WINNER = `SELECT ${SOURCE_COLUMNS}, row_to_json(w) AS winner
  FROM memory_knowledge_source s
  LEFT JOIN LATERAL (SELECT w.id, w.status, w.failure_reason, w.chunk_count, w.rule_count, w.updated_at, w.rule_based
                       FROM memory_knowledge_source w WHERE w.api_key_id = s.api_key_id AND w.id = s.dedup_of) w ON true`;

export interface WinnerState {
  id: string;
  status: SourceRow['status'];
  failure_reason: string | null;
  chunk_count: number;
  rule_count: number;
  updated_at: string;
  rule_based: boolean;
}

export type SourceWithWinner = SourceRow & { winner: WinnerState | null };
