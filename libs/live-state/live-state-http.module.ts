import { Module } from '@nestjs/common';
import { LiveStateController } from './live-state.controller';
import { LiveStateModule } from './live-state.module';

@Module({ imports: [LiveStateModule], controllers: [LiveStateController] })
export class LiveStateHttpModule {}
