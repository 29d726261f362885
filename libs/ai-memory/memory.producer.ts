import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { judgmentsJobId, MEMORY_JOB, MEMORY_JOB_OPTIONS, MemoryJob, sourceJobId } from './memory.job';

/** Wakes the memory queue for committed rows. Never throws: the worker's sweep enqueues what is missed. */
@Injectable()
export class MemoryProducer {
  private readonly logger = new Logger(MemoryProducer.name);

  constructor(@InjectQueue(QUEUE.MEMORY) private readonly queue: Queue<MemoryJob>) {}

  embedJudgments(apiKeyId: string): Promise<void> {
    return this.add(judgmentsJobId(apiKeyId));
  }

  ingest(sourceId: string): Promise<void> {
    return this.add(sourceJobId(sourceId));
  }

  private async add(id: string): Promise<void> {
    try {
      await this.queue.add(MEMORY_JOB.WORK, { id }, { jobId: id, ...MEMORY_JOB_OPTIONS });
    } catch (error) {
      this.logger.warn({ err: error }, 'Memory job not enqueued; the sweep will enqueue it');
    }
  }
}
