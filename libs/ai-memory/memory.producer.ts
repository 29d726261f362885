import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { judgmentsJobId, MEMORY_JOB, MEMORY_JOB_OPTIONS, MemoryJob, sourceJobId } from './memory.job';

/** Judgment wake-ups of one API key within this window become one job: a burst of comments is embedded in one batch. */
const JUDGMENT_WAKE_WINDOW_MS = 100;

/** Wakes the memory queue for committed rows. Never throws: the worker's sweep enqueues what is missed. */
@Injectable()
export class MemoryProducer implements OnModuleDestroy {
  private readonly logger = new Logger(MemoryProducer.name);
  /** API keys whose wake-up is scheduled in this process; only an optimisation, the sweep is the guarantee. */
  private readonly waking = new Map<string, NodeJS.Timeout>();

  constructor(@InjectQueue(QUEUE.MEMORY) private readonly queue: Queue<MemoryJob>) {}

  /** Returns at once: the comment write that recorded the judgments does not wait for Redis. */
  embedJudgments(apiKeyId: string): Promise<void> {
    if (!this.waking.has(apiKeyId)) {
      const timer = setTimeout(() => {
        this.waking.delete(apiKeyId);
        void this.add(judgmentsJobId(apiKeyId));
      }, JUDGMENT_WAKE_WINDOW_MS);
      timer.unref();
      this.waking.set(apiKeyId, timer);
    }
    return Promise.resolve();
  }

  ingest(sourceId: string): Promise<void> {
    return this.add(sourceJobId(sourceId));
  }

  /** Sends the wake-ups still scheduled before the process ends. */
  async onModuleDestroy(): Promise<void> {
    const keys = [...this.waking.keys()];
    for (const timer of this.waking.values()) clearTimeout(timer);
    this.waking.clear();
    await Promise.all(keys.map((apiKeyId) => this.add(judgmentsJobId(apiKeyId))));
  }

  private async add(id: string): Promise<void> {
    try {
      await this.queue.add(MEMORY_JOB.WORK, { id }, { jobId: id, ...MEMORY_JOB_OPTIONS });
    } catch (error) {
      this.logger.warn({ err: error }, 'Memory job not enqueued; the sweep will enqueue it');
    }
  }
}
