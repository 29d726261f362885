import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '@app/common';
import { ApiKeyConfigService } from '@app/workspace';
import { checkAgainstSchema, parseAnswerJson } from './answer-json';
import { KeyConcurrency } from './key-concurrency';
import { chooseEndpoint, ModelEndpoint } from './model-endpoint';
import { ModelError } from './model-error';
import { AttemptOutcome, postOnce } from './model-http';
import { TokenCount, TokenUsageService } from './token-usage.service';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A JSON Schema the answer must fit: sent as OpenAI's `response_format` and checked on arrival. */
export interface AnswerSchema {
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  apiKeyId: string;
  messages: ChatMessage[];
  schema?: AnswerSchema;
  /** A model name; its prefix picks the provider (Velt's rule). Unset: the key's configured chat model. */
  model?: string;
}

export interface ChatAnswer {
  text: string;
  /** The parsed answer, present when a schema was given (and then known to fit it). */
  json?: unknown;
  model: string;
  usage: TokenCount;
}

export interface EmbedRequest {
  apiKeyId: string;
  texts: string[];
}

export interface EmbedAnswer {
  vectors: number[][];
  model: string;
  usage: TokenCount;
}

/** Retries come on top of the call's own timeout; a Retry-After past this is not waited for. */
const MAX_RETRY_AFTER_MS = 60_000;
/** How long a call waits for one of its key's concurrency slots. */
const SLOT_WAIT_FACTOR = 2;

/** OpenAI reasoning models take no system message: the instructions go first in the user's (Velt's rewriter rule). */
function foldSystemMessages(model: string, messages: ChatMessage[]): ChatMessage[] {
  if (!/^o[134](-|$)/.test(model)) return messages;
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content);
  const rest = messages.filter((m) => m.role !== 'system');
  const firstUser = rest.findIndex((m) => m.role === 'user');
  if (system.length === 0 || firstUser < 0) return messages;
  return rest.map((m, i) =>
    i === firstUser ? { role: 'user', content: `${system.join('\n\n')}\n\n${m.content}` } : m,
  );
}

interface Envelope {
  choices?: Array<{ message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }>;
  data?: Array<{ embedding?: unknown; index?: unknown }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  error?: { message?: unknown };
}

function tokens(envelope: Envelope): TokenCount {
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);
  return {
    promptTokens: count(envelope.usage?.prompt_tokens),
    completionTokens: count(envelope.usage?.completion_tokens),
  };
}

/**
 * The one way to a model: OpenAI-compatible chat completions and embeddings, on the API key's own
 * provider settings or the operator's (docs/ai.md). Timeouts, retries with backoff, a concurrency
 * limit per key and token counts per key; every unusable answer is a ModelError, never a 5xx.
 */
@Injectable()
export class ModelProvider {
  private readonly logger = new Logger(ModelProvider.name);

  constructor(
    private readonly config: AppConfig,
    private readonly apiKeyConfig: ApiKeyConfigService,
    private readonly concurrency: KeyConcurrency,
    private readonly usage: TokenUsageService,
  ) {}

