import { Module } from '@nestjs/common';
import { WorkflowModule } from './workflow.module';
import { WorkflowStepProcessor } from './workflow-step.processor';
import { WorkflowStepRunner } from './workflow-step.runner';

/** Worker side of review workflows: the step processor. Imported by apps/worker only. */
@Module({
  imports: [WorkflowModule],
  providers: [WorkflowStepRunner, WorkflowStepProcessor],
})
export class WorkflowWorkerModule {}
