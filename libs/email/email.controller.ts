import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ListEmailMessagesDto } from './dto/list-email-messages.dto';
import { EmailMessageLog } from './email-message-log.service';

@ApiTags('workspace')
@ApiKeyAuth()
@Controller()
export class EmailController {
  constructor(private readonly log: EmailMessageLog) {}

  @RpcPost('/v2/workspace/email/messages/get')
  @ApiOperation({
    description:
      'Our extension: the e-mails comment events sent or were to send (mentions and assignments), newest first, with status ' +
      '`pending`, `sent`, `skipped` (unsubscribed, no address, service off) or `failed`, attempts and the last error. Keyset-paged.',
  })
  async listMessages(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ListEmailMessagesDto) {
    const { messages, nextPageToken } = await this.log.list(key.apiKeyId, dto);
    return ok('Email messages retrieved successfully.', messages, nextPageToken ? { nextPageToken } : {});
  }
}
