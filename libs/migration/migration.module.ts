import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { MigrationController } from './migration.controller';
import { MigrationProducer } from './migration.producer';
import { MigrationService } from './migration.service';

/** API side: validate, record and enqueue. The processor lives in MigrationWorkerModule only. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.MIGRATION })],
  controllers: [MigrationController],
  providers: [MigrationService, MigrationProducer],
})
export class MigrationModule {}
