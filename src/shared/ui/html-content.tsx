import { useRouter } from '@tanstack/react-router';
import { useMemo, type MouseEvent } from 'react';
import { sanitizeHtml } from '../sanitize';
import { isPlainClick } from './smart-link';

/**
 * Server HTML, sanitised (src/shared/sanitize.ts), as a block of rich text.
 * Same-origin links inside it navigate through the router instead of
 * reloading the page.
 */
export function HtmlContent({ html, className }: { html: string; className?: string }) {
  const router = useRouter();
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank') return;
    let url: URL;
    try {
      url = new URL(href, window.location.href);
    } catch {
      return;
    }
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    void router.navigate({ href: `${url.pathname}${url.search}${url.hash}` });
  };
  return (
    // The click handler only upgrades native links (keyboard Enter fires click too) to router navigation.
    <div
      className={['rich-text', className].filter(Boolean).join(' ')}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
