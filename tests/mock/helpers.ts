/**
 * Shared steps for the simulated-backend tests: they go through the app's
 * own fetchers (axios → msw → backend), so what they check is what the app sees.
 */
import { clientState } from '../../src/api/client-state';
import { ApiError } from '../../src/api/errors';
import { createOrder, payOrder } from '../../src/api/orders';
import { postPhoneRegister, postSendSms } from '../../src/api/user';
import type { UserInfo } from '../../src/api/user';
import { createSeed } from '../../src/mock/seed';
import { backend } from '../support/server';

export { backend };

/** The catalogue is the same for every base time, so tests can pick ids from it. */
export const catalogue = createSeed(0);

/** A goods with plenty of stock, a CDK, no gift and a limit of at least 2 per order. */
export const plainGoods = catalogue.goods.find(
  (g) => g.deliveryType === 'cdk' && !g.hasGift && g.stock >= 50 && g.limitPerOrder >= 2,
)!;
/** A goods that comes with a gift CDK. */
export const giftGoods = catalogue.goods.find((g) => g.hasGift && g.stock >= 50)!;
export const soldOutGoods = catalogue.goods.find((g) => g.stock === 0)!;

let phoneSeq = 0;
/** A phone number no other test in this file has used. */
export const nextPhone = () => `1390000${String((phoneSeq += 1)).padStart(4, '0')}`;

/** Registers a new account through the SMS flow and makes it the client's session. */
export async function signUp(phone = nextPhone()): Promise<UserInfo> {
  await postSendSms(phone);
  const user = await postPhoneRegister({ phone, code: '123456' });
  clientState.set({ token: user.token });
  return user;
}

export const useSession = (user: UserInfo | null) => clientState.set({ token: user?.token });

/** The ApiError a call fails with; fails the test when the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

let requestSeq = 0;
export const nextRequestId = () => `req-${(requestSeq += 1)}`;

/** An unpaid order of the current session. */
export async function placeOrder(goodsId = plainGoods.goodsId, buyNum = 1, couponId?: string) {
  return createOrder({ goodsId, buyNum, couponId, requestId: nextRequestId() });
}

/** A delivered order of the current session. */
export async function paidOrder(goodsId = plainGoods.goodsId, buyNum = 1) {
  const order = await placeOrder(goodsId, buyNum);
  await payOrder({ orderId: order.orderId, channelCode: 'wechat' });
  backend.control.completePayment(order.orderId);
  return order;
}
