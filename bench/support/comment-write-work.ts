import { Queue } from 'bullmq';
import { QueryResult, QueryResultRow } from 'pg';
import { activityOf } from '../../libs/activity/activity-record';
import { activityRow, INSERT_ACTIVITIES } from '../../libs/activity/activity-sql';
import { newId } from '../../libs/common/ids';
import { ADD_THREADS, changeLogKey, storedThread, ThreadRow } from '../../libs/comment/comment-sql';
import { COMMENT_CHANGE_EVENT } from '../../libs/comment/comment-feed';
import { locationIdOf, newComment, numberComments, statusOf } from '../../libs/comment/comment-store';
import { NewCommentDto } from '../../libs/comment/dto/comments.dto';
import { PipelinedTransaction } from '../../libs/database/pipelined-transaction';
import { PreparedStatement } from '../../libs/database/statement';
import { DomainEvent, eventPayload } from '../../libs/events/event-registry';
import { CommentEvent } from '../../libs/events/sources/comment-event';
import { commentRecipients } from '../../libs/events/sources/comment-recipients';
import { commentNotification } from '../../libs/notification/comment-notification';
import { Notification } from '../../libs/notification/entities/notification.entity';
import {
  INSERT_NOTIFICATION,
  insertNotificationParams,
  NewNotification,
  STORED_SETTINGS,
} from '../../libs/notification/notification-sql';
import { NOTIFICATION_EVENT } from '../../libs/notification/notification-push';
import { notificationView } from '../../libs/notification/notification-view';
import { DEFAULT_JOB_OPTIONS } from '../../libs/queue/queue.module';
import { documentRoom, userRoom } from '../../libs/realtime-hub/rooms';
import { INSERT_DELIVERIES } from '../../libs/webhook/delivery-sql';
import { deliveryJob } from '../../libs/webhook/webhook-delivery.job';
import { Backends, Envelope } from './hot-route-work';

/**
 * The I/O of `commentannotations/add` as the API issues it for the bench's request (one new thread, one
 * comment, triggerNotification, no `from`), for the comment-write yardsticks (the bare server and the
 * minimal Nest peer): the same named statements (imported from the libs that own them, so the texts and
 * names are the API's), the same parameters, the same Redis publishes and BullMQ job. Recorded against PostgreSQL's log_statement and
 * Redis MONITOR (docs/write-path.md "The comment-write yardstick"); bench/comment-writes.bench.ts checks
 * before timing that they and the API write the same rows and answer the same envelope.
 *
 * The API reads each sink's settings once per AUTH_CACHE_TTL_MS; the yardsticks are told them at start.
 */
export interface TenantSinks {
  /** The basic webhook's raw URL (every comment trigger on), or none. */
  rawWebhookUrl?: string;
  activity: boolean;
  /** The activity configuration's `immutable` (true unless set otherwise). */
  immutableActivities: boolean;
  notification: boolean;
}

export type AddData = {
  organizationId: string;
  documentId: string;
  triggerNotification?: boolean;
  commentAnnotations: Array<{ annotationId: string; commentData: NewCommentDto[] }>;
};

/** Sends a statement on the transaction, which checks its answer at commit (so it may go unawaited). */
function send<T extends QueryResultRow>(
  transaction: PipelinedTransaction,
  statement: PreparedStatement,
  values: unknown[],
) {
  return transaction.send<T>({ name: statement.name, text: statement.text, values });
}

