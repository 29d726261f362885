import { EntityManager } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { NotificationUser } from './entities/notification-user.entity';
import { notificationView, NotificationView } from './notification-view';

/** A notification to write: its row without the generated columns, and whom it lists. */
export type NewNotification = Omit<Notification, 'seq' | 'createdAt' | 'document'>;

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
  const result = await manager
    .createQueryBuilder()
    .insert()
    .into(Notification)
    .values(row as QueryDeepPartialEntity<Notification>)
    .orIgnore()
    .returning('*')
    .execute();
  const [raw] = result.raw as Array<Record<string, unknown>>;
  if (!raw) return null;
  const unique = [...new Map(recipients.map((person) => [person.userId, person])).values()];
  if (unique.length > 0) {
    await manager
      .createQueryBuilder()
      .insert()
      .into(NotificationUser)
      .values(
        unique.map((person) => ({
          apiKeyId: row.apiKeyId,
          organizationId: row.organizationId,
          notificationId: row.id,
          userId: person.userId,
          notified: true,
          person,
        })),
      )
      .execute();
  }
  return manager
    .getRepository(Notification)
    .create({ ...row, seq: String(raw.seq), createdAt: raw.created_at as Date });
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
