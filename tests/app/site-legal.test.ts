// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { payReturnCoverHtml, siteLegalHtml, siteLegalPlugin } from '../../scripts/vite-site-legal';
import { PAY_RETURN_PENDING } from '../../src/features/buying/pay-return';

describe("the footer's fixed lines written into index.html", () => {
  it('name the operator, the ICP licence and the service hours from the build variables', () => {
    const html = siteLegalHtml({
      VITE_OPERATOR_NAME: '某某网络科技有限公司',
      VITE_ICP_LICENCE: '粤ICP备12345678号',
      VITE_SERVICE_HOURS: '每天 9:00–21:00',
    });
    expect(html).toContain('<aside class="site-legal" aria-label="经营信息">');
    expect(html).toContain('运营方：某某网络科技有限公司 · ICP 备案号：粤ICP备12345678号 · 客服时间：每天 9:00–21:00');
    expect(html).toContain('© 2026 星游商城 · 正版授权 · 售后无忧');
    expect(html).toContain('适度游戏益脑，沉迷游戏伤身。');
  });

  it("mark the defaults plainly as the simulated store's", () => {
    const html = siteLegalHtml({ VITE_OPERATOR_NAME: '' });
    expect(html.match(/（模拟商城示例，非真实信息）/g)).toHaveLength(3);
  });

  it('escape what a variable holds', () => {
    expect(siteLegalHtml({ VITE_OPERATOR_NAME: '<b>x</b>', VITE_STORE_NAME: 'A&B' })).toContain(
      '运营方：&#60;b&#62;x&#60;/b&#62;',
    );
  });

  it('writes the pay-return cover with the pay dialog’s own text, in place of its marker in index.html', () => {
    const plugin = siteLegalPlugin();
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const html = transform('<body><div id="root"></div><!-- site-legal --><!-- pay-return-cover --></body>');
    expect(html).toContain(payReturnCoverHtml());
    expect(payReturnCoverHtml()).toBe(`<div class="pay-return-cover"><p>${PAY_RETURN_PENDING}</p></div>`);
    expect(html).not.toContain('<!--');
  });
});
