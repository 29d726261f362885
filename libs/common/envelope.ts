export interface SuccessEnvelope<T> {
  result: { status: 'success'; message: string; data?: T } & Record<string, unknown>;
}

export interface ErrorEnvelope {
  error: { status: string; message: string; errorId?: string };
}

export interface BatchItem {
  success: boolean;
  id: string;
  message: string;
}

export type BatchResult<T extends BatchItem = BatchItem> = Record<string, T>;

/** Success envelope of the spec (Common envelopes, 3). `extra` carries siblings of data such as page tokens. */
export function ok<T>(message: string, data: T, extra: Record<string, unknown> = {}): SuccessEnvelope<T> {
  return { result: { status: 'success', message, data, ...extra } };
}

/** Success envelope without a `data` member (e.g. documents move). */
export function okWithoutData(message: string): SuccessEnvelope<never> {
  return { result: { status: 'success', message } };
}

/** Per-item batch envelope (Common envelopes, 5-6): keyed by the caller's identifier, status success even when items fail. */
export function batch<T extends BatchItem>(message: string, items: T[]): SuccessEnvelope<BatchResult<T>> {
  const data: BatchResult<T> = {};
  for (const item of items) data[item.id] = item;
  return ok(message, data);
}

export function item(id: string, success: boolean, message: string): BatchItem;
/** With `extra`: the per-item fields a Velt page shows beside success and message (e.g. the accessType set). */
export function item<E extends Record<string, unknown>>(
  id: string,
  success: boolean,
  message: string,
  extra: E,
): BatchItem & E;
export function item(id: string, success: boolean, message: string, extra: Record<string, unknown> = {}): BatchItem {
  return { success, id, ...extra, message };
}

export function errorEnvelope(status: string, message: string, errorId?: string): ErrorEnvelope {
  return { error: errorId ? { status, message, errorId } : { status, message } };
}
