import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, newId } from '@app/common';
import { APPROVING_SQL, REJECTING_SQL } from './decisions';
import { ALERT_TYPES, UpdateAlertConfigDto } from './dto/alerts.dto';

const LIST_LIMIT = 50;
/** Velt: at most 3 alerts per rolling 7 days per workspace. */
const WEEKLY_CAP = 3;
const DAY_MS = 86_400_000;
/** An approval-rate drop is an alert when the last 7 days hold this many decisions and the rate fell this much. */
const MIN_RECENT_DECISIONS = 5;
const MIN_BASELINE_DECISIONS = 10;
const DROP = 0.2;
const VOLUME_FACTOR = 2;
const MIN_VOLUME = 20;

interface AlertRow {
  id: string;
  api_key_id: string;
  alert_type: string;
  severity: string;
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  suggested_action: string | null;
  action_url: string | null;
  status: string;
  created_at: string;
  dismissed_at: string | null;
  dismissed_by: string | null;
  dedup_key: string;
}

interface Candidate {
  alertType: string;
  severity: 'high' | 'medium' | 'low';
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  suggestedAction: string;
  dedupKey: string;
}

const percent = (value: number): string => `${Math.round(value * 100)}%`;

function alertView(row: AlertRow): Record<string, unknown> {
  return {
    id: row.id,
    apiKey: row.api_key_id,
    alertType: row.alert_type,
    severity: row.severity,
    title: row.title,
    description: row.description,
    evidence: row.evidence,
    suggestedAction: row.suggested_action,
    actionUrl: row.action_url,
    status: row.status,
    createdAt: Number(row.created_at),
    dismissedAt: row.dismissed_at === null ? null : Number(row.dismissed_at),
    dismissedBy: row.dismissed_by,
    dedupKey: row.dedup_key,
  };
}

