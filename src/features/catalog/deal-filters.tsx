/**
 * The search's deal filters (issue 34): platform, a price range (presets and a custom min/max), 仅看折扣 and
 * 仅看史低. Each control navigates (the URL is the only source, so the back action, the keep-alive search and a
 * shared link keep them). Under 640 px they sit in a filter sheet (the store's dialog: it traps focus and gives
 * it back to the 筛选 button). Shown only once the server has said it applies filters (./search-filters.ts).
 */
import { getRouteApi } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { PlatformSchema } from '../../api/common';
import { Dialog } from '../../shared/ui/dialog';
import { useMediaQuery } from '../../shared/use-media';
import type { SearchPageParams } from './route-data';
import { clearFilters, hasFilters, PRICE_PRESETS } from './search-filters';

const routeApi = getRouteApi('/home-layout/search');

type Patch = Pick<SearchPageParams, 'platform' | 'min' | 'max' | 'discount' | 'low'>;

function useSetFilters() {
  const navigate = routeApi.useNavigate();
  return {
    set: (patch: Patch) => void navigate({ search: (prev) => ({ ...prev, ...patch, page: undefined }) }),
    clear: () => void navigate({ search: (prev) => clearFilters(prev) }),
  };
}

/** 清除筛选: the URL without its deal filters. */
export function ClearFiltersButton() {
  const { clear } = useSetFilters();
  return (
    <button type="button" className="button" onClick={clear}>
      清除筛选
    </button>
  );
}

export function DealFilters({ search }: { search: SearchPageParams }) {
  const phone = useMediaQuery('(max-width: 639px)');
  const [open, setOpen] = useState(false);
  if (!phone) return <FilterControls search={search} />;
  const count = (['platform', 'discount', 'low'] as const).filter((key) => search[key] !== undefined).length + (search.min !== undefined || search.max !== undefined ? 1 : 0);
  return (
    <div className="deal-filters-bar">
      <button type="button" className="button" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        筛选{count > 0 ? `（${count}）` : ''}
      </button>
      {open ? (
        <Dialog title="筛选" onClose={() => setOpen(false)} sheet>
          <FilterControls search={search} />
          <div className="dialog-footer">
            <button type="button" className="button button-primary" onClick={() => setOpen(false)}>
              查看结果
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

function FilterControls({ search }: { search: SearchPageParams }) {
  const { set } = useSetFilters();
  const toggle = (key: 'discount' | 'low', label: string) => (
    <button type="button" className="chip" aria-pressed={search[key] === true} onClick={() => set({ [key]: search[key] ? undefined : true })}>
      {label}
    </button>
  );
  return (
    <div role="group" aria-label="筛选" className="deal-filters">
      <label className="deal-field">
        平台
        <select value={search.platform ?? ''} onChange={(event) => set({ platform: PlatformSchema.safeParse(event.target.value).data })}>
          <option value="">全部平台</option>
          {PlatformSchema.options.map((platform) => (
            <option key={platform} value={platform}>
              {platform}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label="价格区间" className="chip-list">
        {PRICE_PRESETS.map((preset) => {
          const pressed = search.min === preset.min && search.max === preset.max;
          return (
            <button key={preset.label} type="button" className="chip" aria-pressed={pressed} onClick={() => set(pressed ? { min: undefined, max: undefined } : { min: preset.min, max: preset.max })}>
              {preset.label}
            </button>
          );
        })}
        {/* Keyed by the URL's bounds: another preset, or the back action, resets what the boxes show. */}
        <CustomPrice key={`${search.min}-${search.max}`} min={search.min} max={search.max} onApply={(min, max) => set({ min, max })} />
      </div>
      {toggle('discount', '仅看折扣')}
      {toggle('low', '仅看史低')}
      {hasFilters(search) ? <ClearFiltersButton /> : null}
    </div>
  );
}

const readYuan = (value: FormDataEntryValue | null) => {
  const n = Math.floor(Number(value));
  return value !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** 自定义价格: whole yuan; a bound left empty is open, and bounds given the wrong way round are swapped. */
function CustomPrice({ min, max, onApply }: { min: number | undefined; max: number | undefined; onApply: (min: number | undefined, max: number | undefined) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const low = readYuan(data.get('min'));
    const high = readYuan(data.get('max'));
    if (low !== undefined && high !== undefined && low > high) onApply(high, low);
    else onApply(low, high);
  };
  return (
    <form className="custom-price" aria-label="自定义价格" onSubmit={submit}>
      <label>
        最低价（元）
        <input name="min" type="number" inputMode="numeric" min={1} defaultValue={min ?? ''} />
      </label>
      <label>
        最高价（元）
        <input name="max" type="number" inputMode="numeric" min={1} defaultValue={max ?? ''} />
      </label>
      <button type="submit" className="button">
        确定
      </button>
    </form>
  );
}
