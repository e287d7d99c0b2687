/**
 * 排序方式: one link per sort, the current one marked (`aria-current`), as on the search page and 新品上架. Each
 * page says where a sort leads (`link`, its own typed `<Link>` with the props given here).
 */
import type { ReactNode } from 'react';

export interface SortOption<V extends string> {
  value: V;
  label: string;
}

/** What every sort link carries: its look, whether it is the current sort, and its label. */
export interface SortLinkProps {
  className: 'sort-link';
  'aria-current': 'true' | undefined;
  children: string;
}

export function SortNav<V extends string>({
  options,
  current,
  className,
  link,
}: {
  options: readonly SortOption<V>[];
  current: V;
  className?: string | undefined;
  link: (value: V, props: SortLinkProps) => ReactNode;
}) {
  return (
    <nav aria-label="排序方式" className={className}>
      <ul className="sort-list">
        {options.map((option) => (
          <li key={option.value}>
            {link(option.value, {
              className: 'sort-link',
              'aria-current': option.value === current ? 'true' : undefined,
              children: option.label,
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}
