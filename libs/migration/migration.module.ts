import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentModule } from '@app/document';
import { WorkspaceModule } from '@app/workspace';
import { MIGRATION_ENTITIES } from './entities';
import { MigrationProducer } from './migration.producer';
import { MigrationService } from './migration.service';

/** Validate, record and enqueue. The processor lives in MigrationWorkerModule only. */
@Module({
  imports: [TypeOrmModule.forFeature(MIGRATION_ENTITIES), WorkspaceModule, DocumentModule],
  providers: [MigrationService, MigrationProducer],
  exports: [MigrationService, MigrationProducer],
})
export class MigrationModule {}
