import { Global, Module } from '@nestjs/common';
import { ApiKeyAuthGuard, WorkspaceAuthGuard } from './auth.guards';
import { CredentialService } from './credential.service';
import { UserTokenService } from './user-token.service';

@Global()
@Module({
  providers: [CredentialService, WorkspaceAuthGuard, ApiKeyAuthGuard, UserTokenService],
  exports: [CredentialService, WorkspaceAuthGuard, ApiKeyAuthGuard, UserTokenService],
})
export class AuthModule {}
