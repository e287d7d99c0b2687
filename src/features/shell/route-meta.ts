/**
 * Route metadata every route carries in `staticData`: the spec's route name,
 * the layout it renders in and the page title. Analytics, the sidebar and the
 * title manager read it from the matched routes instead of matching paths.
 */
type LayoutName = 'default' | 'detail' | 'home' | 'modal-wrap' | 'sem' | 'none';

export type RouteName =
  | 'index'
  | 'new'
  | 'search'
  | 'gameDetail-id'
  | 'orderDateil'
  | 'setting'
  | 'coupon'
  | 'sem-activity'
  | 'notice'
  | 'help'
  | 'agreement'
  | 'demo';

export interface RouteMeta {
  name: RouteName;
  layout: LayoutName;
  /** page title before ` - <store name>`; the home page shows the store name alone */
  title: string;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    meta?: RouteMeta;
    /**
     * Code a prerendered page of this route needs before it hydrates, beyond the page's own chunk (a lazy
     * part shown in its HTML): src/app/prerendered.ts waits for it, so that part hydrates with the page.
     */
    beforeHydrate?: () => Promise<unknown>;
    /**
     * The page renders for nobody (no root actor yet) as a visitor sees it: a public page. Such a page that
     * is not prerendered (a search) is shown to a visitor before the store's flows run (src/app/main.tsx);
     * any other page (an account page, a landing whose controls need the flows) waits for them.
     */
    rendersForNobody?: boolean;
  }
}

/** `<page title> - <store name>`: a page's own title, else its route's; the store name alone on the home page. */
export function pageTitle(meta: RouteMeta | undefined, storeName: string, override?: string): string {
  if (override) return `${override} - ${storeName}`;
  if (!meta || meta.name === 'index') return storeName;
  return `${meta.title} - ${storeName}`;
}
