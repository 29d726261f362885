import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddUserGroupsDto } from './dto/add-user-groups.dto';
import { DeleteUserGroupMembersDto } from './dto/user-group-members.dto';
import { UserGroupMemberService } from './user-group-member.service';
import { UserGroupService } from './user-group.service';

/** usergroups/users/add is served by the user module, which knows who the organization's users are. */
@ApiTags('organizations')
@ApiKeyAuth()
@Controller()
export class UserGroupController {
  constructor(
    private readonly userGroups: UserGroupService,
    private readonly members: UserGroupMemberService,
  ) {}

  @RpcPost(['/v1/organizations/usergroups/add', '/v2/organizations/usergroups/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddUserGroupsDto) {
    return batch('Organization User Groups added successfully.', await this.userGroups.add(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/organizations/usergroups/users/delete', '/v2/organizations/usergroups/users/delete'])
  async deleteUsers(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteUserGroupMembersDto) {
    return batch('Deleted users from group successfully.', await this.members.delete(key.apiKeyId, dto));
  }
}
