import { Workbook } from 'exceljs';
import { bytesMatchType, ConversionError, fileToMarkdown, zipInflatedSize } from './file-text';

describe('knowledge files to markdown', () => {
  it('checks the declared type against the bytes', () => {
    expect(bytesMatchType(Buffer.from('%PDF-1.4\n'), 'application/pdf')).toBe(true);
    expect(bytesMatchType(Buffer.from('plain'), 'application/pdf')).toBe(false);
    expect(bytesMatchType(Buffer.from([0xff, 0xfe, 0x00]), 'text/plain')).toBe(false);
    expect(bytesMatchType(Buffer.from('a,b\n1,2'), 'text/csv')).toBe(true);
  });

  // A PDF's text (pdf.js, loaded by a dynamic import Jest's CommonJS runtime lacks) is covered by test/ai-memory.e2e-spec.ts.
  it('converts text, CSV and a workbook', async () => {
    expect(await fileToMarkdown(Buffer.from('- Always cite.'), 'text/plain')).toBe('- Always cite.');
    expect(await fileToMarkdown(Buffer.from('rule,owner\nCite claims,legal\n'), 'text/csv')).toBe(
      '| rule | owner |\n| --- | --- |\n| Cite claims | legal |',
    );
    const workbook = new Workbook();
    workbook.addWorksheet('Rules').addRows([['rule'], ['Never promise results']]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await fileToMarkdown(xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')).toBe(
      '## Rules\n\n| rule |\n| --- |\n| Never promise results |',
    );
  });

  it('fails a PDF without text with Velt reason', async () => {
    await expect(fileToMarkdown(Buffer.from('%PDF-1.4 broken'), 'application/pdf')).rejects.toEqual(
      new ConversionError('pdf-llm-conversion-failed'),
    );
  });

  it("reads a workbook's declared inflated size from its ZIP directory", async () => {
    const workbook = new Workbook();
    workbook.addWorksheet('Rules').addRows([['rule']]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(zipInflatedSize(xlsx)).toBeGreaterThan(xlsx.length);
    expect(zipInflatedSize(Buffer.from('not a zip at all, no directory'))).toBeNull();
  });
});
