/**
 * What the inspector shows and exports instead of a value: personal data
 * masked as the store masks it elsewhere, each rule from its one owner — phone
 * numbers as the account page shows them (src/shared/mask-phone.ts), real
 * names and ID numbers as the real-name dialog keeps them
 * (src/shared/mask-identity.ts), tokens and other secrets as error reports
 * filter them (src/shared/scrub-secrets.ts).
 */
import { maskIdCard, maskRealName } from '../shared/mask-identity';
import { maskPhone } from '../shared/mask-phone';
import { scrubSecrets } from '../shared/scrub-secrets';

const PHONE_FIELD = /phone|telnum|mobile/i;
const ID_FIELD = /idcard/i;
const NAME_FIELD = /^realname$/i;

/** Actor logic (a machine, a promise's logic) travels in some events (the loaded flows): named, not spelled out. */
function logicName(value: unknown): string | undefined {
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { getInitialSnapshot?: unknown }).getInitialSnapshot !== 'function'
  )
    return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' ? `[machine ${id}]` : '[actor logic]';
}

function personalField(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return logicName(value);
  if (PHONE_FIELD.test(key)) return value.length === 11 ? maskPhone(value) : '*'.repeat(value.length);
  if (ID_FIELD.test(key)) return maskIdCard(value);
  if (NAME_FIELD.test(key)) return maskRealName(value);
  return undefined;
}

/** A JSON-safe copy of `value` with nothing personal in clear; `secrets`: strings to filter wherever they appear (the request token). */
export function maskPersonal<T>(value: T, secrets: readonly (string | undefined)[] = []): unknown {
  const scrubbed = scrubSecrets(value, secrets, { field: personalField });
  return JSON.parse(
    JSON.stringify(scrubbed, (_key, item: unknown) =>
      typeof item === 'function' ? '[function]' : item === undefined ? null : item,
    ) ?? 'null',
  ) as unknown;
}
