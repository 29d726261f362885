import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { ApiKeySettingsController } from './api-key-settings.controller';
import { ApiKeyService } from './api-key.service';
import { AuditLogService } from './audit-log.service';
import { AuditProducer } from './audit.producer';
import { DomainService } from './domain.service';
import { EmailConfigService } from './email-config.service';
import { WorkspaceController } from './workspace.controller';
import { WorkspaceService } from './workspace.service';

@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.AUDIT })],
  controllers: [WorkspaceController, ApiKeySettingsController],
  providers: [WorkspaceService, ApiKeyService, DomainService, EmailConfigService, AuditLogService, AuditProducer],
  exports: [DomainService],
})
export class WorkspaceModule {}
