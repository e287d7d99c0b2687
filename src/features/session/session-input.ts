/**
 * What shoppers type into the session forms — a phone number, an SMS code, a
 * real name, an ID number — taken as people type or paste it: each kind has
 * one normaliser, run before the check, and one schema (normaliser, then the
 * rule, with the messages below). Every field that takes one of these uses
 * them (the login modal, the real-name modal, the /demo page's phone).
 *
 * Fields have no native `maxLength`: it would cut a paste before it is cleaned
 * ("123 456" → "123 45"); the length is checked on the normalised value.
 *
 * Normalising (docs/session.md, "Input as people type it"):
 * - digits (phone, code, ID): full-width ASCII → ASCII (０-９, Ｘ/ｘ, ＋, －),
 *   then spaces of any kind, dashes (- ‐ ‑ ‒ – — ― −) and invisible format
 *   characters (zero-width spaces, direction marks) are removed;
 * - phone: then a `+86`, `0086` or `86` prefix (optionally in brackets) is
 *   dropped when 11 digits starting with 1 follow;
 * - ID number: then upper-cased (x → X);
 * - real name: invisible format characters removed, the middle-dot variants
 *   (• ・ ･ ‧ ⋅ ∙ ꞏ ⸱ ˑ ·) become U+00B7 · with the spaces around them
 *   dropped, and the ends trimmed.
 */
import * as z from 'zod/mini';
import { idCardProblem, type IdCardProblem } from './id-card';

/** The messages of these rules, shown under the field. */
export const INPUT_MESSAGES = {
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的11位手机号',
  codeRequired: '请输入验证码',
  codeInvalid: '验证码为6位数字',
  nameRequired: '请输入真实姓名',
  nameInvalid: '姓名应为2-20个汉字',
  idRequired: '请输入身份证号',
  /** what the ID field says before anything is wrong, and a check-digit failure repeats */
  idHint: '18位，末位可为 X',
  idLength: (count: number) => `身份证号应为18位，当前为${count}位`,
  idCharacters: '身份证号应为17位数字，末位为数字或 X',
  idRegion: '身份证号开头的地区码不正确，请核对',
  idDate: '身份证号第7–14位的出生日期不正确，请核对',
  idCheck: '身份证号校验位不符，请逐位核对（末位可为 X）',
} as const;

/** Which check an ID number failed, in words (docs/session.md): length, characters, region, birth date, check digit. */
function idCardMessage(problem: IdCardProblem, id: string): string {
  switch (problem) {
    case 'length':
      return INPUT_MESSAGES.idLength([...id].length);
    case 'characters':
      return INPUT_MESSAGES.idCharacters;
    case 'region':
      return INPUT_MESSAGES.idRegion;
    case 'date':
      return INPUT_MESSAGES.idDate;
    case 'check':
      return INPUT_MESSAGES.idCheck;
  }
}

/** Full-width ASCII forms (U+FF01–U+FF5E) become ASCII; the ideographic space becomes a space. */
function toHalfWidth(value: string): string {
  return value
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ');
}

/** Spaces of any kind, dashes and minus signs, and invisible format characters (\p{Cf}: zero-width spaces, direction marks, soft hyphens). */
const SEPARATORS = /[\s\p{Cf}\-\u2010-\u2015\u2212\uFE58\uFE63]/gu;

const digitsOf = (value: string) => toHalfWidth(value).replace(SEPARATORS, '');

/** `+86 138-0013-8000`, `８６１３８００１３８０００` → `13800138000`; anything else comes back cleaned of separators only. */
export function normalizePhone(value: string): string {
  const cleaned = digitsOf(value);
  const prefixed = /^\(?(?:\+|00)?86\)?(1\d{10})$/.exec(cleaned);
  return prefixed ? prefixed[1]! : cleaned;
}

/**
 * `123 456`, `１２３４５６` → `123456`.
 * @internal
 */
export function normalizeSmsCode(value: string): string {
  return digitsOf(value);
}

/**
 * ` 110105 19491231 002x`, full-width digits and Ｘ → `11010519491231002X`.
 * @internal
 */
export function normalizeIdCard(value: string): string {
  return digitsOf(value).toUpperCase();
}

