import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { CommentLocationService } from './comment-location.service';
import { DeleteLocationDataDto, UpdateLocationDto } from './dto/locations.dto';

/** Velt's v1 location routes (v2 has none); comment annotations are the data that carries a location here. */
@ApiTags('comments')
@ApiKeyAuth()
@Controller()
export class CommentLocationController {
  constructor(private readonly locations: CommentLocationService) {}

  @RpcPost('/v1/organizations/documents/locations/update')
  async update(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateLocationDto) {
    await this.locations.update(key.apiKeyId, dto);
    return ok('Location updated.', null);
  }

  @RpcPost('/v1/organizations/documents/locations/data/delete')
  async deleteData(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DeleteLocationDataDto) {
    await this.locations.deleteData(key.apiKeyId, dto);
    return ok('Data deleted successfully.', null);
  }
}
