/**
 * The home banner carousel (WAI-ARIA APG "auto-rotating carousel"):
 *
 * - rotates every 5 s, but never while the pointer is over it, while focus is
 *   inside it, after the user pressed 暂停轮播, or when the system asks for
 *   reduced motion (then it does not rotate at all);
 * - 上一张 / 下一张 and the dots 第N张 are buttons, so it is keyboard operable;
 * - a horizontal swipe (pointer events, touch or pen) changes slides, and a
 *   swipe never counts as a click on the banner link;
 * - slides that are not shown are `inert`, so Tab only reaches the visible one;
 * - the slide region is `aria-live="polite"` only when not rotating by itself.
 */
import { useEffect, useState } from 'react';
import { useSwipe } from './use-swipe';
import type { Banner } from '../../api/games';
import { SafeImage } from '../../shared/ui/safe-image';
import { SmartLink } from '../../shared/ui/smart-link';
import { usePrefersReducedMotion } from '../../shared/use-media';

/** @internal */
export const AUTOPLAY_MS = 5000;

export function BannerCarousel({ banners, label = '活动推荐' }: { banners: Banner[]; label?: string }) {
  const count = banners.length;
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();

  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const rotating = count > 1 && !reducedMotion && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [rotating, count]);

  // Touch and pen swipe (the rule is ./use-swipe.ts's, shared with the game detail's screenshots).
  const go = (to: number) => setIndex(((to % count) + count) % count);
  const swipe = useSwipe((step) => go(current + step));

  if (count === 0) return null;

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className="carousel-controls">
        {count > 1 && !reducedMotion ? (
          <button type="button" className="carousel-toggle" onClick={() => setStopped((s) => !s)}>
            {stopped ? '开始轮播' : '暂停轮播'}
          </button>
        ) : null}
      </div>
      <div className="carousel-viewport" aria-live={rotating ? 'off' : 'polite'} {...swipe}>
        <div className="carousel-track" style={{ transform: `translateX(-${current * 100}%)` }}>
          {banners.map((banner, i) => (
            <div
              key={banner.bannerId}
              role="group"
              aria-roledescription="slide"
              aria-label={`第${i + 1}张，共${count}张：${banner.title}`}
              className="carousel-slide"
              inert={i !== current}
            >
              <SmartLink href={banner.link} className="banner-card">
                <SafeImage src={banner.image} alt={banner.title} width={1200} height={400} priority={i === 0} />
                <span className="banner-text">
                  <strong>{banner.title}</strong>
                  <span>{banner.subtitle}</span>
                </span>
              </SmartLink>
            </div>
          ))}
        </div>
      </div>
      {count > 1 ? (
        <div className="carousel-nav">
          <button type="button" className="carousel-arrow carousel-prev" onClick={() => go(current - 1)}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">上一张</span>
          </button>
          <div className="carousel-dots">
            {banners.map((banner, i) => (
              <button
                key={banner.bannerId}
                type="button"
                className="carousel-dot"
                aria-label={`第${i + 1}张`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
          <button type="button" className="carousel-arrow carousel-next" onClick={() => go(current + 1)}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">下一张</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
