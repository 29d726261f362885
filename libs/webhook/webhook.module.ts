import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUE } from '@app/queue';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookEnqueuer } from './webhook-enqueuer';
import { WebhookOutbox } from './webhook-outbox';
import { WebhookController } from './webhook.controller';

/** API side of webhooks: configuration, the outbox other domains write events into, the log. Producers only. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.WEBHOOK })],
  controllers: [WebhookController],
  providers: [WebhookConfigService, WebhookDeliveryLogService, WebhookEnqueuer, WebhookOutbox],
  exports: [WebhookOutbox, WebhookEnqueuer],
})
export class WebhookModule {}
