/**
 * Files the backend hands out URLs for: generated images, QR codes, the
 * simulated pay page and downloads. They live below the API base so that one
 * mount (msw or node) serves everything.
 */
import QRCode from 'qrcode';
import { renderImage } from '../images';
import { payQrContent } from './routes-orders';
import type { MockRequest, MockResponse } from './types';
import { findQr, type World } from './world';

const notFound = (what: string): MockResponse => ({ status: 404, text: `${what} not found`, contentType: 'text/plain; charset=utf-8' });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Pay channel icons (the seed's artwork has no such kind): a coloured tile with the channel's initial character. */
const payIcon = (color: string, char: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${color}"/>` +
  `<text x="32" y="43" font-size="30" text-anchor="middle" fill="#fff" font-family="'PingFang SC','Microsoft YaHei',sans-serif">${char}</text></svg>`;
const PAY_ICONS: Record<string, string> = { wechat: payIcon('#07c160', '微'), alipay: payIcon('#1677ff', '支') };

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function qrSvg(text: string): Promise<MockResponse> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { status: 200, text: svg, contentType: 'image/svg+xml' };
}

function payPage(world: World, orderId: string): MockResponse {
  const order = world.state.orders.find((o) => o.orderId === orderId);
  const control = `${world.publicBase}/__mock/completePayment`;
  const body = order
    ? `<p>订单号：${escapeHtml(order.orderId)}</p>
<p>商品：${escapeHtml(order.items.map((i) => `${i.goodsName} ×${i.buyNum}`).join('，'))}</p>
<p class="amount">应付金额：${yuan(order.payAmount)}</p>
<p>当前状态：<span id="status">${escapeHtml(order.status)}</span></p>
<button id="pay" type="button">确认支付</button>
<script>
document.getElementById('pay').addEventListener('click', function () {
  fetch(${JSON.stringify(control)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderId: ${JSON.stringify(order.orderId)} }) })
    .then(function (r) { return r.json(); })
    .then(function (a) { document.getElementById('status').textContent = a.success ? a.retData : a.retMsg; });
});
</script>`
    : '<p>订单不存在</p>';
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>模拟支付页</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2329}.amount{font-size:1.5rem;color:#e5484d}button{padding:.6rem 1.6rem;font-size:1rem}</style>
</head><body><h1>模拟支付页</h1><p>这是模拟后端提供的支付宝支付页面，不会产生真实扣款。</p>${body}</body></html>`;
  return { status: order ? 200 : 404, text: html, contentType: 'text/html; charset=utf-8' };
}

/** Answers `/static/...` paths; `null` when the path is not a static one. */
export async function serveStatic(world: World, request: MockRequest): Promise<MockResponse | null> {
  const { path } = request;
  if (!path.startsWith('/static/')) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, text: 'Method Not Allowed', contentType: 'text/plain' };

  const img = /^\/static\/img\/([^/]+)\/([^/]+)\.svg$/.exec(path);
  if (img && img[1] === 'pay') {
    const svg = PAY_ICONS[img[2]!];
    return svg ? { status: 200, text: svg, contentType: 'image/svg+xml' } : notFound('Image');
  }
  if (img) {
    const svg = renderImage(decodeURIComponent(img[1]!), decodeURIComponent(img[2]!), request.query.label);
    return svg === null ? notFound('Image') : { status: 200, text: svg, contentType: 'image/svg+xml' };
  }

  const qr = /^\/static\/qr\/([^/]+)\.svg$/.exec(path);
  if (qr) {
    const name = decodeURIComponent(qr[1]!);
    if (name.startsWith('pay-')) {
      const orderId = name.slice('pay-'.length);
      return world.state.orders.some((o) => o.orderId === orderId) ? qrSvg(payQrContent(orderId)) : notFound('QR code');
    }
    const record = findQr(world, name);
    // An expired code still renders (the panel greys it out); only unknown ids are missing.
    if (!record) return notFound('QR code');
    return qrSvg(record.content);
  }

  const pay = /^\/static\/pay\/([^/]+)$/.exec(path);
  if (pay) return payPage(world, decodeURIComponent(pay[1]!));

  const download = /^\/static\/download\/(.+)$/.exec(path);
  if (download) {
    const name = decodeURIComponent(download[1]!).split('/').pop() || 'download.txt';
    return {
      status: 200,
      text: `星游商城客户端（模拟下载）\n文件：${name}\n这是模拟后端生成的占位文件。\n`,
      contentType: 'text/plain; charset=utf-8',
      headers: { 'content-disposition': `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"` },
    };
  }
  return notFound('File');
}
