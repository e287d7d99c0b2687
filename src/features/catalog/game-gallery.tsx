/** The game detail's screenshots. */
import { useState, type KeyboardEvent } from 'react';
import type { GameDetail } from '../../api/game-detail';
import { SafeImage } from '../../shared/ui/safe-image';
import { useSwipe } from './use-swipe';

/**
 * The screenshots: one large picture, 上一张截图 / 下一张截图 and a thumbnail button per picture
 * (`查看第N张截图`, pressed when shown). ←/→ (and Home/End) anywhere in the gallery move between pictures,
 * keeping the focus on the thumbnail of the one shown when it was on a thumbnail; a horizontal swipe on the
 * picture does the same on touch screens. `第N张，共M张` is announced politely.
 */
export function Gallery({ game }: { game: GameDetail }) {
  const [index, setIndex] = useState(0);
  const count = game.gallery.length;
  const current = Math.min(index, Math.max(0, count - 1));
  const wrap = (to: number) => ((to % count) + count) % count;
  const go = (to: number) => setIndex(wrap(to));
  const swipe = useSwipe((step) => go(current + step));
  if (count === 0) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const to = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 }[event.key];
    if (to === undefined || count < 2) return;
    event.preventDefault();
    const next = wrap(to);
    setIndex(next);
    const thumbs = event.currentTarget.querySelectorAll<HTMLButtonElement>('.gallery-thumbs button');
    if ([...thumbs].includes(document.activeElement as HTMLButtonElement)) thumbs[next]?.focus();
  };

  return (
    <section
      aria-labelledby="game-gallery"
      aria-roledescription="carousel"
      className="detail-section gallery"
      onKeyDown={onKeyDown}
    >
      <h2 id="game-gallery">游戏截图</h2>
      <div className="gallery-stage" {...swipe}>
        <SafeImage
          src={game.gallery[current] ?? ''}
          alt={`${game.name}截图 ${current + 1}`}
          width={1280}
          height={720}
          className="gallery-main"
        />
        {count > 1 ? (
          <>
            <button type="button" className="gallery-arrow gallery-prev" onClick={() => go(current - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">上一张截图</span>
            </button>
            <button type="button" className="gallery-arrow gallery-next" onClick={() => go(current + 1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">下一张截图</span>
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <p className="gallery-count" aria-live="polite">
            第{current + 1}张，共{count}张
          </p>
          <ul className="gallery-thumbs">
            {game.gallery.map((src, i) => (
              <li key={`${i}-${src}`}>
                <button
                  type="button"
                  aria-label={`查看第${i + 1}张截图`}
                  aria-pressed={i === current}
                  onClick={() => setIndex(i)}
                >
                  <SafeImage src={src} alt="" width={160} height={90} />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
