export * from './collab.module';
