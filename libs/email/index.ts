export * from './console-login-emails.service';
export * from './email-sink.module';
export * from './email-user-data.service';
export * from './email-worker.module';
export * from './email.module';
export * from './entities';
export * from './email-history';
export * from './system-emails.service';
