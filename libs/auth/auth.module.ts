import { Global, Module } from '@nestjs/common';
import { ApiKeyAuthGuard, WorkspaceAuthGuard } from './auth.guards';
import { CredentialService } from './credential.service';

@Global()
@Module({
  providers: [CredentialService, WorkspaceAuthGuard, ApiKeyAuthGuard],
  exports: [CredentialService, WorkspaceAuthGuard, ApiKeyAuthGuard],
})
export class AuthModule {}
