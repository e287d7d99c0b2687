import { DAY_MS as DAY, HOUR_MS as HOUR, MINUTE_MS as MINUTE } from './beijing-time';
import { formatDate } from './format';

/** `刚刚`, `5分钟前`, `3小时前`, `2天前`, then the date. Future times count as now. */
export function relativeTime(time: number, now: number = Date.now()): string {
  const ago = Math.max(0, now - time);
  if (ago < MINUTE) return '刚刚';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}分钟前`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}小时前`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}天前`;
  return formatDate(time, 'yyyy.MM.dd');
}
