import { WorkflowAgentEndpoint } from './workflow-agent-endpoint.entity';
import { WorkflowDefinition } from './workflow-definition.entity';
import { WorkflowDefinitionVersion } from './workflow-definition-version.entity';
import { WorkflowEvent } from './workflow-event.entity';
import { WorkflowExecution } from './workflow-execution.entity';
import { WorkflowStepResponse } from './workflow-step-response.entity';
import { WorkflowStep } from './workflow-step.entity';

export * from './workflow-agent-endpoint.entity';
export * from './workflow-definition.entity';
export * from './workflow-definition-version.entity';
export * from './workflow-event.entity';
export * from './workflow-execution.entity';
export * from './workflow-step-response.entity';
export * from './workflow-step.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const WORKFLOW_ENTITIES = [
  WorkflowDefinition,
  WorkflowDefinitionVersion,
  WorkflowExecution,
  WorkflowStep,
  WorkflowStepResponse,
  WorkflowEvent,
  WorkflowAgentEndpoint,
];
