import { preparedStatement } from '@app/database';
import { JudgmentContent } from './judgment-of-event';

const COLUMNS =
  'id, organization_id, document_id, annotation_id, decision, judge_type, content_type, reviewer_id, action_user, reasoning, content, confidence, agent, source, created_at';

/** The judgments $2 of API key $1, one multi-row statement. */
export const INSERT_JUDGMENTS = preparedStatement(`INSERT INTO memory_judgment (api_key_id, ${COLUMNS})
  SELECT $1, ${COLUMNS} FROM jsonb_to_recordset($2::jsonb) AS v(id text, organization_id text, document_id text, annotation_id text,
    decision text, judge_type text, content_type text, reviewer_id text, action_user jsonb, reasoning text, content text,
    confidence real, agent jsonb, source text, created_at bigint)`);

export function judgmentRow(content: JudgmentContent, id: string): Record<string, unknown> {
  return {
    id,
    organization_id: content.organizationId,
    document_id: content.documentId,
    annotation_id: content.annotationId,
    decision: content.decision,
    judge_type: content.judgeType,
    content_type: content.contentType,
    reviewer_id: content.reviewerId,
    action_user: content.actionUser,
    reasoning: content.reasoning,
    content: content.content,
    confidence: content.confidence,
    agent: content.agent,
    source: content.source,
    created_at: content.createdAt,
  };
}
