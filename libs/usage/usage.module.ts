import { Module } from '@nestjs/common';
import { UsageCounters } from './usage-counters';

@Module({ providers: [UsageCounters], exports: [UsageCounters] })
export class UsageModule {}
