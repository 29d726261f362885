import { compileDefinition, DefinitionContent, EdgeDef, GroupDef, NodeDef } from './graph';
import { checkNodeConfigs } from './node-config';
import { evaluate, parsePredicate } from './predicate';

const human = (nodeId: string, extra: Partial<NodeDef> = {}): NodeDef => ({
  nodeId,
  type: 'human',
  config: { reviewers: [{ userId: `u_${nodeId}`, mandatory: true }] },
  ...extra,
});
const agent = (nodeId: string): NodeDef => ({
  nodeId,
  type: 'agent',
  config: { agentId: '__mock__', urlPath: 'documentUrl' },
});

function content(nodes: NodeDef[], edges: EdgeDef[], groups?: GroupDef[]): DefinitionContent {
  return { name: 'test', scope: { level: 'apiKey' }, nodes, edges, ...(groups ? { groups } : {}) };
}

const failure = (nodes: NodeDef[], edges: EdgeDef[], groups?: GroupDef[]): string => {
  try {
    compileDefinition(content(nodes, edges, groups));
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
};

describe('compileDefinition', () => {
  it("compiles Velt's marketing-copy example to Velt's compiled block", () => {
    const { compiled, graph } = compileDefinition(
      content(
        [agent('agent-draft'), human('human-review'), agent('agent-publish'), agent('agent-rework')],
        [
          { from: 'agent-draft', to: 'human-review' },
          { from: 'human-review', to: 'agent-publish', on: 'approve' },
          { from: 'human-review', to: 'agent-rework', on: 'reject' },
        ],
      ),
    );
    expect(compiled).toEqual({
      forwardEdges: [
        { from: 'agent-draft', to: 'human-review', role: 'always', when: null },
        {
          from: 'human-review',
          to: 'agent-publish',
          role: 'approve',
          when: { op: 'eq', args: [{ var: 'output.decision' }, 'approve'] },
        },
        {
          from: 'human-review',
          to: 'agent-rework',
          role: 'reject',
          when: { op: 'eq', args: [{ var: 'output.decision' }, 'reject'] },
        },
      ],
      loops: [],
    });
    expect(graph.roots).toEqual(['agent-draft']);
  });

  it('derives a loop region and its exhausted route, which is never a root', () => {
    const { compiled, graph } = compileDefinition(
      content(
        [agent('draft'), human('boss'), agent('publish'), human('skip-level')],
        [
          { from: 'draft', to: 'boss' },
          { from: 'boss', to: 'publish', on: 'approve' },
          { from: 'boss', to: 'draft', on: 'reject', loop: { maxIterations: 3 } },
          { from: 'boss', to: 'skip-level', on: 'exhausted' },
          { from: 'skip-level', to: 'publish', on: 'reject' },
        ],
      ),
    );
    expect(compiled.loops).toEqual([
      {
        loopId: 'loop_boss__to__draft',
        entryNodeId: 'draft',
        bodyNodeIds: expect.arrayContaining(['draft', 'boss']) as string[],
        maxIterations: 3,
        onExhausted: { routeToNodeId: 'skip-level' },
      },
    ]);
    expect(compiled.loops[0].bodyNodeIds).toHaveLength(2);
    expect(graph.roots).toEqual(['draft']);
  });

  it.each([
    [
      'APPROVAL_HUMAN_NODE_REQUIRES_REJECT_PATH',
      [human('final')],
      [] as EdgeDef[],
      'every human node must have at least one outgoing edge with on="reject"',
    ],
    ['APPROVAL_EDGE_CUSTOM_REQUIRES_WHEN', [agent('a'), agent('b')], [{ from: 'a', to: 'b', on: 'custom' }], ''],
    [
      'APPROVAL_EDGE_WHEN_ONLY_FOR_CUSTOM',
      [agent('a'), agent('b')],
      [{ from: 'a', to: 'b', on: 'approve', when: '{"op":"eq","args":[1,1]}' }],
      '',
    ],
    [
      'APPROVAL_EDGE_LOOP_REQUIRES_REJECT',
      [agent('a'), agent('b')],
      [{ from: 'a', to: 'b', on: 'approve', loop: { maxIterations: 2 } }],
      '',
    ],
    [
      'APPROVAL_EDGE_LOOP_REQUIRES_BACK_EDGE',
      [human('a'), agent('b')],
      [{ from: 'a', to: 'b', on: 'reject', loop: { maxIterations: 2 } }],
      '',
    ],
    [
      'APPROVAL_EDGE_REJECT_CYCLE_REQUIRES_LOOP',
      [agent('a'), human('b')],
      [
        { from: 'a', to: 'b' },
        { from: 'b', to: 'a', on: 'reject' },
      ],
      '',
    ],
    [
      'APPROVAL_EDGE_EXHAUSTED_REQUIRES_LOOP_SIBLING',
      [human('a'), agent('b'), agent('c')],
      [
        { from: 'a', to: 'b', on: 'reject' },
        { from: 'a', to: 'c', on: 'exhausted' },
      ],
      '',
    ],
  ] as Array<[string, NodeDef[], EdgeDef[], string]>)('refuses %s', (key, nodes, edges, text) => {
    const message = failure(nodes, edges);
    expect(message).toContain(`[${key}]`);
    expect(message).toContain(text);
  });

  it.each([
    ['duplicate-node-id', [agent('a'), agent('a')], [] as EdgeDef[]],
    ['dangling-edge', [agent('a')], [{ from: 'a', to: 'ghost' }]],
    [
      'cycle-detected',
      [agent('a'), agent('b'), agent('c')],
      [
        { from: 'b', to: 'c' },
        { from: 'c', to: 'b' },
      ],
    ],
    [
      'missing-breach-edge',
      [human('review', { slaMs: 86_400_000 }), agent('rework')],
      [{ from: 'review', to: 'rework', on: 'reject' }],
    ],
  ] as Array<[string, NodeDef[], EdgeDef[]]>)('lints %s', (code, nodes, edges) => {
    const message = failure(nodes, edges);
    expect(message).toContain(`"code":"${code}"`);
    expect(message).toMatch(/^Definition linter failed: \[/);
  });

  it('refuses overlapping loop regions (Velt: one reject back-edge per parallel reviewer)', () => {
    const message = failure(
      [agent('agent-draft'), human('human-legal'), human('human-brand')],
      [
        { from: 'agent-draft', to: 'human-legal' },
        { from: 'agent-draft', to: 'human-brand' },
        { from: 'human-legal', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
        { from: 'human-brand', to: 'agent-draft', on: 'reject', loop: { maxIterations: 3 } },
      ],
    );
    expect(message).toContain('loop-node-in-multiple-loops');
  });

  it("checks a loop body's shape: one terminal, or exactly a joinOnQuorum group with quorum === expectedSteps", () => {
    const twoExits = failure(
      [agent('draft'), human('legal'), human('brand'), agent('publish'), agent('archive')],
      [
        { from: 'draft', to: 'legal' },
        { from: 'legal', to: 'brand', on: 'approve' },
        { from: 'legal', to: 'archive', on: 'reject' },
        { from: 'brand', to: 'publish', on: 'approve' },
        { from: 'brand', to: 'draft', on: 'reject', loop: { maxIterations: 2 } },
      ],
    );
    expect(twoExits).toContain('loop-body-must-have-single-terminal');
    const stage = (quorum: number) =>
      failure(
        [agent('draft'), human('legal'), human('brand'), agent('publish')],
        [
          { from: 'draft', to: { kind: 'group', groupId: 'stage' } },
          { from: 'legal', to: 'publish' },
          { from: 'brand', to: 'publish' },
          { from: { kind: 'group', groupId: 'stage' }, to: 'draft', on: 'reject', loop: { maxIterations: 2 } },
        ],
        [
          {
            groupId: 'stage',
            memberNodeIds: ['legal', 'brand'],
            expectedSteps: 2,
            quorum,
            onQuorumMet: 'joinOnQuorum',
          },
        ],
      );
    expect(stage(2)).toBe('accepted');
    expect(stage(1)).toContain('loop-group-bounded-quorum-must-equal-expected');
  });

  it('checks group shapes and their edge contracts', () => {
    const members = [human('legal'), human('brand'), human('finance')];
    const group = (extra: Partial<GroupDef>): GroupDef => ({
      groupId: 'panel',
      memberNodeIds: ['legal', 'brand', 'finance'],
      expectedSteps: 3,
      quorum: 2,
      ...extra,
    });
    const perMemberReject: EdgeDef[] = members.map((member) => ({ from: member.nodeId, to: 'rework', on: 'reject' }));
    const nodes = [agent('start'), ...members, agent('rework'), agent('publish')];
    const entry: EdgeDef = { from: 'start', to: { kind: 'group', groupId: 'panel' } };
    expect(failure(nodes, [entry, ...perMemberReject], [group({ quorum: 4 })])).toContain('group-quorum-invalid');
    expect(
      failure(nodes, [entry, ...perMemberReject], [group({ quorum: 3, onQuorumMet: 'cancelOnQuorum' })]),
    ).toContain('group-cancelonquorum-requires-quorum-lt-expected');
    expect(
      failure(nodes, [entry, ...perMemberReject], [group({ requiredNodeIds: ['legal', 'brand', 'finance'] })]),
    ).toContain('group-required-exceeds-quorum');
    expect(
      failure(
        nodes,
        [entry, ...perMemberReject, { from: { kind: 'group', groupId: 'panel' }, to: 'publish', on: 'reject' }],
        [group({ onQuorumMet: 'cancelOnQuorum' })],
      ),
    ).toContain('[APPROVAL_GROUP_FROM_REJECT_REQUIRES_LOOP]');
    expect(
      failure(
        nodes,
        [entry, ...perMemberReject, { from: { kind: 'group', groupId: 'panel' }, to: 'publish', on: 'approve' }],
        [group({ onQuorumMet: 'cancelOnQuorum' })],
      ),
    ).toBe('accepted');
  });
});

describe('node configs', () => {
  it("refuses an unknown config field by its path, and Velt's schema rules with Velt's messages", () => {
    expect(() => checkNodeConfigs([{ ...agent('a'), config: { agentId: 'x', url: 'https://a.b', extra: 1 } }])).toThrow(
      'data.nodes[0].config.extra is not a known field.',
    );
    expect(() => checkNodeConfigs([{ nodeId: 'a', type: 'agent', config: { agentId: 'x' } }])).toThrow(
      'agent node requires either a static "url" or a "urlPath"',
    );
    expect(() => checkNodeConfigs([{ nodeId: 'h', type: 'human', config: {} }])).toThrow(
      'at least one of reviewerIds or reviewers must be provided',
    );
    expect(() =>
      checkNodeConfigs([{ nodeId: 'h', type: 'human', config: { reviewers: [{ userId: 'u', mandatory: false }] } }]),
    ).toThrow('reviewers must include at least one mandatory reviewer');
    expect(() =>
      checkNodeConfigs([{ nodeId: 'n', type: 'notification', config: { channel: 'email', bodyTemplate: 'x' } }]),
    ).toThrow('notification node with channel="email" requires a non-empty recipients array');
    expect(() =>
      checkNodeConfigs([{ nodeId: 'w', type: 'webhook', config: { url: 'https://a.b', authMode: 'token' } }]),
    ).toThrow('webhook node with authMode="token" requires authTokenHeader to be set');
  });
});

describe('predicates', () => {
  it('parses JSON-AST strings only and evaluates them safely', () => {
    expect(() => parsePredicate("output.decision == 'approve'")).toThrow('JSON-AST');
    const ast = parsePredicate(
      '{"op":"and","args":[{"op":"gt","args":[{"var":"output.score"},0.8]},{"op":"regex","args":[{"var":"output.body"},"^urgent"]}]}',
    );
    expect(evaluate(ast, { output: { score: 0.9, body: 'urgent: fix' } })).toBe(true);
    expect(evaluate(ast, { output: { score: 0.5, body: 'urgent: fix' } })).toBe(false);
    expect(evaluate(parsePredicate('{"op":"eq","args":[{"var":"output.missing.deep"},null]}'), { output: {} })).toBe(
      false,
    );
  });
});
