import { DynamicModule, Module, Type } from '@nestjs/common';
import { ApiKeyAuthGuard, WorkspaceAuthGuard } from './auth.guards';
import { CREDENTIAL_VERIFIER, CredentialVerifier } from './credential-verifier';

/** Global, so every controller's guards find the verifier; `verifier` is provided by `module`. */
@Module({})
export class AuthModule {
  static withCredentials(module: Type, verifier: Type<CredentialVerifier>): DynamicModule {
    return {
      module: AuthModule,
      global: true,
      imports: [module],
      providers: [{ provide: CREDENTIAL_VERIFIER, useExisting: verifier }, WorkspaceAuthGuard, ApiKeyAuthGuard],
      exports: [CREDENTIAL_VERIFIER, WorkspaceAuthGuard, ApiKeyAuthGuard],
    };
  }
}
