import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailModule } from '@app/email';
import { NotificationModule } from '@app/notification';
import { AgentEndpointService } from './agent-endpoint.service';
import { DefinitionService } from './definition.service';
import { WORKFLOW_ENTITIES } from './entities';
import { ExecutionService } from './execution.service';
import { StepService } from './step.service';
import { WorkflowTransitions } from './workflow-transitions.service';
import { WorkflowUserData } from './workflow-user-data.service';
import { WorkflowProducer } from './workflow.producer';

const SERVICES = [
  AgentEndpointService,
  DefinitionService,
  ExecutionService,
  StepService,
  WorkflowTransitions,
  WorkflowProducer,
  WorkflowUserData,
];

/** Review workflows: definitions, executions and the transitions both processes make. Steps run in WorkflowWorkerModule. */
@Module({
  imports: [TypeOrmModule.forFeature(WORKFLOW_ENTITIES), NotificationModule, EmailModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class WorkflowModule {}
