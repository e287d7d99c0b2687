import { describe, expect, it } from 'vitest';
import {
  dropEmpty,
  formatDate,
  isNewUser,
  joinList,
  maskPhone,
  queryValue,
  stripHtml,
  toMillis,
} from '../../src/shared/format';

describe('maskPhone', () => {
  it('hides the middle four digits of an 11-digit phone number', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it.each([['1381234567'], ['138123456789'], [''], ['138 1234 5678']])(
    'fails with "Invalid phone number" for %j',
    (phone) => {
      expect(() => maskPhone(phone)).toThrow('Invalid phone number');
    },
  );

  it('fails with "Invalid phone number" for a value that is not a string', () => {
    expect(() => maskPhone(13812345678 as unknown as string)).toThrow('Invalid phone number');
    expect(() => maskPhone(undefined as unknown as string)).toThrow('Invalid phone number');
  });
});

describe('isNewUser', () => {
  const now = new Date(2026, 0, 10, 12, 0, 0).getTime();
  const hour = 60 * 60 * 1000;

  it('counts an account created less than 24 hours ago as new', () => {
    expect(isNewUser(now - 1000, now)).toBe(true);
    expect(isNewUser(now - 23 * hour, now)).toBe(true);
  });

  it('does not count an account exactly 24 hours old, or older, as new', () => {
    expect(isNewUser(now - 24 * hour, now)).toBe(false);
    expect(isNewUser(now - 48 * hour, now)).toBe(false);
  });

  it('reads a 10-digit creation time as seconds', () => {
    expect(isNewUser(Math.floor((now - hour) / 1000), now)).toBe(true);
    expect(isNewUser(Math.floor((now - 25 * hour) / 1000), now)).toBe(false);
  });

  it('does not count a creation time in the future as new', () => {
    expect(isNewUser(now + hour, now)).toBe(false);
  });
});

describe('toMillis and formatDate', () => {
  // 2024-02-09 08:05:03 in Beijing (UTC+8), the store's time, whatever the machine's zone.
  const ms = Date.UTC(2024, 1, 9, 0, 5, 3);
  const seconds = Math.floor(ms / 1000);

  it('treats 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(String(seconds)).toHaveLength(10);
    expect(toMillis(seconds)).toBe(ms);
    expect(toMillis(ms)).toBe(ms);
    expect(toMillis(String(seconds))).toBe(ms);
  });

  it('formats with the default pattern yyyy.MM.dd hh:mm:ss (24-hour clock)', () => {
    expect(formatDate(ms)).toBe('2024.02.09 08:05:03');
    expect(formatDate(Date.UTC(2024, 11, 31, 15, 59, 58))).toBe('2024.12.31 23:59:58');
    // Past 16:00 UTC it is already the next day in Beijing.
    expect(formatDate(Date.UTC(2024, 11, 31, 16, 0, 0), 'yyyy.MM.dd')).toBe('2025.01.01');
  });

  it('gives the same text for the same moment in seconds and in milliseconds', () => {
    expect(formatDate(seconds)).toBe(formatDate(ms));
    expect(formatDate(String(ms))).toBe('2024.02.09 08:05:03');
  });

  it('formats with a custom pattern, e.g. the release date yyyy.MM.dd', () => {
    expect(formatDate(ms, 'yyyy.MM.dd')).toBe('2024.02.09');
    expect(formatDate(ms, 'MM-dd HH:mm')).toBe('02-09 08:05');
    expect(formatDate(new Date(ms), 'yyyy年MM月dd日')).toBe('2024年02月09日');
  });

  it('returns an empty string for something that is not a time', () => {
    expect(formatDate('soon')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});

describe('stripHtml', () => {
  it('removes tags and images, separating blocks with single spaces', () => {
    expect(
      stripHtml('<p>新品上架</p><img src="a.png" alt="封面"><p>限时 5 折</p><ul><li>一</li><li>二</li></ul>'),
    ).toBe('新品上架 限时 5 折 一 二');
  });

  it('joins the text around inline tags without adding spaces', () => {
    expect(stripHtml('<p>精选游戏<strong>低至 5 折</strong>，详见<a href="/help">帮助中心</a>。</p>')).toBe(
      '精选游戏低至 5 折，详见帮助中心。',
    );
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(stripHtml('<script>window.__xss = 1</script>公告<style>p{color:red}</style><!-- note -->正文')).toBe(
      '公告 正文',
    );
  });

  it('handles attributes that contain ">"', () => {
    expect(stripHtml('a<img src="x.png" alt="a>b">c')).toBe('a c');
  });

  it('decodes named and numeric entities once', () => {
    expect(stripHtml('满&nbsp;100&amp;减&lt;10&gt; &quot;券&quot; &#20013;&#x6587;')).toBe('满 100&减<10> "券" 中文');
    expect(stripHtml('&amp;lt;b&amp;gt;')).toBe('&lt;b&gt;');
  });

  it('returns an empty string for empty input', () => {
    expect(stripHtml('')).toBe('');
    expect(stripHtml(null)).toBe('');
    expect(stripHtml(undefined)).toBe('');
  });
});

describe('dropEmpty', () => {
  it('drops only keys whose value is the empty string', () => {
    expect(dropEmpty({ a: '', b: 0, c: null, d: 'x', e: false })).toEqual({ b: 0, c: null, d: 'x', e: false });
  });

  it('does not change the object it is given', () => {
    const input = { a: '', b: 'y' };
    dropEmpty(input);
    expect(input).toEqual({ a: '', b: 'y' });
  });
});

describe('joinList', () => {
  it("joins a comma list with ' / ', trimming and skipping empty parts", () => {
    expect(joinList('PC,Steam, Switch')).toBe('PC / Steam / Switch');
    expect(joinList('PC,,Steam,')).toBe('PC / Steam');
  });

  it('joins arrays too', () => {
    expect(joinList(['简体中文', ' 英语 ', ''])).toBe('简体中文 / 英语');
  });

  it('returns an empty string for nothing', () => {
    expect(joinList('')).toBe('');
    expect(joinList(null)).toBe('');
    expect(joinList([])).toBe('');
  });
});

describe('queryValue', () => {
  it('reads a value from a full URL', () => {
    expect(queryValue('keyword', 'https://mall.example.com/search?keyword=%E6%98%9F&page=2#top')).toBe('星');
    expect(queryValue('page', 'https://mall.example.com/search?keyword=a&page=2')).toBe('2');
  });

  it('reads a value from a bare query string, with or without "?"', () => {
    expect(queryValue('a', '?a=1&b=2')).toBe('1');
    expect(queryValue('b', 'a=1&b=2')).toBe('2');
    expect(queryValue('q', '?q=a+b')).toBe('a b');
  });

  it('reads a value from the query of a hash-router URL', () => {
    expect(queryValue('token', 'https://mall.example.com/#/login?token=abc')).toBe('abc');
    expect(queryValue('b', 'https://mall.example.com/?a=1#/p?b=2')).toBe('2');
  });

  it('prefers the real query string over the hash', () => {
    expect(queryValue('a', 'https://mall.example.com/?a=1#/p?a=2')).toBe('1');
  });

  it('returns null when the value is absent', () => {
    expect(queryValue('x', 'https://mall.example.com/')).toBeNull();
    expect(queryValue('x', 'https://mall.example.com/?a=1')).toBeNull();
    expect(queryValue('x', '')).toBeNull();
  });

  it('reads the current location by default', () => {
    window.history.replaceState(null, '', '/?channel=spring');
    expect(queryValue('channel')).toBe('spring');
    window.history.replaceState(null, '', '/');
  });
});
