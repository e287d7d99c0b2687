/**
 * The five layouts of spec section 2. Every layout has the landmarks
 * header / main / footer; `sem` landing pages have no site navigation and no
 * sidebar; `modal-wrap` shows its page in a centred card over the site.
 */
import { Outlet, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useBackAction } from './history-store';
import { SiteFooter, SiteHeader } from './site-chrome';
import { FloatingSidebar } from './floating-sidebar';

function Shell({ children, variant, withNav = true }: { children: ReactNode; variant: string; withNav?: boolean }) {
  return (
    <div className={`layout layout-${variant}`}>
      <a href="#main" className="skip-link">
        跳到主要内容
      </a>
      <SiteHeader withNav={withNav} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {/* Between main and the footer: on phones it is a row in the flow there, so it never covers main. */}
      <FloatingSidebar />
      <SiteFooter />
    </div>
  );
}

/** `default`: used by the error pages. */
export function DefaultLayout({ children }: { children: ReactNode }) {
  return <Shell variant="default">{children}</Shell>;
}

/** `home`: the store front (home, newly launched, search). */
export function HomeLayout() {
  return (
    <Shell variant="home">
      <Outlet />
    </Shell>
  );
}

/** 返回: the back action of the detail and modal-wrap layouts (./history-store.ts decides where to). */
function BackButton() {
  const back = useBackAction();
  return (
    <button type="button" className="back-button" onClick={back}>
      <span aria-hidden="true">‹</span> 返回
    </button>
  );
}

/** `detail`: a page reached from a list, with a back action. */
export function DetailLayout() {
  return (
    <Shell variant="detail">
      <div className="detail-bar">
        <BackButton />
      </div>
      <Outlet />
    </Shell>
  );
}

/** `modal-wrap`: notices, help and the agreement in a centred card over the site. */
export function ModalWrapLayout() {
  const router = useRouter();
  const title = router.state.matches.at(-1)?.staticData.meta?.title ?? '';
  return (
    <Shell variant="modal-wrap">
      <div className="modal-wrap-backdrop">
        <article className="modal-wrap-card" aria-label={title}>
          <div className="modal-wrap-bar">
            <BackButton />
          </div>
          <Outlet />
        </article>
      </div>
    </Shell>
  );
}

/** `sem`: marketing landings; no site navigation, no sidebar. */
export function SemLayout() {
  return (
    <Shell variant="sem" withNav={false}>
      <Outlet />
    </Shell>
  );
}
