import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddUserGroupMembersDto } from '@app/organization';
import { UserService } from './user.service';

/** Velt's usergroups/users/add lives here, not with the groups: who may join is decided by the organization's users. */
@ApiTags('organizations')
@ApiKeyAuth()
@Controller()
export class UserGroupMemberController {
  constructor(private readonly users: UserService) {}

  @RpcPost(['/v1/organizations/usergroups/users/add', '/v2/organizations/usergroups/users/add'])
  async addUsers(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddUserGroupMembersDto) {
    return batch('Added organization users to group successfully.', await this.users.joinGroup(key.apiKeyId, dto));
  }
}
