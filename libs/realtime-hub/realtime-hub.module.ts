import { Global, Module } from '@nestjs/common';
import { RealtimeHandlerErrors } from './realtime-handler-errors';
import { RealtimeHub } from './realtime-hub';
import { RealtimeRevocation } from './realtime-revocation';

/** Global so any domain can broadcast or revoke without importing the gateway and its dependencies. */
@Global()
@Module({
  providers: [RealtimeHub, RealtimeRevocation, RealtimeHandlerErrors],
  exports: [RealtimeHub, RealtimeRevocation, RealtimeHandlerErrors],
})
export class RealtimeHubModule {}
