import { Module } from '@nestjs/common';
import { AiModule } from '@app/ai';
import { CommentModule } from '@app/comment';
import { AgentModule } from './agent.module';
import { AgentRunProcessor } from './agent-run.processor';
import { AgentRunner } from './agent-runner.service';

/** Worker side of review agents: the run processor. Imported by apps/worker only. */
@Module({
  imports: [AgentModule, AiModule, CommentModule],
  providers: [AgentRunner, AgentRunProcessor],
})
export class AgentWorkerModule {}
