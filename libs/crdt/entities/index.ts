import { CrdtEditor } from './crdt-editor.entity';
import { CrdtUpdate } from './crdt-update.entity';

export * from './crdt-editor.entity';
export * from './crdt-update.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const CRDT_ENTITIES = [CrdtEditor, CrdtUpdate];
