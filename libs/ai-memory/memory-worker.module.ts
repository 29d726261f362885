import { Module } from '@nestjs/common';
import { MemoryModule } from './memory.module';
import { MemoryProcessor } from './memory.processor';
import { MemoryRunner } from './memory.runner';

/** Worker side of AI memory: ingestion and judgment embeddings. Imported by apps/worker only. */
@Module({
  imports: [MemoryModule],
  providers: [MemoryRunner, MemoryProcessor],
})
export class MemoryWorkerModule {}
