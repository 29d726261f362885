import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ActivityConfig } from './entities/activity-config.entity';
import { retentionCutoff } from './activity-config.service';

/** Rows one statement deletes: short transactions, so the sweep never holds locks for long. */
const DELETE_BATCH = 1000;

/**
 * Deletes activities older than their API key's retention. Each batch is one statement of its own:
 * a crash loses nothing, and running twice (two workers, a retried job) deletes nothing twice.
 */
@Injectable()
export class ActivityRetentionSweeper {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Returns how many activities were deleted. */
  async sweep(now = Date.now()): Promise<number> {
    const configs = await this.dataSource
      .getRepository(ActivityConfig)
      .createQueryBuilder('c')
      .select(['c.apiKeyId', 'c.retentionDays'])
      .where('c.retentionDays IS NOT NULL')
      .getMany();
    let deleted = 0;
    for (const { apiKeyId, retentionDays } of configs) {
      const cutoff = retentionCutoff(retentionDays, now);
      for (;;) {
        const [, count] = await this.dataSource.query<[unknown[], number]>(
          `DELETE FROM activity WHERE ctid = ANY(ARRAY(
             SELECT ctid FROM activity WHERE api_key_id = $1 AND timestamp < $2 LIMIT $3))`,
          [apiKeyId, cutoff, DELETE_BATCH],
        );
        deleted += count;
        if (count < DELETE_BATCH) break;
      }
    }
    return deleted;
  }
}
