import { DocumentEntity } from './document.entity';
import { Folder } from './folder.entity';

export * from './access-type';
export * from './document.entity';
export * from './folder.entity';

/** The tables this module owns: registered by its module (forFeature) and by the schema CLI. */
export const DOCUMENT_ENTITIES = [DocumentEntity, Folder];
