import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { MEMORY_JOB, MEMORY_JOB_OPTIONS, MemoryJob } from './memory.job';
import { MemoryOutcome, MemoryRunner } from './memory.runner';

/** Consumer of the memory queue: knowledge sources and unembedded judgments are the truth, jobs wake-up calls. */
@Injectable()
export class MemoryProcessor extends RowJobProcessor<MemoryJob, MemoryOutcome> {
  protected readonly queueName = QUEUE.MEMORY;

  constructor(@InjectQueue(QUEUE.MEMORY) queue: Queue<MemoryJob>, runner: MemoryRunner, config: AppConfig) {
    super({
      queue,
      runner,
      jobName: MEMORY_JOB.WORK,
      sweepJobName: MEMORY_JOB.SWEEP,
      sweepIntervalMs: config.memorySweepIntervalMs,
      payload: (id) => ({ id }),
      idOf: (job) => job.id,
      jobOptions: MEMORY_JOB_OPTIONS,
    });
  }
}
