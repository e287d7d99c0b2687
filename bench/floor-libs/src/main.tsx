/**
 * Hello world on the storefront's libraries: each library used through the
 * same entry points the storefront's first paint imports (the import lists
 * below mirror theirs), so that what the storefront loads beyond this page is
 * its own code. Nothing of the storefront's code is here; no flow, no
 * screen: a router with two routes and a query parsed with zod/mini.
 * XState, @xstate/react and axios are not here: since the start-up work (docs/performance.md) the
 * storefront's first paint does not load them (they come with the store's
 * flows, src/app/start-store.ts, and the first call, src/api/transport.ts),
 * so the query goes through `fetch`.
 *
 * When the storefront's first paint starts using another export of one of
 * these libraries, use it here too (`npm run budgets` prints the library code
 * this page lacks).
 */
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import {
  Link,
  Outlet,
  RouterProvider,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  notFound,
  redirect,
  useLocation,
  useNavigate,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import {
  Suspense,
  StrictMode,
  createContext,
  lazy,
  use,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import * as z from 'zod/mini';

// --- zod/mini: the schema kinds and checks the storefront's first paint uses -------------------

const Env = z.object({
  base: z.catch(z.string().check(z.regex(/^\//)), '/webapi'),
  site: z.optional(z.url()),
  retries: z.catch(z.int().check(z.gte(0), z.lte(3)), 1),
});
const env = Env.parse({ base: '/webapi' });

const Item = z.object({
  id: z.int().check(z.positive()),
  name: z.string().check(z.minLength(1), z.maxLength(64)),
  price: z.int().check(z.nonnegative()),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()),
  note: z.nullable(z.string()),
  extra: z.record(z.string(), z.unknown()),
  flag: z.boolean(),
  score: z.number(),
});
const Detail = z.extend(Item, { more: z.string() });
const Envelope = z.object({
  success: z.boolean(),
  retCode: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  retData: z.optional(z.unknown()),
});
const Search = z.object({ keyword: z.catch(z.optional(z.string()), undefined) });

// --- fetch: one call with the store's headers; a cancelled call is rethrown -----------------------

async function hotKeywords(signal: AbortSignal): Promise<string[]> {
  try {
    const answer = await fetch(`${env.base}/sgame/mall/game/hotSearch`, {
      method: 'POST',
      body: '{}',
      signal,
      headers: { 'Content-Type': 'application/json', reqChannel: 'web' },
    });
    const envelope = Envelope.parse(await answer.json());
    const parsed = z.object({ keywords: z.array(z.string()), gameList: z.array(Detail) }).safeParse(envelope.retData);
    return parsed.success ? parsed.data.keywords : [];
  } catch (error) {
    if (signal.aborted) throw error;
    return [];
  }
}

const keywordsQuery = () =>
  queryOptions({ queryKey: ['hello', 'keywords'], queryFn: ({ signal }) => hotKeywords(signal) });

// --- React and the router: context, an external store, a lazy component, search validation ---------

const CountContext = createContext({ n: 0 });
const store = { value: 0, listeners: new Set<() => void>() };
const subscribe = (listener: () => void) => {
  store.listeners.add(listener);
  return () => store.listeners.delete(listener);
};

const bang = Promise.resolve('!');
function Bang() {
  return <small>{use(bang)}</small>;
}
const Extra = lazy(async () => ({ default: Bang }));

function Hello() {
  const counter = useContext(CountContext);
  const count = counter.n;
  const { data } = useQuery(keywordsQuery());
  const location = useLocation();
  const navigate = useNavigate();
  const router = useRouter();
  const pending = useRouterState({ select: (s) => s.status === 'pending' });
  const tick = useSyncExternalStore(subscribe, () => store.value);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    store.value += 1;
    store.listeners.forEach((listener) => listener());
  }, []);
  return (
    <main>
      <p>
        你好 {count} {tick} {data?.join(' ')} {location.pathname} {pending ? '…' : ''}
      </p>
      <Link to="/" onClick={() => store.listeners.forEach((listener) => listener())}>
        首页
      </Link>{' '}
      <button
        type="button"
        onClick={() => void navigate({ to: '/search', search: { keyword: 'a' } }).then(() => router.invalidate())}
      >
        搜索
      </button>
      <button type="button" onClick={() => setShown(true)}>
        更多
      </button>
      {shown ? (
        <Suspense fallback={null}>
          <Extra />
        </Suspense>
      ) : null}
      <Outlet />
    </main>
  );
}

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Hello,
  beforeLoad: ({ location }) => {
    if (location.pathname === '/old') throw redirect({ to: '/' });
  },
  notFoundComponent: () => <p>没有这个页面</p>,
  errorComponent: () => <p>出错了</p>,
});
const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => void context.queryClient.prefetchQuery(keywordsQuery()),
});
const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: (search: Record<string, unknown>) => Search.parse(search),
  beforeLoad: ({ search }) => {
    if (search.keyword === '') throw notFound();
  },
  loader: ({ context }) => context.queryClient.ensureQueryData(keywordsQuery()),
  pendingComponent: () => <p>…</p>,
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 60_000, gcTime: 600_000, refetchOnWindowFocus: false } },
});
const router = createRouter({
  routeTree: rootRoute.addChildren([indexRoute, searchRoute]),
  context: { queryClient },
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  notFoundMode: 'root',
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <CountContext.Provider value={{ n: 0 }}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </CountContext.Provider>
    </StrictMode>,
  );
}
