import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { EventSink } from '@app/events';
import { QUEUE } from '@app/queue';
import { WebhookProducer } from './webhook.producer';
import { WebhookRecorder } from './webhook.recorder';

/** What the event pipeline needs of webhooks in any process that emits events (API and worker): the recorder and a producer. */
@Module({
  imports: [BullModule.registerQueue({ name: QUEUE.WEBHOOK })],
  providers: [WebhookRecorder, WebhookProducer],
  exports: [WebhookRecorder, WebhookProducer],
})
export class WebhookSinkModule {}

export const WEBHOOK_SINK: EventSink = { module: WebhookSinkModule, recorder: WebhookRecorder };
