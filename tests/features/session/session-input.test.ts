import { describe, expect, it } from 'vitest';
import {
  IdCardSchema,
  INPUT_MESSAGES,
  PhoneSchema,
  RealNameSchema,
  SmsCodeSchema,
  checkInput,
  fieldValue,
  isRealName,
  normalizeIdCard,
  normalizePhone,
  normalizeRealName,
  normalizeSmsCode,
} from '../../../src/features/session/session-input';

const ID = '11010519491231002X';

describe('phone numbers as people type or paste them', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['+86 13800138000', '13800138000'],
    ['+8613800138000', '13800138000'],
    ['8613800138000', '13800138000'],
    ['0086 138 0013 8000', '13800138000'],
    ['(+86) 138-0013-8000', '13800138000'],
    ['（＋８６）１３８００１３８０００', '13800138000'],
    ['138-0013-8000', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['138\u20130013\u20138000', '13800138000'],
    [' 138\u00a00013\u30008000\n', '13800138000'],
    ['\u200b138\u200d0013\u20608000\ufeff', '13800138000'],
    ['１３８００１３８０００', '13800138000'],
  ])('normalises %j to %s', (typed, phone) => {
    expect(normalizePhone(typed)).toBe(phone);
    expect(checkInput(PhoneSchema, typed)).toEqual({ ok: true, value: phone });
  });

  it('drops an 86 prefix only when a whole mobile number follows', () => {
    expect(normalizePhone('8613800138')).toBe('8613800138');
    expect(normalizePhone('86 12345')).toBe('8612345');
    expect(normalizePhone('+86 2380000000')).toBe('+862380000000');
  });

  it.each([
    ['', INPUT_MESSAGES.phoneRequired],
    ['  ', INPUT_MESSAGES.phoneRequired],
    ['1380013800', INPUT_MESSAGES.phoneInvalid],
    ['138001380001', INPUT_MESSAGES.phoneInvalid],
    ['23800138000', INPUT_MESSAGES.phoneInvalid],
    ['+1 13800138000', INPUT_MESSAGES.phoneInvalid],
    ['138.0013.8000', INPUT_MESSAGES.phoneInvalid],
    ['138o0138000', INPUT_MESSAGES.phoneInvalid],
  ])('refuses %j with %s', (typed, error) => {
    expect(checkInput(PhoneSchema, typed)).toEqual({ ok: false, error });
  });
});

describe('SMS codes as people type or paste them', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['123-456', '123456'],
    ['  123456\n', '123456'],
    ['１２３４５６', '123456'],
    ['１２３ ４５６', '123456'],
  ])('normalises %j to %s', (typed, code) => {
    expect(normalizeSmsCode(typed)).toBe(code);
    expect(checkInput(SmsCodeSchema, typed)).toEqual({ ok: true, value: code });
  });

  it.each([
    ['', INPUT_MESSAGES.codeRequired],
    ['12345', INPUT_MESSAGES.codeInvalid],
    ['1234 567', INPUT_MESSAGES.codeInvalid],
    ['12a456', INPUT_MESSAGES.codeInvalid],
  ])('refuses %j with %s', (typed, error) => {
    expect(checkInput(SmsCodeSchema, typed)).toEqual({ ok: false, error });
  });
});

describe('ID numbers as people type or paste them', () => {
  it.each([
    [ID, ID],
    [` ${ID}`, ID],
    ['11010519491231002x', ID],
    ['110105 19491231 002X', ID],
    ['110105-19491231-002x', ID],
    ['１１０１０５１９４９１２３１００２Ｘ', ID],
    ['１１０１０５１９４９１２３１００２ｘ', ID],
  ])('normalises %j to %s', (typed, id) => {
    expect(normalizeIdCard(typed)).toBe(id);
    expect(checkInput(IdCardSchema, typed)).toEqual({ ok: true, value: id });
  });

  it.each([
    ['', INPUT_MESSAGES.idRequired],
    ['11010519491231002', '身份证号应为18位，当前为17位'],
    ['110105194912310021', '身份证号校验位不符，请逐位核对（末位可为 X）'],
    [`${ID}1`, '身份证号应为18位，当前为19位'],
    ['11010519491231002A', INPUT_MESSAGES.idCharacters],
    ['110105194902310026', INPUT_MESSAGES.idDate],
    ['010105194912310026', INPUT_MESSAGES.idRegion],
  ])('refuses %j with %s', (typed, error) => {
    expect(checkInput(IdCardSchema, typed)).toEqual({ ok: false, error });
  });
});

