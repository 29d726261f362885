import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddUserGroupsDto } from './dto/add-user-groups.dto';
import { UserGroupService } from './user-group.service';

@ApiTags('organizations')
@ApiKeyAuth()
@Controller()
export class UserGroupController {
  constructor(private readonly userGroups: UserGroupService) {}

  @RpcPost(['/v1/organizations/usergroups/add', '/v2/organizations/usergroups/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddUserGroupsDto) {
    return batch('Organization User Groups added successfully.', await this.userGroups.add(key.apiKeyId, dto));
  }
}
