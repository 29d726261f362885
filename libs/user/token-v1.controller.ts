import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CREDENTIAL_VERIFIER, CredentialVerifier } from '@app/auth';
import { ErrorCode, ok } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { GenerateTokenV1Dto } from './dto/permissions.dto';
import { TokenIssueService } from './token-issue.service';

/**
 * Velt's v1 Generate Token carries the API key and auth token in the body, so no header guard runs:
 * the body is validated first, then its credentials are checked as the guard would check headers.
 */
@ApiTags('auth')
@ApiErrors(ErrorCode.UNAUTHENTICATED)
@Controller()
export class TokenV1Controller {
  constructor(
    @Inject(CREDENTIAL_VERIFIER) private readonly credentials: CredentialVerifier,
    private readonly tokens: TokenIssueService,
  ) {}

  @RpcPost('/v1/auth/token/get')
  async generateToken(@Data() dto: GenerateTokenV1Dto) {
    const key = await this.credentials.verifyApiKey(dto.apiKey, dto.authToken);
    return ok('Token generated successfully.', await this.tokens.generateV1(key.apiKeyId, dto));
  }
}
