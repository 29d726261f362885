import { Module } from '@nestjs/common';
import { EndpointRateLimiter } from './endpoint-rate-limiter';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookSender } from './webhook-sender';
import { WebhookSinkModule } from './webhook-sink.module';
import { WebhookSweeper } from './webhook.sweeper';

/** Worker side of webhooks: deliveries and the outbox sweeper. Imported by apps/worker only. */
@Module({
  imports: [WebhookSinkModule],
  providers: [EndpointRateLimiter, WebhookDeliveryProcessor, WebhookDeliveryService, WebhookSender, WebhookSweeper],
})
export class WebhookWorkerModule {}
