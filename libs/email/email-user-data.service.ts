import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { runStatement } from '@app/database';

/** One batch of the walk over the e-mail log: rows deleted, where the walk stands, whether it reached the end. */
export interface EmailErasure {
  erased: number;
  lastSeq: string;
  completed: boolean;
}

interface WalkRow {
  last_seq: string | null;
  scanned: number;
  deleted: number;
}

/**
 * An e-mail row holds its recipient's id and address and the acting user's id and name (in the
 * subject, bodies and template data), so a GDPR erasure removes every row naming the user, pending
 * ones too: the send job treats a missing row as done.
 */
@Injectable()
export class EmailUserData {
  /**
   * Walks up to `limit` of the API key's e-mails after `afterSeq` and deletes those, in the
   * organizations (every one when null), sent to the user or whose template data holds the user id
   * as any value. Runs on the caller's transaction, which records `lastSeq`.
   */
  async eraseMessages(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<EmailErasure> {
    const { rows } = await runStatement<WalkRow>(
      manager,
      `WITH walked AS (
          SELECT id, seq, recipient_user_id, template_data FROM email_message WHERE api_key_id = $1 AND seq > $3::bigint ORDER BY seq LIMIT $5
        ), deleted AS (
          DELETE FROM email_message m USING walked w
           WHERE m.id = w.id AND ($2::text[] IS NULL OR m.organization_id = ANY($2::text[]))
             AND (w.recipient_user_id = $4 OR jsonb_path_exists(w.template_data, 'strict $.** ? (@ == $user)', jsonb_build_object('user', $4::text)))
          RETURNING m.id
        )
        SELECT (SELECT max(seq) FROM walked)::text AS last_seq, (SELECT count(*) FROM walked)::int AS scanned, (SELECT count(*) FROM deleted)::int AS deleted`,
      [apiKeyId, organizations, afterSeq, userId, limit],
    );
    const [walk] = rows;
    return { erased: walk.deleted, lastSeq: walk.last_seq ?? afterSeq, completed: walk.scanned < limit };
  }
}