  async chat({ apiKeyId, messages, schema, model }: ChatRequest): Promise<ChatAnswer> {
    const endpoint = await this.endpoint({ apiKeyId, model, purpose: 'chat' });
    const chosen = model ?? endpoint.chatModel;
    const body = JSON.stringify({
      model: chosen,
      messages: foldSystemMessages(chosen, messages),
      ...(schema
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: schema.name, schema: schema.schema, strict: true },
            },
          }
        : {}),
    });
    return this.call({ apiKeyId, endpoint, model: chosen, path: '/chat/completions', body }, (envelope) => {
      const choice = envelope.choices?.[0];
      const refusal = choice?.message?.refusal;
      if (typeof refusal === 'string' && refusal !== '') throw new ModelError('refusal', refusal.slice(0, 500));
      if (choice?.finish_reason === 'content_filter') {
        throw new ModelError('refusal', 'The model stopped its answer (content filter).');
      }
      const text = choice?.message?.content;
      if (typeof text !== 'string') {
        throw new ModelError('bad_json', 'The answer is not a chat completion (no choices[0].message.content).');
      }
      if (!schema) return { text, model: chosen, usage: tokens(envelope) };
      const json = parseAnswerJson(text);
      checkAgainstSchema(json, schema.schema);
      return { text, json, model: chosen, usage: tokens(envelope) };
    });
  }

  async embed({ apiKeyId, texts }: EmbedRequest): Promise<EmbedAnswer> {
    const endpoint = await this.endpoint({ apiKeyId, purpose: 'embed' });
    const model = endpoint.embeddingModel;
    const body = JSON.stringify({ model, input: texts });
    return this.call({ apiKeyId, endpoint, model, path: '/embeddings', body }, (envelope) => {
      const data = envelope.data;
      const vectors: number[][] = new Array<number[]>(texts.length);
      for (const [position, item] of (Array.isArray(data) ? data : []).entries()) {
        const index = typeof item?.index === 'number' ? item.index : position;
        const vector = item?.embedding;
        if (!Array.isArray(vector) || !vector.every((v) => typeof v === 'number' && Number.isFinite(v))) break;
        vectors[index] = vector as number[];
      }
      const dimensions = vectors[0]?.length ?? 0;
      if (!Array.isArray(data) || data.length !== texts.length || dimensions === 0) {
        throw new ModelError('wrong_schema', `The answer does not hold ${texts.length} embeddings.`);
      }
      for (let i = 0; i < texts.length; i++) {
        if (vectors[i]?.length !== dimensions) {
          throw new ModelError('wrong_schema', `Embedding ${i} is missing or of another dimension.`);
        }
      }
      return { vectors, model, usage: tokens(envelope) };
    });
  }

  private async endpoint(choice: {
    apiKeyId: string;
    model?: string;
    purpose: 'chat' | 'embed';
  }): Promise<ModelEndpoint> {
    const credentials = await this.apiKeyConfig.aiModelCredentials(choice.apiKeyId);
    return chooseEndpoint({ credentials, operator: this.config.ai, model: choice.model, purpose: choice.purpose });
  }

  /** Attempts with backoff; `read` turns an answered envelope into the result or a ModelError. Counts tokens either way. */
  private async call<T extends { usage: TokenCount }>(
    request: {
      apiKeyId: string;
      endpoint: ModelEndpoint;
      model: string;
      path: '/chat/completions' | '/embeddings';
      body: string;
    },
    read: (envelope: Envelope) => T,
  ): Promise<T> {
    const { apiKeyId, model } = request;
    let usage: TokenCount = { promptTokens: 0, completionTokens: 0 };
    try {
      const envelope = await this.answered(request);
      usage = tokens(envelope);
      const result = read(envelope);
      await this.record({ apiKeyId, model, outcome: 'answered', ...usage });
      return result;
    } catch (error) {
      await this.record({ apiKeyId, model, outcome: 'failed', ...usage });
      throw error;
    }
  }

  private async answered(request: {
    apiKeyId: string;
    endpoint: ModelEndpoint;
    path: '/chat/completions' | '/embeddings';
    body: string;
  }): Promise<Envelope> {
    const { timeoutMs, maxRetries, retryDelayMs, concurrencyPerKey, allowPrivateBaseUrls } = this.config.ai;
    for (let attempt = 0; ; attempt++) {
      const outcome: AttemptOutcome = await this.concurrency.run(
        {
          apiKeyId: request.apiKeyId,
          limit: concurrencyPerKey,
          leaseMs: timeoutMs + 5000,
          waitMs: timeoutMs * SLOT_WAIT_FACTOR,
        },
        () =>
          postOnce({
            endpoint: request.endpoint,
            path: request.path,
            body: request.body,
            timeoutMs,
            allowPrivateBaseUrls,
          }),
      );
      const retryable = 'failure' in outcome || outcome.status === 429 || outcome.status >= 500;
      if (!retryable) return this.envelope(outcome);
      if (attempt >= maxRetries) {
        if ('failure' in outcome) throw new ModelError(outcome.failure, outcome.message);
        throw new ModelError(
          'upstream_error',
          `The model API answered ${outcome.status}${this.upstreamMessage(outcome.body)}.`,
        );
      }
      const hinted = 'failure' in outcome ? null : outcome.retryAfterMs;
      const delay = hinted !== null && hinted <= MAX_RETRY_AFTER_MS ? hinted : retryDelayMs * 2 ** attempt;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  private envelope(outcome: { status: number; body: string }): Envelope {
    if (outcome.status < 200 || outcome.status >= 300) {
      throw new ModelError(
        'upstream_error',
        `The model API answered ${outcome.status}${this.upstreamMessage(outcome.body)}.`,
      );
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(outcome.body);
    } catch {
      parsed = null;
    }
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed;
    throw new ModelError('bad_json', 'The model API answered with a body that is not a JSON object.');
  }

  private upstreamMessage(body: string): string {
    try {
      const message = (JSON.parse(body) as Envelope).error?.message;
      return typeof message === 'string' ? `: ${message.slice(0, 300)}` : '';
    } catch {
      return '';
    }
  }

  private async record(record: Parameters<TokenUsageService['record']>[0]): Promise<void> {
    await this.usage
      .record(record)
      .catch((error: Error) => this.logger.warn(`token count not recorded: ${error.message}`));
  }
}
