import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { WorkspaceModule } from '@app/workspace';
import { AI_ENTITIES } from './entities';
import { KeyConcurrency } from './key-concurrency';
import { ModelProvider } from './model-provider.service';
import { TokenUsageService } from './token-usage.service';

/** The model provider (docs/ai.md): safe for both processes; domains with AI features import it. */
@Module({
  imports: [TypeOrmModule.forFeature(AI_ENTITIES), WorkspaceModule],
  providers: [KeyConcurrency, ModelProvider, TokenUsageService],
  exports: [ModelProvider, TokenUsageService],
})
export class AiModule {}
