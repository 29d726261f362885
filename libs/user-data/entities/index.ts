import { UserDataDeletionTask } from './user-data-deletion-task.entity';
import { UserDataDeletion } from './user-data-deletion.entity';

export * from './user-data-deletion-task.entity';
export * from './user-data-deletion.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const USER_DATA_ENTITIES = [UserDataDeletion, UserDataDeletionTask];
