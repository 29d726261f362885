export * from './domain-event';
export * from './event-outbox';
export * from './event-recorder';
export * from './event-registry';
export * from './events.module';
export * from './sources/comment.source';
export * from './sources/document.source';
export * from './sources/comment-recipients';
