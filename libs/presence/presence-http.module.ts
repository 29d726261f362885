import { Module } from '@nestjs/common';
import { PresenceController } from './presence.controller';
import { PresenceModule } from './presence.module';

@Module({ imports: [PresenceModule], controllers: [PresenceController] })
export class PresenceHttpModule {}
