import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { MigrateDocumentDto } from './dto/migrate-document.dto';
import { MigrationStatusDto } from './dto/migration-status.dto';
import { MigrationService } from './migration.service';

@ApiTags('documents')
@ApiKeyAuth()
@Controller()
export class MigrationController {
  constructor(private readonly migrations: MigrationService) {}

  @RpcPost('/v2/organizations/documents/migrate')
  async migrate(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: MigrateDocumentDto) {
    return ok('Document migration started successfully.', {
      migrationId: await this.migrations.start(key.apiKeyId, dto),
    });
  }

  @RpcPost('/v2/organizations/documents/migrate/status')
  async status(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: MigrationStatusDto) {
    return ok('Migration status retrieved successfully.', await this.migrations.status(key.apiKeyId, dto));
  }
}
