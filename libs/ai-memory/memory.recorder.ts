import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@app/common';
import { sendPrepared } from '@app/database';
import { AfterCommit, DomainEvent, EventRecorder } from '@app/events';
import { judgmentOf } from './judgment-of-event';
import { INSERT_JUDGMENTS, judgmentRow } from './judgment-sql';
import { MemoryProducer } from './memory.producer';

/**
 * The memory sink of the event pipeline: each review decision among the events (judgmentOf) becomes a
 * judgment in the emitter's transaction, so a committed decision is remembered exactly once; after
 * commit the memory queue is woken to embed it.
 */
@Injectable()
export class MemoryRecorder implements EventRecorder {
  constructor(private readonly producer: MemoryProducer) {}

  record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit | undefined> {
    const rows = events.flatMap((event) => {
      const judgment = judgmentOf(event);
      return judgment ? [judgmentRow(judgment, `act_${newId()}`)] : [];
    });
    if (rows.length === 0) return Promise.resolve(undefined);
    sendPrepared(manager, INSERT_JUDGMENTS, [apiKeyId, JSON.stringify(rows)]);
    return Promise.resolve(() => this.producer.embedJudgments(apiKeyId));
  }
}
