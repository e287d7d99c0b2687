import { lazy, Suspense } from 'react';
import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { DefaultLayout } from './layouts';
import { usePageHead, type PageHead } from './page-head';

const NOT_FOUND_HEAD: PageHead = { title: '页面不存在', index: false };
const ERROR_HEAD: PageHead = { title: '出错了', index: false };

/**
 * Unmatched paths say "Page not found: {path}"; a route whose validity check
 * rejected it says "Page Not Found: {path}" (spec section 8 keeps the two).
 */
// The error pages' search box is code of its own (docs/decisions/0019-money-path-trust-and-budget.md: initial JS for / stays as it was); a failure
// to load it (offline, the very case an error page may be showing) leaves the page without it.
const ErrorSearch = lazy(() => import('./error-search').catch(() => ({ default: () => null })));

/** Where a shopper goes from an error page (docs/decisions/0019-money-path-trust-and-budget.md): a search of the store, 重试 (500), 返回首页. */
function WaysOn({ retry }: { retry?: () => void }) {
  return (
    <>
      <Suspense fallback={null}>
        <ErrorSearch />
      </Suspense>
      <div className="button-row">
        {retry ? (
          <button type="button" className="button" onClick={retry}>
            重试
          </button>
        ) : null}
        <Link to="/" className="button button-primary">
          返回首页
        </Link>
      </div>
    </>
  );
}

export function NotFoundPage({ data }: { data?: unknown }) {
  const location = useLocation();
  const path = location.pathname;
  const validation =
    typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'validation';
  usePageHead(NOT_FOUND_HEAD);
  return (
    <DefaultLayout>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-status">404</p>
        <h1 id="error-title">{validation ? `Page Not Found: ${path}` : `Page not found: ${path}`}</h1>
        <p>您访问的页面不存在或已下架。</p>
        <WaysOn />
      </section>
    </DefaultLayout>
  );
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const message =
    error instanceof Error && error.message && error.name === 'HttpError' ? error.message : 'Internal Server Error';
  usePageHead(ERROR_HEAD);
  return (
    <DefaultLayout>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-status">500</p>
        <h1 id="error-title">{message}</h1>
        <p>页面出了点问题，请稍后重试。</p>
        <WaysOn retry={reset} />
      </section>
    </DefaultLayout>
  );
}
