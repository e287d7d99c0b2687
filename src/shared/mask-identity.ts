/**
 * How the store shows a real name and a resident ID number it must not show in
 * full: the real-name dialog's local record, and the dev inspector's contexts
 * and logs (src/dev-tools/). Phone numbers: ./mask-phone.ts.
 */

/** `110101199003074477` → `1101**********4477` (as the server masks it). */
export function maskIdCard(value: string): string {
  if (value.length < 8) return value;
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`;
}

/** `张三丰` → `张**`: the first character, then one star for each other (at least one), as the server masks it. */
export function maskRealName(value: string): string {
  const chars = [...value];
  return `${chars[0] ?? ''}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}
