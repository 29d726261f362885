import { STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { ErrorCode, errorEnvelope, HTTP_STATUS_OF } from '@app/common';

const MESSAGES: Record<string, string> = {
  HPE_HEADER_OVERFLOW: 'Request headers are too large.',
  HPE_INVALID_HEADER_TOKEN: 'Malformed request header.',
  HPE_INVALID_METHOD: 'Malformed HTTP request line.',
  HPE_INVALID_URL: 'Malformed request URL.',
  ERR_HTTP_REQUEST_TIMEOUT: 'Request was not received in time.',
};

/**
 * Node's HTTP parser rejects some requests before Express sees them (oversized or malformed headers,
 * a broken request line) and would answer with an empty body. Answer with the error envelope instead
 * (docs/architecture.md "Wire conventions"), then close: the connection cannot be parsed any further.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(
    errorEnvelope(ErrorCode.INVALID_ARGUMENT, MESSAGES[error.code ?? ''] ?? 'Malformed HTTP request.'),
  );
  const status = HTTP_STATUS_OF[ErrorCode.INVALID_ARGUMENT];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
