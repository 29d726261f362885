import { createHash } from 'node:crypto';
import { AgentConfig } from './agent-config';
import { ReducedPage } from './page-reduction';

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const SEVERITY_RANK: Record<string, number> = { critical: 0, high: 1, medium: 2, low: 3, info: 4 };

/** Velt's AgentFinding, as a run stores it on the page's result. */
export interface AgentFinding {
  id: string;
  title: string;
  description: string;
  severity: (typeof SEVERITIES)[number];
  targetText: string;
  occurrence: number;
  sourceUrl: string;
  suggestion: string;
  htmlSelector: string;
  isPageLevel: boolean;
  issueType: string;
  confidence: number;
  source: 'instructions';
  commentId?: string;
}

const FINDING_FIELDS = {
  title: { type: 'string' },
  description: { type: 'string' },
  severity: { type: 'string', enum: [...SEVERITIES] },
  targetText: { type: 'string' },
  suggestion: { type: 'string' },
  htmlSelector: { type: 'string' },
  isPageLevel: { type: 'boolean' },
  issueType: { type: 'string' },
  confidence: { type: 'number' },
};

/** The answer a run asks the model for (OpenAI strict structured output: every field required, nothing else). */
export const FINDINGS_SCHEMA = {
  name: 'review_findings',
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['summary', 'findings'],
    properties: {
      summary: { type: 'string' },
      findings: {
        type: 'array',
        maxItems: 200,
        items: {
          type: 'object',
          additionalProperties: false,
          required: Object.keys(FINDING_FIELDS),
          properties: FINDING_FIELDS,
        },
      },
    },
  },
};

export interface ModelFindings {
  summary: string;
  findings: Array<Omit<AgentFinding, 'id' | 'occurrence' | 'sourceUrl' | 'source' | 'commentId'>>;
}

const fill = (template: string, values: Record<string, unknown>) =>
  template.replace(/\{\{\s*(?:userContext\.|variables\.)?([\w.-]+)\s*\}\}/g, (whole, key: string) =>
    values[key] === undefined ? whole : typeof values[key] === 'string' ? values[key] : JSON.stringify(values[key]),
  );

/** The messages of one page's review: the agent's instructions, then the page reduced to what its strategies gather. */
export function reviewMessages(options: {
  config: AgentConfig;
  page: ReducedPage | null;
  url: string;
  strategies: string[];
  userContext: Record<string, unknown>;
  robotsTxt?: string;
}): Array<{ role: 'system' | 'user'; content: string }> {
  const { config, page, url, strategies, userContext } = options;
  const descriptions = Object.entries(config.execution?.responseDescriptions ?? {})
    .map(([field, text]) => `- ${field}: ${text}`)
    .join('\n');
  const system = [
    'You are a review agent. Review the page below and report findings as JSON that fits the schema.',
    'Report only real issues. targetText must quote text exactly as it appears on the page, or be "" for page-level findings.',
    `Severity is one of ${SEVERITIES.join(', ')}; confidence is 0 to 100; issueType is short, lowercase and hyphenated.`,
    descriptions ? `How to fill each field:\n${descriptions}` : '',
    `Instructions:\n${fill(config.instructions ?? '', userContext)}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const parts = [`URL: ${url}`];
  if (Object.keys(userContext).length > 0) parts.push(`User context: ${JSON.stringify(userContext)}`);
  if (page) {
    parts.push(`Title: ${page.title}`);
    if (strategies.includes('web-page-text') || strategies.includes('web-page-html')) {
      parts.push(`Headings:\n${page.headings.map((h) => `${'#'.repeat(h.level)} ${h.text}`).join('\n')}`);
      parts.push(`Landmarks: ${page.landmarks.map((l) => (l.label ? `${l.role} (${l.label})` : l.role)).join(', ')}`);
      parts.push(`Text:\n${page.text}`);
    }
    if (strategies.includes('web-page-links')) {
      parts.push(
        `Links:\n${page.links.map((l) => `${l.internal ? 'internal' : 'external'} ${l.href} "${l.text}"`).join('\n')}`,
      );
    }
  }
  if (options.robotsTxt !== undefined) parts.push(`robots.txt:\n${options.robotsTxt}`);
  return [
    { role: 'system', content: system },
    { role: 'user', content: parts.join('\n\n') },
  ];
}

const plainText = (text: string, max: number) =>
  text
    .replace(/<[^>]*>/g, '')
    .replace(/\p{Cc}/gu, (c) => (c === '\n' || c === '\t' ? c : ''))
    .trim()
    .slice(0, max);

/** A finding's stable id: the same issue on the same page of the same agent and document is the same finding. */
export function findingIdOf(parts: {
  agentId: string;
  documentId: string;
  url: string;
  targetText: string;
  occurrence: number;
  issueType: string;
}): string {
  const key = [parts.agentId, parts.documentId, parts.url, parts.targetText, parts.occurrence, parts.issueType].join(
    '\u0000',
  );
  return `finding-${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/**
 * Velt's guardrails: text fields stripped of markup, confidence clamped, a finding repeated word for
 * word kept once; `occurrence` counts the findings of one target text and issue type on the page.
 */
export function guardrails(
  answer: ModelFindings,
  context: { agentId: string; documentId: string; url: string; enabled: boolean },
): AgentFinding[] {
  const seen = new Set<string>();
  const occurrences = new Map<string, number>();
  const findings: AgentFinding[] = [];
  for (const raw of answer.findings) {
    const targetText = plainText(raw.targetText, 2000);
    const issueType = plainText(raw.issueType, 100).toLowerCase() || 'issue';
    const title = plainText(raw.title, 500) || 'Finding';
    const same = `${targetText}\u0000${issueType}\u0000${title}`;
    if (context.enabled && seen.has(same)) continue;
    seen.add(same);
    const repeat = `${targetText}\u0000${issueType}`;
    const occurrence = (occurrences.get(repeat) ?? 0) + 1;
    occurrences.set(repeat, occurrence);
    const id = findingIdOf({ ...context, targetText, occurrence, issueType });
    findings.push({
      id,
      title,
      description: plainText(raw.description, 5000),
      severity: SEVERITY_RANK[raw.severity] === undefined ? 'info' : raw.severity,
      targetText,
      occurrence,
      sourceUrl: context.url,
      suggestion: plainText(raw.suggestion, 5000),
      htmlSelector: plainText(raw.htmlSelector, 1000),
      isPageLevel: raw.isPageLevel === true || targetText === '',
      issueType,
      confidence: Math.max(0, Math.min(100, Number.isFinite(raw.confidence) ? raw.confidence : 0)),
      source: 'instructions',
    });
  }
  return findings;
}

/** Findings most severe first: the order of a run's summary sample. */
export function bySeverity(a: AgentFinding, b: AgentFinding): number {
  return SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity];
}
