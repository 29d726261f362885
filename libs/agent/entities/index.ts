import { Agent } from './agent.entity';
import { AgentExecutionResult } from './agent-execution-result.entity';
import { AgentExecution } from './agent-execution.entity';
import { AgentGroup } from './agent-group.entity';
import { AgentVersion } from './agent-version.entity';

export * from './agent.entity';
export * from './agent-execution-result.entity';
export * from './agent-execution.entity';
export * from './agent-group.entity';
export * from './agent-version.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const AGENT_ENTITIES = [Agent, AgentVersion, AgentGroup, AgentExecution, AgentExecutionResult];
