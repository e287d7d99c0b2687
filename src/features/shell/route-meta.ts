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
  | 'cart'
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

/** What a page may say about itself over its route's head. */
export interface PageHead {
  /** before ` - <store name>` */
  title?: string;
  /** plain text (a catalogue page makes one from its content: src/features/catalog/page-description.ts) */
  description?: string;
  /** the page's picture for a share (a game's cover); root-relative or absolute */
  image?: string;
  /** Open Graph type: a game detail is a product */
  type?: 'website' | 'product';
  /** schema.org structured data, written as `<script type="application/ld+json">` */
  jsonLd?: Record<string, unknown>;
  /** `false`: not for search engines (an error page), whatever its route says */
  index?: boolean;
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
