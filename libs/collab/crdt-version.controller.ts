import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ErrorCode, ok, requireNoFields } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { CrdtVersionService } from './crdt-version.service';
import {
  CrdtVersionPolicyDto,
  DiffCrdtVersionsDto,
  GetCrdtVersionsDto,
  RestoreCrdtVersionDto,
  SaveCrdtVersionDto,
} from './dto/crdt-version.dto';

/** Version history of multiplayer editors: Velt's saveVersion, getVersions, getVersionById and restoreVersion over REST, and the diff between two points. */
@ApiTags('crdt')
@ApiKeyAuth()
@Controller()
export class CrdtVersionController {
  constructor(private readonly versions: CrdtVersionService) {}

  @RpcPost('/v2/crdt/versions/save')
  @ApiOperation({
    description:
      'Saves the current content of the editor as a named version: every update acknowledged before the call is in it.',
  })
  @ApiErrors(ErrorCode.NOT_FOUND)
  async save(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SaveCrdtVersionDto) {
    return ok('Version saved successfully.', await this.versions.save(key.apiKeyId, dto));
  }

  @RpcPost('/v2/crdt/versions/get')
  @ApiOperation({
    description:
      "The editor's versions, newest first (`result.nextPageToken` continues); with `versionId`, that version with `data` as crdt/get returns it.",
  })
  @ApiErrors(ErrorCode.NOT_FOUND)
  async get(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetCrdtVersionsDto) {
    const { versions, nextPageToken } = await this.versions.get(key.apiKeyId, dto);
    return ok('Versions retrieved successfully.', versions, nextPageToken ? { nextPageToken } : {});
  }

  @RpcPost('/v2/crdt/versions/diff')
  @ApiOperation({
    description:
      'The content at both points, per user the insertions and deletions between them with their text and time span, and for text ' +
      'a `delta` of runs marked `added` or `removed` with the user who made the change.',
  })
  @ApiErrors(ErrorCode.NOT_FOUND)
  async diff(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DiffCrdtVersionsDto) {
    return ok('Version diff retrieved successfully.', await this.versions.diff(key.apiKeyId, dto));
  }

  @RpcPost('/v2/crdt/versions/restore')
  @ApiOperation({
    description:
      'Restores the version as a new change on top of the current content; connected editors on every instance receive it. A version of ' +
      'the content before the restore is saved first, and the restore version returned holds the result.',
  })
  @ApiErrors(ErrorCode.NOT_FOUND)
  async restore(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RestoreCrdtVersionDto) {
    return ok('Version restored successfully.', await this.versions.restore(key.apiKeyId, dto));
  }

  @RpcPost('/v2/crdt/versions/config/get')
  async getPolicy(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Version configuration retrieved successfully.', await this.versions.policy(key.apiKeyId));
  }

  @RpcPost('/v2/crdt/versions/config/update')
  async updatePolicy(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: CrdtVersionPolicyDto) {
    return ok('Version configuration updated successfully.', await this.versions.updatePolicy(key.apiKeyId, dto));
  }
}
