import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage } from '@nestjs/throttler';
import { ApiError, AppConfig, ErrorCode } from '@app/common';

/** Velt's message for this route family. */
export const SIGN_IN_RATE_LIMITED = 'Rate limit exceeded for this endpoint. Try again later.';

/**
 * Console sign-in attempts, counted in Redis (one count for every API instance) per client address, per
 * workspace and per e-mail address: guessing a token from many addresses, or mailing an owner over and
 * over, meets a limit as surely as hammering from one. Every attempt counts, successful ones included.
 */
@Injectable()
export class SignInLimiter {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** Counts one attempt under each subject (`ip:…`, `workspace:…`, `email:…`); RESOURCE_EXHAUSTED once any is over. */
  async attempt(subjects: string[]): Promise<void> {
    const windowMs = this.config.consoleSignInWindowSeconds * 1000;
    const limit = this.config.consoleSignInLimit;
    const records = await Promise.all(
      subjects.map((subject) =>
        this.storage.increment(`console-sign-in:${subject}`, windowMs, limit, windowMs, 'console'),
      ),
    );
    const blocked = records.filter((record) => record.isBlocked);
    if (blocked.length > 0) {
      const retryAfterSeconds = Math.max(1, ...blocked.map((record) => Math.ceil(record.timeToBlockExpire)));
      throw new ApiError(ErrorCode.RESOURCE_EXHAUSTED, SIGN_IN_RATE_LIMITED, retryAfterSeconds);
    }
  }
}
