import type { AddAnnotationsDto } from '@app/comment';
import { clientLimit } from '@app/realtime-hub';
import { AgentExecution } from './entities/agent-execution.entity';
import { AgentFinding } from './findings';

/**
 * One annotation per finding, with the agent block Velt's agent comments carry (`agent.reason.findingId`).
 * The annotation id is the finding id, so a rerun adds nothing for a finding already on the document.
 */
export function findingAnnotations(row: AgentExecution, findings: AgentFinding[]): AddAnnotationsDto {
  const visibility =
    row.config.annotationVisibility === 'public'
      ? { type: 'public' as const }
      : { type: 'organizationPrivate' as const, organizationId: row.organizationId };
  const author = row.ranBy
    ? { userId: row.ranBy.userId, name: row.ranBy.name || undefined, email: row.ranBy.email || undefined }
    : { userId: `agent:${row.agentId}`.slice(0, 256), name: row.agentName.slice(0, 256) };
  return {
    organizationId: row.organizationId,
    documentId: row.documentId,
    commentAnnotations: findings.map((finding) => ({
      annotationId: finding.id,
      visibility,
      context: { agentFinding: { url: finding.sourceUrl, deviceType: row.config.deviceType } },
      commentData: [
        {
          commentText: [finding.title, finding.description, finding.suggestion && `Suggestion: ${finding.suggestion}`]
            .filter(Boolean)
            .join('\n\n')
            .slice(0, clientLimit('comment text')),
          from: author,
          triggerNotification: true,
          agent: {
            agentId: row.agentId,
            agentName: row.agentName,
            agentType: row.config.builtIn === true ? 'built-in' : 'custom',
            agentSource: 'velt',
            executionId: row.id,
            url: finding.sourceUrl,
            reason: {
              findingId: finding.id,
              title: finding.title,
              severity: finding.severity,
              issueType: finding.issueType,
              confidence: finding.confidence,
              targetText: finding.targetText,
              occurrence: finding.occurrence,
              suggestion: finding.suggestion,
              htmlSelector: finding.htmlSelector,
              isPageLevel: finding.isPageLevel,
            },
          },
        },
      ],
    })),
  };
}
