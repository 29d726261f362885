import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookController } from './webhook.controller';
import { WebhookProducer } from './webhook.producer';

/** API side of webhooks: configuration, the outbox other domains write events into, the log. Producers only. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.WEBHOOK })],
  controllers: [WebhookController],
  providers: [WebhookConfigService, WebhookDeliveryLogService, WebhookProducer, WebhookOutbox],
  exports: [WebhookOutbox, WebhookProducer],
})
export class WebhookModule {}