describe('real names as people type or paste them', () => {
  it.each([
    ['U+00B7 ·', '阿卜杜·热合曼'],
    ['U+2022 •', '阿卜杜•热合曼'],
    ['U+30FB ・', '阿卜杜・热合曼'],
    ['U+FF65 ･', '阿卜杜･热合曼'],
    ['U+2027 ‧', '阿卜杜‧热合曼'],
    ['U+02D1 ˑ', '阿卜杜ˑ热合曼'],
    ['U+0387 ·', '阿卜杜\u0387热合曼'],
    ['U+22C5 ⋅', '阿卜杜⋅热合曼'],
    ['U+2219 ∙', '阿卜杜∙热合曼'],
    ['U+2E31 ⸱', '阿卜杜⸱热合曼'],
    ['U+A78F ꞏ', '阿卜杜ꞏ热合曼'],
    ['spaces around the dot', ' 阿卜杜 • 热合曼 '],
    ['a zero-width space', '阿卜杜\u200b·热合曼'],
  ])('turns a name written with %s into 阿卜杜·热合曼', (_case, typed) => {
    expect(normalizeRealName(typed)).toBe('阿卜杜·热合曼');
    expect(checkInput(RealNameSchema, typed)).toEqual({ ok: true, value: '阿卜杜·热合曼' });
  });

  it.each([
    ['extension B (𠮷, U+20BB7)', '𠮷野'],
    ['extension A (㐀, U+3400)', '㐀明'],
    ['extension B at both ends of a dotted name', '𠮷𠀀·𪚥'],
    ['extension C (𪜀, U+2A700)', '王𪜀'],
    ['extension E (𫠠, U+2B820)', '王𫠠'],
    ['extension G (𰀀, U+30000)', '王𰀀'],
    ['extension H (𱍐, U+31350)', '王𱍐'],
    ['extension I (𮯰, U+2EBF0)', '王𮯰'],
  ])('accepts Han characters of %s', (_case, name) => {
    expect(isRealName(name)).toBe(true);
    expect(checkInput(RealNameSchema, name)).toEqual({ ok: true, value: name });
  });

  it('counts characters (code points), not UTF-16 units: 20 extension-block characters pass, 21 do not', () => {
    const twenty = '𠮷'.repeat(20);
    expect(twenty).toHaveLength(40);
    expect(isRealName(twenty)).toBe(true);
    expect(isRealName('𠮷'.repeat(21))).toBe(false);
    expect(isRealName('王'.repeat(20))).toBe(true);
    expect(isRealName('王'.repeat(21))).toBe(false);
    // the dots are counted as characters
    expect(isRealName(`${'王'.repeat(10)}·${'王'.repeat(9)}`)).toBe(true);
    expect(isRealName(`${'王'.repeat(10)}·${'王'.repeat(10)}`)).toBe(false);
  });

  it.each([
    ['', INPUT_MESSAGES.nameRequired],
    [' ', INPUT_MESSAGES.nameRequired],
    ['𠮷', INPUT_MESSAGES.nameInvalid],
    ['王', INPUT_MESSAGES.nameInvalid],
    ['Zhang', INPUT_MESSAGES.nameInvalid],
    ['张三2', INPUT_MESSAGES.nameInvalid],
    ['张 三', INPUT_MESSAGES.nameInvalid],
    ['阿卜杜•', INPUT_MESSAGES.nameInvalid],
    ['·阿卜杜', INPUT_MESSAGES.nameInvalid],
    ['阿卜杜··热合曼', INPUT_MESSAGES.nameInvalid],
    ['阿卜杜.热合曼', INPUT_MESSAGES.nameInvalid],
    ['⼀二', INPUT_MESSAGES.nameInvalid], // U+2F00, a Kangxi radical, not an ideograph
    ['〇二', INPUT_MESSAGES.nameInvalid],
  ])('refuses %j with %s', (typed, error) => {
    expect(checkInput(RealNameSchema, typed)).toEqual({ ok: false, error });
  });
});

describe('what a field shows while it is typed into', () => {
  it('shows the normalised value once it passes, and the typed text while it does not', () => {
    expect(fieldValue(PhoneSchema, '+86 138-0013-8000')).toBe('13800138000');
    expect(fieldValue(PhoneSchema, '+86 138-0013-800')).toBe('+86 138-0013-800');
    expect(fieldValue(SmsCodeSchema, '123 456')).toBe('123456');
    expect(fieldValue(SmsCodeSchema, '123 45')).toBe('123 45');
    expect(fieldValue(IdCardSchema, ' 11010519491231002x')).toBe(ID);
    expect(fieldValue(RealNameSchema, '阿卜杜•热合曼')).toBe('阿卜杜·热合曼');
    expect(fieldValue(RealNameSchema, '阿卜杜•')).toBe('阿卜杜•');
  });

  it('rewrites nothing while an input method is composing', () => {
    expect(fieldValue(RealNameSchema, '阿卜杜•热合曼', true)).toBe('阿卜杜•热合曼');
  });
});
