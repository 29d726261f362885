import { Module } from '@nestjs/common';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookSinkModule } from './webhook-sink.module';
import { WebhookUserData } from './webhook-user-data.service';

/** Webhook configuration, the delivery log with its replay and its GDPR erasure; deliveries themselves run in WebhookWorkerModule. */
@Module({
  imports: [WebhookSinkModule],
  providers: [WebhookConfigService, WebhookDeliveryLogService, WebhookUserData],
  exports: [WebhookConfigService, WebhookDeliveryLogService, WebhookUserData],
})
export class WebhookModule {}
