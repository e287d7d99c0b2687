/**
 * The store's pagers: one rule for how many pages a list has (`pageCount`), links for the search results
 * (each page has a URL) and buttons for the lists inside a page (a game's evaluations, the orders, an
 * activity's games), whose page is the page's own state.
 */
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';

/** How many pages `total` items make at `pageSize` a page: at least one, even for an empty list or a bad size. */
export const pageCount = (total: number, pageSize: number): number =>
  Math.max(1, Math.ceil(total / Math.max(1, pageSize)));

/** Page numbers to show: first, last, and a window around the current page, gaps as null. */
function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= total; p += 1) {
    if (p === 1 || p === total || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/** The search page's `search` for page `n`: page 1 drops the parameter, every other filter is kept. */
const toPage = (n: number) => (prev: Record<string, unknown>) => ({ ...prev, page: n === 1 ? undefined : n });

/** A link to page `n` of the search results. */
function PageLink({
  n,
  rel,
  current,
  label,
  children,
}: {
  n: number;
  rel?: 'prev' | 'next';
  current?: boolean;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link
      from="/search"
      to="/search"
      activeOptions={{ exact: true }}
      search={toPage(n)}
      className="page-link"
      rel={rel}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

/** 上一页 / 下一页: a link while there is such a page, else the same words dimmed and hidden from readers. */
function StepLink({
  n,
  rel,
  enabled,
  children,
}: {
  n: number;
  rel: 'prev' | 'next';
  enabled: boolean;
  children: string;
}) {
  return enabled ? (
    <PageLink n={n} rel={rel}>
      {children}
    </PageLink>
  ) : (
    <span className="page-link is-disabled" aria-hidden="true">
      {children}
    </span>
  );
}

/** Search result pages as links (`?page=`), so every page has a URL. */
export function SearchPagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pagination" aria-label="分页">
      <StepLink n={page - 1} rel="prev" enabled={page > 1}>
        上一页
      </StepLink>
      <ul className="page-numbers">
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="page-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <PageLink n={n} current={n === page} label={`第${n}页`}>
                {n}
              </PageLink>
            </li>
          ),
        )}
      </ul>
      <StepLink n={page + 1} rel="next" enabled={page < totalPages}>
        下一页
      </StepLink>
    </nav>
  );
}

/**
 * 上一页 · 第 n / m 页 · 下一页 for a list inside a page. Shown while there is more than one page, or while the
 * page asked for is past the last one (the list shrank), so the shopper can always step back. The page
 * number is announced politely as it changes.
 */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1 && page <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        上一页
      </button>
      <span aria-live="polite">
        第 {page} / {totalPages} 页
      </span>
      <button type="button" className="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        下一页
      </button>
    </nav>
  );
}
