import { Module } from '@nestjs/common';
import { AiModule } from './ai.module';
import { RewriterController } from './rewriter.controller';
import { RewriterService } from './rewriter.service';

@Module({ imports: [AiModule], controllers: [RewriterController], providers: [RewriterService] })
export class AiHttpModule {}
