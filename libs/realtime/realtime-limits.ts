import { Injectable } from '@nestjs/common';
import { Counter } from 'prom-client';
import { ApiError, ErrorCode, UpdateRate } from '@app/common';
import { MetricsRegistry } from '@app/metrics';

export type RefusalReason = 'too_large' | 'rate_limited' | 'too_many';

/** Size, rate and count limits of a connection's messages (presence sets, broadcasts, subscribes); each refusal is counted in /metrics. */
@Injectable()
export class RealtimeLimits {
  private readonly refused: Counter<'event' | 'reason'>;

  constructor(metrics: MetricsRegistry) {
    this.refused = new Counter({
      name: 'realtime_refused_total',
      help: 'Client-plane messages refused, by event and reason (too_large, rate_limited, too_many).',
      labelNames: ['event', 'reason'],
      registers: [metrics],
    });
  }

  /** INVALID_ARGUMENT naming the field when `value` as JSON is over `maxBytes`. */
  checkSize(event: string, field: string, value: unknown, maxBytes: number): void {
    if (Buffer.byteLength(JSON.stringify(value)) <= maxBytes) return;
    this.refused.inc({ event, reason: 'too_large' });
    throw ApiError.invalid(`${field} must be at most ${maxBytes} bytes as JSON.`);
  }

  /** RESOURCE_EXHAUSTED when the connection already holds `max` of what the event adds. */
  checkCount(event: string, what: string, held: number, max: number): void {
    if (held < max) return;
    this.refused.inc({ event, reason: 'too_many' });
    throw new ApiError(ErrorCode.RESOURCE_EXHAUSTED, `Too many ${what}: at most ${max} per connection.`);
  }

  /** RESOURCE_EXHAUSTED when the connection is over its rate for this event. */
  checkRate(event: string, rate: UpdateRate, perSecond: number): void {
    if (rate.take(Date.now())) return;
    this.refused.inc({ event, reason: 'rate_limited' });
    throw new ApiError(
      ErrorCode.RESOURCE_EXHAUSTED,
      `Too many ${event} messages: at most ${perSecond} a second per connection.`,
    );
  }
}
