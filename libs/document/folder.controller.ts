import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { batch, ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AddFoldersDto } from './dto/add-folders.dto';
import { DeleteFoldersDto } from './dto/delete-folders.dto';
import { GetFoldersDto } from './dto/get-folders.dto';
import { UpdateFolderAccessDto, UpdateFolderAccessV1Dto } from './dto/update-folder-access.dto';
import { UpdateFoldersDto } from './dto/update-folders.dto';
import { FolderAccessService } from './folder-access.service';
import { FolderService } from './folder.service';

@ApiTags('folders')
@ApiKeyAuth()
@Controller()
export class FolderController {
  constructor(
    private readonly folders: FolderService,
    private readonly folderAccess: FolderAccessService,
  ) {}

  @RpcPost(['/v1/organizations/folders/add', '/v2/organizations/folders/add'])
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AddFoldersDto) {
    return batch('Folder(s) added successfully.', await this.folders.add(key.apiKeyId, dto));
  }

  /** Continuation in `result.pageToken`, as documents get; with `folderId`, one tree and no paging. */
  @RpcPost(['/v1/organizations/folders/get', '/v2/organizations/folders/get'])
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetFoldersDto) {
    const page = await this.folders.get(key.apiKeyId, dto);
    return ok('Folders retrieved successfully.', page.rows, page.nextToken ? { pageToken: page.nextToken } : {});
  }

  @RpcPost(['/v1/organizations/folders/update', '/v2/organizations/folders/update'])
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateFoldersDto) {
    return batch('Folder(s) updated successfully.', await this.folders.update(key.apiKeyId, dto));
  }

  @RpcPost('/v2/organizations/folders/access/update')
  async setAccess(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateFolderAccessDto) {
    return batch('Updated access for folders successfully.', await this.folderAccess.setAccess(key.apiKeyId, dto));
  }

  /** v1's page has no inheritFromParent, so v1 refuses it as an unknown field. */
  @RpcPost('/v1/organizations/folders/access/update')
  async setAccessV1(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateFolderAccessV1Dto) {
    return batch('Updated access for folders successfully.', await this.folderAccess.setAccess(key.apiKeyId, dto));
  }

  @RpcPost('/v2/organizations/folders/delete')
  async delete(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteFoldersDto) {
    const items = await this.folders.delete(key.apiKeyId, dto);
    return items ? batch('Folder(s) deleted successfully.', items) : ok('Folder deleted successfully.', null);
  }
}
