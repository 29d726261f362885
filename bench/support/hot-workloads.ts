import { post } from '../../test/support/http-client';

/** The hot routes `bench:routes` and `bench:compare` load, and the data they read. */
export interface Workload {
  name: string;
  path: string;
  bodies: unknown[];
  /** Also held to >= 0.9 of the minimal Nest peer. */
  againstPeer?: boolean;
  /** p99 bound in ms at BENCH_CONNECTIONS connections. */
  p99AtMostMs?: number;
}

const DOCUMENTS = 100;
const documentId = (i: number) => `doc-${String(i).padStart(3, '0')}`;
const broadcast = (docId: string, x: number) => ({
  organizationId: 'org',
  documentId: docId,
  liveStateDataId: 'cursor',
  data: { x, pointer: { y: x } },
  merge: true,
});

export const WORKLOADS: Workload[] = [
  {
    name: 'no-op authenticated (auth/generate_token)',
    path: '/v2/auth/generate_token',
    bodies: [{ userId: 'user-1' }],
    againstPeer: true,
  },
  {
    name: 'documents/get, page of 100',
    path: '/v2/organizations/documents/get',
    bodies: [{ organizationId: 'org', pageSize: 100 }],
    againstPeer: true,
  },
  { name: 'organizations/get (20)', path: '/v2/organizations/get', bodies: [{}] },
  {
    name: 'presence/add',
    path: '/v2/presence/add',
    bodies: [
      {
        organizationId: 'org',
        documentId: documentId(0),
        users: [{ userId: 'user-1', name: 'User 1', status: 'online' }],
      },
    ],
  },
  {
    name: 'livestate/broadcast merge, one hot document',
    path: '/v2/livestate/broadcast',
    bodies: Array.from({ length: 10 }, (_, x) => broadcast(documentId(0), x)),
    p99AtMostMs: 50,
  },
  {
    name: 'livestate/broadcast merge, 100 documents',
    path: '/v2/livestate/broadcast',
    bodies: Array.from({ length: DOCUMENTS }, (_, i) => broadcast(documentId(i), i)),
  },
  { name: 'users/get (20)', path: '/v2/users/get', bodies: [{ organizationId: 'org' }] },
  {
    name: 'commentannotations/get (10 with a comment)',
    path: '/v2/commentannotations/get',
    bodies: [{ organizationId: 'org', documentId: documentId(0) }],
    againstPeer: true,
  },
];

/** BENCH_ROUTES=generate_token,documents/get keeps only the workloads whose path contains one of the parts. */
export const SELECTED_WORKLOADS = process.env.BENCH_ROUTES
  ? WORKLOADS.filter((w) => process.env.BENCH_ROUTES!.split(',').some((part) => w.path.includes(part)))
  : WORKLOADS;

/** The organizations, documents, users and comments the workloads read, written through the API at `url`. */
export async function seedHotData(url: string, headers: Record<string, string>): Promise<void> {
  const setup = async (path: string, data: unknown) => {
    const response = await post(url, path, data, headers);
    if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
  };
  await setup('/v2/organizations/add', {
    organizations: Array.from({ length: 20 }, (_, i) => ({
      organizationId: i ? `org-${i}` : 'org',
      organizationName: `Org ${i}`,
    })),
  });
  await setup('/v2/organizations/documents/add', {
    organizationId: 'org',
    documents: Array.from({ length: DOCUMENTS }, (_, i) => ({
      documentId: documentId(i),
      documentName: `Document ${i}`,
    })),
  });
  await setup('/v2/users/add', {
    organizationId: 'org',
    users: Array.from({ length: 20 }, (_, i) => ({
      userId: `user-${i}`,
      name: `User ${i}`,
      email: `user${i}@example.com`,
      accessRole: 'editor',
    })),
  });
  await setup('/v2/commentannotations/add', {
    organizationId: 'org',
    documentId: documentId(0),
    commentAnnotations: Array.from({ length: 10 }, (_, i) => ({
      annotationId: `a${i}`,
      commentData: [{ commentText: `Comment ${i}`, from: { userId: 'user-1' } }],
    })),
  });
}
