import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AppConfig } from '@app/common';
import { SinkSettings } from '@app/events';
import { ActivityServiceConfig } from './activity-config';
import { ActivityConfig } from './entities/activity-config.entity';

async function loadConfig(manager: EntityManager, apiKeyId: string): Promise<ActivityServiceConfig | null> {
  const row = await manager.findOne(ActivityConfig, { where: { apiKeyId } });
  return row?.serviceConfig ?? null;
}

/** The activity recorder's configuration per API key; ActivityConfigService forgets a key it changes. */
@Injectable()
export class ActivitySinkSettings extends SinkSettings<ActivityServiceConfig | null> {
  constructor(config: AppConfig) {
    super(config.authCacheTtlMs, loadConfig);
  }
}
