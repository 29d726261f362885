import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APPROVING_SQL, REJECTING_SQL } from './decisions';

/** Velt's ceilings of stats/get. */
const STATS_CAP = { activities: 10_000, profiles: 500, patterns: 100 };
/** A pattern needs this many approve/reject judgments and this share on one side. */
const PATTERN_MIN_JUDGMENTS = 3;
const PATTERN_MIN_SHARE = 0.7;
const TWIN_ELIGIBLE_AT = 50;

interface PatternRow {
  organization_id: string | null;
  content_type: string;
  approvals: number;
  rejections: number;
  reviewers: number;
  discovered: string;
  updated: string;
  top: string[];
}

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * Patterns, reviewer profiles and stats, derived on read from the judgments with SQL aggregates (no model):
 * so they always agree with the judgments, and an erased user's judgments leave them at once.
 */
@Injectable()
export class InsightsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * A pattern per content type, per organization (scope org) and over the key (scope apiKey), where
   * one side of approve/reject holds at least 70% of at least 3 decisions. Most recently updated first, at most 100.
   */
  async patterns(apiKeyId: string): Promise<Record<string, unknown>[]> {
    const rows: PatternRow[] = await this.dataSource.query(
      `SELECT organization_id, COALESCE(content_type, '') AS content_type,
              count(*) FILTER (WHERE decision IN (${APPROVING_SQL}))::int AS approvals,
              count(*) FILTER (WHERE decision IN (${REJECTING_SQL}))::int AS rejections,
              count(DISTINCT reviewer_id)::int AS reviewers, min(created_at) AS discovered, max(created_at) AS updated,
              (array_agg(id ORDER BY created_at DESC))[1:5] AS top
         FROM memory_judgment
        WHERE api_key_id = $1 AND decision IN (${APPROVING_SQL}, ${REJECTING_SQL})
        GROUP BY GROUPING SETS ((organization_id, COALESCE(content_type, '')), (COALESCE(content_type, '')))
       HAVING count(*) >= $2
        ORDER BY max(created_at) DESC
        LIMIT 400`,
      [apiKeyId, PATTERN_MIN_JUDGMENTS],
    );
    return rows
      .flatMap((row) => {
        const total = row.approvals + row.rejections;
        const approved = row.approvals >= row.rejections;
        const share = (approved ? row.approvals : row.rejections) / total;
        if (share < PATTERN_MIN_SHARE) return [];
        const subject = row.content_type === '' ? 'Content' : `"${row.content_type}" content`;
        const where = row.organization_id === null ? 'across the workspace' : 'in this organization';
        return [
          {
            scope: row.organization_id === null ? 'apiKey' : 'org',
            ...(row.organization_id === null ? {} : { organizationId: row.organization_id }),
            description: `${subject} is usually ${approved ? 'approved' : 'rejected'} ${where} (${approved ? row.approvals : row.rejections} of ${total} decisions).`,
            confidence: round(share),
            sourceCount: total,
            contentType: row.content_type === '' ? null : row.content_type,
            category: approved ? 'approval' : 'rejection',
            discoveredAt: Number(row.discovered),
            updatedAt: Number(row.updated),
            enforcementRate: round(share),
            uniqueReviewers: row.reviewers,
            topSourceRecordIds: row.top,
          },
        ];
      })
      .slice(0, STATS_CAP.patterns);
  }

  /** Velt's reviewer profile, or null when the reviewer has no judgments (or none was named). */
  async profile(apiKeyId: string, userId: string | undefined): Promise<Record<string, unknown> | null> {
    if (!userId) return null;
    const [summary]: Array<{
      total: number;
      approvals: number;
      decided: number;
      last: string | null;
      user: Record<string, unknown> | null;
      content_types: string[] | null;
    }> = await this.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE decision IN (${APPROVING_SQL}))::int AS approvals,
              count(*) FILTER (WHERE decision IN (${APPROVING_SQL}, ${REJECTING_SQL}))::int AS decided,
              max(created_at) AS last, (array_agg(action_user ORDER BY created_at DESC) FILTER (WHERE action_user IS NOT NULL))[1] AS user,
              array_agg(DISTINCT content_type) FILTER (WHERE content_type IS NOT NULL) AS content_types
         FROM memory_judgment WHERE api_key_id = $1 AND reviewer_id = $2`,
      [apiKeyId, userId],
    );
    if (!summary || summary.total === 0) return null;
    const hours: Array<{ hour: number }> = await this.dataSource.query(
      `SELECT extract(hour FROM to_timestamp(created_at / 1000.0) AT TIME ZONE 'UTC')::int AS hour
         FROM memory_judgment WHERE api_key_id = $1 AND reviewer_id = $2
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 3`,
      [apiKeyId, userId],
    );
    const flags: Array<{ issue: string; count: number }> = await this.dataSource.query(
      `SELECT left(reasoning, 120) AS issue, count(*)::int AS count
         FROM memory_judgment WHERE api_key_id = $1 AND reviewer_id = $2 AND decision IN (${REJECTING_SQL}) AND reasoning <> ''
        GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 5`,
      [apiKeyId, userId],
    );
    const organizations: Array<{ organization_id: string; judgments: number; approvals: number; decided: number }> =
      await this.dataSource.query(
        `SELECT organization_id, count(*)::int AS judgments,
                count(*) FILTER (WHERE decision IN (${APPROVING_SQL}))::int AS approvals,
                count(*) FILTER (WHERE decision IN (${APPROVING_SQL}, ${REJECTING_SQL}))::int AS decided
           FROM memory_judgment WHERE api_key_id = $1 AND reviewer_id = $2 GROUP BY organization_id`,
        [apiKeyId, userId],
      );
    const rate = (approvals: number, decided: number) => (decided === 0 ? 0 : round(approvals / decided));
    return {
      userId,
      name: summary.user?.name ?? null,
      email: summary.user?.email ?? null,
      totalJudgments: summary.total,
      approvalRate: rate(summary.approvals, summary.decided),
      avgReviewTimeSeconds: 0,
      topFlags: flags,
      contentTypes: summary.content_types ?? [],
      peakHours: hours.map((row) => row.hour).sort((a, b) => a - b),
      orgBreakdown: Object.fromEntries(
        organizations.map((row) => [
          row.organization_id,
          {
            organizationId: row.organization_id,
            clientOrganizationId: row.organization_id,
            judgments: row.judgments,
            approvals: row.approvals,
            approvalRate: rate(row.approvals, row.decided),
          },
        ]),
      ),
      lastActive: Number(summary.last),
      twinEligible: summary.total >= TWIN_ELIGIBLE_AT,
      twinAccuracy: null,
    };
  }

  async stats(apiKeyId: string): Promise<Record<string, number>> {
    const [counts]: Array<{ activities: number; profiles: number; sources: number }> = await this.dataSource.query(
      `SELECT (SELECT count(*) FROM (SELECT 1 FROM memory_judgment WHERE api_key_id = $1 LIMIT $2) a)::int AS activities,
              (SELECT count(*) FROM (SELECT DISTINCT reviewer_id FROM memory_judgment
                 WHERE api_key_id = $1 AND reviewer_id IS NOT NULL LIMIT $3) p)::int AS profiles,
              (SELECT count(*) FROM memory_knowledge_source WHERE api_key_id = $1)::int AS sources`,
      [apiKeyId, STATS_CAP.activities, STATS_CAP.profiles],
    );
    return {
      totalActivities: counts.activities,
      totalProfiles: counts.profiles,
      totalPatterns: (await this.patterns(apiKeyId)).length,
      totalKnowledgeSources: counts.sources,
    };
  }
}
