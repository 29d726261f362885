import { Global, Module } from '@nestjs/common';
import { RealtimeHub } from './realtime-hub';
import { RealtimeRevocation } from './realtime-revocation';

/** Global so any domain can broadcast or revoke without importing the gateway and its dependencies. */
@Global()
@Module({ providers: [RealtimeHub, RealtimeRevocation], exports: [RealtimeHub, RealtimeRevocation] })
export class RealtimeHubModule {}
