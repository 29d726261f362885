export * from './dto/live-state.dto';
export * from './entities';
export * from './live-state.module';
export * from './live-state.service';
