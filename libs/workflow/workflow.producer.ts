import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE } from '@app/queue';
import { stepJobOptions, WORKFLOW_JOB, WorkflowStepJob } from './workflow-step.job';
import { Wakeups } from './transition';

@Injectable()
export class WorkflowProducer {
  private readonly logger = new Logger(WorkflowProducer.name);

  constructor(
    @InjectQueue(QUEUE.WORKFLOW) private readonly queue: Queue<WorkflowStepJob>,
    private readonly config: AppConfig,
  ) {}

  /**
   * Idempotent: a step's job id is its key. Never throws: the rows are committed, and the worker's sweep
   * enqueues pending steps without a job and breaches overdue ones.
   */
  async enqueue(wakeups: Wakeups): Promise<void> {
    if (wakeups.steps.length === 0 && wakeups.deadlines.length === 0) return;
    const options = stepJobOptions(this.config);
    try {
      await this.queue.addBulk([
        ...wakeups.steps.map((key) => ({ name: WORKFLOW_JOB.STEP, data: { key }, opts: { jobId: key, ...options } })),
        ...wakeups.deadlines.map(({ key, delayMs }) => ({
          name: WORKFLOW_JOB.STEP,
          data: { key },
          opts: { ...options, jobId: `sla-${key}`, delay: delayMs },
        })),
      ]);
    } catch (error) {
      this.logger.warn({ err: error }, 'Workflow jobs not enqueued; the sweep will enqueue them');
    }
  }
}
