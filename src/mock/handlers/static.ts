/**
 * Files the backend hands out URLs for: generated images, QR codes, the
 * simulated pay page and downloads. They live below the API base so that one
 * mount (msw or node) serves everything.
 */
import QRCode from 'qrcode';
import { renderImage } from '../images';
import { payOrder } from './lifecycle';
import { h5ReturnPath, payableByPage, payQrContent } from './routes-orders';
import type { PayChannelCode } from '../../api/orders';
import type { OrderRecord } from './state';
import type { MockRequest, MockResponse } from './types';
import { findQr, type World } from './world';

const notFound = (what: string): MockResponse => ({
  status: 404,
  text: `${what} not found`,
  contentType: 'text/plain; charset=utf-8',
});

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

/**
 * What both pay pages share. Requests reach them after the orders are swept (./lifecycle.ts), so an order
 * still `unpaid` here is one that can be paid: its time has not run out.
 */
const seeOther = (location: string): MockResponse => ({
  status: 303,
  text: '',
  contentType: 'text/plain; charset=utf-8',
  headers: { location },
});

/** 确认支付 on a pay page: the order is paid with the page's channel, if it still can be. */
function payFromPage(world: World, order: OrderRecord | undefined, channel: PayChannelCode): void {
  if (order?.status !== 'unpaid') return;
  order.payChannel = channel;
  payOrder(world, order, world.now());
}

const itemsText = (order: OrderRecord) => escapeHtml(order.items.map((i) => `${i.goodsName} ×${i.buyNum}`).join('，'));

/** A pay page: plain HTML, its styles inline (the node mount serves it as is; the page bridge adopts them), no script. */
function htmlPage(
  order: OrderRecord | undefined,
  page: { title: string; head?: string; style: string; body: string },
): MockResponse {
  const html = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><link rel="icon" href="data:,">${page.head ?? ''}<title>${page.title}</title>
<style>${page.style}</style>
</head><body>${page.body}</body></html>`;
  // Never from the browser's cache: Back after paying must ask again and show the order paid (确认支付 disabled).
  return {
    status: order ? 200 : 404,
    text: html,
    contentType: 'text/html; charset=utf-8',
    headers: { 'cache-control': 'no-store' },
  };
}

/** The pay link's page (支付宝 on a desktop, opened in a new tab): its 确认支付 form posts back to the page. */
function payPage(world: World, request: MockRequest, orderId: string): MockResponse {
  const order = payableByPage(world, orderId, request.query.sign);
  const self = `${world.publicBase}/static/pay/${encodeURIComponent(orderId)}?sign=${encodeURIComponent(request.query.sign ?? '')}`;
  if (request.method === 'POST') {
    payFromPage(world, order, 'alipay');
    return seeOther(self);
  }
  const body = order
    ? `<p>订单号：${escapeHtml(order.orderId)}</p>
<p>商品：${itemsText(order)}</p>
<p class="amount">应付金额：${yuan(order.payAmount)}</p>
<p>当前状态：<span role="status">${escapeHtml(order.status)}</span></p>
<form method="post" action="${escapeHtml(self)}"><button type="submit"${order.status === 'unpaid' ? '' : ' disabled'}>确认支付</button></form>`
    : '<p>订单不存在</p>';
  return htmlPage(order, {
    title: '模拟支付页',
    style:
      'body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2329}.amount{font-size:1.5rem;color:#e5484d}button{padding:.6rem 1.6rem;font-size:1rem}',
    body: `<h1>模拟支付页</h1><p>这是模拟后端提供的支付宝支付页面，不会产生真实扣款。</p>${body}`,
  });
}

const H5_CHANNELS = {
  wechat: { name: '微信支付', color: '#067a3d' },
  alipay: { name: '支付宝', color: '#0958d9' },
} as const;

/**
 * The pay channel's H5 page, as WeChat Pay's or Alipay's mobile web pages are for a real store: the order's
 * amount and two plain forms, 确认支付 and 取消支付. Posting either answers 303 back to the store's return
 * path; paying settles the order first. No script: it works in live mode as a plain page, and in mock mode
 * through src/mock/page-bridge.ts.
 */
function h5PayPage(world: World, request: MockRequest, orderId: string): MockResponse {
  const order = payableByPage(world, orderId, request.query.sign);
  const channel = request.query.channel === 'alipay' ? 'alipay' : 'wechat';
  const back = h5ReturnPath(request.query.redirect_url);
  if (request.method === 'POST') {
    if (request.query.do === 'pay') payFromPage(world, order, channel);
    return seeOther(back);
  }
  const { name, color } = H5_CHANNELS[channel];
  const action = (what: 'pay' | 'cancel') =>
    `${world.publicBase}/static/h5pay/${encodeURIComponent(orderId)}?do=${what}&channel=${channel}&sign=${encodeURIComponent(request.query.sign ?? '')}&redirect_url=${encodeURIComponent(back)}`;
  const payable = order?.status === 'unpaid';
  const body = order
    ? `<p class="amount">${yuan(order.payAmount)}</p>
<p>${itemsText(order)}</p>
<p>订单号：${escapeHtml(order.orderId)}</p>
${payable ? '' : `<p role="status">该订单当前无法支付（${escapeHtml(order.status)}）</p>`}
<form method="post" action="${escapeHtml(action('pay'))}"><button type="submit" class="pay"${payable ? '' : ' disabled'}>确认支付</button></form>
<form method="post" action="${escapeHtml(action('cancel'))}"><button type="submit" class="cancel">${payable ? '取消支付' : '返回商家'}</button></form>`
    : `<p role="status">订单不存在</p><p><a href="${escapeHtml(back)}">返回商家</a></p>`;
  return htmlPage(order, {
    title: `${name} - 模拟支付`,
    head: '<meta name="viewport" content="width=device-width, initial-scale=1">',
    style: `body{font-family:system-ui,sans-serif;max-width:26rem;margin:0 auto;padding:1rem;color:#1f2329;text-align:center}h1{background:${color};color:#fff;margin:-1rem -1rem 1.5rem;padding:1rem;font-size:1.1rem}.amount{font-size:2rem;font-weight:600;margin:.5rem 0}form{margin:.75rem 0}button{width:100%;padding:.8rem;font-size:1rem;border-radius:.5rem;border:1px solid #d0d3d6;background:#fff}button.pay{background:${color};border-color:${color};color:#fff}button:disabled{opacity:.5}.note{color:#646a73;font-size:.85rem}`,
    body: `<h1>${name}</h1><p class="note">模拟后端提供的${name}手机网页，不会产生真实扣款。</p>${body}`,
  });
}

/** Answers `/static/...` paths; `null` when the path is not a static one. */
export async function serveStatic(world: World, request: MockRequest): Promise<MockResponse | null> {
  const { path } = request;
  if (!path.startsWith('/static/')) return null;
  // The two pay pages take their own forms' posts.
  const h5 = /^\/static\/h5pay\/([^/]+)$/.exec(path);
  if (h5 && (request.method === 'GET' || request.method === 'POST'))
    return h5PayPage(world, request, decodeURIComponent(h5[1]!));
  const pay = /^\/static\/pay\/([^/]+)$/.exec(path);
  if (pay && (request.method === 'GET' || request.method === 'POST'))
    return payPage(world, request, decodeURIComponent(pay[1]!));
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return { status: 405, text: 'Method Not Allowed', contentType: 'text/plain' };

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
