/**
 * The header search box's suggestion panel, loaded the first time the box is focused.
 *
 * Empty box: 最近搜索 and 热门搜索. Typing: after a pause of SUGGEST_DEBOUNCE_MS the matching keywords,
 * games and categories from `combSearch`. Each keyword is its own query key, so React Query aborts the
 * request of a keyword the shopper has already typed past (its `signal`), and an answer that comes late
 * can never replace the suggestions for what is in the box now; while the next answer is on its way the
 * previous suggestions stay, marked busy.
 *
 * Each game is listed once: as a game (cover, name, from price), never again as a keyword that is its
 * name. The typed text is marked in every suggestion.
 *
 * The panel is a group of links (not an ARIA listbox), so the box keeps its `searchbox` role: ↓ from the
 * box moves into the panel, ↑/↓ move between its links, Escape closes it and returns to the box.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { getCombSearch } from '../../api/games';
import type { SearchSuggestionsProps } from '../shell';
import { SafeImage } from '../../shared/ui/safe-image';
import { FromPrice } from '../../shared/ui/price';
import { Highlight } from './highlight';
import { KEYWORD_MAX_LENGTH } from '../../shared/search-keyword';
import { KeywordHints } from './keyword-hints';
import './catalog.css';

const SUGGEST_DEBOUNCE_MS = 250;

/** Said at the top of the panel when typed or pasted text was longer than the limit and was cut (here, not in the header's code: the first paint does not need it). */
const KEYWORD_TOO_LONG = `搜索词最多 ${KEYWORD_MAX_LENGTH} 个字，超出部分已去掉`;

/** `value`, once it has stayed the same for `ms`. */
function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const combSearchQueryOptions = (keyword: string) => ({
  queryKey: ['combSearch', keyword] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => getCombSearch(keyword, { signal }),
  staleTime: 60_000,
});

/** ↑/↓ between the panel's links; ↑ on the first goes back to the search box. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>, onClose: SearchSuggestionsProps['onClose']) {
  if (event.key === 'Escape') {
    event.preventDefault();
    onClose(true);
    return;
  }
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href]')];
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (at === -1) return;
  event.preventDefault();
  const next = event.key === 'ArrowDown' ? Math.min(at + 1, links.length - 1) : at - 1;
  if (next < 0) event.currentTarget.closest('form')?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  else links[next]?.focus();
}

export default function SearchSuggestions({ id, value, cut, onClose }: SearchSuggestionsProps) {
  const keyword = useDebouncedValue(value.trim(), SUGGEST_DEBOUNCE_MS);
  const typing = value.trim() !== '';
  const close = () => onClose(false);
  return (
    <div
      id={id}
      role="region"
      aria-label="搜索建议"
      className="search-suggestions"
      onKeyDown={(e) => moveFocus(e, onClose)}
    >
      {/* Always rendered (the panel mounts when the box is focused), so that screen readers announce the note when it appears. */}
      <p id={`${id}-note`} className="search-box-live" aria-live="polite">
        {cut ? <span className="search-box-note">{KEYWORD_TOO_LONG}</span> : null}
      </p>
      {typing ? (
        keyword ? (
          <Matches keyword={keyword} onPick={close} />
        ) : null
      ) : (
        <KeywordHints heading="h3" onPick={close} />
      )}
    </div>
  );
}

function Matches({ keyword, onPick }: { keyword: string; onPick: () => void }) {
  const { data, isPending, isError, isPlaceholderData } = useQuery({
    ...combSearchQueryOptions(keyword),
    placeholderData: keepPreviousData,
  });
  if (isPending) return <p className="muted suggestion-note">正在查找…</p>;
  // A failed suggestion call is not worth an error: Enter still searches.
  if (isError || !data) return null;
  const { games, labels } = data;
  // A keyword that is the name of a suggested game would list that game twice: the game's row says it.
  const names = new Set(games.map((game) => game.name));
  const keywords = data.keywords.filter((k) => !names.has(k));
  if (keywords.length + games.length + labels.length === 0) {
    return <p className="muted suggestion-note">没有找到相关建议，按回车搜索“{keyword}”</p>;
  }
  return (
    <div aria-busy={isPlaceholderData || undefined}>
      <SuggestionList label="搜索词" items={keywords} keyOf={(k) => k}>
        {(k) => (
          <Link to="/search" search={{ keyword: k }} onClick={onPick}>
            <Highlight text={k} keyword={keyword} />
          </Link>
        )}
      </SuggestionList>
      <SuggestionList label="游戏" items={games} keyOf={(game) => game.gameId}>
        {(game) => (
          <Link to="/gameDetail/$id" params={{ id: String(game.gameId) }} onClick={onPick} className="suggestion-game">
            <SafeImage src={game.cover} alt="" width={36} height={48} className="suggestion-cover" />
            <span className="suggestion-game-name">
              <Highlight text={game.name} keyword={keyword} />
            </span>
            <span className="suggestion-price">
              <FromPrice minPrice={game.minPrice} originalPrice={game.originalPrice} />
            </span>
          </Link>
        )}
      </SuggestionList>
      <SuggestionList label="分类" items={labels} keyOf={(label) => label.labelId}>
        {(label) => (
          <Link to="/search" search={{ labelId: label.labelId }} onClick={onPick}>
            {label.name}游戏
          </Link>
        )}
      </SuggestionList>
    </div>
  );
}

/** One group of suggestions (nothing when it is empty). */
function SuggestionList<T>({
  label,
  items,
  keyOf,
  children,
}: {
  label: string;
  items: T[];
  keyOf: (item: T) => string | number;
  children: (item: T) => ReactNode;
}) {
  const id = useId();
  if (items.length === 0) return null;
  return (
    <div className="suggestion-group">
      <p className="suggestion-title" id={id}>
        {label}
      </p>
      <ul className="suggestion-list" aria-labelledby={id}>
        {items.map((item) => (
          <li key={keyOf(item)}>{children(item)}</li>
        ))}
      </ul>
    </div>
  );
}
