import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { CommentNotificationEvent } from '@app/webhook/notification';
import { WebhookProducer } from '@app/webhook/webhook.producer';
import { WebhookOutbox } from '@app/webhook/webhook-outbox';

export type Emit = (event: Omit<CommentNotificationEvent, 'apiKeyId' | 'occurredAt'>) => void;

/**
 * Runs a comment change in one transaction together with the webhook events it emits (the outbox),
 * then hands the committed deliveries to the queue.
 */
@Injectable()
export class CommentWriter {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: WebhookOutbox,
    private readonly enqueuer: WebhookProducer,
  ) {}

  async write<T>(apiKeyId: string, work: (manager: EntityManager, emit: Emit) => Promise<T>): Promise<T> {
    const occurredAt = new Date();
    let deliveryIds: string[] = [];
    const result = await this.dataSource.transaction(async (manager) => {
      const events: CommentNotificationEvent[] = [];
      const value = await work(manager, (event) => events.push({ ...event, apiKeyId, occurredAt }));
      deliveryIds = await this.outbox.record(manager, apiKeyId, events);
      return value;
    });
    await this.enqueuer.enqueue(deliveryIds);
    return result;
  }

  read<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return work(this.dataSource.manager);
  }
}
