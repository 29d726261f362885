import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ApiKeyConfigService } from './api-key-config.service';
import { ApiKeyService } from './api-key.service';
import { AuditLogService } from './audit-log.service';
import { AuditProducer } from './audit.producer';
import { ConsoleSessions } from './console-sessions.service';
import { CredentialService } from './credential.service';
import { DomainService } from './domain.service';
import { EmailConfigService } from './email-config.service';
import { PermissionProviderConfigService } from './permission-provider-config.service';
import { WORKSPACE_ENTITIES } from './entities';
import { WorkspaceService } from './workspace.service';

@Module({
  imports: [TypeOrmModule.forFeature(WORKSPACE_ENTITIES)],
  providers: [
    WorkspaceService,
    ApiKeyService,
    ApiKeyConfigService,
    DomainService,
    EmailConfigService,
    PermissionProviderConfigService,
    AuditLogService,
    AuditProducer,
    ConsoleSessions,
    CredentialService,
  ],
  exports: [
    WorkspaceService,
    ApiKeyService,
    ApiKeyConfigService,
    DomainService,
    EmailConfigService,
    PermissionProviderConfigService,
    AuditLogService,
    AuditProducer,
    ConsoleSessions,
    CredentialService,
  ],
})
export class WorkspaceModule {}
