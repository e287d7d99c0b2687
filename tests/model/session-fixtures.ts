/** Users, real-name facts and failures shared by the session flows' models and unit tests. */
import type { RealNameConfig, RealNameInfo, UserInfo } from '../../src/api/user';

export const USER_A: UserInfo = { token: 'tk_a', userId: 1, telNum: '13800000000', createTime: 0, registerCanal: '' };
export const USER_B: UserInfo = { token: 'tk_b', userId: 2, telNum: '13900000000', createTime: 0, registerCanal: '' };
export const REAL_NAME: RealNameInfo = { realName: '张*', idCardNo: '1101**********4477', authTime: 0 };
export const CONFIG_ON: RealNameConfig = { enable: true, sceneType: 1 };
export const CONFIG_OFF: RealNameConfig = { enable: false, sceneType: 0 };

/** How the app's actors fail: a business code and a message to show. */
export const failure = (code: string | undefined, message: string) => Object.assign(new Error(message), { code });
