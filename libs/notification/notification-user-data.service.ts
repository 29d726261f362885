import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';
import { Notification } from './entities/notification.entity';
import { NotificationView } from './notification-view';
import { viewsOf } from './notification-store';

/** A notification about the user, with its keyset cursor. */
export interface UserNotificationItem {
  seq: string;
  view: NotificationView;
}

/** One erasure batch: rows deleted, and whether nothing of the user is left. */
export interface NotificationErasure {
  erased: number;
  completed: boolean;
}

/** Whether the notification (aliased `n`) lists the user, was read by them, or names them as its actor. */
const ABOUT_USER = `(n.action_user->>'userId' = $3 OR EXISTS (SELECT 1 FROM notification_user u WHERE u.api_key_id = n.api_key_id
  AND u.organization_id = n.organization_id AND u.notification_id = n.id AND u.user_id = $3))`;

const IN_SCOPE = `api_key_id = $1 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[]))`;

/**
 * What the notification module stores about one end user, for the GDPR routes: listed in keyset pages,
 * erased in bounded batches on the caller's transaction. Nothing here emits events or pushes.
 */
@Injectable()
export class NotificationUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Notifications listing the user, read by them, or caused by them, in creation order after `afterSeq`. */
  async notifications(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    afterSeq: string,
    limit: number,
  ): Promise<UserNotificationItem[]> {
    const rows = await this.dataSource
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.apiKeyId = :apiKeyId AND n.organizationId = :organizationId AND n.seq > :afterSeq', {
        apiKeyId,
        organizationId,
        afterSeq,
      })
      .andWhere(ABOUT_USER.replaceAll('$3', ':userId'), { userId })
      .orderBy('n.seq', 'ASC')
      .limit(limit)
      .getMany();
    const views = await viewsOf(this.dataSource.manager, rows);
    return rows.map((row, i) => ({ seq: row.seq, view: views[i] }));
  }

  /**
   * Deletes up to `limit` of the user's recipient and read rows, then the notifications that left with
   * no listed recipient (unless every organization user sees them), then up to `limit` notifications
   * the user caused (their headline and actor name them).
   */
  async erase(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<NotificationErasure> {
    const recipients = await runStatement<{ organization_id: string; notification_id: string }>(
      manager,
      `DELETE FROM notification_user WHERE ctid = ANY(ARRAY(SELECT ctid FROM notification_user WHERE ${IN_SCOPE} AND user_id = $3 LIMIT $4))
       RETURNING organization_id, notification_id`,
      [apiKeyId, organizations, userId, limit],
    );
    const orphans = recipients.rows.length
      ? await runStatement(
          manager,
          `DELETE FROM notification n USING unnest($2::text[], $3::text[]) AS t(organization_id, id)
            WHERE n.api_key_id = $1 AND n.organization_id = t.organization_id AND n.id = t.id AND NOT n.notify_all
              AND NOT EXISTS (SELECT 1 FROM notification_user u WHERE u.api_key_id = n.api_key_id AND u.organization_id = n.organization_id
                AND u.notification_id = n.id AND u.notified)`,
          [
            apiKeyId,
            recipients.rows.map((row) => row.organization_id),
            recipients.rows.map((row) => row.notification_id),
          ],
        )
      : { affected: 0 };
    const caused = await runStatement(
      manager,
      `DELETE FROM notification WHERE ctid = ANY(ARRAY(SELECT ctid FROM notification WHERE ${IN_SCOPE} AND action_user->>'userId' = $3 LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    return {
      erased: recipients.affected + orphans.affected + caused.affected,
      completed: recipients.affected < limit && caused.affected < limit,
    };
  }
}
