import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { deliveryJob, WebhookDeliveryJob } from './webhook-jobs';

/** How long a request waits for Redis before leaving the deliveries to the sweeper. */
const ENQUEUE_TIMEOUT_MS = 2000;

/** Feeds committed deliveries to the queue. Best effort by design: the rows are the source of truth. */
@Injectable()
export class WebhookEnqueuer {
  private readonly logger = new Logger(WebhookEnqueuer.name);

  constructor(@InjectQueue(QUEUE.WEBHOOK) private readonly queue: Queue<WebhookDeliveryJob>) {}

  async enqueue(deliveryIds: string[]): Promise<void> {
    if (deliveryIds.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ENQUEUE_TIMEOUT_MS} ms`)), ENQUEUE_TIMEOUT_MS);
    });
    try {
      await Promise.race([this.queue.addBulk(deliveryIds.map(deliveryJob)), timeout]);
    } catch (error) {
      this.logger.warn({ err: error, count: deliveryIds.length }, 'Webhook deliveries left for the sweeper');
    } finally {
      clearTimeout(timer);
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
