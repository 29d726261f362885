import { Module } from '@nestjs/common';
import { AdvancedWebhookConfigService } from './advanced-webhook-config.service';
import { WebhookConfigService } from './webhook-config.service';
import { WebhookDeliveryLogService } from './webhook-delivery-log.service';
import { WebhookSinkModule } from './webhook-sink.module';
import { WebhookEndpointService } from './webhook-endpoint.service';
import { WebhookTestEvents } from './webhook-test-event.service';
import { WebhookUserData } from './webhook-user-data.service';

/** Webhook configuration (basic, and advanced with its endpoints), the delivery log with its attempts, replay and test events, its GDPR erasure; deliveries themselves run in WebhookWorkerModule. */
@Module({
  imports: [WebhookSinkModule],
  providers: [
    AdvancedWebhookConfigService,
    WebhookConfigService,
    WebhookDeliveryLogService,
    WebhookEndpointService,
    WebhookTestEvents,
    WebhookUserData,
  ],
  exports: [
    AdvancedWebhookConfigService,
    WebhookConfigService,
    WebhookDeliveryLogService,
    WebhookEndpointService,
    WebhookTestEvents,
    WebhookUserData,
  ],
})
export class WebhookModule {}
