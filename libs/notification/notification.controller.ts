import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import {
  GetDocumentNotificationConfigDto,
  GetNotificationConfigDto,
  SetDocumentNotificationConfigDto,
  SetNotificationConfigDto,
} from './dto/notification-config.dto';
import {
  AddNotificationDto,
  DeleteNotificationsDto,
  GetNotificationsDto,
  UpdateNotificationsDto,
} from './dto/notifications.dto';
import { NotificationConfigService } from './notification-config.service';
import { NotificationService } from './notification.service';

const ADDED = 'Notification added successfully.';

/** Velt's notifications routes; the v1 pages document the same shapes, except that config needs documentIds there. */
@ApiTags('notifications')
@ApiKeyAuth()
@Controller()
export class NotificationController {
  constructor(
    private readonly notifications: NotificationService,
    private readonly configs: NotificationConfigService,
  ) {}

  @RpcPost(['/v1/notifications/add', '/v2/notifications/add'])
  @ApiOperation({
    description:
      "Stores a custom notification on the document; each listed user's connected sockets (any API instance) get the socket event " +
      '`notification` with it after commit. notifyAll ones are seen by every user of the organization on read, and pushed to the listed users only.',
  })
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddNotificationDto) {
    await this.notifications.add(key.apiKeyId, dto);
    return ok(ADDED, { success: true, message: ADDED });
  }

  @RpcPost(['/v1/notifications/get', '/v2/notifications/get'])
  @ApiOperation({
    description:
      'Newest first by default. Comment notifications are written by the service when a comment event (with triggerNotification) reaches ' +
      "people (mention, assignment, reply in their thread, status change of it), filtered by each person's inbox setting. Beside Velt's fields: " +
      '`readByUserIds`, `notifyAll`, and `isUnread` when `userId` is given. `pageToken` continues the list and is absent on the last page.',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetNotificationsDto) {
    const { notifications, nextPageToken } = await this.notifications.get(key.apiKeyId, dto);
    return ok(
      'Notification(s) retrieved successfully.',
      notifications,
      nextPageToken ? { pageToken: nextPageToken } : {},
    );
  }

  @RpcPost(['/v1/notifications/update', '/v2/notifications/update'])
  @ApiOperation({
    description:
      'Changes each listed notification the filters match; `readByUserIds` marks it read for those users (first read time kept).',
  })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateNotificationsDto) {
    return batch('Notification(s) updated successfully.', await this.notifications.update(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/notifications/delete', '/v2/notifications/delete'])
  @ApiOperation({
    description:
      'Deletes the notifications the filters match, for everyone they reach (with userId: those that user sees).',
  })
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteNotificationsDto) {
    return batch('Notification(s) deleted successfully.', await this.notifications.delete(key.apiKeyId, dto));
  }

  @RpcPost('/v2/notifications/config/get')
  @ApiOperation({
    description:
      "Each document's settings for the user (else organization-level, else Velt's defaults inbox ALL, email MINE).",
  })
  async getConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetNotificationConfigDto) {
    const documentIds = dto.getOrganizationConfig ? null : (dto.documentIds ?? []);
    return ok(
      'User config fetched successfully.',
      await this.configs.get(key.apiKeyId, dto.organizationId, dto.userId, documentIds),
    );
  }

  @RpcPost('/v1/notifications/config/get')
  async getDocumentConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetDocumentNotificationConfigDto) {
    return ok(
      'User config fetched successfully.',
      await this.configs.get(key.apiKeyId, dto.organizationId, dto.userId, dto.documentIds),
    );
  }

  @RpcPost('/v2/notifications/config/set')
  @ApiOperation({
    description:
      'Sets the given channels for each user, on each document or (without documentIds) organization-level. inbox decides in-app comment ' +
      'notifications: ALL everything that reaches the user, MINE mentions, assignments and replies in their threads (not status changes), NONE nothing.',
  })
  async setConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SetNotificationConfigDto) {
    return ok(
      'User config set successfully.',
      await this.configs.set(key.apiKeyId, dto.organizationId, dto.userIds, dto.documentIds ?? null, dto.config),
    );
  }

  @RpcPost('/v1/notifications/config/set')
  async setDocumentConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SetDocumentNotificationConfigDto) {
    return ok(
      'User config set successfully.',
      await this.configs.set(key.apiKeyId, dto.organizationId, dto.userIds, dto.documentIds, dto.config),
    );
  }
}
