import { DataSource, EntityManager } from 'typeorm';

import { EventOutbox } from './event-outbox';
import { DomainEvent } from './event-registry';
import { AfterCommit, EventRecorder } from './event-recorder';

/** A DataSource whose transaction runs the callback and records when it committed or rolled back. */
function fakeDataSource(log: string[]): DataSource {
  const manager = {} as EntityManager;
  return {
    async transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
      log.push('begin');
      try {
        const value = await work(manager);
        log.push('commit');
        return value;
      } catch (error) {
        log.push('rollback');
        throw error;
      }
    },
  } as unknown as DataSource;
}

function step(log: string[], name: string): AfterCommit {
  return () => {
    log.push(name);
    return Promise.resolve();
  };
}

function recorder(log: string[], name: string, afterCommit?: AfterCommit): EventRecorder & { seen: DomainEvent[][] } {
  const seen: DomainEvent[][] = [];
  return {
    seen,
    record(_manager, apiKeyId, events) {
      log.push(`${name}.record(${apiKeyId}, ${events.map((event) => event.trigger).join(',')})`);
      seen.push(events);
      return Promise.resolve(afterCommit);
    },
  };
}

describe('EventOutbox', () => {
  const scope = { organizationId: 'org-1', documentId: 'doc-1' };
  const added = {
    trigger: 'comment_annotation.add' as const,
    ...scope,
    actionUser: null,
    annotation: { annotationId: 'a1' },
    comment: null,
  };

  it('records emitted events in the transaction with every sink, then runs their after-commit steps', async () => {
    const log: string[] = [];
    const webhook = recorder(log, 'webhook', step(log, 'webhook.afterCommit'));
    const other = recorder(log, 'other');
    const outbox = new EventOutbox(fakeDataSource(log), [webhook, other]);
    const result = await outbox.transaction('key-1', (_manager, emit) => {
      log.push('work');
      emit(added);
      emit({ trigger: 'comment.add', ...scope, actionUser: null, annotation: { annotationId: 'a1' }, comment: null });
      return Promise.resolve(42);
    });
    expect(result).toBe(42);
    expect(log).toEqual([
      'begin',
      'work',
      'webhook.record(key-1, comment_annotation.add,comment.add)',
      'other.record(key-1, comment_annotation.add,comment.add)',
      'commit',
      'webhook.afterCommit',
    ]);
    const [first, second] = webhook.seen[0];
    expect(first).toMatchObject({ ...added, apiKeyId: 'key-1' });
    expect(first.occurredAt).toBeInstanceOf(Date);
    expect(second.occurredAt).toBe(first.occurredAt);
  });

  it('asks no sink anything when nothing was emitted', async () => {
    const log: string[] = [];
    const outbox = new EventOutbox(fakeDataSource(log), [recorder(log, 'webhook')]);
    await outbox.transaction('key-1', () => Promise.resolve());
    expect(log).toEqual(['begin', 'commit']);
  });

  it('runs no after-commit step when the work fails, and the error reaches the caller', async () => {
    const log: string[] = [];
    const outbox = new EventOutbox(fakeDataSource(log), [recorder(log, 'webhook', step(log, 'webhook.afterCommit'))]);
    const failing = outbox.transaction('key-1', (_manager, emit) => {
      emit(added);
      return Promise.reject(new Error('refused'));
    });
    await expect(failing).rejects.toThrow('refused');
    expect(log).toEqual(['begin', 'rollback']);
  });

  it('a failing after-commit step does not fail the committed change', async () => {
    const log: string[] = [];
    const outbox = new EventOutbox(fakeDataSource(log), [
      recorder(log, 'webhook', () => Promise.reject(new Error('redis down'))),
      recorder(log, 'other', step(log, 'other.afterCommit')),
    ]);
    await expect(
      outbox.transaction('key-1', (_manager, emit) => Promise.resolve(emit(added))),
    ).resolves.toBeUndefined();
    expect(log).toContain('commit');
    expect(log).toContain('other.afterCommit');
  });
});
