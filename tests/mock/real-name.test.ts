import { describe, expect, it } from 'vitest';
import { getRealNameConfig, getRealNameInfo, postRealNameAuth } from '../../src/api/user';
import { backend, failure, signUp } from './helpers';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** GB 11643-1999, computed here independently of the backend. */
function withCheckChar(first17: string): string {
  const sum = [...first17].reduce((total, digit, i) => total + Number(digit) * WEIGHTS[i]!, 0);
  return first17 + '10X98765432'[sum % 11]!;
}

const validId = withCheckChar('11010519491231002');
/** the same number with a different last character */
const wrongCheck = validId.slice(0, 17) + (validId[17] === '0' ? '1' : '0');

describe('real-name verification', () => {
  it('accepts a Chinese name and an ID number with a valid checksum, then shows them masked', async () => {
    await signUp();
    expect(await getRealNameInfo()).toBeNull();
    expect(await postRealNameAuth({ realName: '王小明', idCardNo: validId })).toBe(true);
    const info = await getRealNameInfo();
    expect(info).toMatchObject({ realName: '王**', idCardNo: `${validId.slice(0, 4)}**********${validId.slice(-4)}` });
    expect(info?.authTime).toBeGreaterThan(0);
  });

  it('knows the published example 11010519491231002X is valid', async () => {
    expect(withCheckChar('11010519491231002')).toBe('11010519491231002X');
    await signUp();
    expect(await postRealNameAuth({ realName: '张三', idCardNo: '11010519491231002x' })).toBe(true);
  });

  it.each([
    ['a wrong check character', wrongCheck],
    ['17 characters', validId.slice(0, 17)],
    ['19 characters', `${validId}1`],
    ['a letter inside', `1101A5${validId.slice(6)}`],
    ['an empty value', ''],
  ])('rejects an ID number with %s as realname_40002', async (_case, idCardNo) => {
    await signUp();
    expect(await failure(postRealNameAuth({ realName: '王小明', idCardNo }))).toMatchObject({
      kind: 'business',
      code: 'realname_40002',
    });
  });

  it.each([
    ['one character', '王'],
    ['Latin letters', 'Wang Xiaoming'],
    ['digits', '王小明2'],
    ['21 characters', '王'.repeat(21)],
  ])('rejects a name of %s as realname_40001', async (_case, realName) => {
    await signUp();
    const error = await failure(postRealNameAuth({ realName, idCardNo: validId }));
    expect(error).toMatchObject({ kind: 'business', code: 'realname_40001' });
    expect(error.message).toMatch(/真实姓名/);
  });

  it('accepts a minority name with a middle dot', async () => {
    await signUp();
    expect(await postRealNameAuth({ realName: '阿卜杜拉·买买提', idCardNo: validId })).toBe(true);
  });

  it.each([
    ['a character of extension B (𠮷, U+20BB7)', '𠮷野'],
    ['a middle dot and extension-block characters', '阿卜杜·𠮷𪚥'],
    ['20 extension-block characters (40 UTF-16 units)', '𠮷'.repeat(20)],
  ])('accepts a name with %s', async (_case, realName) => {
    await signUp();
    expect(await postRealNameAuth({ realName, idCardNo: validId })).toBe(true);
    expect((await getRealNameInfo())?.realName).toBe(`${[...realName][0]!}${'*'.repeat([...realName].length - 1)}`);
  });

  it.each([
    ['21 extension-block characters', '𠮷'.repeat(21)],
    ['a bullet instead of the middle dot (clients normalise it)', '阿卜杜•热合曼'],
  ])('rejects a name of %s as realname_40001', async (_case, realName) => {
    await signUp();
    expect(await failure(postRealNameAuth({ realName, idCardNo: validId }))).toMatchObject({
      kind: 'business',
      code: 'realname_40001',
    });
  });

  it('keeps verification per user', async () => {
    await signUp();
    await postRealNameAuth({ realName: '王小明', idCardNo: validId });
    await signUp();
    expect(await getRealNameInfo()).toBeNull();
  });

  it('requires login', async () => {
    expect(await failure(postRealNameAuth({ realName: '王小明', idCardNo: validId }))).toMatchObject({
      kind: 'auth',
      code: 'auth_40001',
    });
  });
});

describe('the global real-name configuration', () => {
  it('requires real names before paying by default', async () => {
    expect(await getRealNameConfig()).toEqual({ enable: true, sceneType: 1 });
  });

  it('can be changed by control and is restored by reset', async () => {
    backend.control.setRealNameConfig({ enable: false, sceneType: 0 });
    expect(await getRealNameConfig()).toEqual({ enable: false, sceneType: 0 });
    backend.control.reset();
    expect(await getRealNameConfig()).toEqual({ enable: true, sceneType: 1 });
  });
});
