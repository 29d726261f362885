import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { DelayedError, Job, Queue, UnrecoverableError } from 'bullmq';
import { Counter } from 'prom-client';
import { AppConfig } from '@app/common';
import { MetricsRegistry } from '@app/metrics';
import { ExtraWorkerOptions, QUEUE, QueueProcessor } from '@app/queue';
import { WEBHOOK_JOB, WebhookDeliveryJob } from './webhook-delivery.job';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookSweeper } from './webhook.sweeper';

/** Carries the delay the retry policy chose (schedule step or Retry-After) to the backoff strategy. */
export class RetryLaterError extends Error {
  constructor(
    readonly delayMs: number,
    reason: string,
  ) {
    super(reason);
    this.name = 'RetryLaterError';
  }
}

/** Infrastructure errors (database down) are retried on this fixed delay; the row is untouched meanwhile. */
const INFRASTRUCTURE_RETRY_MS = 5000;

export function webhookBackoff(_attemptsMade: number, _type?: string, error?: Error): number {
  return error instanceof RetryLaterError ? error.delayMs : INFRASTRUCTURE_RETRY_MS;
}

const SWEEP_SCHEDULER_ID = 'webhook-sweep';

@Injectable()
export class WebhookDeliveryProcessor extends QueueProcessor<WebhookDeliveryJob> {
  protected readonly queueName = QUEUE.WEBHOOK;
  private readonly logger = new Logger(WebhookDeliveryProcessor.name);
  private readonly outcomes: Counter<'outcome'>;

  constructor(
    private readonly deliveries: WebhookDeliveryService,
    private readonly sweeper: WebhookSweeper,
    private readonly config: AppConfig,
    @InjectQueue(QUEUE.WEBHOOK) private readonly queue: Queue,
    registry: MetricsRegistry,
  ) {
    super();
    this.outcomes = new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts by outcome: succeeded, retry (another attempt scheduled), failed (gave up), skipped (already finished), cancelled (endpoint deleted or disabled), throttled (waits for the endpoint rate limit), error (not attempted: dependency down).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    });
  }

  protected override extraOptions(): ExtraWorkerOptions {
    return { settings: { backoffStrategy: webhookBackoff } };
  }

  protected override async schedule(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SWEEP_SCHEDULER_ID,
      { every: this.config.webhookSweepIntervalMs },
      { name: WEBHOOK_JOB.SWEEP },
    );
  }

  async process(job: Job<WebhookDeliveryJob>): Promise<void> {
    if (job.name === WEBHOOK_JOB.SWEEP) {
      const requeued = await this.sweeper.sweep();
      if (requeued > 0) this.logger.log(`Re-enqueued ${requeued} webhook deliveries`);
      return;
    }
    const decision = await this.deliveries.attempt(job.data.deliveryId).catch((error: unknown) => {
      this.outcomes.inc({ outcome: 'error' });
      throw error;
    });
    this.outcomes.inc({ outcome: decision?.outcome ?? 'skipped' });
    if (decision?.outcome === 'throttled') {
      // Delayed, not retried: waiting for the rate limit spends neither a row attempt nor a BullMQ one.
      await job.moveToDelayed(Date.now() + decision.delayMs, job.token);
      throw new DelayedError();
    }
    if (decision?.outcome === 'retry')
      throw new RetryLaterError(decision.delayMs, 'Delivery attempt failed; retry scheduled.');
    if (decision?.outcome === 'failed') throw new UnrecoverableError('Delivery failed for good.');
  }
}
