import { Module } from '@nestjs/common';
import { DocumentModule } from '@app/document';
import { EmailModule } from '@app/email';
import { OrganizationModule } from '@app/organization';
import { UsageModule } from '@app/usage';
import { UserModule } from '@app/user';
import { WebhookModule } from '@app/webhook';
import { ConsoleLogin } from './console-login.service';
import { UsageService } from './usage.service';

/** What the console needs beyond the domains' own routes: login links and the usage overview (docs/console.md). */
@Module({
  imports: [EmailModule, DocumentModule, OrganizationModule, UsageModule, UserModule, WebhookModule],
  providers: [ConsoleLogin, UsageService],
  exports: [EmailModule, ConsoleLogin, UsageService],
})
export class ConsoleModule {}
