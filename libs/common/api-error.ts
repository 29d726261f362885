import { ErrorCode } from './error-code';

/** The only error domain code throws; the global filter turns it into the error envelope. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static invalid(message: string): ApiError {
    return new ApiError(ErrorCode.INVALID_ARGUMENT, message);
  }

  static notFound(message: string): ApiError {
    return new ApiError(ErrorCode.NOT_FOUND, message);
  }

  static unauthenticated(message = 'Missing or invalid credentials.'): ApiError {
    return new ApiError(ErrorCode.UNAUTHENTICATED, message);
  }
}
