import { Module } from '@nestjs/common';
import { KnowledgeController } from './knowledge.controller';
import { MemoryInsightsController } from './memory-insights.controller';
import { MemorySearchController } from './memory-search.controller';
import { MemoryModule } from './memory.module';

@Module({
  imports: [MemoryModule],
  controllers: [MemoryInsightsController, MemorySearchController, KnowledgeController],
})
export class MemoryHttpModule {}
