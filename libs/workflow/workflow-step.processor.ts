import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { StepStatus } from './entities/workflow-step.entity';
import { stepJobOptions, WORKFLOW_JOB, WorkflowStepJob } from './workflow-step.job';
import { WorkflowStepRunner } from './workflow-step.runner';

/** Consumer of the workflow queue: the step row is the truth, its job (and its SLA job) only a wake-up call. */
@Injectable()
export class WorkflowStepProcessor extends RowJobProcessor<WorkflowStepJob, StepStatus> {
  protected readonly queueName = QUEUE.WORKFLOW;

  constructor(
    @InjectQueue(QUEUE.WORKFLOW) queue: Queue<WorkflowStepJob>,
    runner: WorkflowStepRunner,
    config: AppConfig,
  ) {
    super({
      queue,
      runner,
      jobName: WORKFLOW_JOB.STEP,
      sweepJobName: WORKFLOW_JOB.SWEEP,
      sweepIntervalMs: config.workflowSweepIntervalMs,
      payload: (key) => ({ key }),
      idOf: (job) => job.key,
      jobOptions: stepJobOptions(config),
    });
  }
}
