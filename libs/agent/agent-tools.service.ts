import { Injectable } from '@nestjs/common';
import { AnswerSchema, ModelError, ModelProvider } from '@app/ai';
import { ApiError } from '@app/common';
import { CONTEXT_STRATEGIES, SERVED_CONTEXT_STRATEGIES } from './agent-config';
import { ExtractDto, PromptDto, RefinePromptDto, ResolveConfigDto } from './dto/tools.dto';

const str = { type: 'string' };
const strings = { type: 'array', items: str };
const object = (properties: Record<string, unknown>) => ({
  type: 'object',
  additionalProperties: false,
  required: Object.keys(properties),
  properties,
});
const RESPONSE_DESCRIPTIONS = object({ title: str, severity: str, targetText: str, suggestion: str, issueType: str });

const EXTRACT_SCHEMA: AnswerSchema = {
  name: 'extracted_agents',
  schema: object({
    agents: { type: 'array', items: object({ name: str, description: str, prompt: str, sourceTasks: strings }) },
    summary: str,
    skipped: { type: 'array', items: object({ originalText: str, reason: str }) },
    totalTasksParsed: { type: 'integer' },
  }),
};

const RESOLVE_SCHEMA: AnswerSchema = {
  name: 'resolved_config',
  schema: object({
    extraction_strategies: { type: 'array', items: { type: 'string', enum: [...CONTEXT_STRATEGIES] } },
    execution_strategy: { type: 'string', enum: ['ai', 'service', 'service+ai', 'stagehand-agent'] },
    reasoning: str,
  }),
};

const ENHANCE_SCHEMA: AnswerSchema = {
  name: 'prompt_requirement',
  schema: object({
    sufficient: { type: 'boolean' },
    requirement: str,
    context: str,
    suggestion: strings,
    suggestion_type: { type: 'string', enum: ['boolean', 'single-select', 'multi-select', 'info'] },
  }),
};

const VALIDATE_SCHEMA: AnswerSchema = {
  name: 'validated_prompt',
  schema: object({
    analysis_prompt: str,
    requires_tool: { type: 'string', enum: ['TOOL_TEXT_EXTRACTOR', 'NONE'] },
    response_descriptions: RESPONSE_DESCRIPTIONS,
    demos: object({
      detection_dimensions: strings,
      cases: {
        type: 'array',
        items: object({ id: str, title: str, tier: str, dimension_tested: str, html: str, expected: str, reason: str }),
      },
    }),
    suggested_required_inputs: {
      type: 'array',
      items: object({ name: str, description: str, example: str, reason: str }),
    },
  }),
};

const REFINE_SCHEMA: AnswerSchema = {
  name: 'refined_prompt',
  schema: object({ analysis_prompt: str, response_descriptions: RESPONSE_DESCRIPTIONS }),
};

/** File types extract reads as text; others would need a converter this service does not have (docs/ai.md). */
const TEXT_TYPES = /^(text\/|application\/(json|xml|csv|x-yaml|yaml|markdown))/;
const MAX_FILE_TEXT = 200_000;

/** Velt's prompt tools and checklist extraction: one structured model call each. */
@Injectable()
export class AgentToolsService {
  constructor(private readonly model: ModelProvider) {}

  async extract(apiKeyId: string, dto: ExtractDto) {
    if (!TEXT_TYPES.test(dto.mimeType)) {
      throw ApiError.invalid(
        `mimeType ${dto.mimeType} is not read here: send the checklist as text (text/csv, text/plain, text/markdown, application/json).`,
      );
    }
    const text = Buffer.from(dto.fileBase64, 'base64').toString('utf8').slice(0, MAX_FILE_TEXT);
    if (!text.trim()) throw ApiError.invalid('fileBase64 holds no text');
    const result = await this.ask(apiKeyId, EXTRACT_SCHEMA, [
      'You turn a QA checklist into review agents. Group related checks into agents; give each a short name, a one-sentence description, ' +
        'a consolidated QA prompt covering its checks, and the checklist lines it came from (sourceTasks). List lines that cannot be checked ' +
        'automatically under skipped with a reason. totalTasksParsed is the number of checks found.',
      `Checklist (${dto.mimeType}):\n${text}`,
    ]);
    return { extractionResult: result };
  }

