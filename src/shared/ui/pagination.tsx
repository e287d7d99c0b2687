import { Link } from '@tanstack/react-router';

/** Page numbers to show: first, last, and a window around the current page, gaps as null. */
function pageWindow(current: number, total: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = [];
  for (let p = 1; p <= total; p += 1) {
    if (p === 1 || p === total || Math.abs(p - current) <= radius) pages.push(p);
    else if (pages.at(-1) !== null) pages.push(null);
  }
  return pages;
}

/** Search result pages as links (`?page=`), so every page has a URL. */
export function SearchPagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const to = (n: number) => (prev: Record<string, unknown>) => ({ ...prev, page: n === 1 ? undefined : n });
  return (
    <nav className="pagination" aria-label="分页">
      {page > 1 ? (
        <Link from="/search" to="/search" activeOptions={{ exact: true }} search={to(page - 1)} className="page-link" rel="prev">
          上一页
        </Link>
      ) : (
        <span className="page-link is-disabled" aria-hidden="true">
          上一页
        </span>
      )}
      <ul className="page-numbers">
        {pageWindow(page, totalPages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="page-gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                from="/search"
                to="/search"
                activeOptions={{ exact: true }}
                search={to(n)}
                className="page-link"
                aria-current={n === page ? 'page' : undefined}
                aria-label={`第${n}页`}
              >
                {n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {page < totalPages ? (
        <Link from="/search" to="/search" activeOptions={{ exact: true }} search={to(page + 1)} className="page-link" rel="next">
          下一页
        </Link>
      ) : (
        <span className="page-link is-disabled" aria-hidden="true">
          下一页
        </span>
      )}
    </nav>
  );
}
