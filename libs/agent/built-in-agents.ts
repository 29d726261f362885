import { AgentConfig } from './agent-config';

/** The system groups Velt provisions, with their default names; an agent is classified into at most one. */
export const SYSTEM_GROUPS = {
  'copy-qa': { name: 'Copy QA', description: 'Spelling, grammar, placeholder text and other copy checks.' },
  seo: { name: 'SEO', description: 'Metadata, links, robots and sitemap checks.' },
  'design-checks': { name: 'Design checks', description: 'Layout, accessibility and visual checks.' },
  performance: { name: 'Performance', description: 'Page speed and Lighthouse checks.' },
  'brand-checks': { name: 'Brand checks', description: 'Brand voice, colours, typography and compliance checks.' },
} as const;
export type SystemGroupId = keyof typeof SYSTEM_GROUPS;

/** Keyword rules, first match wins: our deterministic stand-in for Velt's classification (docs/ai.md). */
const CLASSIFIER: Array<[SystemGroupId, RegExp]> = [
  ['performance', /\b(performance|lighthouse|speed|load time|core web vitals)\b/i],
  [
    'seo',
    /\b(seo|meta ?(description|title|tags?)|sitemap|robots|open graph|og[- ]image|canonical|broken[- ]links?)\b/i,
  ],
  ['brand-checks', /\b(brand|tone of voice|trademark|logo|compliance|pii|sensitive|profanity)\b/i],
  ['design-checks', /\b(design|layout|colou?rs?|fonts?|typography|accessib\w*|wcag|contrast|visual)\b/i],
  ['copy-qa', /\b(spell\w*|typos?|grammar|copy|wording|lorem|placeholder|punctuation)\b/i],
];

export function classify(text: string): SystemGroupId | null {
  return CLASSIFIER.find(([, rule]) => rule.test(text))?.[0] ?? null;
}

export interface BuiltInAgent {
  id: string;
  name: string;
  description: string;
  /** Part of the default suite (Velt's `essentialDefault`). */
  essentialDefault: boolean;
  /** What a run does; a built-in Velt runs as a service is stored with that strategy and skipped here. */
  config: AgentConfig;
}

const aiAgent = (
  instructions: string,
  strategies: AgentConfig['contextGathering'] = { strategies: ['web-page-text'] },
) => ({
  instructions,
  contextGathering: strategies,
  execution: { executionStrategy: 'ai' as const },
});

const serviceAgent = (serviceId: string): AgentConfig => ({
  contextGathering: { strategies: ['none'] },
  execution: { executionStrategy: 'service', serviceId },
});

/** Velt's built-in agents (the overview page's table), with our instructions for those a model runs. */
export const BUILT_IN_AGENTS: readonly BuiltInAgent[] = [
  {
    id: 'spell-check',
    name: 'Spell Check',
    description: 'Finds spelling mistakes and typos in page content using AI analysis',
    essentialDefault: true,
    config: aiAgent(
      'Find spelling mistakes and typos in the page text. Quote the misspelled word as targetText and give the correct spelling as suggestion.',
    ),
  },
  {
    id: 'grammar-check',
    name: 'Grammar Check',
    description: 'Finds grammar mistakes in page content',
    essentialDefault: true,
    config: aiAgent(
      'Find grammar mistakes in the page text. Quote the faulty phrase as targetText and give the corrected phrase as suggestion.',
    ),
  },
  {
    id: 'broken-links',
    name: 'Broken Links',
    description: 'Validates the links of the page',
    essentialDefault: true,
    config: serviceAgent('broken-links'),
  },
  {
    id: 'pii-detection',
    name: 'PII Detection',
    description: 'Detects personal information exposed on the page',
    essentialDefault: false,
    config: aiAgent(
      'Find personal information (names with contact details, e-mail addresses, phone numbers, addresses, identity numbers) exposed in the page text.',
    ),
  },
  {
    id: 'profanity-filter',
    name: 'Profanity Filter',
    description: 'Detects profanity in page content',
    essentialDefault: false,
    config: aiAgent('Find profane, offensive or vulgar words in the page text.'),
  },
  {
    id: 'sensitive-data',
    name: 'Sensitive Data',
    description: 'Detects sensitive data such as keys and credentials',
    essentialDefault: false,
    config: aiAgent(
      'Find sensitive data exposed in the page: API keys, passwords, tokens, internal hostnames, account numbers.',
      {
        strategies: ['web-page-text', 'web-page-html'],
      },
    ),
  },
  {
    id: 'lighthouse',
    name: 'Lighthouse',
    description: 'Google Lighthouse performance, SEO and accessibility audit',
    essentialDefault: false,
    config: {
      contextGathering: { strategies: ['lighthouse'] },
      execution: { executionStrategy: 'service', serviceId: 'lighthouse' },
    },
  },
  {
    id: 'accessibility-checker',
    name: 'Accessibility Checker',
    description: 'Accessibility (WCAG) audit',
    essentialDefault: false,
    config: serviceAgent('accessibility-checker'),
  },
  {
    id: 'og-image-checker',
    name: 'OG Image Checker',
    description: 'Validates the Open Graph image of the page',
    essentialDefault: false,
    config: serviceAgent('og-image-checker'),
  },
  {
    id: 'lorem-ipsum',
    name: 'Lorem Ipsum',
    description: 'Detects placeholder and lorem-ipsum text',
    essentialDefault: true,
    config: aiAgent('Find placeholder text left on the page: lorem ipsum, "TODO", "TBD", "placeholder", sample names.'),
  },
];

export const builtInAgent = (agentId: string): BuiltInAgent | undefined =>
  BUILT_IN_AGENTS.find((a) => a.id === agentId);
