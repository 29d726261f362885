import { performance } from 'node:perf_hooks';
import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ActivityUserData } from '@app/activity';
import { MemoryUserData } from '@app/ai-memory';
import { AppConfig } from '@app/common';
import { CommentUserData } from '@app/comment';
import { CrdtUserData } from '@app/crdt';
import { EmailUserData } from '@app/email';
import { NotificationUserData } from '@app/notification';
import { PresenceUserData } from '@app/presence';
import { RealtimeRevocation } from '@app/realtime-hub';
import { UserAccessData } from '@app/user';
import { WebhookUserData } from '@app/webhook';
import { WorkflowUserData } from '@app/workflow';
import { AgentUserData } from '@app/agent';
import { DeletionTaskKind } from './entities/user-data-deletion-task.entity';
import { DeletionStatus } from './entities/user-data-deletion.entity';

export const DELETION_ABANDONED = 'Data deletion could not be completed.';

interface DeletionRow {
  id: string;
  apiKeyId: string;
  organizationIds: string[] | null;
  status: DeletionStatus;
}

interface TaskRow {
  position: number;
  userId: string;
  kind: DeletionTaskKind;
  progress: string | null;
}

/** What one batch did to its task: rows changed, whether the task is now complete, where a walking task continues. */
interface BatchResult {
  erased: number;
  completed: boolean;
  progress?: string;
}

/** The batch's result with the task it worked on; null when no task was left. */
type BatchOutcome = (BatchResult & { task: TaskRow }) | null;

/** The delivery log's seq starts at 1. */
const LOG_START = '0';

const ROW_COLUMNS = `id, api_key_id AS "apiKeyId", organization_ids AS "organizationIds", status`;

/**
 * Worker side of users/data/delete. Works in batches of USER_DATA_BATCH_SIZE rows, each in its own
 * short transaction that also records the task's progress, so a crash loses at most one uncommitted
 * batch and a rerun continues where the last commit left off. The deletion row is locked per batch:
 * concurrent runs of one job (a stalled job taken over) take turns instead of racing.
 * No webhooks are emitted: erasure is not user activity, and an event would copy the erased data
 * (comment bodies, user identity) to every subscriber.
 */
@Injectable()
export class UserDataEraser {
  private readonly logger = new Logger(UserDataEraser.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly comments: CommentUserData,
    private readonly access: UserAccessData,
    private readonly presence: PresenceUserData,
    private readonly webhooks: WebhookUserData,
    private readonly notifications: NotificationUserData,
    private readonly activities: ActivityUserData,
    private readonly emails: EmailUserData,
    private readonly crdt: CrdtUserData,
    private readonly workflows: WorkflowUserData,
    private readonly memory: MemoryUserData,
    private readonly agents: AgentUserData,
    private readonly revocation: RealtimeRevocation,
  ) {}

  /** Returns the final status, or null when the deletion row does not exist. */
  async run(deletionId: string): Promise<DeletionStatus | null> {
    const claimed = await this.claim(deletionId);
    if (claimed) {
      for (;;) {
        const started = performance.now();
        const outcome = await this.dataSource.transaction((manager) => this.batch(manager, claimed));
        if (!outcome) break;
        // No user id in logs: they would keep what the job erases.
        this.logger.debug(
          { deletionId, kind: outcome.task.kind, erased: outcome.erased, ms: performance.now() - started },
          'User data batch committed',
        );
        // At once, so a user's open sockets do not outlive their grants by the rest of the job.
        if (outcome.completed && outcome.task.kind === 'access') await this.revoke(claimed, [outcome.task.userId]);
      }
    }
    const row = await this.find(deletionId);
    if (row?.status === 'completed') {
      if (claimed) this.logger.log({ deletionId }, 'User data deletion completed');
      // Again for every user: a run that died between a commit and its revocation left it undone; repeating is harmless.
      await this.revoke(row, await this.userIdsOf(deletionId));
    }
    return row?.status ?? null;
  }

