import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ActivityConfigService } from './activity-config.service';
import { ActivityService } from './activity.service';
import { ACTIVITY_ENTITIES } from './entities';

/** The activity log: its records and its configuration per API key. */
@Module({
  imports: [TypeOrmModule.forFeature(ACTIVITY_ENTITIES)],
  providers: [ActivityService, ActivityConfigService],
  exports: [ActivityService, ActivityConfigService],
})
export class ActivityModule {}
