import { Controller, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { ApiError, ErrorCode, ok, requireNoFields } from '@app/common';
import { ApiErrors, Data, RpcPost } from '@app/http';
import { consoleSessionToken, WorkspaceAuth } from '@app/auth';
import { ConsoleSessions, SESSION_ENDED } from '@app/workspace';
import { ConsoleLogin } from './console-login.service';
import { ConsoleSignInDto, LinkSignInDto, SendLoginLinkDto } from './dto/console-auth.dto';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { SignInLimiter } from './sign-in-limiter';

/** The console's sign-in (docs/console.md "Sign-in"): each answer that opens a session sets its cookie. */
@ApiTags('console')
@Controller()
export class ConsoleAuthController {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly login: ConsoleLogin,
    private readonly limiter: SignInLimiter,
  ) {}

  @RpcPost('/v2/workspace/console/signin')
  @ApiErrors(ErrorCode.UNAUTHENTICATED, ErrorCode.RESOURCE_EXHAUSTED)
  @ApiOperation({
    description:
      'Ours, public: opens a console session on the workspace id and auth token, as an HttpOnly, SameSite=Strict cookie. ' +
      'Answers the session with its `csrfToken`, which every console request sends as `x-svc-csrf-token`. ' +
      'Rate-limited per client address and per workspace.',
  })
  async signIn(@Data() dto: ConsoleSignInDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.attempt([`ip:${req.ip}`, `workspace:${dto.workspaceId}`]);
    const opened = await this.sessions.signInWithCredentials(dto.workspaceId, dto.authToken);
    setSessionCookie(req, res, opened.token, new Date(opened.view.expiresAt));
    return ok('Signed in successfully.', opened.view);
  }

  @RpcPost('/v2/workspace/console/signin/link')
  @ApiErrors(ErrorCode.UNAUTHENTICATED, ErrorCode.RESOURCE_EXHAUSTED)
  @ApiOperation({
    description:
      'Ours, public: spends an e-mailed login link (send-login-link) and opens its console session, as signin does. ' +
      'A used, expired or unknown link is UNAUTHENTICATED. Answers the session and the `continueUrl` the link was sent with.',
  })
  async signInWithLink(@Data() dto: LinkSignInDto, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    await this.limiter.attempt([`ip:${req.ip}`]);
    const opened = await this.sessions.redeemLink(dto.token);
    setSessionCookie(req, res, opened.token, new Date(opened.view.expiresAt));
    return ok('Signed in successfully.', { ...opened.view, continueUrl: opened.continueUrl });
  }

  @RpcPost('/v2/workspace/email/send-login-link')
  @ApiErrors(ErrorCode.RESOURCE_EXHAUSTED)
  @ApiOperation({
    description:
      "Velt's Send Login Link, public: e-mails the owner of `email` a single-use console link per workspace they own, " +
      "through the e-mail settings of the workspace's oldest API key whose e-mail service sends (smtp or sendgrid). " +
      'Answers the same whether or not the address owns a workspace. Rate-limited per client address and per e-mail address.',
  })
  async sendLoginLink(@Data() dto: SendLoginLinkDto, @Req() req: Request) {
    await this.limiter.attempt([`ip:${req.ip}`, `email:${dto.email.toLowerCase()}`]);
    await this.login.sendLoginLink(dto);
    return ok('Login link sent successfully', null);
  }

  /** Read by the cookie alone: it answers the CSRF token the other requests need, and no other origin can read it (no CORS). */
  @RpcPost('/v2/workspace/console/session/get')
  @ApiErrors(ErrorCode.UNAUTHENTICATED)
  @ApiOperation({
    description:
      "Ours: the console session of the request's cookie (workspace, how it signed in, `csrfToken`, `expiresAt`); UNAUTHENTICATED without one.",
  })
  async session(@Data() data: Record<string, unknown>, @Req() req: Request) {
    requireNoFields(data);
    const token = consoleSessionToken(req);
    if (token === null) throw ApiError.unauthenticated(SESSION_ENDED);
    return ok('Console session retrieved successfully.', await this.sessions.describe(token));
  }

  @RpcPost('/v2/workspace/console/signout')
  @WorkspaceAuth()
  @ApiOperation({ description: 'Ours: ends the console session of the request and clears its cookie.' })
  async signOut(@Data() data: Record<string, unknown>, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    requireNoFields(data);
    if (!req.consoleSession) throw ApiError.invalid('Only a console session signs out; this request carries none.');
    await this.sessions.signOut(req.consoleSession);
    clearSessionCookie(req, res);
    return ok('Signed out successfully.', null);
  }
}
