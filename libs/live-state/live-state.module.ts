import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LIVE_STATE_ENTITIES } from './entities';
import { LiveStateService } from './live-state.service';

@Module({
  imports: [TypeOrmModule.forFeature(LIVE_STATE_ENTITIES)],
  providers: [LiveStateService],
  exports: [LiveStateService],
})
export class LiveStateModule {}
