import { Injectable } from '@nestjs/common';
import { SystemEmails } from '@app/email';
import { EventOutbox } from '@app/events';
import { SystemNotifications } from '@app/notification';
import { Transition } from './transition';
import { WorkflowProducer } from './workflow.producer';

/**
 * The one way an execution changes, in the API (decisions, cancels) and in the worker (steps): the
 * outbox's transaction with the execution row locked, events recorded by every sink in it, and the
 * steps it made ready enqueued once it has committed.
 */
@Injectable()
export class WorkflowTransitions {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly producer: WorkflowProducer,
    private readonly notices: SystemNotifications,
    private readonly emails: SystemEmails,
  ) {}

  async run<T>(apiKeyId: string, executionId: string, work: (transition: Transition) => Promise<T>): Promise<T> {
    let opened: Transition | null = null;
    const result = await this.outbox.transaction(apiKeyId, async (manager, emit) => {
      const transition = await Transition.open(manager, emit, apiKeyId, executionId);
      transition.notices = this.notices;
      transition.emails = this.emails;
      opened = transition;
      const value = await work(transition);
      await transition.save();
      return value;
    });
    if (opened) {
      const done = opened as Transition;
      for (const work of done.afterCommit) await work();
      await this.producer.enqueue(done.wakeups);
    }
    return result;
  }
}
