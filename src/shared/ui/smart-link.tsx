import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { safeHref } from '../safe-url';

/** An in-app path (`/gameDetail/12`) as opposed to an absolute or protocol-relative URL. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** A plain left click without modifier keys: the router may take it over. */
export function isPlainClick(event: MouseEvent): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  );
}

/**
 * A link to a server-provided target (banners): in-app paths go through the
 * router, other URLs open in a new tab without access to this window. A
 * target that is not a safe link (`javascript:`, `data:`, …) leaves the
 * content unlinked.
 */
export function SmartLink({
  href: target,
  className,
  children,
  onClick,
}: {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const router = useRouter();
  const href = safeHref(target);
  if (href === undefined) return <span className={className}>{children}</span>;
  if (!isInternalHref(href)) {
    return (
      <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {children}
      </a>
    );
  }
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        onClick?.(event);
        if (!isPlainClick(event)) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
