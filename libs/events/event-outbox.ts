import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PipelinedTransactions, TransactionRunner } from '@app/database';
import { DomainEvent, EmittedEvent } from './event-registry';
import { AfterCommit, EVENT_RECORDERS, EventRecorder } from './event-recorder';

export type Emit = (event: EmittedEvent) => void;

/**
 * The one way to change data and emit events: the work runs in one transaction, every sink records the
 * events it emitted in that same transaction (the outbox), and each sink's after-commit step runs once
 * it has committed. Sinks recover what an after-commit step misses (the webhook sweeper re-enqueues).
 *
 * The transaction is pipelined (PipelinedTransactions): START TRANSACTION goes with the work's first
 * statement, the sinks record side by side, so their statements travel together, and COMMIT goes
 * with the last of them; nothing is reported committed before every statement's answer was checked.
 */
@Injectable()
export class EventOutbox {
  private readonly logger = new Logger(EventOutbox.name);

  constructor(
    @Inject(PipelinedTransactions) private readonly transactions: TransactionRunner,
    @Inject(EVENT_RECORDERS) private readonly recorders: EventRecorder[],
  ) {}

  async transaction<T>(apiKeyId: string, work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    const occurredAt = new Date();
    let afterCommit: AfterCommit[] = [];
    const result = await this.transactions.transaction(async (manager) => {
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
    // Every sink has finished sending before the transaction ends, the failed ones included: none may
    // send behind the COMMIT or ROLLBACK.
    const recorded = await Promise.allSettled(
      this.recorders.map((recorder) => recorder.record(manager, apiKeyId, events)),
    );
    const steps: AfterCommit[] = [];
    for (const result of recorded) {
      if (result.status === 'rejected') throw result.reason;
      if (result.value) steps.push(result.value);
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
