import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, AppConfig } from '@app/common';
import { ConsoleLoginEmails } from '@app/email';
import { ConsoleSessions, isDisposableEmail } from '@app/workspace';
import { checkContinueUrl, loginLinkOf } from './continue-url';
import { SendLoginLinkDto } from './dto/console-auth.dto';

/** Velt's message for a disposable address on this route. */
export const EMAIL_DOMAIN_NOT_SUPPORTED = 'This email domain is not supported.';

/** Velt's Send Login Link: e-mails the owner of the address one single-use link per workspace they own. */
@Injectable()
export class ConsoleLogin {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly sessions: ConsoleSessions,
    private readonly emails: ConsoleLoginEmails,
  ) {}

  /**
   * Answers alike whether or not the address owns a workspace (the caller learns nothing); the links and
   * the e-mails that carry them commit together, and the e-mails are queued after commit (the worker's
   * sweep sends any whose job was lost).
   */
  async sendLoginLink(dto: SendLoginLinkDto): Promise<void> {
    const continueUrl = checkContinueUrl(dto.continueUrl, this.config.consoleOrigin);
    if (isDisposableEmail(dto.email)) throw ApiError.invalid(EMAIL_DOMAIN_NOT_SUPPORTED);
    const expiresInMinutes = Math.ceil(this.config.consoleLoginLinkTtlSeconds / 60);
    const queued = await this.dataSource.transaction(async (manager) => {
      const links = await this.sessions.createLinks(manager, dto.email, continueUrl.href);
      const ids: string[] = [];
      for (const link of links) {
        ids.push(
          ...(await this.emails.write(manager, {
            workspaceId: link.workspaceId,
            workspaceName: link.workspaceName,
            email: dto.email,
            link: loginLinkOf(continueUrl, link.token),
            expiresInMinutes,
          })),
        );
      }
      return ids;
    });
    await this.emails.enqueue(queued);
  }
}
