import { afterEach, describe, expect, it } from 'vitest';
import { FORBIDDEN_TAGS, sanitizeHtml } from '../../src/shared/sanitize';

declare global {
  interface Window {
    __xss?: unknown;
  }
}

/** Puts sanitised HTML into the document, as the pages do. */
function mount(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = sanitizeHtml(html);
  document.body.append(host);
  return host;
}

afterEach(() => {
  document.body.innerHTML = '';
  delete window.__xss;
});

describe('sanitizeHtml', () => {
  it('keeps formatting, lists, tables, headings, links and images', () => {
    const host = mount(
      '<h3>游戏特色</h3><p><strong>粗</strong><em>斜</em></p><ul><li>一</li></ul><table><tbody><tr><td>CPU</td></tr></tbody></table><a href="/help">帮助</a><img src="/img/a.png" alt="图">',
    );
    expect(host.querySelector('h3')).toHaveTextContent('游戏特色');
    expect(host.querySelector('strong')).toHaveTextContent('粗');
    expect(host.querySelector('li')).toHaveTextContent('一');
    expect(host.querySelector('td')).toHaveTextContent('CPU');
    expect(host.querySelector('a')).toHaveAttribute('href', '/help');
    expect(host.querySelector('img')).toHaveAttribute('src', '/img/a.png');
  });

  it('never lets a script or an event handler run', async () => {
    const host = mount(
      '<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"><p onclick="window.__xss = 3" onmouseover="window.__xss = 4">文字</p><svg onload="window.__xss = 5"></svg><body onload="window.__xss = 6">',
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    host.querySelector('p')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(window.__xss).toBeUndefined();
    expect(host.querySelector('script, svg')).toBeNull();
    for (const element of host.querySelectorAll('*')) {
      expect([...element.attributes].filter((a) => a.name.startsWith('on'))).toEqual([]);
    }
    expect(host).toHaveTextContent('文字');
  });

  it.each([
    ['javascript:', '<a href="javascript:window.__xss=1">点我</a>'],
    ['javascript: with whitespace and entities', '<a href=" java&#x09;script:window.__xss=1">点我</a>'],
    ['upper-case JavaScript:', '<a href="JaVaScRiPt:alert(1)">点我</a>'],
    ['data:', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">点我</a>'],
    ['vbscript:', '<a href="vbscript:msgbox(1)">点我</a>'],
  ])('drops %s links but keeps their text', (_name, html) => {
    const host = mount(html);
    const link = host.querySelector('a');
    expect(link).not.toBeNull();
    expect(link).not.toHaveAttribute('href');
    expect(host).toHaveTextContent('点我');
  });

  it('drops data: image sources', () => {
    const host = mount('<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=" alt="x">');
    expect(host.querySelector('img')).not.toHaveAttribute('src');
  });

  it('removes iframes, forms, form controls, styles and embedded objects', () => {
    const host = mount(
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="pwd"><button>提交</button></form><style>body{display:none}</style><object data="x"></object><embed src="x"><p style="position:fixed">正文</p>',
    );
    for (const tag of FORBIDDEN_TAGS) expect(host.querySelector(tag)).toBeNull();
    expect(host.querySelector('p')).not.toHaveAttribute('style');
    expect(host).toHaveTextContent('正文');
  });

  it('drops ids, names and classes so server HTML cannot clash with the page', () => {
    const host = mount('<p id="main" class="x" name="y">正文</p>');
    const p = host.querySelector('p');
    expect(p).not.toHaveAttribute('id');
    expect(p).not.toHaveAttribute('class');
    expect(p).not.toHaveAttribute('name');
  });

  it('opens links to other origins in a new tab without access to this window', () => {
    const host = mount('<a href="https://other.example/page">外链</a><a href="//cdn.example/x">协议相对</a>');
    for (const link of host.querySelectorAll('a')) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('leaves same-origin links in the same tab, even if the server asked otherwise', () => {
    const host = mount(
      `<a href="/notice?id=2" target="_blank">站内</a><a href="${window.location.origin}/help">本站</a>`,
    );
    for (const link of host.querySelectorAll('a')) {
      expect(link).not.toHaveAttribute('target');
      expect(link).not.toHaveAttribute('rel');
    }
  });

  it('makes images load lazily', () => {
    const host = mount('<img src="/img/a.png" alt="图">');
    expect(host.querySelector('img')).toHaveAttribute('loading', 'lazy');
  });

  it('returns an empty string for empty input', () => {
    expect(sanitizeHtml('')).toBe('');
    expect(sanitizeHtml(null)).toBe('');
    expect(sanitizeHtml(undefined)).toBe('');
  });
});
