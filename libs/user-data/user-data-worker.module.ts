import { Module } from '@nestjs/common';
import { EmailModule } from '@app/email';
import { RealtimeEmitterModule } from '@app/realtime-hub';
import { WebhookModule } from '@app/webhook';
import { UserDataModule } from './user-data.module';
import { UserDataEraser } from './user-data-eraser.service';
import { UserDataProcessor } from './user-data.processor';

/** Worker side of users/data/delete; imported by apps/worker only. */
@Module({
  imports: [UserDataModule, RealtimeEmitterModule, WebhookModule, EmailModule],
  providers: [UserDataEraser, UserDataProcessor],
  exports: [UserDataEraser],
})
export class UserDataWorkerModule {}
