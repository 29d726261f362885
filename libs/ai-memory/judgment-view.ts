/** A judgment's columns as the memory reads select them. */
export interface JudgmentRow {
  id: string;
  organization_id: string;
  document_id: string;
  annotation_id: string | null;
  decision: string;
  judge_type: string;
  content_type: string | null;
  reviewer_id: string | null;
  action_user: Record<string, unknown> | null;
  reasoning: string;
  content: string | null;
  confidence: number;
  agent: Record<string, unknown> | null;
  created_at: string;
}

export const JUDGMENT_COLUMNS =
  't.id, t.organization_id, t.document_id, t.annotation_id, t.decision, t.judge_type, t.content_type, t.reviewer_id, t.action_user, t.reasoning, t.content, t.confidence, t.agent, t.created_at';

/** Velt's judgment record. Our organization and document ids are the caller's own (Velt answers its internal ids). */
export function judgmentView(row: JudgmentRow): Record<string, unknown> {
  return {
    recordId: row.id,
    reasoning: row.reasoning,
    decision: row.decision,
    confidence: Number(row.confidence),
    judgeType: row.judge_type,
    contentType: row.content_type,
    actionUser: row.action_user,
    createdAt: Number(row.created_at),
    organizationId: row.organization_id,
    documentId: row.document_id === '' ? null : row.document_id,
    annotationId: row.annotation_id,
    agent: row.agent,
  };
}
