import { Injectable } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DocumentService } from '@app/document';
import { EmailMessageLog } from '@app/email';
import { OrganizationService } from '@app/organization';
import { UsageCounters } from '@app/usage';
import { UserService } from '@app/user';
import { WebhookDeliveryLogService } from '@app/webhook';

/** The version of the running build: package.json at the root of the checkout or image, beside dist/. */
const VERSION = (JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as { version: string })
  .version;

export interface UsageView {
  organizations: number;
  documents: number;
  users: number;
  monthlyActiveUsers: number;
  eventsLastDay: number;
  webhookDeliveries: { pending: number; failedLastDay: number };
  emails: { pending: number; failedLastDay: number };
  version: string;
}

/** The console's overview of one API key (docs/console.md "Screens"), each figure from the module that owns it. */
@Injectable()
export class UsageService {
  constructor(
    private readonly organizations: OrganizationService,
    private readonly documents: DocumentService,
    private readonly users: UserService,
    private readonly counters: UsageCounters,
    private readonly deliveries: WebhookDeliveryLogService,
    private readonly emails: EmailMessageLog,
  ) {}

  async of(apiKeyId: string): Promise<UsageView> {
    const [organizations, documents, users, monthlyActiveUsers, eventsLastDay, webhookDeliveries, emails] =
      await Promise.all([
        this.organizations.count(apiKeyId),
        this.documents.count(apiKeyId),
        this.users.count(apiKeyId),
        this.counters.monthlyActiveUsers(apiKeyId),
        this.counters.eventsLastDay(apiKeyId),
        this.deliveries.backlog(apiKeyId),
        this.emails.backlog(apiKeyId),
      ]);
    return {
      organizations,
      documents,
      users,
      monthlyActiveUsers,
      eventsLastDay,
      webhookDeliveries,
      emails,
      version: VERSION,
    };
  }
}
