import { describe, expect, it } from 'vitest';
import { activityPhase, parseActivityConfig } from '../../../src/features/marketing/activity-config';

const item = (text: string, value: string) => ({ text, value });

describe('the activity config from the dictionary', () => {
  it('reads one field per item, times as epoch ms and rules split by line', () => {
    const config = parseActivityConfig([
      item('activityId', 'ny2026'),
      item('title', '新春游戏节'),
      item('subtitle', '低至 5 折'),
      item('startTime', '1767225600000'),
      item('endTime', '1769904000'),
      item('banner', '/img/banner.svg'),
      item('rules', '规则一\n\n 规则二 '),
      item('unknown', 'ignored'),
    ]);
    expect(config).toEqual({
      activityId: 'ny2026',
      title: '新春游戏节',
      subtitle: '低至 5 折',
      startTime: 1767225600000,
      endTime: 1769904000000,
      banner: '/img/banner.svg',
      rules: ['规则一', '规则二'],
    });
  });

  it('has no activity without an activityId', () => {
    expect(parseActivityConfig([item('title', '新春游戏节')])).toBeNull();
    expect(parseActivityConfig([])).toBeNull();
  });

  it('ignores a malformed time instead of failing', () => {
    expect(parseActivityConfig([item('activityId', 'a'), item('startTime', 'soon')])).toMatchObject({
      startTime: null,
      title: '限时活动',
    });
  });

  it('is upcoming before the start, live in the window and ended after the end', () => {
    const window = { startTime: 1000, endTime: 2000 };
    expect(activityPhase(window, 999)).toBe('upcoming');
    expect(activityPhase(window, 1500)).toBe('live');
    expect(activityPhase(window, 2001)).toBe('ended');
    expect(activityPhase({ startTime: null, endTime: null }, 0)).toBe('live');
  });
});
