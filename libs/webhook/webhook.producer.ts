import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { deliveryJob, WebhookDeliveryJob } from './webhook-delivery.job';

/**
 * Feeds committed deliveries to the queue. Best effort by design: the rows are the source of truth, and
 * while Redis is away the producer connection refuses at once, leaving the deliveries to the sweeper.
 */
@Injectable()
export class WebhookProducer {
  private readonly logger = new Logger(WebhookProducer.name);

  constructor(@InjectQueue(QUEUE.WEBHOOK) private readonly queue: Queue<WebhookDeliveryJob>) {}

  async enqueue(deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    try {
      await this.queue.addBulk(deliveryIds.map(deliveryJob));
    } catch (error) {
      this.logger.warn({ err: error, count: deliveryIds.length }, 'Webhook deliveries left for the sweeper');
    }
  }

  /** Replay: a finished job keeps its id in Redis until removed, and BullMQ ignores a re-add of a known id. */
  async replace(deliveryIds: string[]): Promise<void> {
    try {
      await Promise.all(deliveryIds.map((id) => this.queue.remove(id)));
    } catch (error) {
      this.logger.warn({ err: error }, 'Old webhook jobs not removed; the sweeper will retry');
      return;
    }
    await this.enqueue(deliveryIds);
  }
}