  async resolveConfig(apiKeyId: string, dto: ResolveConfigDto) {
    const result = (await this.ask(apiKeyId, RESOLVE_SCHEMA, [
      `You choose how a review agent gathers context and executes. Context strategies: ${CONTEXT_STRATEGIES.join(', ')} ` +
        `(this service performs ${SERVED_CONTEXT_STRATEGIES.join(', ')}). Execution strategies: ai (default), service, service+ai, ` +
        'stagehand-agent (only for instructions that navigate or interact). Prefer the fewest strategies that suffice.',
      [`Instructions:\n${dto.instructions}`, dto.rawInstructions ? `Raw instructions:\n${dto.rawInstructions}` : '']
        .filter(Boolean)
        .join('\n\n'),
    ])) as { extraction_strategies: string[] };
    return { resolvedConfig: { ...result, extraction_strategies: [...new Set(result.extraction_strategies)] } };
  }

  async enhance(apiKeyId: string, dto: PromptDto) {
    const result = (await this.ask(apiKeyId, ENHANCE_SCHEMA, [
      'You check whether a review-agent prompt has enough detail to run. If it has, answer sufficient true. Otherwise ask one clarification ' +
        '(requirement), say why (context), offer options (suggestion) and their kind (suggestion_type). Do not ask for inputs the agent already collects.',
      this.withFields(dto),
    ])) as { sufficient: boolean; requirement: string; context: string; suggestion: string[]; suggestion_type: string };
    const { sufficient, ...clarification } = result;
    return { enhancedPrompt: sufficient ? { requirement: null } : clarification };
  }

  async validate(apiKeyId: string, dto: PromptDto) {
    const result = await this.ask(apiKeyId, VALIDATE_SCHEMA, [
      'You expand a one-line review instruction into a QA task: a Markdown analysis prompt (objective, scope, detection logic, output format), ' +
        'whether it needs the page text (TOOL_TEXT_EXTRACTOR) or nothing (NONE), per-field response descriptions, demo cases in tiers, and the ' +
        'runtime inputs the user must provide that the agent does not collect already.',
      this.withFields(dto),
    ]);
    return { validationResult: result };
  }

  async refine(apiKeyId: string, dto: RefinePromptDto) {
    const feedback = dto.demoFeedback
      .map(
        (d) =>
          `Demo ${d.demoId} "${d.demoTitle}"\nHTML: ${d.demoHtml}\nExpected: ${d.demoExpected}\nFeedback: ${d.feedback}`,
      )
      .join('\n\n');
    const result = await this.ask(apiKeyId, REFINE_SCHEMA, [
      'You refine a review analysis prompt from feedback on demo runs. Keep what works; fix what the feedback says went wrong.',
      `Current analysis prompt:\n${dto.analysisPrompt}\n\nDemo feedback:\n${feedback}`,
    ]);
    return { refinerResult: result };
  }

  private withFields(dto: PromptDto): string {
    const fields = dto.userContextFields ?? [];
    return fields.length === 0
      ? `Prompt:\n${dto.prompt}`
      : `Prompt:\n${dto.prompt}\n\nInputs the agent collects already:\n${fields.map((f) => `- ${f.id} (${f.type}): ${f.title}`).join('\n')}`;
  }

  /** A model that fails answers FAILED_PRECONDITION naming why, never a 5xx. */
  private async ask(apiKeyId: string, schema: AnswerSchema, [system, user]: [string, string]): Promise<unknown> {
    try {
      const answer = await this.model.chat({
        apiKeyId,
        schema,
        messages: [
          { role: 'system', content: system },
          { role: 'user', content: user },
        ],
      });
      return answer.json;
    } catch (error) {
      if (error instanceof ModelError) throw error.toApiError();
      throw error;
    }
  }
}
