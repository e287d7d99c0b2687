import { Skeleton } from '../../shared/ui/states';

/** The game detail's shape while the game loads (also the route's pending component). */
export function GameDetailSkeleton() {
  return (
    <Skeleton label="游戏详情" className="detail-skeleton">
      <div className="detail-hero">
        <div className="skeleton detail-cover-skeleton" />
        <div className="detail-info-skeleton">
          <div className="skeleton skeleton-title" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line" />
          <div className="skeleton skeleton-line skeleton-line-short" />
          <div className="skeleton skeleton-panel" />
        </div>
      </div>
    </Skeleton>
  );
}
