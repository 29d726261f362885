import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ErrorCode, ok, okWithoutData } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { CrdtRestService } from './crdt-rest.service';
import { GetCrdtDto, WriteCrdtDto } from './dto/crdt.dto';

/** Velt's CRDT routes: the content of multiplayer editors, read and written over REST. */
@ApiTags('crdt')
@ApiKeyAuth()
@Controller()
export class CrdtController {
  constructor(private readonly crdt: CrdtRestService) {}

  @RpcPost('/v2/crdt/add')
  @ApiErrors(ErrorCode.ALREADY_EXISTS)
  async add(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: WriteCrdtDto) {
    await this.crdt.add(key.apiKeyId, dto);
    return okWithoutData('CRDT data added successfully.');
  }

  @RpcPost('/v2/crdt/get')
  @ApiErrors(ErrorCode.NOT_FOUND)
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetCrdtDto) {
    return ok('CRDT data retrieved successfully.', await this.crdt.get(key.apiKeyId, dto));
  }

  @RpcPost('/v2/crdt/update')
  @ApiErrors(ErrorCode.NOT_FOUND)
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: WriteCrdtDto) {
    await this.crdt.update(key.apiKeyId, dto);
    return okWithoutData('CRDT data updated successfully.');
  }
}
