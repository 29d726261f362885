import { Module } from '@nestjs/common';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookSinkModule } from './webhook-sink.module';

/** Webhook configuration and the delivery log with its replay; deliveries themselves run in WebhookWorkerModule. */
@Module({
  imports: [WebhookSinkModule],
  providers: [WebhookConfigService, WebhookDeliveryLogService],
  exports: [WebhookConfigService, WebhookDeliveryLogService],
})
export class WebhookModule {}