/** `queue`: the webhook queue, under the API's prefix and default job options. */
async function addAnnotation(
  { pool, io }: Backends,
  queue: Queue,
  apiKeyId: string,
  data: AddData,
  sinks: TenantSinks,
): Promise<Envelope> {
  const { organizationId, documentId } = data;
  const [annotation] = data.commentAnnotations;
  const now = new Date();
  const ids = numberComments(
    annotation.commentData.map((c) => c.commentId),
    1,
  );
  const occurredAt = new Date();
  const client = await pool.connect();
  // The API's EventOutbox transaction: START TRANSACTION with the first statement, the sinks' writes
  // (activity first, then the webhook's and the notification's behind the settings read) unawaited,
  // COMMIT with the last of them.
  const transaction = PipelinedTransaction.begin(client);
  let after: () => Promise<void>;
  try {
    const thread = {
      id: annotation.annotationId,
      status: statusOf(undefined),
      priority: null,
      assigned_to: null,
      created_by: annotation.commentData[0].from,
      location: null,
      location_id: locationIdOf(undefined),
      target_element: null,
      context: null,
      type: 'comment',
      comment_type: null,
      source_type: 'rest-api',
      suggestion: null,
      visibility: null,
      next_comment_id: Math.max(...ids) + 1,
      created_at: now,
      updated_at: now,
    };
    const comments = annotation.commentData.map((c, i) => newComment(annotation.annotationId, ids[i], c, now));
    const { rows } = await send<ThreadRow & { change_seq: string }>(transaction, ADD_THREADS, [
      apiKeyId,
      organizationId,
      documentId,
      JSON.stringify([thread]),
      JSON.stringify(comments),
      changeLogKey(apiKeyId, organizationId, documentId),
    ]);
    const added = storedThread(rows[0]);
    const first = added.view.comments[0];
    const event = {
      trigger: 'comment_annotation.add',
      organizationId,
      documentId,
      documentName: added.documentName,
      actionUser: first.from,
      annotation: added.view,
      comment: first,
      apiKeyId,
      occurredAt,
    } as unknown as CommentEvent & DomainEvent;
    const recipients = commentRecipients(event);
    const userIds = recipients.map((recipient) => recipient.user.userId);
    const deliveries: string[] = [];
    let notification: {
      row: NewNotification;
      inserted: Promise<QueryResult<{ seq: string; created_at: Date }>>;
    } | null = null;
    if (sinks.activity)
      void send(transaction, INSERT_ACTIVITIES, [
        apiKeyId,
        JSON.stringify([activityRow(activityOf(event), newId(), sinks.immutableActivities)]),
      ]);
    if (sinks.rawWebhookUrl || sinks.notification)
      await send(transaction, STORED_SETTINGS, [apiKeyId, organizationId, documentId, userIds]);
    if (sinks.rawWebhookUrl) {
      const eventId = newId();
      const id = newId();
      deliveries.push(id);
      void send(transaction, INSERT_DELIVERIES, [
        apiKeyId,
        JSON.stringify([
          { id: eventId, organization_id: organizationId, document_id: documentId, event: event.trigger },
        ]),
        JSON.stringify([
          {
            id,
            event_id: eventId,
            organization_id: organizationId,
            document_id: documentId,
            event: event.trigger,
            target: 'raw',
            endpoint_id: null,
            url: sinks.rawWebhookUrl,
            payload: { webhookId: id, ...eventPayload(event, 'raw') },
            next_attempt_at: occurredAt,
          },
        ]),
      ]);
    }
    if (sinks.notification) {
      const people = recipients.map((recipient) => recipient.user);
      const row = commentNotification(apiKeyId, event, recipients);
      notification = {
        row,
        inserted: send<{ seq: string; created_at: Date }>(
          transaction,
          INSERT_NOTIFICATION,
          insertNotificationParams(row, people),
        ),
      };
    }
    await transaction.commit();
    after = async () => {
      if (deliveries.length > 0) await queue.addBulk(deliveries.map(deliveryJob));
      if (notification) {
        const [inserted] = (await notification.inserted).rows;
        const row: Notification = { ...notification.row, seq: inserted.seq, createdAt: inserted.created_at };
        const people = recipients.map((recipient) => recipient.user);
        const users = people.map((person) => ({ userId: person.userId, notified: true, person, readAt: null }));
        io.to(people.map((person) => userRoom(apiKeyId, person.userId))).emit(NOTIFICATION_EVENT, {
          ...notificationView(row, users),
          isUnread: true,
        });
      }
      io.to(documentRoom(apiKeyId, organizationId, documentId)).emit(COMMENT_CHANGE_EVENT, {
        organizationId,
        documentId,
        cursor: rows[0].change_seq,
        kind: 'thread_added',
        annotationId: annotation.annotationId,
        thread: added.view,
      });
    };
  } catch (error) {
    await transaction.rollback();
    throw error;
  } finally {
    transaction.close();
    client.release();
  }
  await after();
  return {
    result: {
      status: 'success',
      message: 'Comment Annotation(s) added successfully.',
      data: {
        [annotation.annotationId]: {
          success: true,
          annotationId: annotation.annotationId,
          commentIds: ids,
          message: 'Added Successfully',
        },
      },
    },
  };
}

/**
 * The comment-write yardsticks' side of the bench (the bare server and the Nest peer): the webhook queue
 * under the API's prefix and default job options, and each API key's sinks, a JSON object in COMMENT_SINKS.
 */
export class CommentWrites {
  private readonly queue: Queue;
  private readonly sinks: Record<string, TenantSinks>;

  constructor(
    private readonly backends: Backends,
    env: NodeJS.ProcessEnv,
  ) {
    this.queue = new Queue('webhook', {
      connection: { url: env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
      prefix: `${env.REDIS_PREFIX ?? 'bench'}:bull`,
      defaultJobOptions: DEFAULT_JOB_OPTIONS,
    });
    this.sinks = JSON.parse(env.COMMENT_SINKS ?? '{}') as Record<string, TenantSinks>;
  }

  add(apiKeyId: string, data: AddData): Promise<Envelope> {
    return addAnnotation(
      this.backends,
      this.queue,
      apiKeyId,
      data,
      this.sinks[apiKeyId] ?? { activity: false, notification: false, immutableActivities: true },
    );
  }

  close(): Promise<void> {
    return this.queue.close();
  }
}
