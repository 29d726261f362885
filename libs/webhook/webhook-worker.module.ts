import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookSender } from './webhook-sender';
import { WebhookSweeper } from './webhook.sweeper';

/** Worker side of webhooks: deliveries and the outbox sweeper. Imported by apps/worker only. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.WEBHOOK })],
  providers: [WebhookDeliveryProcessor, WebhookDeliveryService, WebhookSender, WebhookSweeper],
})
export class WebhookWorkerModule {}
