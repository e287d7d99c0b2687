import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registeredEndpoints } from '../../src/api/endpoints';

const API_DIR = fileURLToPath(new URL('../../src/api/', import.meta.url));

/** The file of `src/api/` that declares each endpoint id (`id: 'games.gameDetail'`): a resource may span files. */
function declaringFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(API_DIR).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(`${API_DIR}${file}`, 'utf8').matchAll(/\bid: '([\w.-]+)'/g)) files.set(match[1]!, file);
  }
  return files;
}

const header = `# The /webapi contract

Generated from \`src/api/*.ts\` by \`npm run docs:api\`; \`npm test\` fails when this file is stale.
Do not edit by hand: change the endpoint definition and regenerate.

## Conventions

- Base path \`/webapi\` (\`VITE_API_BASE\`), JSON in and out, timeout 50000 ms.
- Headers on every call: \`reqChannel\`, \`Content-Type: application/json\`, \`appId\`, \`busiType\`;
  added when known: \`token\` (logged in), \`registerCanal\` (channel), \`adan\` (bid id from a /sem landing).
  XSRF: cookie \`XSRF-TOKEN\` → header \`X-XSRF-TOKEN\`.
- Every answer is the envelope \`{ success, retCode, retMsg, retData }\`, parsed with zod (\`zod/mini\`);
  \`retData\` is parsed with the endpoint's schema (see the source file named in the table).
- Money is an integer number of **fen** (1/100 yuan): \`9900\` is ¥99.00. Times are epoch milliseconds
  (the date helper also reads 10-digit second timestamps).
- \`success: false\` is a business error: the UI shows \`retMsg\`. \`retCode\` \`auth_40001\` (token invalid or
  expired) and \`auth_40002\` (signed in elsewhere) expire the session on any call.
- Transport failures become \`ApiError\` kinds with the spec's texts: \`network\` "Network Error",
  \`aborted\` "Request aborted", \`timeout\` "timeout of 50000ms exceeded", \`http\` "Request failed with
  status code N"; a body that fails its schema is a \`contract\` error naming the endpoint and the issue path.
  Those texts stay on the error (logs, tests); a shopper reads Chinese with a short code for support at
  the end (\`userMessage\` in src/api/errors.ts): \`（错误码 NET）\`, \`TIME\`, \`ABORT\`, \`HTTP500\` (the status),
  \`DATA\` (contract), \`APP\` (anything else). A business error shows the server's \`retMsg\` as is.
- "Fallback" marks the spec's answer rules: such a call never throws (except when the caller aborted it)
  and resolves to the value shown instead.
- Paths marked *added* are not in the spec's call list; the screens the issues ask for need them.
- Paths marked *extension, not in the spec* (issue 34) are calls the spec does not have at all; a server without them
  answers as for any unknown call, and the store hides what they feed. Extension fields and params of spec calls
  say "extension" in their row.

## Order status

\`\`\`mermaid
stateDiagram-v2
  [*] --> unpaid: create
  unpaid --> paid: payment confirmed
  paid --> delivered: codes issued / account credited
  unpaid --> cancelled: payer cancels in the pay app
  unpaid --> expired: 15 min without payment
  unpaid --> failed: payment failed
  paid --> refunding: quick/refund
  delivered --> refunding: quick/refund (refundable)
  refunding --> refunded
  refunded --> [*]
\`\`\`

An order is \`refundable\` while \`paid\` or \`delivered\`, within its items' \`refundDays\` of payment (the
strictest item's; keys 7 days while unredeemed, top-ups and memberships none once credited: src/api/goods-promise.ts),
and before a gift CDK was claimed. Unpaid orders hold their stock and coupon until they are paid, expire, fail or are cancelled. The
store offers no cancel call: an order is cancelled by the payer in the pay app (the simulated backend's
\`cancelPayment\` control and \`/demo\`'s 取消支付 stand in for that).

## Paying on a phone

A phone cannot scan a QR code on its own screen, so on phones (a coarse pointer on a narrow screen, or a
mobile user agent) the store asks \`order/pay\` for the channel's mobile web page: \`{ orderId, channelCode,
client: 'h5', returnUrl }\`, where \`returnUrl\` is a path of the store (the page the shopper pays from, with
\`payOrder=<orderId>\` added). The answer carries \`h5Url\` (WeChat H5 pay's \`mweb_url\`, Alipay's wap pay
page); the store leaves for it, and the pay channel sends the shopper back to \`returnUrl\` whether they paid
or not. The store then reads the order's status as it would after a QR code: the return is a hint, never
proof of payment. This mirrors the real channels, which take a redirect address with the payment and do
not report the outcome in it. A server without H5 pay leaves \`h5Url\` out (or null), and the phone gets the
QR code or link a desktop gets.

The simulated backend's H5 page is \`GET /webapi/static/h5pay/<orderId>?channel=&sign=&redirect_url=\`: the amount
and two plain forms, 确认支付 and 取消支付, each \`POST\`ing to the same path with \`do=pay|cancel\` and
answered \`303\` to \`redirect_url\` (a path of the store only: anything else goes to \`/\`, so the page is no
open redirect). \`sign\` is the order's own secret, handed out in \`h5Url\` (and in the 支付宝 link's \`payUrl\`),
as a real channel signs its links: without it the page shows no order and pays none. It has no script, so it works as a plain page in live mode; in mock mode the store's page
shows it through the in-page backend (\`src/mock/page-bridge.ts\`), since msw's worker leaves navigations to
the network.

## Business codes

\`success: false\` answers carry one of these \`retCode\`s and a Chinese \`retMsg\` that the UI shows as is.

| Code | Meaning |
| --- | --- |
| \`auth_40001\` | token missing, unknown or expired: the session expires (spec section 8) |
| \`auth_40002\` | signed in elsewhere / kicked out: the session expires |
| \`phone_40001\` | not an 11-digit phone number starting with 1 |
| \`sms_40001\` | wrong SMS code |
| \`sms_40003\` | no code was sent, or it expired (5 minutes) |
| \`sms_42901\` | a code was sent to this phone less than 60 s ago (also order SMS resend) |
| \`user_40404\` | registerLogin for a phone without an account: call phoneRegister with the same code |
| \`user_40901\` | phoneRegister for a phone that already has an account |
| \`qr_40001\` | session code invalid or already used |
| \`token_40001\` | unknown auto-login token (deliberately not an auth code: nobody's session ends) |
| \`realname_40001\` / \`realname_40002\` | name not 2–20 Chinese characters / ID number fails the GB 11643 checksum |
| \`realname_40901\` | already verified |
| \`game_40404\` / \`goods_40404\` / \`activity_40404\` / \`coupon_40404\` / \`order_40404\` | not found (or not this user's order) |
| \`stock_40901\` | not enough stock (库存不足，请联系客服) |
| \`order_40001\` / \`order_40002\` / \`order_40003\` | quantity below 1 or no items / over \`limitPerOrder\` / coupon and package together |
| \`order_40901\` | order not refundable |
| \`order_40902\` | the order's status does not allow this (pay a non-unpaid order, SMS before delivery, gift before payment) |
| \`coupon_40001\` | coupon not usable on this order |
| \`coupon_40901\` / \`coupon_41001\` | coupon already received / none left |
| \`wishlist_40901\` / \`wishlist_40401\` | a wishlist call names another account than its token's (a login or logout raced it) / no such game (extension) |
| \`package_40001\` | the package's goods are not all in the order |
| \`pay_40001\` | unknown pay channel |
| \`gift_40401\` | the order carries no gift |
| \`sem_40001\` | bid request missing its parameters |
| \`sys_50000\` | unexpected server error |

## Endpoints
`;

