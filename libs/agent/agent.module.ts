import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '@app/ai';
import { AgentExecutionService } from './agent-execution.service';
import { AgentGroupService } from './agent-group.service';
import { AgentRunProducer } from './agent-run.producer';
import { AgentUserData } from './agent-user-data.service';
import { AgentService } from './agent.service';
import { AGENT_ENTITIES } from './entities';

const SERVICES = [AgentService, AgentGroupService, AgentExecutionService, AgentRunProducer, AgentUserData];

/** Review agents: definitions, groups and runs as rows. Runs execute in AgentWorkerModule. */
@Module({
  imports: [TypeOrmModule.forFeature(AGENT_ENTITIES), AiModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class AgentModule {}
