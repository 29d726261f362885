import { AiTokenUsage } from './ai-token-usage.entity';

export * from './ai-token-usage.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const AI_ENTITIES = [AiTokenUsage];
