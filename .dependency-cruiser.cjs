/**
 * Module boundaries (docs/architecture.md "Why the boundaries are where they are"), checked by `npm run lint:boundaries` and so by `npm test`.
 *
 * Layers, lowest first; an import may only point down or sideways within a layer:
 *   platform  common database redis metrics queue
 *   base      http events resource realtime-hub auth
 *   domains   workspace organization document user access presence live-state comment webhook notification migration user-data activity email crdt
 *             usage console ai agent
 *   edge      realtime (the socket gateway), collab (the CRDT sync server), health, rate-limit,
 *             event-sinks (the list of the event pipeline's sinks, for both apps)
 *   apps      apps/api, apps/worker
 * A lib's public surface is its index.ts (safe for the worker to load, except in the API-only libs)
 * and, when it serves HTTP, its http.ts (controllers; imported by apps/api only).
 */
const PLATFORM = 'common|database|redis|metrics|queue';
const BASE = 'http|events|resource|realtime-hub|auth';
const EDGE = 'realtime|collab|health|rate-limit|event-sinks';
/** Libs that only the API process loads: request plumbing, guards, rate limits, health, the socket gateway, the CRDT sync server. */
const API_ONLY = 'http|auth|rate-limit|health|realtime|collab';
const HTTP_ONLY_CODE = [
  '\\.controller\\.ts$',
  '\\.gateway\\.ts$',
  `^libs/(${API_ONLY})/`,
  'node_modules/(@nestjs/swagger|@bull-board|@nestjs/throttler|@nestjs/terminus|@nestjs/platform-)',
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle between files means two modules each need the other: pull the shared part down.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-public-surface',
      severity: 'error',
      comment: 'Another lib is reached through its index.ts (or http.ts from apps/api), never through a deep path.',
      from: { path: '^libs/([^/]+)/' },
      to: { path: '^libs/', pathNot: ['^libs/$1/', '^libs/[^/]+/index\\.ts$'] },
    },
    {
      name: 'app-public-surface',
      severity: 'error',
      from: { path: '^apps/', pathNot: '^apps/schema/' },
      to: { path: '^libs/', pathNot: '^libs/[^/]+/(index|http)\\.ts$' },
    },
    {
      name: 'schema-cli-reads-entities-only',
      severity: 'error',
      comment: "The TypeORM CLI's data source lists each module's entities/ and loads no services.",
      from: { path: '^apps/schema/' },
      to: { path: '^libs/', pathNot: ['^libs/(common|database)/index\\.ts$', '^libs/[^/]+/entities/'] },
    },
    {
      name: 'http-surface-only-for-the-api',
      severity: 'error',
      comment: 'Controllers are wired by apps/api alone, so nothing else loads them.',
      from: { pathNot: '^apps/api/' },
      to: { path: '^libs/[^/]+/http\\.ts$' },
    },
    {
      name: 'platform-stays-down',
      severity: 'error',
      from: { path: `^libs/(${PLATFORM})/` },
      to: { path: '^libs/', pathNot: `^libs/(${PLATFORM})/` },
    },
    {
      name: 'base-below-domains',
      severity: 'error',
      comment: 'Fan-out, revocation, resource locks, the event outbox and auth sit below every domain.',
      from: { path: `^libs/(${BASE})/` },
      to: { path: '^libs/', pathNot: `^libs/(${PLATFORM}|${BASE})/` },
    },
    {
      name: 'domains-below-the-edge',
      severity: 'error',
      comment: 'The gateway, health and rate limits call domains; no domain calls them.',
      from: { path: '^libs/', pathNot: `^libs/(${EDGE})/` },
      to: { path: `^libs/(${EDGE})/` },
    },
    {
      name: 'libs-below-apps',
      severity: 'error',
      from: { path: '^libs/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      from: { path: '^(libs|apps)/', pathNot: '\\.spec\\.ts$' },
      to: { path: '(^test/|\\.spec\\.ts$)' },
    },
    {
      name: 'index-loads-no-http',
      severity: 'error',
      comment: "A domain or platform lib's index.ts is what the worker may load: nothing HTTP-only may be behind it.",
      from: { path: '^libs/[^/]+/index\.ts$', pathNot: `^libs/(${API_ONLY})/` },
      to: { path: HTTP_ONLY_CODE, reachable: true },
    },
    {
      name: 'worker-loads-no-http',
      severity: 'error',
      comment:
        'The worker serves no REST: it must not load controllers, Swagger, Bull Board, the throttler or terminus.',
      from: { path: '^apps/worker/src/main\.ts$' },
      to: { path: HTTP_ONLY_CODE, reachable: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/' },
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
