import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { QUEUE } from '@app/queue';
import { AGENT_JOB, AgentRunJob } from './agent-run.job';

/** Attempts of a run's job on unexpected errors (a model that fails is recorded, not retried here). */
export const AGENT_RUN_ATTEMPTS = 3;

@Injectable()
export class AgentRunProducer {
  private readonly logger = new Logger(AgentRunProducer.name);

  constructor(@InjectQueue(QUEUE.AGENT) private readonly queue: Queue<AgentRunJob>) {}

  /** Idempotent (the job id is the execution id) and never throws: the sweep enqueues a running row that has no job. */
  async enqueue(executionId: string): Promise<void> {
    try {
      await this.queue.add(
        AGENT_JOB.RUN,
        { executionId },
        {
          jobId: executionId,
          attempts: AGENT_RUN_ATTEMPTS,
          backoff: { type: 'exponential', delay: 1000 },
          removeOnComplete: 1000,
          removeOnFail: 1000,
        },
      );
    } catch (error) {
      this.logger.warn({ err: error, executionId }, 'Agent run not enqueued; the sweep will enqueue it');
    }
  }
}
