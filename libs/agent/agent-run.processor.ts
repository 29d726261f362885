import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { Queue } from 'bullmq';
import { AppConfig } from '@app/common';
import { QUEUE, RowJobProcessor } from '@app/queue';
import { AGENT_JOB, AgentRunJob } from './agent-run.job';
import { AGENT_RUN_ATTEMPTS } from './agent-run.producer';
import { AgentRunner } from './agent-runner.service';
import { ExecutionStatus } from './entities/agent-execution.entity';

/** Consumer of the agent queue: each job runs the execution its `agent_execution` row names. */
@Injectable()
export class AgentRunProcessor extends RowJobProcessor<AgentRunJob, ExecutionStatus> {
  protected readonly queueName = QUEUE.AGENT;

  constructor(@InjectQueue(QUEUE.AGENT) queue: Queue<AgentRunJob>, runner: AgentRunner, config: AppConfig) {
    super({
      queue,
      runner,
      jobName: AGENT_JOB.RUN,
      sweepJobName: AGENT_JOB.SWEEP,
      sweepIntervalMs: config.ai.sweepIntervalMs,
      payload: (executionId) => ({ executionId }),
      idOf: (job) => job.executionId,
      jobOptions: { attempts: AGENT_RUN_ATTEMPTS, backoff: { type: 'exponential', delay: 1000 } },
    });
  }
}
