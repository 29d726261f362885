import { parentPort, workerData } from 'node:worker_threads';
import { ConversionError, fileToMarkdown } from './file-text';

/** The thread of convertInThread: converts one file and posts the markdown or the conversion failure. */
const { bytes, mimeType } = workerData as { bytes: Uint8Array; mimeType: string };
fileToMarkdown(Buffer.from(bytes), mimeType).then(
  (markdown) => parentPort?.postMessage({ markdown }),
  (error: unknown) =>
    parentPort?.postMessage({
      failure: error instanceof ConversionError ? error.reason : 'unsupported-mime-detected-post-validation',
    }),
);
