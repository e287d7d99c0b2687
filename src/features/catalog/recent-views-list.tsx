/**
 * 最近浏览 as the shopper sees it (docs/following-recent.md): the home page's aside section (the newest few,
 * when there are any) and the personal centre's tab (/setting?type=5, all of them). Each row
 * shows the game's cover, name and current from price (the game's card fields, which the server fills with the
 * one `fromPrice` rule, src/api/from-price.ts) from the game's detail answer, the one the detail page uses;
 * until it arrives the name and cover stored with the view. 移除 drops one game; 清空 drops them all, with
 * 撤销 until the next change of page or viewer. A chunk of its own, loaded after hydration.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { gameDetailQueryOptions } from '../../api/game-detail';
import { SETTING_TAB_LABELS } from '../../shared/setting-tabs';
import { FromPrice } from '../../shared/ui/price';
import { SafeImage } from '../../shared/ui/safe-image';
import {
  clearViews,
  removeView,
  restoreViews,
  useRecentViews,
  useViewer,
  type RecentView,
  type Viewer,
} from './recent-views';

/** How many the home page's aside shows (its reserved space holds this many rows). */
const HOME_RECENT_VIEWS = 5;
const RECENT_VIEWS_TAB = 5 satisfies keyof typeof SETTING_TAB_LABELS;

function RecentViewRow({ view, viewer }: { view: RecentView; viewer: Viewer }) {
  // Gone from the catalogue (an error): the stored name, no price.
  const { data } = useQuery(gameDetailQueryOptions(view.gameId));
  const name = data?.name ?? view.name;
  return (
    <li className="recent-view">
      <Link to="/gameDetail/$id" params={{ id: String(view.gameId) }} className="recent-view-link">
        <SafeImage src={data?.cover ?? view.cover} alt="" width={36} height={48} className="recent-view-cover" />
        <span className="recent-view-text">
          <span className="recent-view-name">{name}</span>
          <span className="recent-view-price">
            {data ? <FromPrice minPrice={data.minPrice} originalPrice={data.originalPrice} /> : null}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="link-button recent-view-remove"
        aria-label={`移除${name}`}
        onClick={() => removeView(viewer, view.gameId)}
      >
        移除
      </button>
    </li>
  );
}

function RecentViews({ viewer, limit }: { viewer: Viewer; limit?: number }) {
  const views = useRecentViews(viewer);
  const [cleared, setCleared] = useState<readonly RecentView[] | null>(null);
  const shown = limit === undefined ? views : views.slice(0, limit);
  const undo = (list: readonly RecentView[]) => {
    restoreViews(viewer, list);
    setCleared(null);
  };
  return (
    <>
      <div className="recent-views-tools">
        {cleared && cleared.length > 0 ? (
          <p role="status" className="recent-views-undo">
            已清空
            <button type="button" className="link-button" onClick={() => undo(cleared)}>
              撤销
            </button>
          </p>
        ) : null}
        {views.length > 0 ? (
          <button type="button" className="link-button" onClick={() => setCleared(clearViews(viewer))}>
            清空
          </button>
        ) : null}
      </div>
      {shown.length > 0 ? (
        <ul className="recent-views-list">
          {shown.map((view) => (
            <RecentViewRow key={view.gameId} view={view} viewer={viewer} />
          ))}
        </ul>
      ) : (
        <p className="muted">还没有浏览过的游戏</p>
      )}
      {limit !== undefined && views.length > limit ? (
        <Link to="/setting" search={{ type: RECENT_VIEWS_TAB }} className="recent-views-more">
          查看全部 {views.length} 款
        </Link>
      ) : null}
    </>
  );
}

/**
 * The home aside's section: there only when the viewer has viewed games (a first visit shows no empty box). Once
 * shown it stays for this page, so 移除 down to nothing or 清空 keeps 撤销 in place; it comes after hydration at the
 * end of the side column, below the fold on phones, so its arrival moves nothing on screen. Keyed by the viewer:
 * 撤销 never crosses accounts.
 */
export function HomeRecentViews() {
  const viewer = useViewer();
  const views = useRecentViews(viewer);
  const [shownFor, setShownFor] = useState<Viewer | null>(null);
  if (viewer && views.length > 0 && shownFor !== viewer) setShownFor(viewer);
  if (!viewer || shownFor !== viewer) return null;
  return (
    <section aria-labelledby="home-recent-views" className="section recent-views">
      <h2 id="home-recent-views">{SETTING_TAB_LABELS[RECENT_VIEWS_TAB]}</h2>
      <RecentViews key={viewer} viewer={viewer} limit={HOME_RECENT_VIEWS} />
    </section>
  );
}

/** The personal centre's tab (and a visitor's /setting?type=5): the whole list. */
export function RecentViewsPanel() {
  const viewer = useViewer();
  return (
    <section aria-labelledby="recent-views-heading" className="recent-views-panel">
      <h2 id="recent-views-heading">{SETTING_TAB_LABELS[RECENT_VIEWS_TAB]}</h2>
      {viewer ? <RecentViews key={viewer} viewer={viewer} /> : null}
    </section>
  );
}
