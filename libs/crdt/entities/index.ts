import { CrdtEditor } from './crdt-editor.entity';
import { CrdtHistory } from './crdt-history.entity';
import { CrdtUpdate } from './crdt-update.entity';
import { CrdtVersionPolicy } from './crdt-version-policy.entity';
import { CrdtVersion } from './crdt-version.entity';

export * from './crdt-editor.entity';
export * from './crdt-history.entity';
export * from './crdt-update.entity';
export * from './crdt-version-policy.entity';
export * from './crdt-version.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const CRDT_ENTITIES = [CrdtEditor, CrdtUpdate, CrdtHistory, CrdtVersion, CrdtVersionPolicy];
