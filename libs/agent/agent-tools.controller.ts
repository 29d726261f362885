import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AgentToolsService } from './agent-tools.service';
import { ExtractDto, PromptDto, RefinePromptDto, ResolveConfigDto } from './dto/tools.dto';

const MODEL_FAILURE = 'A model that fails, times out or answers out of shape gives FAILED_PRECONDITION naming why.';

/** Velt's prompt tools and checklist extraction, each one structured model call. */
@ApiTags('agents')
@ApiKeyAuth()
@Controller()
export class AgentToolsController {
  constructor(private readonly tools: AgentToolsService) {}

  @RpcPost('/v2/agents/extract')
  @ApiOperation({
    description: `Reads text files only (text/*, JSON, XML, CSV, YAML, Markdown); the file is not kept, so there is no \`memory.sourceId\`. ${MODEL_FAILURE}`,
  })
  async extract(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ExtractDto) {
    return ok('Agents parsed successfully', await this.tools.extract(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/config/resolve')
  @ApiOperation({ description: MODEL_FAILURE })
  async resolve(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: ResolveConfigDto) {
    return ok('Config resolved successfully', await this.tools.resolveConfig(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/prompt/enhance')
  @ApiOperation({ description: MODEL_FAILURE })
  async enhance(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: PromptDto) {
    return ok('Prompt enhanced successfully', await this.tools.enhance(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/prompt/validate')
  @ApiOperation({ description: MODEL_FAILURE })
  async validate(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: PromptDto) {
    return ok('Prompt validated successfully', await this.tools.validate(key.apiKeyId, dto));
  }

  @RpcPost('/v2/agents/prompt/refine')
  @ApiOperation({ description: MODEL_FAILURE })
  async refine(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: RefinePromptDto) {
    return ok('Prompt refined successfully', await this.tools.refine(key.apiKeyId, dto));
  }
}
