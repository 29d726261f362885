import { Module } from '@nestjs/common';
import { EventSink } from '@app/events';
import { MemoryProducer } from './memory.producer';
import { MemoryRecorder } from './memory.recorder';

/** What the event pipeline needs of AI memory in any process that emits events: the judgment recorder. */
@Module({
  providers: [MemoryRecorder, MemoryProducer],
  exports: [MemoryRecorder, MemoryProducer],
})
export class MemorySinkModule {}

export const MEMORY_SINK: EventSink = { module: MemorySinkModule, recorder: MemoryRecorder };
