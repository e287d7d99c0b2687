/**
 * The modals that can be opened by name, each loaded on demand. The modal
 * machine's `loadModal` actor calls `loadModal(name)`; once it resolves the
 * component is kept here and <ModalHost/> renders it synchronously.
 */
import type { ComponentType } from 'react';
import { guardChunk } from '../app/chunk-reload';
import type { ModalName } from '../app/hooks';

export interface ModalComponentProps {
  /** close this modal (the machine removes it from the stack) */
  onClose: () => void;
  /** whatever the opener passed with `modal.open` */
  props: Record<string, unknown>;
}

type Loader = () => Promise<ComponentType<ModalComponentProps>>;

const loaders: Record<ModalName, Loader> = {
  login: () => import('./login-modal').then((m) => m.LoginModal),
  autoLogin: () => import('./auto-login-modal').then((m) => m.AutoLoginModal),
  pay: () => import('./pay-modal').then((m) => m.PayModal),
  paySuccess: () => import('./pay-success-modal').then((m) => m.PaySuccessModal),
  realName: () => import('./real-name-modal').then((m) => m.RealNameModal),
  coupon: () => import('./coupon-modal').then((m) => m.CouponModal),
  refund: () => import('./refund-modal').then((m) => m.RefundModal),
};

export const MODAL_NAMES = Object.keys(loaders) as ModalName[];

const loaded = new Map<string, ComponentType<ModalComponentProps>>();

export function isModalName(name: string): name is ModalName {
  return Object.hasOwn(loaders, name);
}

export async function loadModal(name: string): Promise<void> {
  if (loaded.has(name)) return;
  if (!isModalName(name)) throw new Error(`Unknown modal: ${name}`);
  const component = await guardChunk(loaders[name])();
  loaded.set(name, component);
}

export function loadedModal(name: string): ComponentType<ModalComponentProps> | undefined {
  return loaded.get(name);
}
