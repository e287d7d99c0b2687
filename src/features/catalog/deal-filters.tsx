/**
 * The search's filters (docs/following-prices.md, designed in docs/components.md's terms): platform, a price range (presets and
 * ¥[ ]–¥[ ] 确定), 仅看折扣 and 仅看史低. Each control navigates (the URL is the only source, so the back action,
 * the keep-alive search and a shared link keep them).
 *
 * - Desktop: one pill row, every control the chips' height (`FilterPills`).
 * - Phones: one sticky bar, 综合 · 销量 · 价格↕ · 筛选 (`PhoneSortBar`); 筛选 opens a sheet (the store's dialog:
 *   focus trapped, given back to 筛选) with every sort and the filters, closed by 查看 N 款.
 * - Both: what is in force shows as removable chips (`AppliedChips`), under the row or the bar.
 *
 * The filters are offered only once the server has said it applies them (./search-filters.ts).
 */
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { PlatformSchema } from '../../api/common';
import type { SearchSort } from '../../api/games';
import { Dialog } from '../../shared/ui/dialog';
import { Select, TextInput } from '../../shared/ui/form-controls';
import { readPositiveWhole } from '../../shared/search-fields';
import type { SearchPageParams } from './route-data';
import { orderedBounds } from './route-search';
import {
  clearFilters,
  filterCount,
  hasFilters,
  PRICE_PRESETS,
  type AppliedChip,
  type FilterPatch,
} from './search-filters';
import { PRICE_SORTS } from './listing-text';
import { SortNav, type SortOption } from './sort-nav';

const routeApi = getRouteApi('/home-layout/search');

function useSetFilters() {
  const navigate = routeApi.useNavigate();
  return {
    set: (patch: FilterPatch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) }),
    clear: () => void navigate({ search: (prev) => clearFilters(prev) }),
  };
}

/** 清除筛选: the URL without its deal filters. */
export function ClearFiltersButton({ className = 'button' }: { className?: string }) {
  const { clear } = useSetFilters();
  return (
    <button type="button" className={className} onClick={clear}>
      清除筛选
    </button>
  );
}

/** Desktop: the filters as one row of pills beside the sort. */
export function FilterPills({ search }: { search: SearchPageParams }) {
  return (
    <div role="group" aria-label="筛选" className="deal-filters filter-pills">
      <FilterControls search={search} />
    </div>
  );
}

