import { Module } from '@nestjs/common';
import { EmailModule } from '@app/email';
import { ConsoleLogin } from './console-login.service';

/** What the console needs beyond the public routes of the domains: login links (docs/console.md). */
@Module({
  imports: [EmailModule],
  providers: [ConsoleLogin],
  exports: [EmailModule, ConsoleLogin],
})
export class ConsoleModule {}
