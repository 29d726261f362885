import { Activity } from './activity.entity';
import { ActivityConfig } from './activity-config.entity';

export * from './activity.entity';
export * from './activity-config.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const ACTIVITY_ENTITIES = [Activity, ActivityConfig];
