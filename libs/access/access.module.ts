import { Module } from '@nestjs/common';
import { AccessReportService } from './access-report.service';
import { AccessService } from './access.service';

@Module({ providers: [AccessService, AccessReportService], exports: [AccessService, AccessReportService] })
export class AccessModule {}
