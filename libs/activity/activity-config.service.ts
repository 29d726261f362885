import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '@app/common';
import { ActivityServiceConfig, mergeConfig, parseTriggers, UNCONFIGURED } from './activity-config';
import { ActivitySinkSettings } from './activity-sink-settings';
import { ActivityServiceConfigDto } from './dto/activity-config.dto';
import { ActivityConfig } from './entities/activity-config.entity';

const DAY_MS = 86_400_000;

/** The oldest timestamp (epoch ms) an activity may have to be kept, or null when nothing expires. */
export function retentionCutoff(retentionDays: number | null | undefined, now: number): number | null {
  return retentionDays == null ? null : Math.floor(now - retentionDays * DAY_MS);
}

/** Velt's activityconfig routes: the activityServiceConfig of one API key. */
@Injectable()
export class ActivityConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly settings: ActivitySinkSettings,
  ) {}

  /** The stored configuration, or null when the API key never configured activity logs. */
  async stored(apiKeyId: string): Promise<ActivityServiceConfig | null> {
    const row = await this.dataSource.getRepository(ActivityConfig).findOne({ where: { apiKeyId } });
    return row?.serviceConfig ?? null;
  }

  async get(apiKeyId: string): Promise<{ activityServiceConfig: ActivityServiceConfig }> {
    return { activityServiceConfig: (await this.stored(apiKeyId)) ?? { ...UNCONFIGURED } };
  }

  /** Velt: deep-merged into the stored value; the answer echoes the configuration after the write. */
  async update(
    apiKeyId: string,
    dto: ActivityServiceConfigDto,
  ): Promise<{ activityServiceConfig: ActivityServiceConfig }> {
    const patch = {
      isEnabled: dto.isEnabled ?? undefined,
      enabledTime: dto.enabledTime ?? undefined,
      immutable: dto.immutable ?? undefined,
      triggers: dto.triggers == null ? undefined : parseTriggers(dto.triggers),
      retentionDays: dto.retentionDays ?? undefined,
    };
    if (Object.values(patch).every((value) => value === undefined))
      throw ApiError.invalid('At least one field must be provided for update');
    const merged = await this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(ActivityConfig, { where: { apiKeyId }, lock: { mode: 'pessimistic_write' } });
      const config = mergeConfig(row?.serviceConfig ?? null, patch, Date.now());
      // Upsert: two first updates of one key race on the insert; the loser merges again on the stored row.
      await manager
        .createQueryBuilder()
        .insert()
        .into(ActivityConfig)
        .values({ apiKeyId, serviceConfig: config, retentionDays: config.retentionDays ?? null })
        .orUpdate(['service_config', 'retention_days', 'updated_at'], ['api_key_id'])
        .execute();
      return config;
    });
    this.settings.forget(apiKeyId);
    return { activityServiceConfig: merged };
  }
}
