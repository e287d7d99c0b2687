/**
 * The account chip's menu (docs/decisions/0019-money-path-trust-and-budget.md): 我的订单, 我的激活码, 账号与实名, 愿望单 (docs/following-wishlist.md) and 退出登录, the ways back to what a
 * shopper bought. Its own chunk, loaded when the chip is first opened, so the first paint pays only for
 * the chip (site-chrome.tsx). A menu button's keyboard (WAI-ARIA APG): the chip opens it by click,
 * Enter or Space and the first item takes focus, ↑/↓ move and wrap, Home/End jump, Escape closes it and gives focus
 * back to the chip, Tab or a click elsewhere closes it.
 */
import { SETTING_TAB_LABELS } from '../../shared/setting-tabs';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { isLoggingOut } from '../../../machines/session.machine';
import { useAppActor } from '../../shared/app-actor';
import { useSessionSelector } from '../../shared/session-selector';

export interface AccountMenuProps {
  /** closes the menu (the chip's state) */
  onClose: () => void;
}

/** `type` values of /setting (spec: 0 = orders; setting-page.tsx's tabs). */
const PLACES = [
  { label: SETTING_TAB_LABELS[0], type: 0 },
  { label: SETTING_TAB_LABELS[3], type: 3 },
  { label: SETTING_TAB_LABELS[2], type: 2 },
  { label: SETTING_TAB_LABELS[4], type: 4 },
] as const;

export default function AccountMenu({ onClose }: AccountMenuProps) {
  const actor = useAppActor();
  const loggingOut = useSessionSelector(isLoggingOut);
  const menu = useRef<HTMLUListElement>(null);
  // The chip is the button just before the menu (site-chrome.tsx): focus goes back to it on Escape.
  const close = (refocus: boolean) => {
    const chip = menu.current?.previousElementSibling as HTMLElement | null | undefined;
    onClose();
    if (refocus) chip?.focus();
  };
  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    items()[0]?.focus();
    // A press outside the menu and its chip closes it (the chip's own click toggles it).
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.parentElement?.contains(target)) close(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // Only on opening: focus moves once; `close` reads the chip's latest setter through the ref'd menu.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  };

  return (
    <ul ref={menu} role="menu" aria-label="个人中心" className="account-menu" onKeyDown={onKeyDown}>
      {PLACES.map((place) => (
        <li key={place.type} role="none">
          <Link role="menuitem" tabIndex={-1} to="/setting" search={{ type: place.type }} onClick={() => close(false)}>
            {place.label}
          </Link>
        </li>
      ))}
      <li role="none">
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          aria-disabled={loggingOut || undefined}
          onClick={() => {
            if (loggingOut) return;
            actor.send({ type: 'session.logout' });
            close(true);
          }}
        >
          退出登录
        </button>
      </li>
    </ul>
  );
}
