import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { runStatement } from '@app/database';
import { activityView } from './activity-record';
import { Activity } from './entities/activity.entity';

export interface UserActivityItem {
  timestamp: string;
  id: string;
  view: Record<string, unknown>;
}

/** GDPR: the activities a user performed (the actor), listed for users/data/get and erased in bounded batches by users/data/delete. */
@Injectable()
export class ActivityUserData {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Oldest first after the (timestamp, id) cursor. */
  async activities(
    apiKeyId: string,
    organizationId: string,
    userId: string,
    after: [string, string],
    limit: number,
  ): Promise<UserActivityItem[]> {
    const rows = await this.dataSource
      .getRepository(Activity)
      .createQueryBuilder('a')
      .where('a.apiKeyId = :apiKeyId AND a.organizationId = :organizationId AND a.actorUserId = :userId', {
        apiKeyId,
        organizationId,
        userId,
      })
      .andWhere('(a.timestamp, a.id) > (:afterTime, :afterId)', { afterTime: after[0], afterId: after[1] })
      .orderBy('a.timestamp', 'ASC')
      .addOrderBy('a.id', 'ASC')
      .take(limit)
      .getMany();
    return rows.map((row) => ({ timestamp: row.timestamp, id: row.id, view: activityView(row) }));
  }

  /** Deletes up to `limit` of the user's activities on the caller's transaction (null organizations: all); immutable ones too, as the law asks. */
  async eraseBatch(
    manager: EntityManager,
    apiKeyId: string,
    organizations: string[] | null,
    userId: string,
    limit: number,
  ): Promise<number> {
    const { affected } = await runStatement(
      manager,
      `DELETE FROM activity WHERE ctid = ANY(ARRAY(SELECT ctid FROM activity
        WHERE api_key_id = $1 AND actor_user_id = $3 AND ($2::text[] IS NULL OR organization_id = ANY($2::text[])) LIMIT $4))`,
      [apiKeyId, organizations, userId, limit],
    );
    return affected;
  }
}
