import { Module } from '@nestjs/common';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookController } from './webhook.controller';
import { WebhookSinkModule } from './webhook-sink.module';

/** API side of webhooks: configuration and the delivery log with its replay. Producers only. */
@Module({
  imports: [WebhookSinkModule],
  controllers: [WebhookController],
  providers: [WebhookConfigService, WebhookDeliveryLogService],
})
export class WebhookModule {}
