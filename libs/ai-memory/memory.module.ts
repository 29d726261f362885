import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AiModule } from '@app/ai';
import { AlertService } from './alert.service';
import { AI_MEMORY_ENTITIES } from './entities';
import { InsightsService } from './insights.service';
import { JudgmentQueryService } from './judgment-query.service';
import { KnowledgeService } from './knowledge.service';
import { MemoryAnswersService } from './memory-answers.service';
import { MemoryEmbeddings } from './memory-embeddings';
import { MemorySearchService } from './memory-search.service';
import { MemorySinkModule } from './memory-sink.module';
import { MemoryUserData } from './memory-user-data.service';

const SERVICES = [
  JudgmentQueryService,
  InsightsService,
  AlertService,
  KnowledgeService,
  MemoryEmbeddings,
  MemorySearchService,
  MemoryAnswersService,
  MemoryUserData,
];

/** AI memory (Velt's memory): judgments, knowledge, insights and alerts, for both processes. */
@Module({
  imports: [TypeOrmModule.forFeature(AI_MEMORY_ENTITIES), MemorySinkModule, AiModule],
  providers: SERVICES,
  exports: [...SERVICES, MemorySinkModule],
})
export class MemoryModule {}
