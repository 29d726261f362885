import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { ConversionError, ConversionFailure } from './file-text';

/** A conversion's heap and time: a zip bomb or a hostile PDF ends its thread, never the worker process. */
const HEAP_MB = 512;
const TIMEOUT_MS = 120_000;

/**
 * The file as markdown, converted in a thread of its own with a bounded heap and a deadline. A file
 * that exhausts either fails as unconvertible (Velt's reason for its type), as a file that cannot be parsed does.
 */
export function convertInThread(bytes: Buffer, mimeType: string): Promise<string> {
  const unconvertible: ConversionFailure =
    mimeType === 'application/pdf' ? 'pdf-llm-conversion-failed' : 'unsupported-mime-detected-post-validation';
  return new Promise((resolve, reject) => {
    const thread = new Worker(join(__dirname, 'file-text.worker.js'), {
      workerData: { bytes: new Uint8Array(bytes), mimeType },
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MB },
    });
    const timer = setTimeout(() => void thread.terminate(), TIMEOUT_MS);
    let settled = false;
    thread.once('message', (answer: { markdown?: string; failure?: ConversionFailure }) => {
      settled = true;
      if (answer.markdown !== undefined) resolve(answer.markdown);
      else reject(new ConversionError(answer.failure ?? unconvertible));
      void thread.terminate();
    });
    thread.once('error', () => {
      settled = true;
      reject(new ConversionError(unconvertible));
    });
    thread.once('exit', () => {
      clearTimeout(timer);
      if (!settled) reject(new ConversionError(unconvertible));
    });
  });
}
