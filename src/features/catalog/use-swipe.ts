/**
 * A horizontal swipe on touch screens and pens (pointer events; mice click), for the banner carousel and
 * the game detail's screenshots: at least SWIPE_PX sideways and more sideways than up or down, so a vertical scroll is never
 * taken for a swipe, and a swipe never counts as a click on what is under it. The banner carousel on / uses
 * it too; vite.config.ts puts it in the catalogue chunk / loads anyway, so it is no chunk of its own.
 */
import { useRef, type MouseEvent, type PointerEvent } from 'react';

const SWIPE_PX = 40;

/** Handlers to spread on the swiped element; `onSwipe(1)` for a swipe to the left (next), `-1` to the right. */
export function useSwipe(onSwipe: (step: 1 | -1) => void) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const swiped = useRef(false);
  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse') return;
      start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
      swiped.current = false;
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(dy)) return;
      swiped.current = true;
      onSwipe(dx < 0 ? 1 : -1);
    },
    onPointerCancel() {
      start.current = null;
    },
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!swiped.current) return;
      event.preventDefault();
      event.stopPropagation();
      swiped.current = false;
    },
  };
}
