/**
 * Hello world on the storefront's libraries, each used through its core API
 * the way any page on this stack uses it: a router with one route and a link,
 * a query client with one query fetched through an axios instance and parsed
 * with a zod/mini schema (objects, arrays, strings, numbers, an enum,
 * optional and nullable fields), and one XState actor read with
 * @xstate/react. Nothing of the storefront's own code.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Link, Outlet, RouterProvider, createRootRoute, createRoute, createRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import axios from 'axios';
import { createRoot } from 'react-dom/client';
import { assign, createActor, setup } from 'xstate';
import * as z from 'zod/mini';

const http = axios.create({ baseURL: '/webapi', timeout: 50_000, headers: { 'Content-Type': 'application/json' } });

const Game = z.object({
  gameId: z.int(),
  name: z.string(),
  cover: z.string(),
  tags: z.array(z.string()),
  platform: z.enum(['pc', 'mobile', 'console']),
  score: z.number(),
});
const Envelope = z.object({
  success: z.boolean(),
  retCode: z.optional(z.nullable(z.string())),
  retData: z.optional(z.object({ gameList: z.array(Game), keywords: z.array(z.string()) })),
});

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
    queryFn: async () => Envelope.parse((await http.post('/sgame/mall/game/hotSearch', {})).data).retData?.keywords ?? [],
  });
  return (
    <p>
      你好 {n} {data?.join(' ')}{' '}
      <Link to="/" onClick={() => counter.send({ type: 'inc' })}>
        首页
      </Link>
    </p>
  );
}

const rootRoute = createRootRoute({ component: Outlet });
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: Hello });
const router = createRouter({ routeTree: rootRoute.addChildren([indexRoute]) });
const queryClient = new QueryClient();

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
