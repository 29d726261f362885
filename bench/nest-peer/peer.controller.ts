import {
  CanActivate,
  Controller,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  Injectable,
  Post,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { Request } from 'express';
import { AddData, CommentWrites } from '../support/comment-write-work';
import { Backends, HOT_ROUTE_WORK, verifyApiKey } from '../support/hot-route-work';
import {
  AddAnnotationsDto,
  AddPresenceDto,
  BroadcastDto,
  GenerateTokenDto,
  GetAnnotationsDto,
  GetDocumentsDto,
  GetOrganizationsDto,
  GetUsersDto,
} from './peer.dto';

export const BACKENDS = Symbol('Backends');

type AuthedRequest = Request & { apiKeyId?: string };

/** The request body's `data`, validated by the global ValidationPipe like the API's @Data(). */
const Data = createParamDecorator(
  (_: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<Request<unknown, unknown, { data?: unknown }>>().body.data,
);
const ApiKey = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<AuthedRequest>().apiKeyId!,
);

@Injectable()
class ApiKeyGuard implements CanActivate {
  constructor(private readonly backends: Backends) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const apiKeyId = await verifyApiKey(
      this.backends.pool,
      request.header('x-svc-api-key'),
      request.header('x-svc-auth-token'),
    );
    if (!apiKeyId) throw new UnauthorizedException();
    request.apiKeyId = apiKeyId;
    return true;
  }
}

/** One route per hot route and the comment add, each running the same work as its same-I/O baseline. */
@Controller()
@UseGuards(ApiKeyGuard)
export class PeerController {
  constructor(
    private readonly backends: Backends,
    private readonly writes: CommentWrites,
  ) {}

  private run(path: string, apiKeyId: string, dto: object) {
    return HOT_ROUTE_WORK[path](this.backends, apiKeyId, dto as Record<string, unknown>);
  }

  @Post('/v2/auth/generate_token')
  @HttpCode(200)
  generateToken(@ApiKey() apiKeyId: string, @Data() dto: GenerateTokenDto) {
    return this.run('/v2/auth/generate_token', apiKeyId, dto);
  }

  @Post('/v2/organizations/documents/get')
  @HttpCode(200)
  getDocuments(@ApiKey() apiKeyId: string, @Data() dto: GetDocumentsDto) {
    return this.run('/v2/organizations/documents/get', apiKeyId, dto);
  }

  @Post('/v2/organizations/get')
  @HttpCode(200)
  getOrganizations(@ApiKey() apiKeyId: string, @Data() dto: GetOrganizationsDto) {
    return this.run('/v2/organizations/get', apiKeyId, dto);
  }

  @Post('/v2/presence/add')
  @HttpCode(200)
  addPresence(@ApiKey() apiKeyId: string, @Data() dto: AddPresenceDto) {
    return this.run('/v2/presence/add', apiKeyId, dto);
  }

  @Post('/v2/livestate/broadcast')
  @HttpCode(200)
  broadcast(@ApiKey() apiKeyId: string, @Data() dto: BroadcastDto) {
    return this.run('/v2/livestate/broadcast', apiKeyId, dto);
  }

  @Post('/v2/users/get')
  @HttpCode(200)
  getUsers(@ApiKey() apiKeyId: string, @Data() dto: GetUsersDto) {
    return this.run('/v2/users/get', apiKeyId, dto);
  }

  @Post('/v2/commentannotations/get')
  @HttpCode(200)
  getAnnotations(@ApiKey() apiKeyId: string, @Data() dto: GetAnnotationsDto) {
    return this.run('/v2/commentannotations/get', apiKeyId, dto);
  }

  @Post('/v2/commentannotations/add')
  @HttpCode(200)
  addAnnotations(@ApiKey() apiKeyId: string, @Data() dto: AddAnnotationsDto) {
    return this.writes.add(apiKeyId, dto as AddData);
  }
}
