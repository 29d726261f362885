export * from './document.module';
export * from './document.service';
export * from './dto/organization-ref.dto';
export * from './entities';
export * from './folder.service';
