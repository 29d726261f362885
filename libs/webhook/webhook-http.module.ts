import { Module } from '@nestjs/common';
import { AdvancedWebhookController } from './advanced-webhook.controller';
import { WebhookController } from './webhook.controller';
import { WebhookModule } from './webhook.module';

@Module({ imports: [WebhookModule], controllers: [WebhookController, AdvancedWebhookController] })
export class WebhookHttpModule {}
