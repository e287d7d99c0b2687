import { Link, useLocation, type ErrorComponentProps } from '@tanstack/react-router';
import { DefaultLayout } from './layouts';
import { usePageHead, type PageHead } from './page-head';

const NOT_FOUND_HEAD: PageHead = { title: '页面不存在', index: false };
const ERROR_HEAD: PageHead = { title: '出错了', index: false };

/**
 * Unmatched paths say "Page not found: {path}"; a route whose validity check
 * rejected it says "Page Not Found: {path}" (spec section 8 keeps the two).
 */
export function NotFoundPage({ data }: { data?: unknown }) {
  const location = useLocation();
  const path = location.pathname;
  const validation = typeof data === 'object' && data !== null && (data as { reason?: unknown }).reason === 'validation';
  usePageHead(NOT_FOUND_HEAD);
  return (
    <DefaultLayout>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-status">404</p>
        <h1 id="error-title">{validation ? `Page Not Found: ${path}` : `Page not found: ${path}`}</h1>
        <p>您访问的页面不存在或已下架。</p>
        <Link to="/" className="button button-primary">
          返回首页
        </Link>
      </section>
    </DefaultLayout>
  );
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const message = error instanceof Error && error.message && error.name === 'HttpError' ? error.message : 'Internal Server Error';
  usePageHead(ERROR_HEAD);
  return (
    <DefaultLayout>
      <section className="error-page" aria-labelledby="error-title">
        <p className="error-status">500</p>
        <h1 id="error-title">{message}</h1>
        <p>页面出了点问题，请稍后重试。</p>
        <div className="button-row">
          <button type="button" className="button" onClick={reset}>
            重试
          </button>
          <Link to="/" className="button button-primary">
            返回首页
          </Link>
        </div>
      </section>
    </DefaultLayout>
  );
}
