/**
 * The three non-content states every catalogue section shares: a skeleton of
 * the section's final size (announced once as "正在加载…"), an error with a
 * retry button, and an empty message.
 */
import type { ReactNode } from 'react';
import { userMessage } from '../../api/errors';

export function Skeleton({ label, className, children }: { label: string; className?: string; children?: ReactNode }) {
  return (
    <div
      role="status"
      aria-label={`正在加载${label}`}
      aria-busy="true"
      className={['skeleton-block', className].filter(Boolean).join(' ')}
    >
      <div aria-hidden="true" className="skeleton-shapes">
        {children ?? <div className="skeleton skeleton-fill" />}
      </div>
    </div>
  );
}

/** `count` grey cards laid out like a game grid. */
export function GameGridSkeleton({
  label,
  count = 6,
  className,
}: {
  label: string;
  count?: number;
  className?: string;
}) {
  return (
    <Skeleton label={label} className={className}>
      <div className="game-grid skeleton-grid">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="skeleton-card">
            <div className="skeleton skeleton-cover" />
            <div className="skeleton skeleton-line" />
            <div className="skeleton skeleton-line skeleton-line-short" />
          </div>
        ))}
      </div>
    </Skeleton>
  );
}

export function LinesSkeleton({ label, lines = 4, className }: { label: string; lines?: number; className?: string }) {
  return (
    <Skeleton label={label} className={className}>
      {Array.from({ length: lines }, (_, i) => (
        <div key={i} className={`skeleton skeleton-line${i === lines - 1 ? ' skeleton-line-short' : ''}`} />
      ))}
    </Skeleton>
  );
}

export function ErrorState({
  error,
  onRetry,
  title = '加载失败',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div role="alert" className="state-box state-error">
      <p className="state-title">{title}</p>
      <p className="state-text">{userMessage(error)}</p>
      {onRetry ? (
        <button type="button" className="button" onClick={onRetry}>
          重试
        </button>
      ) : null}
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state-box state-empty">
      <p className="state-title">{title}</p>
      {children}
    </div>
  );
}
