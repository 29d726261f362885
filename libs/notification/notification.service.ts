import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { AccessService } from '@app/access';
import { ApiError, AppConfig, BatchItem, item, KeysetPager, keysetListing, newId } from '@app/common';
import { RealtimeHub } from '@app/realtime-hub';
import { ensureDocument, ensureOrganization } from '@app/resource';
import { UserContacts } from '@app/user';
import {
  AddNotificationDto,
  DeleteNotificationsDto,
  GetNotificationsDto,
  NotificationFilterDto,
  UpdateNotificationsDto,
} from './dto/notifications.dto';
import { Notification, NotificationPerson } from './entities/notification.entity';
import { insertNotification, viewsOf } from './notification-store';
import { pushNotification } from './notification-push';
import { NotificationView } from './notification-view';

/** Velt: "Only the special characters `_`, `-` are allowed" in a notification id. */
const NOTIFICATION_ID = /^[A-Za-z0-9_-]+$/;

const NOTIFICATION_LISTING = keysetListing('notifications', ['bigint'], (row: Notification) => [row.seq]);

/** Velt's notifications routes: custom notifications in, the organization's notifications out, read state per user. */
@Injectable()
export class NotificationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly access: AccessService,
    private readonly hub: RealtimeHub,
    private readonly users: UserContacts,
  ) {}

  async add(apiKeyId: string, dto: AddNotificationDto): Promise<void> {
    if (dto.notificationId != null && !NOTIFICATION_ID.test(dto.notificationId)) {
      throw ApiError.invalid('data.notificationId may only contain letters, digits, _ and -.');
    }
    const { organizationId, documentId } = dto;
    const written = await this.dataSource.transaction(async (manager) => {
      if (dto.createOrganization)
        await ensureOrganization(manager, apiKeyId, organizationId, { create: true, lock: false });
      await ensureDocument(manager, apiKeyId, organizationId, documentId, { create: dto.createDocument === true });
      const listed = dto.verifyUserPermissions
        ? await this.withAccess(manager, apiKeyId, organizationId, documentId, dto.notifyUsers)
        : dto.notifyUsers;
      const recipients = listed.map(personOf);
      const notifyAll = dto.notifyAll ?? true;
      const row = await insertNotification(
        manager,
        {
          apiKeyId,
          organizationId,
          documentId,
          id: dto.notificationId ?? newId(),
          locationId: null,
          actionUser: personOf(dto.actionUser),
          headlineTemplate: dto.displayHeadlineMessageTemplate ?? null,
          headlineTemplateData: dto.displayHeadlineMessageTemplateData ?? null,
          bodyMessage: dto.displayBodyMessage ?? null,
          source: dto.notificationSource ?? 'custom',
          sourceData: dto.notificationSourceData ?? null,
          context: dto.context ?? null,
          notifyAll,
          resolverUsed: dto.isNotificationResolverUsed === true,
        },
        recipients,
      );
      if (!row) return null;
      // Velt: a notifyAll notification is for every user of the organization; each of them is told now.
      return {
        row,
        recipients,
        members: notifyAll ? await this.users.memberIds(manager, apiKeyId, organizationId) : [],
      };
    });
    if (written) pushNotification(this.hub, written.row, written.recipients, written.members);
  }

  async get(
    apiKeyId: string,
    dto: GetNotificationsDto,
  ): Promise<{ notifications: NotificationView[]; nextPageToken?: string }> {
    if (dto.unread && dto.userId == null)
      throw ApiError.invalid('data.unread needs data.userId: read state is per user.');
    await ensureOrganization(this.dataSource.manager, apiKeyId, dto.organizationId, { lock: false });
    const order = dto.order ?? 'desc';
    const filters = {
      ...this.filterKey(dto),
      notificationIds: dto.notificationIds ?? null,
      unread: dto.unread ?? null,
      order,
    };
    const pager = new KeysetPager(NOTIFICATION_LISTING, dto, { apiKeyId, filters }, this.config.pageTokenKey);
    const query = this.filtered(this.dataSource.manager, apiKeyId, dto, dto.notificationIds)
      .orderBy('n.seq', order === 'asc' ? 'ASC' : 'DESC')
      .take(pager.limit);
    if (dto.unread) {
      query.andWhere(
        `NOT EXISTS (SELECT 1 FROM notification_user r WHERE r.api_key_id = n.api_key_id AND r.organization_id = n.organization_id
          AND r.notification_id = n.id AND r.user_id = :userId AND r.read_at IS NOT NULL)`,
      );
    }
    if (pager.after) query.andWhere(order === 'asc' ? 'n.seq > :after' : 'n.seq < :after', { after: pager.after[0] });
    const page = pager.page(await query.getMany());
    return {
      notifications: await viewsOf(this.dataSource.manager, page.rows, dto.userId ?? undefined),
      nextPageToken: page.nextToken,
    };
  }

  /** Each listed notification the filters match is changed; read marks are per user and kept on a second read. */
  async update(apiKeyId: string, dto: UpdateNotificationsDto): Promise<BatchItem[]> {
    return this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, dto.organizationId, { lock: false });
      const ids = dto.notifications.map((change) => change.id);
      const found = new Set(
        (await this.filtered(manager, apiKeyId, dto, ids).setLock('pessimistic_write').getMany()).map((row) => row.id),
      );
      const items: BatchItem[] = [];
      for (const change of dto.notifications) {
        if (!found.has(change.id)) {
          items.push(item(change.id, false, 'Failed to update notification.'));
          continue;
        }
        const set: Partial<Notification> = {};
        if (change.actionUser != null) set.actionUser = personOf(change.actionUser);
        if (change.displayHeadlineMessageTemplate != null) set.headlineTemplate = change.displayHeadlineMessageTemplate;
        if (change.displayHeadlineMessageTemplateData != null)
          set.headlineTemplateData = change.displayHeadlineMessageTemplateData;
        if (change.displayBodyMessage != null) set.bodyMessage = change.displayBodyMessage;
        if (change.notificationSourceData != null) set.sourceData = change.notificationSourceData;
        const key = { apiKeyId, organizationId: dto.organizationId, id: change.id };
        if (Object.keys(set).length > 0)
          await manager.getRepository(Notification).update(key, set as QueryDeepPartialEntity<Notification>);
        if (change.readByUserIds?.length)
          await this.markRead(manager, apiKeyId, dto.organizationId, change.id, change.readByUserIds);
        items.push(item(change.id, true, 'Notification updated.'));
      }
      return items;
    });
  }

  /** Deletes the notifications the filters match (for everyone they reach); named ids that match none answer a failed item. */
  async delete(apiKeyId: string, dto: DeleteNotificationsDto): Promise<BatchItem[]> {
    return this.dataSource.transaction(async (manager) => {
      await ensureOrganization(manager, apiKeyId, dto.organizationId, { lock: false });
      const doomed = (
        await this.filtered(manager, apiKeyId, dto, dto.notificationIds)
          .select('n.id')
          .setLock('pessimistic_write')
          .getMany()
      ).map((row) => row.id);
      if (doomed.length > 0) {
        await manager
          .createQueryBuilder()
          .delete()
          .from(Notification)
          .where('api_key_id = :apiKeyId AND organization_id = :organizationId AND id = ANY(:doomed)', {
            apiKeyId,
            organizationId: dto.organizationId,
            doomed,
          })
          .execute();
      }
      const deleted = new Set(doomed);
      const named = dto.notificationIds ? [...new Set(dto.notificationIds)] : doomed;
      return named.map((id) =>
        deleted.has(id) ? item(id, true, 'Notification deleted.') : item(id, false, 'Failed to delete notification.'),
      );
    });
  }

  private filterKey(dto: NotificationFilterDto) {
    return {
      organizationId: dto.organizationId,
      documentId: dto.documentId ?? null,
      locationId: dto.locationId ?? null,
      userId: dto.userId ?? null,
    };
  }

  /** The organization's notifications narrowed by the shared filters (document, location, user, ids). */
  private filtered(
    manager: EntityManager,
    apiKeyId: string,
    dto: NotificationFilterDto,
    ids: string[] | undefined,
  ): SelectQueryBuilder<Notification> {
    const query = manager
      .getRepository(Notification)
      .createQueryBuilder('n')
      .where('n.apiKeyId = :apiKeyId AND n.organizationId = :organizationId', {
        apiKeyId,
        organizationId: dto.organizationId,
      });
    if (dto.documentId != null) query.andWhere('n.documentId = :documentId', { documentId: dto.documentId });
    if (dto.locationId != null) query.andWhere('n.locationId = :locationId', { locationId: dto.locationId });
    if (ids != null) query.andWhere('n.id = ANY(:ids)', { ids });
    if (dto.userId != null) {
      query.andWhere(
        `(n.notify_all OR EXISTS (SELECT 1 FROM notification_user u WHERE u.api_key_id = n.api_key_id AND u.organization_id = n.organization_id
          AND u.notification_id = n.id AND u.user_id = :userId AND u.notified))`,
        { userId: dto.userId },
      );
    }
    return query;
  }

  /** A user who reads again keeps the time of their first read. */
  private async markRead(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    notificationId: string,
    userIds: string[],
  ): Promise<void> {
    await manager.query(
      `INSERT INTO notification_user (api_key_id, organization_id, notification_id, user_id, read_at)
       SELECT $1, $2, $3, user_id, now() FROM unnest($4::text[]) AS user_id
       ON CONFLICT (api_key_id, organization_id, notification_id, user_id) DO UPDATE SET read_at = COALESCE(notification_user.read_at, EXCLUDED.read_at)`,
      [apiKeyId, organizationId, notificationId, [...new Set(userIds)]],
    );
  }

  /** verifyUserPermissions: only the listed users with a role on the document. */
  private async withAccess<T extends { userId: string }>(
    manager: EntityManager,
    apiKeyId: string,
    organizationId: string,
    documentId: string,
    users: T[],
  ): Promise<T[]> {
    const kept: T[] = [];
    for (const user of users) {
      if (
        (await this.access.roleOn(
          { apiKeyId, userId: user.userId, isAdmin: false },
          organizationId,
          documentId,
          manager,
        )) !== null
      )
        kept.push(user);
    }
    return kept;
  }
}

function personOf(user: { userId: string; name?: string | null; email?: string | null }): NotificationPerson {
  return {
    userId: user.userId,
    ...(user.name != null ? { name: user.name } : {}),
    ...(user.email != null ? { email: user.email } : {}),
  };
}
