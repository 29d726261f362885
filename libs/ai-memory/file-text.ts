import { parse as parseCsv } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { extractText, getDocumentProxy } from 'unpdf';

/** Velt's supported knowledge file types. */
export const KNOWLEDGE_MIME_TYPES = [
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/plain',
] as const;
export type KnowledgeMimeType = (typeof KNOWLEDGE_MIME_TYPES)[number];

/** Velt's failure reasons that a conversion can end in. */
export type ConversionFailure = 'pdf-llm-conversion-failed' | 'unsupported-mime-detected-post-validation';

export class ConversionError extends Error {
  constructor(readonly reason: ConversionFailure) {
    super(reason);
    this.name = 'ConversionError';
  }
}

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function utf8(bytes: Buffer): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** Whether the bytes are what their declared type says (Velt checks an inline upload's type against its bytes). */
export function bytesMatchType(bytes: Buffer, mimeType: KnowledgeMimeType): boolean {
  switch (mimeType) {
    case 'application/pdf':
      return bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC);
    case 'text/csv':
    case 'text/plain':
      return utf8(bytes) !== null;
  }
}

/** A cell's text: cells hold strings, numbers, booleans or dates by now (anything else is left empty). */
function cell(value: unknown): string {
  const text =
    value instanceof Date
      ? value.toISOString()
      : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : '';
  return text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
}

/** Rows as a markdown table, the first row as its header. */
function table(rows: unknown[][]): string {
  const nonEmpty = rows.filter((row) => row.some((value) => cell(value).trim() !== ''));
  if (nonEmpty.length === 0) return '';
  const width = Math.max(...nonEmpty.map((row) => row.length));
  const line = (row: unknown[]) => `| ${Array.from({ length: width }, (_, i) => cell(row[i])).join(' | ')} |`;
  return [line(nonEmpty[0]), `|${' --- |'.repeat(width)}`, ...nonEmpty.slice(1).map(line)].join('\n');
}

/** A workbook may inflate to at most this much: its parts are read whole. */
const MAX_INFLATED_BYTES = 200 * 1024 * 1024;
const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const ZIP64_MARK = 0xffffffff;

/** The total size a ZIP's directory declares its entries inflate to; null when there is no readable directory (or ZIP64). */
export function zipInflatedSize(bytes: Buffer): number | null {
  const floor = Math.max(0, bytes.length - 22 - 65_535);
  let end = -1;
  for (let at = bytes.length - 22; at >= floor; at--)
    if (bytes.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at;
      break;
    }
  if (end < 0) return null;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== DIRECTORY_ENTRY) return null;
    const size = bytes.readUInt32LE(at + 24);
    if (size === ZIP64_MARK) return null;
    total += size;
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

async function spreadsheet(bytes: Buffer): Promise<string> {
  const inflated = zipInflatedSize(bytes);
  if (inflated === null || inflated > MAX_INFLATED_BYTES)
    throw new Error('The workbook is unreadable or inflates too far.');
  const workbook = new Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheets: string[] = [];
  workbook.eachSheet((sheet) => {
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      const values = Array.isArray(row.values) ? row.values.slice(1) : [];
      rows.push(
        values.map((value) =>
          typeof value === 'object' && value !== null
            ? ((value as { text?: unknown }).text ?? (value as { result?: unknown }).result ?? '')
            : value,
        ),
      );
    });
    sheets.push(`## ${sheet.name}\n\n${table(rows)}`);
  });
  return sheets.join('\n\n');
}

async function pdf(bytes: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: false });
  return text
    .map((page) => page.trim())
    .filter((page) => page !== '')
    .join('\n\n');
}

/**
 * The file as markdown. Text is taken as written; CSV and each sheet of a workbook become tables; a
 * PDF's text layer is extracted page by page (no model: a scanned PDF without text fails).
 */
export async function fileToMarkdown(bytes: Buffer, mimeType: string): Promise<string> {
  switch (mimeType) {
    case 'text/plain': {
      const text = utf8(bytes);
      if (text === null) throw new ConversionError('unsupported-mime-detected-post-validation');
      return text;
    }
    case 'text/csv': {
      const text = utf8(bytes);
      if (text === null) throw new ConversionError('unsupported-mime-detected-post-validation');
      return table(parseCsv(text, { relax_column_count: true, skip_empty_lines: true }));
    }
    case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
      return spreadsheet(bytes).catch(() => {
        throw new ConversionError('unsupported-mime-detected-post-validation');
      });
    case 'application/pdf': {
      const text = await pdf(bytes).catch(() => '');
      if (text.trim() === '') throw new ConversionError('pdf-llm-conversion-failed');
      return text;
    }
    default:
      throw new ConversionError('unsupported-mime-detected-post-validation');
  }
}
