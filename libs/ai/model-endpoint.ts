import { AiSettings } from '@app/common';
import { AI_MODEL_PROVIDERS, AiModelCredential, AiModelProvider } from '@app/workspace';
import { ModelError } from './model-error';

/** Where one model call goes. `guarded`: the base URL is a tenant's, so the address guard applies to it. */
export interface ModelEndpoint {
  source: AiModelProvider | 'operator';
  baseUrl: string;
  apiKey: string | null;
  chatModel: string;
  embeddingModel: string;
  guarded: boolean;
}

/** Each provider's OpenAI-compatible API and models, for a key stored without a base URL or model names. */
const PROVIDER_DEFAULTS: Record<AiModelProvider, { baseUrl: string; chatModel: string; embeddingModel: string }> = {
  openai: { baseUrl: 'https://api.openai.com/v1', chatModel: 'gpt-4o-mini', embeddingModel: 'text-embedding-3-small' },
  anthropic: { baseUrl: 'https://api.anthropic.com/v1', chatModel: 'claude-haiku-4-5', embeddingModel: 'none' },
  gemini: {
    baseUrl: 'https://generativelanguage.googleapis.com/v1beta/openai',
    chatModel: 'gemini-2.5-flash',
    embeddingModel: 'gemini-embedding-001',
  },
};

const PROVIDER_NAMES: Record<AiModelProvider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };

/** Velt's rule (rewriter/ask-ai): the provider from the model name's prefix; null for any other name (an Ollama model, say). */
export function providerOfModel(model: string): AiModelProvider | null {
  if (/^(gpt-|o[134](-|$))/.test(model)) return 'openai';
  if (model.startsWith('claude-')) return 'anthropic';
  if (model.startsWith('gemini-')) return 'gemini';
  return null;
}

export interface EndpointChoice {
  credentials: Partial<Record<AiModelProvider, AiModelCredential>>;
  operator: AiSettings;
  /** The model a request names, if any: its prefix picks the provider. */
  model?: string;
  purpose: 'chat' | 'embed';
}

/**
 * The API key's own provider entry when it has one that fits (the model's provider, else its first
 * entry in Velt's order; Anthropic serves no embeddings unless its entry points elsewhere), else the
 * operator's AI_BASE_URL, else not configured.
 */
export function chooseEndpoint({ credentials, operator, model, purpose }: EndpointChoice): ModelEndpoint {
  const named = model === undefined ? null : providerOfModel(model);
  const usable = (provider: AiModelProvider) =>
    credentials[provider] !== undefined &&
    (purpose === 'chat' || provider !== 'anthropic' || credentials[provider]?.baseUrl !== undefined);
  const provider = named ? (usable(named) ? named : null) : (AI_MODEL_PROVIDERS.find(usable) ?? null);
  if (provider) {
    const stored = credentials[provider] as AiModelCredential;
    const defaults = PROVIDER_DEFAULTS[provider];
    return {
      source: provider,
      baseUrl: (stored.baseUrl ?? defaults.baseUrl).replace(/\/+$/, ''),
      apiKey: stored.apiKey,
      chatModel: stored.chatModel ?? defaults.chatModel,
      embeddingModel: stored.embeddingModel ?? defaults.embeddingModel,
      guarded: stored.baseUrl !== undefined,
    };
  }
  if (operator.baseUrl !== null) {
    return {
      source: 'operator',
      baseUrl: operator.baseUrl,
      apiKey: operator.apiKey,
      chatModel: operator.chatModel,
      embeddingModel: operator.embeddingModel,
      guarded: false,
    };
  }
  throw new ModelError(
    'not_configured',
    `No API key configured for provider: ${PROVIDER_NAMES[named ?? 'openai']}. Set one with /v2/workspace/apikeyconfig/update (aiModelApiKey).`,
  );
}
