import { Module } from '@nestjs/common';
import { ApiKeySettingsController } from './api-key-settings.controller';
import { WorkspaceController } from './workspace.controller';
import { WorkspaceModule } from './workspace.module';

@Module({ imports: [WorkspaceModule], controllers: [WorkspaceController, ApiKeySettingsController] })
export class WorkspaceHttpModule {}
