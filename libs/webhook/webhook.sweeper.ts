import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { DataSource } from 'typeorm';
import { QUEUE } from '@app/queue';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { deliveryJob, WebhookDeliveryJob } from './webhook-delivery.job';

const SWEEP_BATCH = 1000;
/** A due delivery younger than this is most likely being enqueued right now by the API. */
const GRACE_MS = 1000;

/**
 * The outbox relay: re-enqueues pending deliveries that are due but have no live job, which happens when
 * the API committed while Redis was away, Redis lost its data, or a job ran out of BullMQ attempts.
 */
@Injectable()
export class WebhookSweeper {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectQueue(QUEUE.WEBHOOK) private readonly queue: Queue<WebhookDeliveryJob>,
  ) {}

  async sweep(): Promise<number> {
    const deliveries = this.dataSource.getRepository(WebhookDelivery);
    const due = await deliveries
      .createQueryBuilder('d')
      .select('d.id', 'id')
      .where(`d.status = 'pending' AND d.next_attempt_at <= now() - make_interval(secs => :grace)`, {
        grace: GRACE_MS / 1000,
      })
      .orderBy('d.next_attempt_at')
      .limit(SWEEP_BATCH)
      .getRawMany<{ id: string }>();
    let requeued = 0;
    for (const { id } of due) {
      const state = await this.queue.getJobState(id);
      if (state === 'completed' || state === 'failed') {
        // The row is written before its job finishes, so reading it after the job state cannot miss a success.
        const row = await deliveries.findOne({ where: { id }, select: { id: true, status: true } });
        if (row?.status !== 'pending') continue;
        await this.queue.remove(id);
      } else if (state !== 'unknown') {
        continue;
      }
      const job = deliveryJob(id);
      await this.queue.add(job.name, job.data, job.opts);
      requeued++;
    }
    return requeued;
  }
}
