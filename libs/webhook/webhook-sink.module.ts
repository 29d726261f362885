import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EventSink } from '@app/events';
import { NotificationModule } from '@app/notification';
import { WorkspaceModule } from '@app/workspace';
import { WEBHOOK_ENTITIES } from './entities';
import { WebhookProducer } from './webhook.producer';
import { WebhookRecorder } from './webhook.recorder';
import { WebhookSinkSettings } from './webhook-sink-settings';

/** What the event pipeline needs of webhooks in any process that emits events (API and worker): the recorder and a producer. */
@Module({
  imports: [TypeOrmModule.forFeature(WEBHOOK_ENTITIES), NotificationModule, WorkspaceModule],
  providers: [WebhookRecorder, WebhookProducer, WebhookSinkSettings],
  exports: [WebhookRecorder, WebhookProducer, WebhookSinkSettings],
})
export class WebhookSinkModule {}

export const WEBHOOK_SINK: EventSink = { module: WebhookSinkModule, recorder: WebhookRecorder };
