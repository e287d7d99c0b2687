import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../src/shared/ui/dialog';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      {open ? (
        <Dialog
          title="支付订单"
          onClose={() => {
            onClose();
            setOpen(false);
          }}
        >
          <label>
            数量
            <input defaultValue="1" />
          </label>
          <button type="button" onClick={() => setInner(true)}>
            登录后继续
          </button>
        </Dialog>
      ) : null}
      {inner ? (
        <Dialog title="登录" onClose={() => setInner(false)}>
          <button type="button">获取验证码</button>
          <button type="button" onClick={() => setOpen(false)}>
            关闭下层
          </button>
        </Dialog>
      ) : null}
    </>
  );
}

function mount(onClose?: () => void) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.appendChild(root);
  const view = render(<Harness onClose={onClose} />, { container: root });
  return { ...view, root, user: userEvent.setup() };
}

afterEach(() => document.getElementById('root')?.remove());

describe('dialogs', () => {
  it('move focus inside on open and give it back to the opener on close', async () => {
    const { user } = mount();
    const opener = screen.getByRole('button', { name: '打开' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: '支付订单' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('textbox', { name: '数量' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
  });

  it('close on Escape', async () => {
    const onClose = vi.fn();
    const { user } = mount(onClose);
    await user.click(screen.getByRole('button', { name: '打开' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keep Tab inside the dialog', async () => {
    const { user } = mount();
    await user.click(screen.getByRole('button', { name: '打开' }));
    const input = screen.getByRole('textbox', { name: '数量' });
    await user.tab();
    expect(screen.getByRole('button', { name: '登录后继续' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '关闭' })).toHaveFocus();
  });

  it('make the page behind inert, and a lower dialog inert under a stacked one', async () => {
    const { user, root } = mount();
    await user.click(screen.getByRole('button', { name: '打开' }));
    expect(root.inert).toBe(true);
    await user.click(screen.getByRole('button', { name: '登录后继续' }));
    const login = screen.getByRole('dialog', { name: '登录' });
    expect(screen.getByRole('button', { name: '获取验证码' })).toHaveFocus();
    // Only the top dialog answers Escape.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: '登录' })).toBeNull();
    expect(login.isConnected).toBe(false);
    expect(screen.getByRole('dialog', { name: '支付订单' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录后继续' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(root.inert).toBe(false);
  });

  it('leave the focus in the top dialog when a dialog under it closes', async () => {
    const { user } = mount();
    await user.click(screen.getByRole('button', { name: '打开' }));
    await user.click(screen.getByRole('button', { name: '登录后继续' }));
    const code = screen.getByRole('button', { name: '获取验证码' });
    expect(code).toHaveFocus();
    // The lower dialog goes away while the user works in the top one.
    await user.keyboard('{Tab}{Enter}');
    expect(screen.queryByRole('dialog', { name: '支付订单' })).toBeNull();
    expect(screen.getByRole('button', { name: '关闭下层' })).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(code).toHaveFocus();
  });
});
