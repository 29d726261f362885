import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { Data, RpcPost } from '@app/http';
import { AskAiDto } from './dto/ask-ai.dto';
import { RewriterService } from './rewriter.service';

@ApiTags('ai')
@ApiKeyAuth()
@Controller()
export class RewriterController {
  constructor(private readonly rewriter: RewriterService) {}

  /** Velt's envelope for this route: `result.success` and `text`, or `result.success: false` and `error`. */
  @RpcPost('/v2/rewriter/ask-ai')
  @ApiOperation({
    description:
      "Sends `prompt` (system) and `text` (user) to the model; `model`'s prefix picks the API key's provider entry, any other name uses its " +
      "first entry or the operator's model (docs/ai.md). A model that is not configured, fails, times out or refuses answers `success: false` with the reason.",
  })
  async askAi(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AskAiDto) {
    return { result: await this.rewriter.ask(key.apiKeyId, dto) };
  }
}
