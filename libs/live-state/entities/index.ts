import { LiveState } from './live-state.entity';

export * from './live-state.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const LIVE_STATE_ENTITIES = [LiveState];
