export * from './document.module';
