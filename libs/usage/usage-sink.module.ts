import { Injectable, Module } from '@nestjs/common';
import { AfterCommit, DomainEvent, EventRecorder, EventSink } from '@app/events';
import { UsageCounters } from './usage-counters';
import { UsageModule } from './usage.module';

/** Counts the events each API key emits; only after commit, so a rolled-back change counts nothing. Writes no row. */
@Injectable()
export class UsageRecorder implements EventRecorder {
  constructor(private readonly counters: UsageCounters) {}

  record(_manager: unknown, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit> {
    return Promise.resolve(() => {
      this.counters.emitted(apiKeyId, events.length);
      return Promise.resolve();
    });
  }
}

@Module({ imports: [UsageModule], providers: [UsageRecorder], exports: [UsageRecorder] })
export class UsageSinkModule {}

export const USAGE_SINK: EventSink = { module: UsageSinkModule, recorder: UsageRecorder };
