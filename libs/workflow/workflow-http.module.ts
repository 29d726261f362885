import { Module } from '@nestjs/common';
import { WorkflowController } from './workflow.controller';
import { WorkflowModule } from './workflow.module';

@Module({ imports: [WorkflowModule], controllers: [WorkflowController] })
export class WorkflowHttpModule {}
