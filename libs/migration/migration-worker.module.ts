import { Module } from '@nestjs/common';
import { DocumentModule } from '@app/document';
import { OrganizationModule } from '@app/organization';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { MigrationProcessor } from './migration.processor';
import { MigrationModule } from './migration.module';
import { MigrationRunner } from './migration-runner.service';

/** Worker side of document migration; imported by apps/worker only. */
@Module({
  imports: [MigrationModule, OrganizationModule, DocumentModule, RealtimeEmitterModule],
  providers: [MigrationRunner, MigrationProcessor],
  exports: [MigrationRunner],
})
export class MigrationWorkerModule {}
