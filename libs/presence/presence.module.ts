import { Module } from '@nestjs/common';
import { PresenceUserData } from './presence-user-data.service';
import { PresenceService } from './presence.service';

@Module({ providers: [PresenceService, PresenceUserData], exports: [PresenceService, PresenceUserData] })
export class PresenceModule {}
