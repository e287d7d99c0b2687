/**
 * The modals that can be opened by name, each loaded on demand. The modal
 * machine's `loadModal` actor calls `loadModal(name)`; once it resolves the
 * component is kept here and <ModalHost/> renders it synchronously.
 */
import type { ComponentType } from 'react';
import { guardChunk } from '../shared/chunk-reload';
import type { ModalComponentProps, ModalName } from '../shared/app-actor';

type Loader = () => Promise<ComponentType<ModalComponentProps>>;

const loaders: Record<ModalName, Loader> = {
  login: () => import('../features/session/login-modal').then((m) => m.LoginModal),
  autoLogin: () => import('../features/session/auto-login-modal').then((m) => m.AutoLoginModal),
  pay: () => import('../features/buying/pay-modal').then((m) => m.PayModal),
  paySuccess: () => import('../features/buying/pay-success-modal').then((m) => m.PaySuccessModal),
  realName: () => import('../features/session/real-name-modal').then((m) => m.RealNameModal),
  coupon: () => import('../features/marketing/coupon-modal').then((m) => m.CouponModal),
  refund: () => import('../features/buying/refund-modal').then((m) => m.RefundModal),
};

const loaded = new Map<string, ComponentType<ModalComponentProps>>();

function isModalName(name: string): name is ModalName {
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
