/** How long an HTTP request waits for Redis to take a job before it stops waiting (the job may still be sent later). */
export const ENQUEUE_TIMEOUT_MS = 2000;

/**
 * Settles like `work`, or rejects after `ms`. Producers use `maxRetriesPerRequest: null`, so a
 * command issued while Redis is down waits in the offline queue until Redis returns: without this
 * deadline a request would hang for the whole outage. The late outcome is swallowed on purpose.
 */
export async function withDeadline<T>(work: Promise<T>, ms = ENQUEUE_TIMEOUT_MS): Promise<T> {
  work.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
