import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityConfigService } from './activity-config.service';
import { ActivityService } from './activity.service';
import { ActivitySinkModule } from './activity-sink.module';
import { ActivityUserData } from './activity-user-data.service';
import { ACTIVITY_ENTITIES } from './entities';

/** The activity log: its records and its configuration per API key. */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES), ActivitySinkModule],
  providers: [ActivityService, ActivityConfigService, ActivityUserData],
  exports: [ActivityService, ActivityConfigService, ActivityUserData],
})
export class ActivityModule {}
