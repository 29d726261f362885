import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { DomainEvent, EmittedEvent } from './event-registry';
import { AfterCommit, EVENT_RECORDERS, EventRecorder } from './event-recorder';

export type Emit = (event: EmittedEvent) => void;

/**
 * The one way to change data and emit events: the work runs in one transaction, every sink records the
 * events it emitted in that same transaction (the outbox), and each sink's after-commit step runs once
 * it has committed. Sinks recover what an after-commit step misses (the webhook sweeper re-enqueues).
 */
@Injectable()
export class EventOutbox {
  private readonly logger = new Logger(EventOutbox.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(EVENT_RECORDERS) private readonly recorders: EventRecorder[],
  ) {}

  async transaction<T>(apiKeyId: string, work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    const occurredAt = new Date();
    let afterCommit: AfterCommit[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const events: DomainEvent[] = [];
      const value = await work(manager, (event) => void events.push({ ...event, apiKeyId, occurredAt }));
      afterCommit = await this.record(manager, apiKeyId, events);
      return value;
    });
    await this.runAfterCommit(afterCommit);
    return result;
  }

  private async record(manager: EntityManager, apiKeyId: string, events: DomainEvent[]): Promise<AfterCommit[]> {
    if (events.length === 0) return [];
    const steps: AfterCommit[] = [];
    for (const recorder of this.recorders) {
      const step = await recorder.record(manager, apiKeyId, events);
      if (step) steps.push(step);
    }
    return steps;
  }

  /** The change has committed: a failure here must not turn its success into an error for the caller. */
  private async runAfterCommit(steps: AfterCommit[]): Promise<void> {
    const results = await Promise.allSettled(steps.map((step) => step()));
    for (const result of results) {
      if (result.status === 'rejected')
        this.logger.warn({ err: result.reason as unknown }, 'Event after-commit step failed; its sink recovers it');
    }
  }
}
