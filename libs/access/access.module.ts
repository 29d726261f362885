import { Module } from '@nestjs/common';
import { OrganizationModule } from '@app/organization';
import { AccessReportService } from './access-report.service';
import { AccessService } from './access.service';
import { DocumentAccessExplainer } from './document-access-explainer';

@Module({
  imports: [OrganizationModule],
  providers: [AccessService, AccessReportService, DocumentAccessExplainer],
  exports: [AccessService, AccessReportService, DocumentAccessExplainer],
})
export class AccessModule {}
