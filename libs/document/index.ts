export * from './document.module';
export * from './folder-lock';
