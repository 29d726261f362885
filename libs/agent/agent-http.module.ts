import { Module } from '@nestjs/common';
import { AiModule } from '@app/ai';
import { AgentExecutionController } from './agent-execution.controller';
import { AgentGroupController } from './agent-group.controller';
import { AgentToolsController } from './agent-tools.controller';
import { AgentToolsService } from './agent-tools.service';
import { AgentController } from './agent.controller';
import { AgentModule } from './agent.module';

@Module({
  imports: [AgentModule, AiModule],
  controllers: [AgentController, AgentGroupController, AgentExecutionController, AgentToolsController],
  providers: [AgentToolsService],
})
export class AgentHttpModule {}
