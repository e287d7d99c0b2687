/** What the landings (`/coupon`, `/sem/activity`) accept in the URL: any marketing parameter; attribution.ts parses them. */
import * as z from 'zod/mini';

export const LandingSearchSchema = z.record(z.string(), z.unknown());
