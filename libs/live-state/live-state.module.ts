import { Module } from '@nestjs/common';
import { LiveStateController } from './live-state.controller';
import { LiveStateService } from './live-state.service';

@Module({ controllers: [LiveStateController], providers: [LiveStateService], exports: [LiveStateService] })
export class LiveStateModule {}