const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderApiDocs(): string {
  const declaredIn = declaringFiles();
  const rows = registeredEndpoints().map((def) => {
    const file = declaredIn.get(def.id);
    if (!file) throw new Error(`no file of src/api declares the endpoint ${def.id}`);
    const fallback = def.fallback ? ` **Fallback:** \`${JSON.stringify(def.fallback())}\`.` : '';
    // A whole call the spec does not have (issue 34) says so in its request: `… (extension, not in the spec)`.
    const added = /\(extension, not in the spec\)$/.test(def.request) ? ' *(extension, not in the spec)*' : /added/.test(def.request) ? ' *(added)*' : '';
    return `| \`${def.method}\` | \`${def.path}\`${added} | ${escape(def.request)} | ${escape(def.response)} (\`src/api/${file}\`) | ${escape(def.uiOnFailure)}.${fallback} |`;
  });
  return `${header}
${rows.length} endpoints.

| Method | Path | Request | Response (\`retData\`) | On failure the UI… |
| --- | --- | --- | --- | --- |
${rows.join('\n')}

## Static files outside /webapi

| Path | What |
| --- | --- |
| \`GET /builds/latest.json?t=<timestamp>\` | \`{ id, timestamp }\` of the newest build (build-poll machine) |
| \`GET /builds/meta/{buildId}.json\` | \`{ id, timestamp, redirects: { "/old": "/new" or "https://…" } }\` read by the route guard |
| \`GET /webapi/static/img/{kind}/{id}.svg\` | images of the simulated backend (covers, banners, QR codes) |
`;
}
