/**
 * Code-based route tree (docs/decisions/0002-code-based-routes.md): every
 * path of spec section 2 with its route name, layout and title in
 * `staticData.meta`, grouped under pathless layout routes. Each feature owns what its routes accept
 * (`route-search.ts`) and load (`route-data.ts`); this file only puts them together.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, notFound } from '@tanstack/react-router';
import { DetailLayout, HomeLayout, ModalWrapLayout, SemLayout } from '../features/shell/layouts';
import { ErrorPage, NotFoundPage } from '../features/shell/error-pages';
import { prefetchOrder, prefetchOrderList } from '../features/buying/route-data';
import { OrderDetailSearchSchema } from '../features/buying/route-search';
import { lazyPage } from './lazy-page';
import { RootShell } from './root-shell';
import { runMiddleware } from './route-middleware';
import type { RouteMeta } from '../features/shell/route-meta';
import { GameDetailSkeleton } from '../features/catalog/detail-skeleton';
import {
  loadGameDetail,
  prefetchClassifies,
  loadHome,
  loadHomeAside,
  prefetchNew,
  prefetchNotices,
  prefetchSearch,
} from '../features/catalog/route-data';
import {
  AgreementSearchSchema,
  GameDetailSearchSchema,
  HelpSearchSchema,
  NewPageSearchSchema,
  NoticeSearchSchema,
  SearchPageSearchSchema,
} from '../features/catalog/route-search';
import { LandingSearchSchema } from '../features/marketing/route-search';
import { SettingSearchSchema } from '../features/session/route-search';
import { parseSearch, parseSearchParams } from '../shared/search-fields';

export interface RouterContext {
  queryClient: QueryClient;
  /**
   * The signed-in shopper's id, or null (anonymous, or the store's flows not started yet: a prerendered page
   * hydrates before them, docs/prerendering.md). Account loaders prefetch nothing for null.
   */
  userId: () => number | null;
}

const meta = (m: RouteMeta) => ({ meta: m });
/** A public page: it renders for nobody, before the root actor exists, as a visitor sees it (src/app/main.tsx). */
const publicMeta = (m: RouteMeta) => ({ meta: m, rendersForNobody: true });

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootShell,
  beforeLoad: ({ location }) => runMiddleware(['redirects'], { pathname: location.pathname, href: location.href }),
  notFoundComponent: NotFoundPage,
  errorComponent: ErrorPage,
});

const homeLayout = createRoute({ getParentRoute: () => rootRoute, id: 'home-layout', component: HomeLayout });
const detailLayout = createRoute({ getParentRoute: () => rootRoute, id: 'detail-layout', component: DetailLayout });
const modalWrapLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'modal-wrap-layout',
  component: ModalWrapLayout,
});
const semLayout = createRoute({ getParentRoute: () => rootRoute, id: 'sem-layout', component: SemLayout });

const indexRoute = createRoute({
  getParentRoute: () => homeLayout,
  path: '/',
  staticData: { ...publicMeta({ name: 'index', layout: 'home', title: '首页' }), beforeHydrate: loadHomeAside },
  loader: ({ context }) => loadHome(context.queryClient),
  component: lazyPage(() => import('../features/catalog/home-page'), 'HomePage'),
});

const newRoute = createRoute({
  getParentRoute: () => homeLayout,
  path: '/new',
  staticData: publicMeta({ name: 'new', layout: 'home', title: '新品上架' }),
  validateSearch: parseSearch(NewPageSearchSchema),
  loader: ({ context }) => prefetchNew(context.queryClient),
  component: lazyPage(() => import('../features/catalog/new-page'), 'NewPage'),
});

const searchRoute = createRoute({
  getParentRoute: () => homeLayout,
  path: '/search',
  staticData: publicMeta({ name: 'search', layout: 'home', title: '搜索' }),
  validateSearch: parseSearch(SearchPageSearchSchema),
  // The search parameters are read from the location: declaring them as loaderDeps
  // defeats the inference of the route's search type (TS sees `{}`).
  loader: ({ context, location }) => prefetchSearch(context.queryClient, SearchPageSearchSchema.parse(location.search)),
  component: lazyPage(() => import('../features/catalog/search-page'), 'SearchPage'),
});

const gameDetailRoute = createRoute({
  getParentRoute: () => detailLayout,
  path: '/gameDetail/$id',
  staticData: publicMeta({ name: 'gameDetail-id', layout: 'detail', title: '商品详情' }),
  // Page validity (spec: "Page validation failure → 404 'Page Not Found: {path}'").
  validateSearch: parseSearch(GameDetailSearchSchema),
  // The parameter is annotated: a context-typed beforeLoad defeats the inference of
  // validateSearch (the page would see its search as `{}`).
  beforeLoad: ({ params }: { params: { id: string } }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.id)) throw notFound({ data: { reason: 'validation' } });
  },
  // Waits for the game so that an unknown id (game_40404) shows the 404 page; the
  // chosen goods/quantity in the search are not loader dependencies.
  loader: ({ context, params }) => loadGameDetail(context.queryClient, Number(params.id)),
  pendingComponent: GameDetailSkeleton,
  component: lazyPage(() => import('../features/catalog/game-detail-page'), 'GameDetailPage'),
});

