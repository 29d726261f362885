import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityUserData } from '@app/activity';
import { MemoryUserData } from '@app/ai-memory';
import { ApiError, AppConfig, KeysetPager, newId } from '@app/common';
import { CommentUserData } from '@app/comment';
import { CrdtUserData } from '@app/crdt';
import { NotificationUserData } from '@app/notification';
import { PresenceUserData } from '@app/presence';
import { ensureOrganization } from '@app/resource';
import { UserAccessData } from '@app/user';
import { WorkflowUserData } from '@app/workflow';
import { AgentUserData } from '@app/agent';
import { DeleteUserDataDto } from './dto/delete-user-data.dto';
import { DeletionStatusDto } from './dto/deletion-status.dto';
import { GetUserDataDto } from './dto/get-user-data.dto';
import { DELETION_TASK_KINDS } from './entities/user-data-deletion-task.entity';
import { cursorOf, featurePage, FIRST_PAGE, isDone, USER_DATA_LISTING, UserDataCursor } from './user-data-page';
import { UserDataProducer } from './user-data.producer';

/** Velt's Get All User Data, with our extra feature lists (users, grants, presence, activities, crdt) beside Velt's four. */
export interface UserDataPage {
  data: {
    users: unknown[];
    grants: unknown[];
    presence: unknown[];
    comments: unknown[];
    reactions: unknown[];
    activities: unknown[];
    recordings: never[];
    notifications: unknown[];
    crdt: unknown[];
    workflows: unknown[];
    commentReads: unknown[];
    threadSubscriptions: unknown[];
    /** Ours: AI memory judgments and knowledge uploads filed under the user. */
    memory: unknown[];
    agents: unknown[];
  };
  nextPageToken?: string;
}

export interface DeletionView {
  isDeleteCompleted: boolean;
  tasksLeft: number;
  lastTaskCompletedTime: number | null;
}

/**
 * API side of the GDPR routes: reads through each owning module's user-data service; a deletion
 * is recorded as a pending row with one task per user and kind, then enqueued for the worker.
 */
