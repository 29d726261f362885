import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { ApiError, ErrorCode, ok } from '@app/common';
import { REDIS, RedisClient } from '@app/redis';

const CHECK_TIMEOUT_MS = 1500;

@ApiTags('operations')
@Controller()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: RedisClient,
  ) {}

  /** 200 when PostgreSQL and Redis answer; 503 UNAVAILABLE naming what is down. */
  @Get('/health')
  async check() {
    try {
      const result = await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        () =>
          this.indicators
            .check('redis')
            .attempt(() => this.redis.ping().then(() => undefined))
            .withTimeout(CHECK_TIMEOUT_MS),
      ]);
      return ok('Healthy.', result.details);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const body = error.getResponse() as { error?: Record<string, unknown> };
      const down = Object.keys(body.error ?? {}).join(', ') || 'unknown';
      throw new ApiError(ErrorCode.UNAVAILABLE, `Unhealthy: ${down}.`, 5);
    }
  }
}
