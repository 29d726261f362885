import { Controller } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiKeyAuth, ApiKeyPrincipal, CurrentApiKey } from '@app/auth';
import { ok, requireNoFields } from '@app/common';
import { Data, RpcPost } from '@app/http';
import { AlertService } from './alert.service';
import { AlertRefDto, DismissAlertDto, UpdateAlertConfigDto } from './dto/alerts.dto';
import { GetProfileDto, QueryJudgmentsDto } from './dto/memory-queries.dto';
import { InsightsService } from './insights.service';
import { JudgmentQueryService } from './judgment-query.service';

/** Velt's memory routes that read and settle what the judgments add up to; none calls the model. */
@ApiTags('memory')
@ApiKeyAuth()
@Controller()
export class MemoryInsightsController {
  constructor(
    private readonly judgments: JudgmentQueryService,
    private readonly insights: InsightsService,
    private readonly alerts: AlertService,
  ) {}

  @RpcPost('/v2/memory/judgments/query')
  @ApiOperation({
    description:
      'Judgments by metadata, newest first (a thread: its newest `limit`, oldest first). Judgments are recorded from comments, ' +
      'status changes to in progress or resolved, verdict reactions and review workflow decisions (docs/ai.md "Memory").',
  })
  async query(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: QueryJudgmentsDto) {
    return ok('Judgments retrieved successfully.', await this.judgments.query(key.apiKeyId, dto));
  }

  @RpcPost('/v2/memory/patterns/get')
  @ApiOperation({
    description: 'Decision patterns derived from the judgments: at most 100, most recently updated first.',
  })
  async patterns(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Patterns retrieved successfully.', await this.insights.patterns(key.apiKeyId));
  }

  @RpcPost('/v2/memory/profiles/get')
  @ApiOperation({ description: "A reviewer's profile from their judgments; null without targetUserId or judgments." })
  async profile(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: GetProfileDto) {
    return ok('Profile retrieved successfully.', await this.insights.profile(key.apiKeyId, dto.targetUserId));
  }

  @RpcPost('/v2/memory/stats/get')
  @ApiOperation({
    description: 'Counts of judgments (to 10000), reviewers (to 500), patterns (to 100) and knowledge sources.',
  })
  async stats(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Stats retrieved successfully.', await this.insights.stats(key.apiKeyId));
  }

  @RpcPost('/v2/memory/alerts/list')
  @ApiOperation({ description: 'Active alerts, newest first, at most 50.' })
  async listAlerts(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Alerts retrieved successfully.', await this.alerts.list(key.apiKeyId));
  }

  @RpcPost('/v2/memory/alerts/dismiss')
  @ApiOperation({ description: 'An unknown alertId is NOT_FOUND (Velt answers INTERNAL).' })
  async dismiss(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: DismissAlertDto) {
    await this.alerts.dismiss(key.apiKeyId, dto.alertId, dto.user?.uid);
    return ok('Alert dismissed successfully.', { success: true });
  }

  @RpcPost('/v2/memory/alerts/action')
  @ApiOperation({ description: 'An unknown alertId is NOT_FOUND (Velt answers INTERNAL).' })
  async action(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: AlertRefDto) {
    await this.alerts.action(key.apiKeyId, dto.alertId);
    return ok('Alert marked actioned successfully.', { success: true });
  }

  @RpcPost('/v2/memory/alerts/config/get')
  @ApiOperation({ description: 'Stored as sent; not applied to alert generation (as in Velt).' })
  async getConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() data: Record<string, unknown>) {
    requireNoFields(data);
    return ok('Alert config retrieved successfully.', await this.alerts.config(key.apiKeyId));
  }

  @RpcPost('/v2/memory/alerts/config/update')
  @ApiOperation({ description: 'Merged key by key into the stored settings.' })
  async updateConfig(@CurrentApiKey() key: ApiKeyPrincipal, @Data() dto: UpdateAlertConfigDto) {
    await this.alerts.updateConfig(key.apiKeyId, dto);
    return ok('Alert config updated successfully.', { success: true });
  }
}