@Injectable()
export class UserDataService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly producer: UserDataProducer,
    private readonly comments: CommentUserData,
    private readonly access: UserAccessData,
    private readonly presence: PresenceUserData,
    private readonly notifications: NotificationUserData,
    private readonly activities: ActivityUserData,
    private readonly crdt: CrdtUserData,
    private readonly workflows: WorkflowUserData,
    private readonly memory: MemoryUserData,
    private readonly agents: AgentUserData,
  ) {}

  async get(apiKeyId: string, dto: GetUserDataDto): Promise<UserDataPage> {
    const { organizationId, userId } = dto;
    await ensureOrganization(this.dataSource.manager, apiKeyId, organizationId, { lock: false });
    const pager = new KeysetPager(
      USER_DATA_LISTING,
      { pageToken: dto.pageToken },
      { apiKeyId, filters: [organizationId, userId] },
      this.config.pageTokenKey,
    );
    const after = pager.after ? cursorOf(pager.after) : FIRST_PAGE;
    const profile = pager.after ? null : await this.access.profile(apiKeyId, organizationId, userId);
    // Presence is short-lived and a handful of entries: whole, on the first page.
    const presence = pager.after ? [] : await this.presence.entries(apiKeyId, organizationId, userId);
    const grants = await featurePage(
      after.grants,
      (a, limit) => this.access.grants(apiKeyId, organizationId, userId, a, limit),
      (g): [string, string] => [g.rank, g.resourceId],
    );
    const comments = await featurePage(
      after.comments,
      ([seq], limit) => this.comments.comments(apiKeyId, organizationId, userId, seq, limit),
      (c): [string] => [c.seq],
    );
    const reactions = await featurePage(
      after.reactions,
      (a, limit) => this.comments.reactions(apiKeyId, organizationId, userId, a, limit),
      (r): [string, string] => [r.seq, r.icon],
    );
    const notifications = await featurePage(
      after.notifications,
      ([seq], limit) => this.notifications.notifications(apiKeyId, organizationId, userId, seq, limit),
      (n): [string] => [n.seq],
    );
    const activities = await featurePage(
      after.activities,
      (a, limit) => this.activities.activities(apiKeyId, organizationId, userId, a, limit),
      (x): [string, string] => [x.timestamp, x.id],
    );
    const crdt = await featurePage(
      after.crdt,
      ([, ...a], limit) => this.crdt.editors(apiKeyId, organizationId, userId, a, limit),
      (e): [string, string, string] => ['0', e.documentId, e.editorId],
    );
    const workflows = await featurePage(
      after.workflows,
      (position, limit) => this.workflows.decisions({ apiKeyId, organizationId, userId, after: position, limit }),
      (w): [string, string] => [w.createdAt, w.key],
    );
    const commentReads = await featurePage(
      after.commentReads,
      ([, ...a], limit) => this.comments.commentReads(apiKeyId, organizationId, userId, a, limit),
      (r): [string, string, string] => ['0', r.documentId, r.annotationId],
    );
    const threadSubscriptions = await featurePage(
      after.threadSubscriptions,
      ([seq], limit) => this.comments.threadSubscriptions(apiKeyId, organizationId, userId, seq, limit),
      (s): [string] => [s.seq],
    );
    const memory = await featurePage(
      after.memory,
      (position, limit) => this.memory.items({ apiKeyId, organizationId, userId, after: position, limit }),
      (m): [string, string] => [m.createdAt, m.key],
    );
    const agents = await featurePage(
      after.agents,
      (position, limit) => this.agents.runs({ apiKeyId, organizationId, userId, after: position, limit }),
      (r): [string, string] => [r.createdAt, r.key],
    );
    const next: UserDataCursor = {
      comments: comments.next,
      reactions: reactions.next,
      grants: grants.next,
      notifications: notifications.next,
      activities: activities.next,
      crdt: crdt.next,
      workflows: workflows.next,
      commentReads: commentReads.next,
      threadSubscriptions: threadSubscriptions.next,
      memory: memory.next,
      agents: agents.next,
    };
    const page: UserDataPage = {
      data: {
        users: profile ? [profile] : [],
        grants: grants.items.map((g) => g.view),
        presence,
        comments: comments.items.map((c) => c.view),
        reactions: reactions.items.map((r) => r.view),
        activities: activities.items.map((a) => a.view),
        recordings: [],
        notifications: notifications.items.map((n) => n.view),
        crdt: crdt.items.map((e) => e.view),
        workflows: workflows.items.map((w) => w.view),
        commentReads: commentReads.items,
        threadSubscriptions: threadSubscriptions.items.map((s) => s.view),
        memory: memory.items.map((m) => m.view),
        agents: agents.items.map((r) => r.view),
      },
    };
    const more = Object.values(next).some((position: string[]) => !isDone(position));
    if (more) page.nextPageToken = pager.tokenAfter(USER_DATA_LISTING.cursorOf(next));
    return page;
  }

  /** Records the deletion and its tasks (one per user and kind) in one transaction, then enqueues it. */
  async start(apiKeyId: string, dto: DeleteUserDataDto): Promise<{ jobId: string; tasksCount: number }> {
    const userIds = [...new Set(dto.userIds)];
    const organizationIds = dto.organizationIds ? [...new Set(dto.organizationIds)] : null;
    const tasks = userIds.flatMap((userId) => DELETION_TASK_KINDS.map((kind) => ({ userId, kind })));
    const jobId = newId();
    await this.dataSource.transaction(async (manager) => {
      await manager.query('INSERT INTO user_data_deletion (id, api_key_id, organization_ids) VALUES ($1, $2, $3)', [
        jobId,
        apiKeyId,
        organizationIds,
      ]);
      await manager.query(
        `INSERT INTO user_data_deletion_task (deletion_id, position, user_id, kind)
         SELECT $1, t.position, t.user_id, t.kind FROM unnest($2::int[], $3::text[], $4::text[]) AS t(position, user_id, kind)`,
        [jobId, tasks.map((_, i) => i), tasks.map((t) => t.userId), tasks.map((t) => t.kind)],
      );
    });
    await this.producer.enqueue(jobId);
    return { jobId, tasksCount: tasks.length };
  }

  /** Another API key's deletion is indistinguishable from a missing one. */
  async status(apiKeyId: string, dto: DeletionStatusDto): Promise<DeletionView> {
    const [row]: Array<{ status: string; tasks_left: number; last_completed: Date | null }> =
      await this.dataSource.query(
        `SELECT d.status, count(*) FILTER (WHERE t.completed_at IS NULL)::int AS tasks_left, max(t.completed_at) AS last_completed
         FROM user_data_deletion d LEFT JOIN user_data_deletion_task t ON t.deletion_id = d.id
        WHERE d.id = $1 AND d.api_key_id = $2 GROUP BY d.id`,
        [dto.jobId, apiKeyId],
      );
    if (!row) throw ApiError.notFound('Data deletion job does not exist.');
    return {
      isDeleteCompleted: row.status === 'completed',
      tasksLeft: row.tasks_left,
      lastTaskCompletedTime: row.last_completed?.getTime() ?? null,
    };
  }
}
