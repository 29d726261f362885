import { ApiError, ErrorCode } from '@app/common';

/**
 * Why a model call gave no usable answer. None of them is our fault, so none becomes a 5xx: a
 * route answers FAILED_PRECONDITION with the reason, a run is recorded as failed with it.
 */
export type ModelFailure =
  | 'not_configured'
  | 'target_refused'
  | 'timeout'
  | 'unreachable'
  | 'upstream_error'
  | 'bad_json'
  | 'wrong_schema'
  | 'refusal'
  | 'busy';

export class ModelError extends Error {
  constructor(
    readonly failure: ModelFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }

  /** The error envelope a route answers with. */
  toApiError(): ApiError {
    return new ApiError(ErrorCode.FAILED_PRECONDITION, `Model call failed (${this.failure}): ${this.message}`);
  }
}