  async unsettled(quietSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM user_data_deletion WHERE status IN ('pending', 'in_progress') AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`,
      [quietSeconds, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Marks a deletion failed that ran out of retries on unexpected errors. */
  async abandon(deletionId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE user_data_deletion SET status = 'failed', error = $2, updated_at = now() WHERE id = $1 AND status IN ('pending', 'in_progress')`,
      [deletionId, DELETION_ABANDONED],
    );
  }

  private async claim(deletionId: string): Promise<DeletionRow | undefined> {
    const [rows] = await this.dataSource.query<[DeletionRow[], number]>(
      `UPDATE user_data_deletion SET status = 'in_progress', attempts = attempts + 1, updated_at = now()
       WHERE id = $1 AND status IN ('pending', 'in_progress') RETURNING ${ROW_COLUMNS}`,
      [deletionId],
    );
    return rows[0];
  }

  private async find(deletionId: string): Promise<DeletionRow | undefined> {
    const rows: DeletionRow[] = await this.dataSource.query(
      `SELECT ${ROW_COLUMNS} FROM user_data_deletion WHERE id = $1`,
      [deletionId],
    );
    return rows[0];
  }

  private async batch(manager: EntityManager, deletion: DeletionRow): Promise<BatchOutcome> {
    const [current]: Array<{ status: DeletionStatus }> = await manager.query(
      'SELECT status FROM user_data_deletion WHERE id = $1 FOR UPDATE',
      [deletion.id],
    );
    if (current?.status !== 'in_progress') return null;
    const [task]: TaskRow[] = await manager.query(
      `SELECT position, user_id AS "userId", kind, progress FROM user_data_deletion_task
        WHERE deletion_id = $1 AND completed_at IS NULL ORDER BY position LIMIT 1`,
      [deletion.id],
    );
    if (!task) {
      await manager.query(
        `UPDATE user_data_deletion SET status = 'completed', error = NULL, completed_at = now(), updated_at = now() WHERE id = $1`,
        [deletion.id],
      );
      return null;
    }
    const limit = this.config.userDataBatchSize;
    const result = await this.erase(manager, deletion, task, limit);
    await manager.query(
      `UPDATE user_data_deletion_task SET erased = erased + $3, progress = $4, completed_at = CASE WHEN $5 THEN now() END
        WHERE deletion_id = $1 AND position = $2`,
      [deletion.id, task.position, result.erased, result.progress ?? null, result.completed],
    );
    await manager.query('UPDATE user_data_deletion SET updated_at = now() WHERE id = $1', [deletion.id]);
    return { task, ...result };
  }

  private async erase(
    manager: EntityManager,
    { apiKeyId, organizationIds }: DeletionRow,
    { userId, kind, progress }: TaskRow,
    limit: number,
  ): Promise<BatchResult> {
    const upTo = (erased: number): BatchResult => ({ erased, completed: erased < limit });
    switch (kind) {
      case 'access':
        return upTo(await this.access.eraseBatch(manager, apiKeyId, organizationIds, userId, limit));
      case 'presence':
        // Redis, outside the transaction: one pass over the hashes, idempotent if a crash makes it run again.
        return { erased: await this.presence.erase(apiKeyId, organizationIds, userId), completed: true };
      case 'reactions':
        return upTo(await this.comments.eraseReactions(manager, apiKeyId, organizationIds, userId, limit));
      case 'comments':
        return upTo(await this.comments.eraseComments(manager, apiKeyId, organizationIds, userId, limit));
      case 'mentions':
        return upTo(await this.comments.eraseMentions(manager, apiKeyId, organizationIds, userId, limit));
      case 'annotations':
        return upTo(await this.comments.eraseAnnotations(manager, apiKeyId, organizationIds, userId, limit));
      case 'notifications':
        return this.notifications.erase(manager, apiKeyId, organizationIds, userId, limit);
      case 'webhooks': {
        const walk = await this.webhooks.eraseDeliveries(
          manager,
          apiKeyId,
          organizationIds,
          userId,
          progress ?? LOG_START,
          limit,
        );
        return { erased: walk.erased, completed: walk.completed, progress: walk.lastSeq };
      }
      case 'activities':
        return upTo(await this.activities.eraseBatch(manager, apiKeyId, organizationIds, userId, limit));
      case 'emails': {
        const walk = await this.emails.eraseMessages(
          manager,
          apiKeyId,
          organizationIds,
          userId,
          progress ?? LOG_START,
          limit,
        );
        return { erased: walk.erased, completed: walk.completed, progress: walk.lastSeq };
      }
      case 'crdt-attribution':
        return this.crdt.erase(manager, apiKeyId, organizationIds, userId, limit);
      case 'workflows':
        return this.workflows.erase(manager, apiKeyId, organizationIds, userId, limit);
      case 'memory':
        return this.memory.erase(manager, apiKeyId, organizationIds, userId, limit);
      case 'agent-runs':
        return this.agents.erase(manager, apiKeyId, organizationIds, userId, limit);
    }
  }

  private async userIdsOf(deletionId: string): Promise<string[]> {
    const rows: Array<{ user_id: string }> = await this.dataSource.query(
      'SELECT DISTINCT user_id FROM user_data_deletion_task WHERE deletion_id = $1',
      [deletionId],
    );
    return rows.map((row) => row.user_id);
  }

  /** Live sockets of the users re-check their access and lose what they no longer have. */
  private async revoke({ apiKeyId, organizationIds }: DeletionRow, userIds: string[]): Promise<void> {
    if (!organizationIds) return this.revocation.revokeUsers(apiKeyId, userIds);
    for (const organizationId of organizationIds) await this.revocation.revokeUsers(apiKeyId, userIds, organizationId);
  }
}
