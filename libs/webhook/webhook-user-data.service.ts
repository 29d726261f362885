import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { runStatement } from '@app/database';

/** One batch of the walk over the delivery log: rows deleted, where the walk stands, whether it reached the end. */
export interface WebhookErasure {
  erased: number;
  lastSeq: string;
  completed: boolean;
}

interface WalkRow {
  last_seq: string | null;
  scanned: number;
  deleted: number;
  event_ids: string[];
}

/**
 * Payloads copy user ids, names and e-mails (actionUser, from, authors, tagged contacts), so a GDPR
 * erasure removes every delivery naming the user. Pending ones too: sending the data after the
 * erasure would defeat it, and the delivery job treats a missing row as already done.
 */
@Injectable()
export class WebhookUserData {
  /**
   * Walks up to `limit` of the API key's deliveries after `afterSeq` and deletes those, in the
   * organizations (every one when null), whose payload holds the user id as any value; then the
   * events left without a delivery. Runs on the caller's transaction, which records `lastSeq`.
   */
  async eraseDeliveries(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<WebhookErasure> {
    // The organization filter sits on the delete, not the walk, so each batch reads at most `limit` rows of the (api_key_id, seq) index.
    const { rows } = await runStatement<WalkRow>(
      manager,
      `WITH walked AS (
          SELECT id, seq, payload FROM webhook_delivery WHERE api_key_id = $1 AND seq > $3::bigint ORDER BY seq LIMIT $5
        ), deleted AS (
          DELETE FROM webhook_delivery d USING walked w
           WHERE d.id = w.id AND ($2::text[] IS NULL OR d.organization_id = ANY($2::text[]))
             AND jsonb_path_exists(w.payload, 'strict $.** ? (@ == $user)', jsonb_build_object('user', $4::text))
          RETURNING d.event_id
        )
        SELECT (SELECT max(seq) FROM walked)::text AS last_seq, (SELECT count(*) FROM walked)::int AS scanned,
               (SELECT count(*) FROM deleted)::int AS deleted, ARRAY(SELECT DISTINCT event_id FROM deleted) AS event_ids`,
      [apiKeyId, organizations, afterSeq, userId, limit],
    );
    const [walk] = rows;
    const events = walk.event_ids.length
      ? await runStatement(
          manager,
          `DELETE FROM webhook_event e WHERE e.api_key_id = $1 AND e.id = ANY($2::text[])
              AND NOT EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.event_id = e.id)`,
          [apiKeyId, walk.event_ids],
        )
      : { affected: 0 };
    return {
      erased: walk.deleted + events.affected,
      lastSeq: walk.last_seq ?? afterSeq,
      completed: walk.scanned < limit,
    };
  }
}
