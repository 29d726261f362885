import { ModelError } from '@app/ai';

/** A model call's unusable answer becomes its error envelope (FAILED_PRECONDITION with the reason), never a 5xx. */
export async function answeringModelErrors<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    throw error instanceof ModelError ? error.toApiError() : error;
  }
}
