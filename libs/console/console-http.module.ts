import { Module } from '@nestjs/common';
import { ConsoleAuditInterceptor } from './console-audit.interceptor';
import { ConsoleAuthController } from './console-auth.controller';
import { ConsoleModule } from './console.module';
import { SignInLimiter } from './sign-in-limiter';
import { UsageController } from './usage.controller';

@Module({
  imports: [ConsoleModule],
  controllers: [ConsoleAuthController, UsageController],
  providers: [SignInLimiter, ConsoleAuditInterceptor],
})
export class ConsoleHttpModule {}