/** The filters in force (as the answer said it applied them), each a chip that removes it, and 清除筛选. */
export function AppliedChips({ chips }: { chips: AppliedChip[] }) {
  const { set } = useSetFilters();
  if (chips.length === 0) return null;
  return (
    <div role="group" aria-label="已应用的筛选" className="applied-chips">
      <ul className="chip-list">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              className="chip chip-removable"
              aria-label={`移除筛选：${chip.label}`}
              onClick={() => set(chip.remove)}
            >
              {chip.label}
              <span className="chip-x" aria-hidden="true">
                ×
              </span>
            </button>
          </li>
        ))}
        {chips.length > 1 ? (
          <li>
            <ClearFiltersButton className="chip chip-clear" />
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** A sort's link on the search page, with the look and state the caller gives. */
export type SortLink = (
  value: SearchSort,
  props: { className: string; 'aria-current': 'true' | undefined; children: ReactNode; 'aria-label'?: string },
) => ReactNode;

/**
 * Phones: 综合 · 销量 · 价格↕ · 筛选 in one row that stays under the header while the results scroll. 价格 turns
 * from low-to-high to high-to-low and back; the other sorts (最新, 评分, 折扣最大) and the filters are in the sheet.
 */
export function PhoneSortBar({
  sort,
  sorts,
  deals,
  total,
  link,
}: {
  sort: SearchSort;
  sorts: readonly SortOption<SearchSort>[];
  /** the URL's filters, when the server applies them; undefined: the sheet has the sorts only */
  deals: SearchPageParams | undefined;
  /** the results' count for what is chosen now, or undefined while it is being counted */
  total: number | undefined;
  link: SortLink;
}) {
  const [open, setOpen] = useState(false);
  const barRef = useStickyUnderHeader();
  const count = deals ? filterCount(deals) : 0;
  const [asc, desc] = PRICE_SORTS;
  const price =
    sort === 'priceAsc'
      ? { next: desc.value, label: asc.label, mark: '↑' }
      : sort === 'priceDesc'
        ? { next: asc.value, label: desc.label, mark: '↓' }
        : { next: asc.value, label: '按价格排序', mark: '↕' };
  const item = (value: SearchSort, label: string) =>
    link(value, { className: 'bar-link', 'aria-current': value === sort ? 'true' : undefined, children: label });
  return (
    <div ref={barRef} className="phone-sort-bar">
      <nav aria-label="排序方式">
        <ul className="bar-list">
          <li>{item('default', '综合')}</li>
          <li>{item('sales', '销量')}</li>
          <li>
            {link(price.next, {
              className: 'bar-link',
              'aria-current': sort === 'priceAsc' || sort === 'priceDesc' ? 'true' : undefined,
              'aria-label': price.label,
              children: (
                <>
                  价格<span aria-hidden="true">{price.mark}</span>
                </>
              ),
            })}
          </li>
        </ul>
      </nav>
      <button type="button" className="bar-link bar-filter" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        筛选{count > 0 ? `（${count}）` : ''}
      </button>
      {open ? (
        <Dialog title="筛选" onClose={() => setOpen(false)} sheet>
          <div className="filter-sheet">
            <section aria-label="排序" className="sheet-section">
              <h3>排序</h3>
              <SortNav
                options={sorts}
                current={sort}
                className="sheet-sorts"
                link={(value, props) => link(value, { ...props, className: 'chip' })}
              />
            </section>
            {deals ? (
              <div role="group" aria-label="筛选" className="deal-filters">
                <FilterControls search={deals} />
              </div>
            ) : null}
          </div>
          <div className="dialog-footer sheet-footer">
            {deals && hasFilters(deals) ? <ClearFiltersButton /> : null}
            <button type="button" className="button button-primary" onClick={() => setOpen(false)}>
              {total === undefined ? '查看结果' : `查看 ${total} 款`}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

/**
 * The bar sticks right under the site's header, whose height depends on the phone's width (the header wraps):
 * measured, not assumed, so nothing of the bar hides under it.
 */
function useStickyUnderHeader() {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    const bar = ref.current;
    if (!header || !bar || typeof ResizeObserver === 'undefined') return;
    const place = () => bar.style.setProperty('--sticky-top', `${header.offsetHeight}px`);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return ref;
}

function FilterControls({ search }: { search: SearchPageParams }) {
  const { set } = useSetFilters();
  const platformId = useId();
  const toggle = (key: 'discount' | 'low', label: string) => (
    <button
      type="button"
      className="chip pill"
      aria-pressed={search[key] === true}
      onClick={() => set({ [key]: search[key] ? undefined : true })}
    >
      {label}
    </button>
  );
  return (
    <>
      <div className="filter-field">
        <label htmlFor={platformId} className="filter-label">
          平台
        </label>
        <Select
          id={platformId}
          size="sm"
          value={search.platform ?? ''}
          onChange={(event) => set({ platform: PlatformSchema.safeParse(event.target.value).data })}
        >
          <option value="">全部平台</option>
          {PlatformSchema.options.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </Select>
      </div>
      <div role="group" aria-label="价格区间" className="filter-field price-field">
        <span className="filter-label" aria-hidden="true">
          价格
        </span>
        <ul className="chip-list">
          {PRICE_PRESETS.map((preset) => {
            const pressed = search.min === preset.min && search.max === preset.max;
            return (
              <li key={preset.label}>
                <button
                  type="button"
                  className="chip pill"
                  aria-pressed={pressed}
                  onClick={() =>
                    set(pressed ? { min: undefined, max: undefined } : { min: preset.min, max: preset.max })
                  }
                >
                  {preset.label}
                </button>
              </li>
            );
          })}
        </ul>
        {/* Keyed by the URL's bounds: another preset, or the back action, resets what the boxes show. */}
        <CustomPrice
          key={`${search.min}-${search.max}`}
          min={search.min}
          max={search.max}
          onApply={(min, max) => set({ min, max })}
        />
      </div>
      <div className="filter-field">
        {toggle('discount', '仅看折扣')}
        {toggle('low', '仅看史低')}
      </div>
    </>
  );
}

const BAD_AMOUNT = '价格请填大于 0 的整数（元）';

/**
 * 自定义价格 ¥[ ]–¥[ ] 确定: whole yuan, read by the URL's own reader (readPositiveWhole); a bound left empty is
 * open, bounds given the wrong way round are swapped (orderedBounds, the URL's rule). Anything else is said,
 * and what was typed stays.
 */
function CustomPrice({
  min,
  max,
  onApply,
}: {
  min: number | undefined;
  max: number | undefined;
  onApply: (min: number | undefined, max: number | undefined) => void;
}) {
  const errorId = useId();
  const [bad, setBad] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const texts = [data.get('min'), data.get('max')].map((value) => (typeof value === 'string' ? value.trim() : ''));
    const [low, high] = texts.map(readPositiveWhole);
    if (texts.some((text, i) => text !== '' && [low, high][i] === undefined)) {
      setBad(true);
      return;
    }
    setBad(false);
    const bounds = orderedBounds({ min: low, max: high });
    onApply(bounds.min, bounds.max);
  };
  const field = (name: 'min' | 'max', label: string, value: number | undefined) => (
    <TextInput
      size="sm"
      name={name}
      aria-label={label}
      inputMode="numeric"
      autoComplete="off"
      placeholder={name === 'min' ? '最低' : '最高'}
      defaultValue={value ?? ''}
      aria-invalid={bad ? true : undefined}
      aria-describedby={bad ? errorId : undefined}
      className="price-input"
    />
  );
  return (
    <form className="custom-price" aria-label="自定义价格" noValidate onSubmit={submit}>
      <span aria-hidden="true">¥</span>
      {field('min', '最低价（元）', min)}
      <span aria-hidden="true">–</span>
      <span aria-hidden="true">¥</span>
      {field('max', '最高价（元）', max)}
      <button type="submit" className="chip pill pill-action">
        确定
      </button>
      {bad ? (
        <p id={errorId} role="alert" className="field-error custom-price-error">
          {BAD_AMOUNT}
        </p>
      ) : null}
    </form>
  );
}
