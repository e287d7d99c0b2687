/**
 * The simulated backend's controls, `POST {base}/__mock/<name>` (src/mock/backend.ts), as the /demo console
 * calls them. Not endpoints of the store (they are not registered: no docs row, no fault matrix); they answer
 * the store's envelope, read with the HTTP layer's own schema. Each call returns the control's data or throws
 * with the backend's message.
 */
import { queryOptions } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import * as z from 'zod/mini';
import { EnvelopeSchema, http } from './http';

const FaultSchema = z.looseObject({ kind: z.string(), times: z.optional(z.number()) });

/** What the simulated backend holds now, as /demo shows it. */
const MockStateSchema = z.object({
  now: z.number(),
  clockOffsetMs: z.number(),
  users: z.array(z.object({ userId: z.number(), telNum: z.string() })),
  orders: z.array(z.object({ orderId: z.string(), userId: z.number(), status: z.string(), payAmount: z.number() })),
  faults: z.record(z.string(), FaultSchema),
  qrCodes: z.number(),
  bidRequests: z.number(),
});
export type MockState = z.infer<typeof MockStateSchema>;

export type PaymentOutcome = 'completePayment' | 'failPayment' | 'cancelPayment';

async function control(name: string, body: Record<string, unknown> = {}): Promise<unknown> {
  let raw: unknown;
  try {
    raw = (await (await http.axios()).post(`/__mock/${name}`, body)).data;
  } catch (error) {
    // A refused control answers an HTTP error with the envelope saying why.
    raw = error instanceof AxiosError ? error.response?.data : undefined;
    if (raw === undefined) throw error;
  }
  const answer = EnvelopeSchema.parse(raw);
  if (!answer.success) throw new Error(answer.retMsg ?? `控制命令 ${name} 失败`);
  return answer.retData;
}

const getMockState = async (): Promise<MockState> => MockStateSchema.parse(await control('state'));
export const mockStateQueryOptions = () => queryOptions({ queryKey: ['demo', 'state'], queryFn: getMockState });

export const markQrScanned = async (qrId: string, phone?: string): Promise<void> => {
  await control('markQrScanned', { qrId, ...(phone ? { phone } : {}) });
};

/** Settles an order's payment as the pay channel would; the order's status after it. */
export const settlePayment = async (outcome: PaymentOutcome, orderId: string): Promise<string> =>
  z.string().parse(await control(outcome, { orderId }));

export const setFault = async (path: string, fault: Record<string, unknown>): Promise<void> => {
  await control('setFault', { path, fault });
};

export const clearFaults = async (): Promise<void> => {
  await control('clearFaults');
};

export const advanceMockClock = async (ms: number): Promise<void> => {
  await control('advanceClock', { ms });
};

export const resetMock = async (): Promise<void> => {
  await control('reset');
};

/** The game's from-price goods costs 20 % less from now on (or `price` fen); the new price (the wishlist's 降价, docs/following-wishlist.md). */
export const lowerMockPrice = async (gameId: number, price?: number): Promise<number> =>
  z.number().parse(await control('lowerPrice', { gameId, ...(price === undefined ? {} : { price }) }));
