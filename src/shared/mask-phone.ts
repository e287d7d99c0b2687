/** `13812345678` → `138****5678`; anything but exactly 11 characters throws. Also exported by ./format.ts. */
export function maskPhone(phone: string): string {
  if (typeof phone !== 'string' || phone.length !== 11) throw new Error('Invalid phone number');
  return `${phone.slice(0, 3)}****${phone.slice(7)}`;
}
