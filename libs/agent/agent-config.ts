import { encryptSecret } from '@app/common';

/** Velt's context gathering strategies; SERVED_CONTEXT_STRATEGIES are the ones a run here performs (docs/ai.md). */
export const CONTEXT_STRATEGIES = [
  'web-page-text',
  'web-page-screenshot',
  'web-page-html',
  'web-page-css',
  'web-page-links',
  'web-page-accessibility',
  'computed-styles',
  'robots-txt',
  'sitemap-data',
  'lighthouse',
  'rest-api',
  'none',
] as const;
export type ContextStrategy = (typeof CONTEXT_STRATEGIES)[number];
export const SERVED_CONTEXT_STRATEGIES: readonly ContextStrategy[] = [
  'web-page-text',
  'web-page-html',
  'web-page-links',
  'robots-txt',
  'none',
];

export const EXECUTION_STRATEGIES = ['ai', 'service', 'service+ai', 'stagehand-agent', 'mcp-tools'] as const;
export type ExecutionStrategy = (typeof EXECUTION_STRATEGIES)[number];
/** The strategies that need `instructions` (Velt's rule). */
export const PROMPTED_STRATEGIES: readonly ExecutionStrategy[] = ['ai', 'service+ai', 'stagehand-agent', 'mcp-tools'];

export const AI_PROVIDERS = ['gemini', 'claude', 'openai'] as const;

/** An agent's behavioural fields as stored: what a version holds. */
export interface AgentConfig {
  rawInstructions?: string;
  instructions?: string;
  phaseTimeoutMs?: number;
  metadata?: Record<string, unknown>;
  contextGathering?: { strategies: ContextStrategy[]; strategyOptions?: Record<string, unknown>; aiConfig?: unknown };
  execution?: {
    executionStrategy?: ExecutionStrategy;
    responseDescriptions?: Record<string, string>;
    [key: string]: unknown;
  };
  response?: Record<string, unknown>;
  postProcess?: {
    guardrails?: { enabled?: boolean };
    annotations?: { enabled?: boolean; strategy?: string };
    [stage: string]: unknown;
  };
  input?: Record<string, unknown>;
  scope?: Record<string, unknown>;
  setup?: Record<string, unknown>;
}

export const BEHAVIOUR_KEYS = [
  'rawInstructions',
  'instructions',
  'phaseTimeoutMs',
  'metadata',
  'contextGathering',
  'execution',
  'response',
  'postProcess',
  'input',
  'scope',
  'setup',
] as const satisfies ReadonlyArray<keyof AgentConfig>;

export const strategyOf = (config: AgentConfig): ExecutionStrategy => config.execution?.executionStrategy ?? 'ai';

/** Velt's rule, checked on the config as it will be stored (after a version update's merge too). */
export function missingInstructions(config: AgentConfig): boolean {
  return PROMPTED_STRATEGIES.includes(strategyOf(config)) && !config.instructions?.trim();
}

/** Velt's `"__redacted__"`: what a read shows for a stored secret. */
export const REDACTED = '__redacted__';
const SEALED = 'sealed:';
const SECRET_FIELDS = ['token', 'password'];

/**
 * Walks a config and maps the secret values of every `auth` block (rest-api endpoints, MCP servers):
 * `token`, `password` and each of `headers`.
 */
function mapSecrets(value: unknown, map: (secret: string) => string, inAuth = false): unknown {
  if (Array.isArray(value)) return value.map((item) => mapSecrets(item, map, false));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => {
      if (inAuth && SECRET_FIELDS.includes(key) && typeof item === 'string') return [key, map(item)];
      if (inAuth && key === 'headers' && item !== null && typeof item === 'object') {
        return [
          key,
          Object.fromEntries(
            Object.entries(item as Record<string, unknown>).map(([name, v]) => [
              name,
              typeof v === 'string' ? map(v) : v,
            ]),
          ),
        ];
      }
      return [key, mapSecrets(item, map, key === 'auth')];
    }),
  );
}

/** Encrypts the secrets of auth blocks before a write (docs/architecture.md "Tenancy and access"). */
export function sealSecrets(config: AgentConfig, key: Buffer): AgentConfig {
  return mapSecrets(config, (secret) =>
    secret.startsWith(SEALED) ? secret : SEALED + encryptSecret(secret, key),
  ) as AgentConfig;
}

/** What reads show: every stored secret as `"__redacted__"`. */
export function redactSecrets(config: AgentConfig): AgentConfig {
  return mapSecrets(config, () => REDACTED) as AgentConfig;
}