/**
 * Middle-dot look-alikes that keyboards and other systems give for the dot of
 * a name: U+00B7 · itself, U+0387 Greek ano teleia, U+02D1 ˑ, U+2022 •,
 * U+2027 ‧ (Big5's dot, Taiwan and Hong Kong input), U+2219 ∙, U+22C5 ⋅,
 * U+2E31 ⸱, U+30FB ・ (Japanese and many phone keyboards), U+A78F ꞏ,
 * U+FF65 ･.
 */
const NAME_DOTS = /\s*[\u00B7\u0387\u02D1\u2022\u2027\u2219\u22C5\u2E31\u30FB\uA78F\uFF65]\s*/gu;

/**
 * `阿卜杜 • 热合曼` → `阿卜杜·热合曼`; Han characters are left as they are.
 * @internal
 */
export function normalizeRealName(value: string): string {
  return value
    .replace(/\p{Cf}/gu, '')
    .replace(NAME_DOTS, '·')
    .trim();
}

/**
 * One Han ideograph: CJK Unified Ideographs and extension A (BMP), and
 * extensions B–J (U+20000–U+2A6DF, U+2A700–U+2EE5F, U+30000–U+3347F; 𠮷 is
 * U+20BB7). Compatibility ideographs, radicals and 〇 are not included.
 */
const HAN = String.raw`[\u3400-\u4DBF\u4E00-\u9FFF\u{20000}-\u{2A6DF}\u{2A700}-\u{2EE5F}\u{30000}-\u{3347F}]`;
const CHINESE_NAME = new RegExp(`^${HAN}+(?:·${HAN}+)*$`, 'u');
const REAL_NAME_MIN = 2;
const REAL_NAME_MAX = 20;

/**
 * Han parts joined by single middle dots, 2–20 characters counted as code points (dots included).
 * @internal
 */
export function isRealName(value: string): boolean {
  const length = [...value].length;
  return length >= REAL_NAME_MIN && length <= REAL_NAME_MAX && CHINESE_NAME.test(value);
}

export const PhoneSchema = z
  .string()
  .check(
    z.overwrite(normalizePhone),
    z.minLength(1, INPUT_MESSAGES.phoneRequired),
    z.regex(/^1\d{10}$/, INPUT_MESSAGES.phoneInvalid),
  );
export const SmsCodeSchema = z
  .string()
  .check(
    z.overwrite(normalizeSmsCode),
    z.minLength(1, INPUT_MESSAGES.codeRequired),
    z.regex(/^\d{6}$/, INPUT_MESSAGES.codeInvalid),
  );
export const RealNameSchema = z
  .string()
  .check(
    z.overwrite(normalizeRealName),
    z.minLength(1, INPUT_MESSAGES.nameRequired),
    z.refine(isRealName, INPUT_MESSAGES.nameInvalid),
  );
export const IdCardSchema = z.string().check(
  z.overwrite(normalizeIdCard),
  z.minLength(1, INPUT_MESSAGES.idRequired),
  z.check((ctx) => {
    const problem = ctx.value === '' ? null : idCardProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: idCardMessage(problem, ctx.value), input: ctx.value });
  }),
);

export type InputSchema = z.ZodMiniType<string, string>;
export type Checked = { ok: true; value: string } | { ok: false; error: string };

/** The normalised value, or the first problem with it (its message, for under the field). */
export function checkInput(schema: InputSchema, raw: string): Checked {
  const result = schema.safeParse(raw);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? '' };
}

/**
 * What a field shows after a change: the normalised value once it passes (a
 * pasted `+86 13800138000` shows as `13800138000`), otherwise exactly what was
 * typed, so a wrong value can be corrected where it went wrong. Nothing is
 * rewritten while an input method is composing.
 * @internal
 */
export function fieldValue(schema: InputSchema, raw: string, composing = false): string {
  if (composing) return raw;
  const checked = checkInput(schema, raw);
  return checked.ok ? checked.value : raw;
}

/** `fieldValue` for an input's change event (React's or the DOM's): its value, and whether an IME is composing. */
export function valueAfterChange(
  schema: InputSchema,
  event: { target: { value: string }; nativeEvent: Event },
): string {
  return fieldValue(schema, event.target.value, (event.nativeEvent as Partial<InputEvent>).isComposing === true);
}
