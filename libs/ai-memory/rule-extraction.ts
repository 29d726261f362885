/** A rule as extracted from a source's markdown (Velt's List Extracted Rules item, without its id). */
export interface ExtractedRule {
  content: string;
  category: string | null;
  index: number;
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+)$/;
const DIRECTIVE =
  /\b(must|never|always|ensure|should|shall|required?|avoid|only|do not|don't|cannot|can't|prohibited|mandatory)\b/i;
/** Velt: a source is rule-based when enough of its lines read like rules. */
const RULE_SHARE = 0.5;
const MIN_RULES = 2;

/** Bullets, numbered items and checkboxes with directive wording, each with the heading it sits under. */
export function extractRules(markdown: string): ExtractedRule[] {
  const rules: ExtractedRule[] = [];
  let category: string | null = null;
  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    if (heading) {
      category = heading[2];
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item && DIRECTIVE.test(item[1])) rules.push({ content: item[1].trim(), category, index: rules.length });
  }
  return rules;
}

/** Whether enough of the text's lines (headings and blank lines aside) are rules. */
export function isRuleBased(markdown: string, rules: readonly ExtractedRule[]): boolean {
  const lines = markdown.split(/\r?\n/).filter((line) => line.trim() !== '' && !HEADING.test(line));
  return rules.length >= MIN_RULES && rules.length / Math.max(lines.length, 1) >= RULE_SHARE;
}

/** What changed between two rule lists, by content: Velt's knowledge/update diff. */
export function ruleDiff(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[]; unchanged: number } {
  const old = new Set(before);
  const next = new Set(after);
  return {
    added: after.filter((rule) => !old.has(rule)),
    removed: before.filter((rule) => !next.has(rule)),
    unchanged: after.filter((rule) => old.has(rule)).length,
  };
}

const CHUNK_CHARS = 1200;

/** The markdown in passages of at most about CHUNK_CHARS characters, split at blank lines, each led by its heading. */
export function chunkMarkdown(markdown: string): string[] {
  const chunks: string[] = [];
  let heading = '';
  let current = '';
  const flush = () => {
    if (current.trim() !== '') chunks.push(current.trim());
    current = '';
  };
  for (const block of markdown.split(/\n\s*\n/)) {
    const text = block.trim();
    if (text === '') continue;
    const match = HEADING.exec(text.split('\n')[0]);
    if (match) {
      flush();
      heading = text.split('\n')[0];
    }
    if (current.length + text.length > CHUNK_CHARS) flush();
    if (current === '' && heading !== '' && !text.startsWith(heading)) current = `${heading}\n\n`;
    for (let start = 0; start < text.length; start += CHUNK_CHARS) {
      current += `${text.slice(start, start + CHUNK_CHARS)}\n\n`;
      if (current.length > CHUNK_CHARS) flush();
    }
  }
  flush();
  return chunks;
}
