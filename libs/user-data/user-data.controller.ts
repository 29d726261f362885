import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { DeleteUserDataDto } from './dto/delete-user-data.dto';
import { DeletionStatusDto } from './dto/deletion-status.dto';
import { GetUserDataDto } from './dto/get-user-data.dto';
import { UserDataService } from './user-data.service';

/** Velt's GDPR routes; v1 and v2 pages document the same shapes. */
@ApiTags('users')
@ApiKeyAuth()
@Controller()
export class UserDataController {
  constructor(private readonly userData: UserDataService) {}

  @RpcPost(['/v1/users/data/get', '/v2/users/data/get'])
  @ApiOperation({
    description:
      'Everything stored about the user in the organization, up to 100 items per list per page: `users` (their profile there, with ' +
      '`organizationUserGroupIds`; first page only), `grants` (`resourceType` organization | folder | document, the id, `accessRole`, ' +
      "`expiresAt` ms or null), `presence` (the user's live entries: `organizationId`, `documentId`, `userId`, `name`, `email`, `status`, " +
      '`expiresAt` ms; first page only), `comments` (written by or tagging the user, Velt Comment shape plus `organizationId`, `documentId`, ' +
      "`annotationId`), `reactions` (the user's, with the comment they are on), `notifications` (listing the user, read by them or caused by them, " +
      "in notifications/get's shape), `activities` (activity log records the user performed, oldest first), `crdt` (multiplayer-editing editors " +
      "holding the user's id as an author of changes, in their history or as the creator of versions: `organizationId`, `documentId`, `editorId`, " +
      '`lastUpdate` ms, `versionIds` the versions the user created), `commentReads` (threads the user has read: `organizationId`, ' +
      '`documentId`, `annotationId`, `readAt` ms), `threadSubscriptions` (threads the user subscribed to or unsubscribed from: ' +
      '`organizationId`, `documentId`, `annotationId`, `subscribed`, `type` manual | auto, `user`). `recordings` is always `[]`: none are stored here. `nextPageToken` continues every list at once and is absent on the last page.',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetUserDataDto) {
    const { data, nextPageToken } = await this.userData.get(key.apiKeyId, dto);
    return ok('Data fetched successfully.', data, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost(['/v1/users/data/delete', '/v2/users/data/delete'])
  @ApiOperation({
    description:
      'Records the deletion and answers at once; the worker erases in short batches: grants, group memberships and profiles; the ' +
      "user's reactions and comments (a thread left without comments is deleted); the user's tags on others' comments; the user as " +
      "creator, assignee or resolver of remaining threads; the user's presence entries; the user's notification recipient and read rows, " +
      'notifications left without recipients, and notifications the user caused; webhook deliveries (pending or not) whose ' +
      "payload holds the user id, and events left without a delivery; activity log records the user performed (immutable ones too); e-mails (pending or not) to or about the user; the user's id as author of multiplayer-editing changes (set to null; the content " +
      'stays). No webhooks are sent. `tasksCount` is 11 per user.',
  })
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteUserDataDto) {
    return ok('Data deletion process has been initiated.', await this.userData.start(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/users/data/delete/status', '/v2/users/data/delete/status'])
  @ApiOperation({
    description:
      "`lastTaskCompletedTime` is epoch ms, or null before any task has completed. Another API key's job is NOT_FOUND.",
  })
  async status(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeletionStatusDto) {
    return ok('Data fetched successfully.', await this.userData.status(key.apiKeyId, dto));
  }
}
