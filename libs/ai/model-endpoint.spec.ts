import { AppConfig } from '@app/common';
import { chooseEndpoint, providerOfModel } from './model-endpoint';

const operator = new AppConfig({ AI_BASE_URL: 'http://models.internal:11434/v1/', AI_CHAT_MODEL: 'llama3.2' }).ai;
const none = new AppConfig({}).ai;

describe('providerOfModel', () => {
  it.each([
    ['gpt-4o', 'openai'],
    ['o3', 'openai'],
    ['o4-mini', 'openai'],
    ['claude-sonnet-4-0', 'anthropic'],
    ['gemini-2.5-pro', 'gemini'],
    ['llama3.2', null],
    ['o30b-custom', null],
  ])('%s -> %s', (model, provider) => expect(providerOfModel(model)).toBe(provider));
});

describe('chooseEndpoint', () => {
  it("uses the key's entry for the model's provider, with the provider's public API when no base URL is stored", () => {
    const endpoint = chooseEndpoint({
      credentials: { openai: { apiKey: 'sk-1' }, anthropic: { apiKey: 'sk-ant' } },
      operator,
      model: 'claude-haiku-4-5',
      purpose: 'chat',
    });
    expect(endpoint).toMatchObject({ source: 'anthropic', apiKey: 'sk-ant', guarded: false });
    expect(endpoint.baseUrl).toBe('https://api.anthropic.com/v1');
  });

  it('guards a base URL the key set, and uses its model names', () => {
    const endpoint = chooseEndpoint({
      credentials: {
        openai: { apiKey: 'k', baseUrl: 'http://10.0.0.5:8000/v1/', chatModel: 'qwen', embeddingModel: 'bge' },
      },
      operator,
      purpose: 'embed',
    });
    expect(endpoint).toEqual({
      source: 'openai',
      baseUrl: 'http://10.0.0.5:8000/v1',
      apiKey: 'k',
      chatModel: 'qwen',
      embeddingModel: 'bge',
      guarded: true,
    });
  });

  it("falls back to the operator's provider, unguarded, when the key has no fitting entry", () => {
    const endpoint = chooseEndpoint({ credentials: { anthropic: { apiKey: 'a' } }, operator, purpose: 'embed' });
    expect(endpoint).toMatchObject({
      source: 'operator',
      baseUrl: 'http://models.internal:11434/v1',
      chatModel: 'llama3.2',
      guarded: false,
    });
  });

  it("names the provider Velt's way when nothing is configured", () => {
    expect(() =>
      chooseEndpoint({ credentials: {}, operator: none, model: 'gemini-2.5-flash', purpose: 'chat' }),
    ).toThrow(/^No API key configured for provider: Gemini\./);
  });
});
