import { IsBoolean, IsIn, IsOptional, IsString, IsUrl, Length } from 'class-validator';
import { NestedArray, NoEffect } from '@app/common';

export const AI_MODEL_PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;
export type AiModelProvider = (typeof AI_MODEL_PROVIDERS)[number];

export const DOCUMENT_ACCESS_TYPES = ['public', 'restricted', 'organizationPrivate'] as const;
export type DocumentAccessType = (typeof DOCUMENT_ACCESS_TYPES)[number];

export class AiModelApiKeyDto {
  @IsIn(AI_MODEL_PROVIDERS)
  provider: AiModelProvider;

  /** Stored encrypted (AES-GCM, docs/architecture.md "Tenancy and access"); read back only masked. */
  @IsString()
  @Length(1, 1024)
  customerApiKey: string;

  /** Ours: an OpenAI-compatible endpoint (Ollama, vLLM, a proxy) instead of the provider's own; the webhooks' address guard applies (docs/ai.md). */
  @IsOptional()
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'baseUrl must be an http(s) URL' },
  )
  @Length(1, 2048)
  baseUrl?: string;

  /** Ours: the chat model used when a request names none (docs/ai.md). */
  @IsOptional()
  @IsString()
  @Length(1, 256)
  chatModel?: string;

  /** Ours: the embedding model (docs/ai.md). */
  @IsOptional()
  @IsString()
  @Length(1, 256)
  embeddingModel?: string;
}

/** Every field optional, at least one required (Velt's page); stored field by field and read back by apikeyconfig/get. */
export class UpdateApiKeyConfigDto {
  @NoEffect('stored and read back; private comments are not offered.')
  @IsOptional()
  @IsBoolean()
  enablePrivateComments?: boolean;

  @NoEffect('stored and read back; clients always authenticate with its auth tokens.')
  @IsOptional()
  @IsBoolean()
  requireJwtToken?: boolean;

  @NoEffect('stored and read back; users are never added to organizations implicitly.')
  @IsOptional()
  @IsBoolean()
  requireAutoOrgUser?: boolean;

  @NoEffect('stored and read back; a document or folder added without an accessType is public.')
  @IsOptional()
  @IsIn(DOCUMENT_ACCESS_TYPES)
  defaultDocumentAccessType?: DocumentAccessType;

  @NestedArray(() => AiModelApiKeyDto, { optional: true, maxItems: AI_MODEL_PROVIDERS.length })
  aiModelApiKey?: AiModelApiKeyDto[];
}
