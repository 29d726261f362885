import { FuzzInstances } from '../support/fuzz-instances';

const LONG = 240_000;
const DOCUMENTS = [{ organizationId: 'org-fz', documentId: 'doc-fz' }];

/** Hostile input on the socket surface, over two instances with twin tenants. */
describe('fuzz: socket events', () => {
  let instances: FuzzInstances;
  let baseline: number;

  beforeAll(async () => {
    instances = await FuzzInstances.start({ documents: DOCUMENTS, editors: ['mallory', 'ctl-a', 'ctl-b'] });
    await instances.connectControls({ actor: 'ctl-a', watcher: 'ctl-b' });
    baseline = await instances.handlerErrors();
  }, LONG);

  afterAll(async () => {
    await instances?.stop();
  }, LONG);

  it(
    'keeps both instances, the control tenant and the documents whole',
    async () => {
      await instances.checkBatch(baseline);
      expect(instances.alarmingLines()).toEqual([]);
    },
    LONG,
  );
});
