export * from './document-directory.service';
export * from './document-name-sql';
export * from './document-rekey.service';
export * from './document.module';
export * from './document.service';
export * from './entities';
export * from './folder.service';
