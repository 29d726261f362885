import { EntityManager } from 'typeorm';
import { queryPrepared, sendPrepared } from '@app/database';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { NotificationUser } from './entities/notification-user.entity';
import { INSERT_NOTIFICATION, insertNotificationParams, NewNotification } from './notification-sql';
import { notificationView, NotificationView } from './notification-view';

/**
 * Writes a notification and its listed recipients with `manager` (the caller's transaction). An id
 * already used in the organization writes nothing (Velt: a given id prevents duplicates); answers the
 * stored row, or null then.
 */
export async function insertNotification(
  manager: EntityManager,
  row: NewNotification,
  recipients: readonly NotificationPerson[],
): Promise<Notification | null> {
  const [inserted] = await queryPrepared<InsertedNotification>(
    manager,
    INSERT_NOTIFICATION,
    insertNotificationParams(row, recipients),
  );
  return storedNotification(row, inserted);
}

/**
 * insertNotification sent on the outbox's pipelined transaction without waiting (sendPrepared):
 * answers a reader of the stored row (or null), for after the commit.
 */
export function sendNotification(
  manager: EntityManager,
  row: NewNotification,
  recipients: readonly NotificationPerson[],
): () => Promise<Notification | null> {
  const read = sendPrepared<InsertedNotification>(
    manager,
    INSERT_NOTIFICATION,
    insertNotificationParams(row, recipients),
  );
  return async () => storedNotification(row, (await read())[0]);
}

interface InsertedNotification {
  seq: string;
  created_at: Date;
}

/** The stored row: what was written and what PostgreSQL assigned (a plain object; TypeORM's `create` copied it column by column). */
function storedNotification(row: NewNotification, inserted: InsertedNotification | undefined): Notification | null {
  if (!inserted) return null;
  return { ...row, seq: inserted.seq, createdAt: inserted.created_at };
}

/** Velt-shaped views of `rows`, with their users' rows read in one statement. */
export async function viewsOf(
  manager: EntityManager,
  rows: readonly Notification[],
  forUserId?: string,
): Promise<NotificationView[]> {
  if (rows.length === 0) return [];
  const { apiKeyId, organizationId } = rows[0];
  const users = await manager
    .getRepository(NotificationUser)
    .createQueryBuilder('u')
    .where('u.apiKeyId = :apiKeyId AND u.organizationId = :organizationId AND u.notificationId = ANY(:ids)', {
      apiKeyId,
      organizationId,
      ids: rows.map((row) => row.id),
    })
    .orderBy('u.userId')
    .getMany();
  const byNotification = new Map<string, NotificationUser[]>();
  for (const user of users)
    byNotification.set(user.notificationId, [...(byNotification.get(user.notificationId) ?? []), user]);
  return rows.map((row) => notificationView(row, byNotification.get(row.id) ?? [], forUserId));
}
