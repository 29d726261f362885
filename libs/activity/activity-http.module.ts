import { Module } from '@nestjs/common';
import { ActivityConfigController } from './activity-config.controller';
import { ActivityController } from './activity.controller';
import { ActivityModule } from './activity.module';

@Module({ imports: [ActivityModule], controllers: [ActivityController, ActivityConfigController] })
export class ActivityHttpModule {}
