/**
 * The user and real-name shapes, on their own so that reading a stored
 * session at start (src/features/session/session-effects.ts) does not pull every user
 * endpoint into the entry chunk; src/api/user.ts re-exports them.
 */
import * as z from 'zod/mini';
import { EpochMsSchema, IdSchema } from './common';

export const UserInfoSchema = z.object({
  token: z.string(),
  userId: IdSchema,
  /** 11-digit phone */
  telNum: z.string(),
  /** epoch ms */
  createTime: EpochMsSchema,
  registerCanal: z.string(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const RealNameInfoSchema = z.object({
  /** masked, e.g. 张* */
  realName: z.string(),
  /** masked, e.g. 1101**********1234 */
  idCardNo: z.string(),
  authTime: EpochMsSchema,
});
export type RealNameInfo = z.infer<typeof RealNameInfoSchema>;
