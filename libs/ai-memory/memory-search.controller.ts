import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AskMemoryDto, SearchJudgmentsDto, SuggestDecisionDto } from './dto/memory-queries.dto';
import { MemoryAnswersService } from './memory-answers.service';
import { MemorySearchService } from './memory-search.service';
import { answeringModelErrors } from './model-errors';

/** Velt's memory reads that embed the query (and ask, which also asks the chat model). */
@ApiTags('memory')
@ApiKeyAuth()
@Controller()
export class MemorySearchController {
  constructor(
    private readonly search: MemorySearchService,
    private readonly answers: MemoryAnswersService,
  ) {}

  @RpcPost('/v2/memory/search')
  @ApiOperation({
    description:
      'Judgments nearest the query by cosine similarity of stored embeddings (a judgment is found once the worker embedded it). ' +
      'Filters apply before ranking. A model failure is FAILED_PRECONDITION naming it.',
  })
  async searchJudgments(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SearchJudgmentsDto) {
    return ok('Judgments retrieved successfully.', await answeringModelErrors(this.search.search(key.apiKeyId, dto)));
  }

  @RpcPost('/v2/memory/ask')
  @ApiOperation({
    description:
      'An answer from the judgments and knowledge nearest the question, citing only records that were put before the model; ' +
      'an empty answer with confidence 0 when nothing relevant is found.',
  })
  async ask(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AskMemoryDto) {
    return ok('Answer generated successfully.', await answeringModelErrors(this.answers.ask(key.apiKeyId, dto)));
  }

  @RpcPost('/v2/memory/suggest')
  @ApiOperation({ description: "A vote over the nearest past judgments, by Velt's rules." })
  async suggest(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: SuggestDecisionDto) {
    return ok('Suggestion computed successfully.', await answeringModelErrors(this.answers.suggest(key.apiKeyId, dto)));
  }
}
