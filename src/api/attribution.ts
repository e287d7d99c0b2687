/** Attribution: the bid for a /sem landing, whose id every later call carries as `adan`. */
import * as z from 'zod/mini';
import { defineEndpoint, http } from './http';

export interface BidRequest {
  bhSemReq: string;
  appId: string;
  channel: string;
  platform: 3;
  semPageType: 1;
  semType: 4;
}

export const semBid = defineEndpoint({
  id: 'attribution.bid',
  method: 'POST',
  path: '/bohe-version/sem/bind/channel/bid',
  data: z.object({ bId: z.string() }),
  request: '`{ bhSemReq, appId, channel, platform: 3, semPageType: 1, semType: 4 }`',
  response: '`{ bId }`',
  uiOnFailure: 'Nothing shown; calls go on without `adan`',
});

export const postSemBid = (
  body: Omit<BidRequest, 'platform' | 'semPageType' | 'semType'>,
  o: { signal?: AbortSignal } = {},
) => http.call(semBid, { body: { ...body, platform: 3, semPageType: 1, semType: 4 }, signal: o.signal });
