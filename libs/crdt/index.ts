export * from './crdt-content';
export * from './crdt-key';
export * from './crdt-store';
export * from './crdt-user-data.service';
export * from './crdt.module';
