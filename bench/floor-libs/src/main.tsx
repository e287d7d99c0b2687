/**
 * Hello world on the storefront's libraries: a router with one route and a
 * link, a query client with one query fetched through axios and parsed with
 * zod/mini, and one XState actor read with @xstate/react. Nothing else.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import axios from 'axios';
import { createRoot } from 'react-dom/client';
import { assign, createActor, setup } from 'xstate';
import * as z from 'zod/mini';

const http = axios.create({ baseURL: '/webapi', timeout: 50_000 });
const Envelope = z.object({ success: z.boolean(), retData: z.optional(z.unknown()) });

const counter = createActor(
  setup({ types: {} as { context: { n: number }; events: { type: 'inc' } } }).createMachine({
    context: { n: 0 },
    on: { inc: { actions: assign({ n: ({ context }) => context.n + 1 }) } },
  }),
).start();

function Hello() {
  const n = useSelector(counter, (s) => s.context.n);
  const { data } = useQuery({
    queryKey: ['hello'],
    queryFn: async () => Envelope.parse((await http.post('/sgame/mall/game/hotSearch', {})).data).success,
  });
  return (
    <p>
      你好 {n} {String(data ?? '')} <Link to="/">首页</Link>
    </p>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
const queryClient = new QueryClient();

createRoot(document.getElementById('root')!).render(
  <QueryClientProvider client={queryClient}>
    <RouterProvider router={router} />
  </QueryClientProvider>,
);
