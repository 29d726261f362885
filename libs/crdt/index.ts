export * from './crdt-content';
export * from './crdt-history';
export * from './crdt-key';
export * from './crdt-store';
export * from './crdt-user-data.service';
export * from './crdt-versions';
export * from './crdt.module';
export * from './entities/crdt-version.entity';
