import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddActivitiesDto, DeleteActivitiesDto, GetActivitiesDto, UpdateActivitiesDto } from './dto/activities.dto';
import { ActivityService } from './activity.service';

/** Velt's activity log routes (api-reference/rest-apis/v2/activities). */
@ApiTags('activities')
@ApiKeyAuth()
@Controller()
export class ActivityController {
  constructor(private readonly activities: ActivityService) {}

  @RpcPost('/v2/activities/add')
  @ApiOperation({
    description:
      'Custom activities of one document, all or nothing. FAILED_PRECONDITION while activity logs are not enabled (activityconfig/update), ' +
      'or when an `id` names an immutable activity. Activities written while the configuration is `immutable` are immutable.',
  })
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddActivitiesDto) {
    await this.activities.add(key.apiKeyId, dto);
    return ok('Activity(s) added successfully.', { success: true, message: 'Activity(s) added successfully.' });
  }

  @RpcPost('/v2/activities/get')
  @ApiOperation({
    description:
      'Velt ActivityRecords of the organization, newest first unless `order` is asc, filtered by every field given; activities past the ' +
      'retention of the API key are not returned. Events of the service are recorded as activities too: comment triggers (featureType ' +
      'comment), organization.add|update|delete, document.add|update|delete|migrated and access.grant_add|grant_remove, with the actor ' +
      '(actionUser, null when the API key acted alone), the target (targetEntityId, targetSubEntityId), the change (`changes` as from/to) ' +
      'and snapshots (entityData, entityTargetData). `pageToken` continues the listing and is absent on the last page.',
  })
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetActivitiesDto) {
    const { rows, nextToken } = await this.activities.get(key.apiKeyId, dto);
    return ok('Activity(s) retrieved successfully.', rows, nextToken ? { pageToken: nextToken } : {});
  }

  @RpcPost('/v2/activities/update')
  @ApiOperation({
    description:
      'Per activity: "Activity updated.", "Failed to update activity." (not found) or "Activity is immutable.".',
  })
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateActivitiesDto) {
    return batch('Activity(s) updated successfully.', await this.activities.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/activities/delete')
  @ApiOperation({
    description:
      'Deletes the mutable activities matching every filter given (at least one of documentId, targetEntityId, activityIds). Each deleted ' +
      'activity is listed as "Activity deleted."; a named activityId not deleted (absent or immutable) as "Failed to delete activity.".',
  })
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteActivitiesDto) {
    return batch('Activity(s) deleted successfully.', await this.activities.delete(key.apiKeyId, dto));
  }
}