/** Memory alerts: raised by the memory queue from the judgments' trends, listed, dismissed and actioned here. */
@Injectable()
export class AlertService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(apiKeyId: string): Promise<Record<string, unknown>[]> {
    const rows: AlertRow[] = await this.dataSource.query(
      `SELECT * FROM memory_alert WHERE api_key_id = $1 AND status = 'active' ORDER BY created_at DESC, id DESC LIMIT $2`,
      [apiKeyId, LIST_LIMIT],
    );
    return rows.map(alertView);
  }

  /** Dismissing again moves the timestamp (Velt); an unknown alert is NOT_FOUND (Velt answers INTERNAL). */
  async dismiss(apiKeyId: string, alertId: string, userId: string | undefined): Promise<void> {
    await this.settle(apiKeyId, alertId, 'dismissed', userId ?? '');
  }

  async action(apiKeyId: string, alertId: string): Promise<void> {
    await this.settle(apiKeyId, alertId, 'actioned', null);
  }

  async config(apiKeyId: string): Promise<Record<string, unknown>> {
    const [row]: Array<{ config: Record<string, unknown> }> = await this.dataSource.query(
      'SELECT config FROM memory_alert_config WHERE api_key_id = $1',
      [apiKeyId],
    );
    return { enabled: true, ...row?.config };
  }

  /** Merged key by key into what is stored; Velt stores it as sent and does not apply it to alert generation. */
  async updateConfig(apiKeyId: string, dto: UpdateAlertConfigDto): Promise<void> {
    checkConfig(dto.config);
    await this.dataSource.query(
      `INSERT INTO memory_alert_config (api_key_id, config) VALUES ($1, $2::jsonb)
       ON CONFLICT (api_key_id) DO UPDATE SET config = memory_alert_config.config || EXCLUDED.config`,
      [apiKeyId, JSON.stringify(dto.config)],
    );
  }

  /**
   * Raises what the judgments' last 7 days show against the 30 days before (approval rate fell, volume
   * doubled), one active alert per trend (dedupKey), at most 3 per rolling 7 days. Returns how many were raised.
   */
  async evaluate(apiKeyId: string, now: number): Promise<number> {
    const [recent]: Array<{ raised: number }> = await this.dataSource.query(
      'SELECT count(*)::int AS raised FROM memory_alert WHERE api_key_id = $1 AND created_at >= $2',
      [apiKeyId, now - 7 * DAY_MS],
    );
    let room = WEEKLY_CAP - recent.raised;
    if (room <= 0) return 0;
    let raised = 0;
    for (const candidate of await this.candidates(apiKeyId, now)) {
      if (room <= 0) break;
      const inserted: unknown[] = await this.dataSource.query(
        `INSERT INTO memory_alert (api_key_id, id, alert_type, severity, title, description, evidence, suggested_action, status, dedup_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, 'active', $9, $10)
         ON CONFLICT (api_key_id, dedup_key) WHERE status = 'active' DO NOTHING RETURNING id`,
        [
          apiKeyId,
          `alert_${newId()}`,
          candidate.alertType,
          candidate.severity,
          candidate.title,
          candidate.description,
          JSON.stringify(candidate.evidence),
          candidate.suggestedAction,
          candidate.dedupKey,
          now,
        ],
      );
      if (inserted.length > 0) {
        room--;
        raised++;
      }
    }
    return raised;
  }

  private async candidates(apiKeyId: string, now: number): Promise<Candidate[]> {
    const [window]: Array<{ a7: number; d7: number; a30: number; d30: number; n7: number; n30: number }> =
      await this.dataSource.query(
        `SELECT count(*) FILTER (WHERE created_at >= $2 AND decision IN (${APPROVING_SQL}))::int AS a7,
                count(*) FILTER (WHERE created_at >= $2 AND decision IN (${APPROVING_SQL}, ${REJECTING_SQL}))::int AS d7,
                count(*) FILTER (WHERE decision IN (${APPROVING_SQL}))::int AS a30,
                count(*) FILTER (WHERE decision IN (${APPROVING_SQL}, ${REJECTING_SQL}))::int AS d30,
                count(*) FILTER (WHERE created_at >= $2)::int AS n7, count(*)::int AS n30
           FROM memory_judgment WHERE api_key_id = $1 AND created_at >= $3`,
        [apiKeyId, now - 7 * DAY_MS, now - 30 * DAY_MS],
      );
    const found: Candidate[] = [];
    if (window.d7 >= MIN_RECENT_DECISIONS && window.d30 >= MIN_BASELINE_DECISIONS) {
      const current = window.a7 / window.d7;
      const baseline = window.a30 / window.d30;
      if (baseline - current >= DROP)
        found.push({
          alertType: 'anomaly',
          severity: baseline - current >= 2 * DROP ? 'high' : 'medium',
          title: 'Approval rate dropped significantly',
          description: `Approval rate fell from ${percent(baseline)} (30-day) to ${percent(current)} (7-day), a ${percent(baseline - current)} drop.`,
          evidence: { metric: 'approvalRate', baseline, current, window: '7d vs 30d' },
          suggestedAction:
            'Review recent rejections to identify if a new pattern or reviewer behavior is causing the decline.',
          dedupKey: 'anomaly:approvalRate',
        });
    }
    const weekly = (window.n30 * 7) / 30;
    if (window.n7 >= MIN_VOLUME && window.n7 >= VOLUME_FACTOR * weekly && window.n30 > window.n7)
      found.push({
        alertType: 'anomaly',
        severity: 'low',
        title: 'Review volume spiked',
        description: `${window.n7} judgments in the last 7 days against a 30-day weekly average of ${Math.round(weekly)}.`,
        evidence: { metric: 'volume', baseline: weekly, current: window.n7, window: '7d vs 30d' },
        suggestedAction: 'Check whether a launch or a new reviewer explains the extra review load.',
        dedupKey: 'anomaly:volume',
      });
    return found;
  }

  private async settle(apiKeyId: string, alertId: string, status: string, dismissedBy: string | null): Promise<void> {
    const [rows]: [unknown[], number] = await this.dataSource.query(
      `UPDATE memory_alert SET status = $3, dismissed_at = CASE WHEN $3 = 'dismissed' THEN $5 ELSE dismissed_at END,
              dismissed_by = CASE WHEN $3 = 'dismissed' THEN $4 ELSE dismissed_by END
        WHERE api_key_id = $1 AND id = $2 RETURNING id`,
      [apiKeyId, alertId, status, dismissedBy, Date.now()],
    );
    if (rows.length === 0) throw ApiError.notFound('Alert not found.');
  }
}

/** Velt's checks on the known keys; other keys are stored as sent. */
function checkConfig(config: Record<string, unknown>): void {
  const { enabled, maxAlertsPerWeek, enabledAlertTypes, severityThreshold } = config;
  if (enabled !== undefined && typeof enabled !== 'boolean')
    throw ApiError.invalid('data.config.enabled must be a boolean.');
  if (maxAlertsPerWeek !== undefined && !(Number.isInteger(maxAlertsPerWeek) && (maxAlertsPerWeek as number) >= 0))
    throw ApiError.invalid('data.config.maxAlertsPerWeek must be a non-negative integer.');
  if (
    enabledAlertTypes !== undefined &&
    !(Array.isArray(enabledAlertTypes) && enabledAlertTypes.every((type) => typeof type === 'string'))
  )
    throw ApiError.invalid(
      `data.config.enabledAlertTypes must be an array of alert types (${ALERT_TYPES.join(', ')}).`,
    );
  if (severityThreshold !== undefined && !['high', 'medium', 'low'].includes(severityThreshold as string))
    throw ApiError.invalid('data.config.severityThreshold must be one of high, medium, low.');
}