const orderDetailRoute = createRoute({
  getParentRoute: () => detailLayout,
  path: '/orderDateil',
  staticData: meta({ name: 'orderDateil', layout: 'detail', title: '订单详情' }),
  validateSearch: parseSearch(OrderDetailSearchSchema),
  // Who is logged in is the session machine's: the loader asks it (through the router context) and
  // starts the order's query for that user, so the page's code and its data arrive together.
  // (search read from the location, as for /search: loaderDeps would defeat the search type inference)
  loader: ({ context, location }) =>
    prefetchOrder(context.queryClient, context.userId(), OrderDetailSearchSchema.parse(location.search).id),
  component: lazyPage(() => import('../features/buying/order-detail-page'), 'OrderDetailPage'),
});

const settingRoute = createRoute({
  getParentRoute: () => detailLayout,
  path: '/setting',
  staticData: meta({ name: 'setting', layout: 'detail', title: '个人中心' }),
  validateSearch: parseSearch(SettingSearchSchema),
  loader: ({ context, location }) => {
    const { type, page, status } = SettingSearchSchema.parse(location.search);
    if (type === 0) prefetchOrderList(context.queryClient, context.userId(), page ?? 1, status);
  },
  component: lazyPage(() => import('../features/session/setting-page'), 'SettingPage'),
});

// The cart (docs/cart.md, an extension): a visitor's is kept in this browser, so it is no account page, but it is
// each shopper's own: never prerendered.
const cartRoute = createRoute({
  getParentRoute: () => detailLayout,
  path: '/cart',
  staticData: meta({ name: 'cart', layout: 'detail', title: '购物车' }),
  component: lazyPage(() => import('./cart-route'), 'CartRoute'),
});

const couponRoute = createRoute({
  getParentRoute: () => semLayout,
  path: '/coupon',
  staticData: meta({ name: 'coupon', layout: 'sem', title: '领券中心' }),
  validateSearch: parseSearch(LandingSearchSchema),
  component: lazyPage(() => import('../features/marketing/coupon-page'), 'CouponPage'),
});

const semActivityRoute = createRoute({
  getParentRoute: () => semLayout,
  path: '/sem/activity',
  staticData: meta({ name: 'sem-activity', layout: 'sem', title: '限时活动' }),
  validateSearch: parseSearch(LandingSearchSchema),
  component: lazyPage(() => import('../features/marketing/sem-activity-page'), 'SemActivityPage'),
});

const noticeRoute = createRoute({
  getParentRoute: () => modalWrapLayout,
  path: '/notice',
  staticData: publicMeta({ name: 'notice', layout: 'modal-wrap', title: '公告' }),
  validateSearch: parseSearch(NoticeSearchSchema),
  loader: ({ context }) => prefetchNotices(context.queryClient),
  component: lazyPage(() => import('../features/catalog/notice-page'), 'NoticePage'),
});

const helpRoute = createRoute({
  getParentRoute: () => modalWrapLayout,
  path: '/help',
  staticData: publicMeta({ name: 'help', layout: 'modal-wrap', title: '帮助中心' }),
  validateSearch: parseSearch(HelpSearchSchema),
  loader: ({ context }) => prefetchClassifies(context.queryClient),
  component: lazyPage(() => import('../features/catalog/help-page'), 'HelpPage'),
});

const agreementRoute = createRoute({
  getParentRoute: () => modalWrapLayout,
  path: '/agreement',
  staticData: publicMeta({ name: 'agreement', layout: 'modal-wrap', title: '用户协议' }),
  validateSearch: parseSearch(AgreementSearchSchema),
  loader: ({ context }) => prefetchClassifies(context.queryClient),
  component: lazyPage(() => import('../features/catalog/agreement-page'), 'AgreementPage'),
});

const demoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/demo',
  staticData: meta({ name: 'demo', layout: 'none', title: '演示控制台' }),
  component: lazyPage(() => import('../features/demo/demo-page'), 'DemoPage'),
});

const routeTree = rootRoute.addChildren([
  homeLayout.addChildren([indexRoute, newRoute, searchRoute]),
  detailLayout.addChildren([gameDetailRoute, orderDetailRoute, settingRoute, cartRoute]),
  modalWrapLayout.addChildren([noticeRoute, helpRoute, agreementRoute]),
  semLayout.addChildren([couponRoute, semActivityRoute]),
  demoRoute,
]);

export type AppRouter = ReturnType<typeof createAppRouter>;

export function createAppRouter(
  context: RouterContext,
  options: {
    history?: Parameters<typeof createRouter>[0]['history'];
    scrollRestoration?: boolean;
    /** A prerendered page: its first render leaves the scroll where the shopper has put it while the app loaded. */
    keepFirstScroll?: boolean;
  } = {},
) {
  let keepScroll = options.keepFirstScroll === true;
  const restoreScroll = () => {
    if (!keepScroll) return true;
    keepScroll = false;
    return false;
  };
  return createRouter({
    routeTree,
    context,
    history: options.history,
    parseSearch: parseSearchParams,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: options.scrollRestoration === false ? false : restoreScroll,
    // Scroll positions are kept per history entry, except on the search page, which is kept alive
    // (spec section 2): there they are kept per URL, so the in-page 返回 from a game (a new entry for the
    // same search URL) lands where the shopper left the results, as the browser's back button does.
    getScrollRestorationKey: (location) =>
      location.pathname === '/search' ? location.href : (location.state.__TSR_key ?? location.href),
    notFoundMode: 'root',
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
