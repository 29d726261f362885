import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddUsersDto, DeleteUsersDto, GetUsersDto, WriteUsersDto } from './dto/users.dto';
import { UserService } from './user.service';

@ApiTags('users')
@ApiKeyAuth()
@Controller()
export class UserController {
  constructor(private readonly users: UserService) {}

  @RpcPost(['/v1/users/add', '/v2/users/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddUsersDto) {
    return batch('User(s) processed successfully.', await this.users.add(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/users/update', '/v2/users/update'])
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: WriteUsersDto) {
    return batch('User(s) processed successfully.', await this.users.update(key.apiKeyId, dto));
  }

  @RpcPost(['/v1/users/get', '/v2/users/get'])
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetUsersDto) {
    const page = await this.users.get(key.apiKeyId, dto);
    return ok(
      'User(s) retrieved successfully.',
      page.users,
      page.nextPageToken ? { nextPageToken: page.nextPageToken } : {},
    );
  }

  @RpcPost(['/v1/users/delete', '/v2/users/delete'])
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteUsersDto) {
    return batch('User(s) deleted successfully.', await this.users.delete(key.apiKeyId, dto));
  }
}
