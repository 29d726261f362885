/** Every refusal of the API, and transport failures after retries, as one class: `status` is the API's code. */
export class CollabApiError extends Error {
  override readonly name = 'CollabApiError';

  constructor(
    /** `INVALID_ARGUMENT`, `NOT_FOUND`, `UNAVAILABLE`, ... as in the error envelope. */
    readonly status: string,
    message: string,
    /** The HTTP status code; 0 when no response arrived. */
    readonly httpStatus: number,
    /** The `errorId` of an `INTERNAL` answer, as written in the server's logs. */
    readonly errorId?: string,
  ) {
    super(message);
  }
}
