import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { registeredEndpoints } from '../../src/api/endpoints';

const API_DIR = fileURLToPath(new URL('../../src/api/', import.meta.url));

/** The file of `src/api/` that declares each endpoint id (`id: 'games.gameDetail'`): a resource may span files. */
function declaringFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const file of readdirSync(API_DIR).filter((name) => name.endsWith('.ts'))) {
    for (const match of readFileSync(`${API_DIR}${file}`, 'utf8').matchAll(/\bid: '([\w.-]+)'/g))
      files.set(match[1]!, file);
  }
  return files;
}

const header = `# The /webapi contract

For: every call the store makes to \`/webapi\` (request, answer, what the UI does on failure), the conventions,
order statuses and business codes. Generated from \`src/api/*.ts\` by \`npm run docs:api\`; \`npm test\` fails
when stale. Change the endpoint definition and regenerate, never this file.

## Conventions

- Base \`/webapi\` (\`VITE_API_BASE\`), JSON, timeout 50000 ms. Headers: \`reqChannel\`, \`Content-Type\`, \`appId\`,
  \`busiType\`; when known \`token\`, \`registerCanal\` (channel), \`adan\` (/sem bid id). Cookie \`XSRF-TOKEN\` →
  header \`X-XSRF-TOKEN\`.
- Answers are \`{ success, retCode, retMsg, retData }\`, parsed with zod (\`zod/mini\`), \`retData\` by the
  schema in the row's source. Money is integer **fen** (\`9900\` = ¥99.00); times epoch ms.
- \`success: false\` is a business error: the UI shows \`retMsg\` as is; \`auth_40001\` / \`auth_40002\` expire the
  session on any call.
- Transport failures are \`ApiError\` kinds with the spec's texts: \`network\` "Network Error", \`aborted\` "Request
  aborted", \`timeout\` "timeout of 50000ms exceeded", \`http\` "Request failed with status code N"; a body failing
  its schema is \`contract\`. Shoppers read Chinese ending in a code (\`userMessage\`, src/api/errors.ts):
  \`（错误码 NET）\`, \`TIME\`, \`ABORT\`, \`HTTP500\`, \`DATA\`, \`APP\`.
- **Fallback**: the spec's answer rule; the call never throws (unless aborted) and resolves to that value.
- *added*: not in the spec's call list, needed by a screen. *extension, not in the spec*: a call or field the spec does not have
  (docs/following.md); a server without it answers as for an unknown call and the store hides what it feeds.

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

\`refundable\`: \`paid\` or \`delivered\`, within the strictest item's \`refundDays\` of payment
(src/api/goods-promise.ts), no gift CDK claimed. Unpaid orders hold stock and coupon. There is no cancel call: the
payer cancels in the pay app (simulated: the \`cancelPayment\` control, \`/demo\`'s 取消支付).

## Paying on a phone

On phones \`order/pay\` gets \`client: 'h5'\` and \`returnUrl\` (the page paid from plus \`payOrder=<orderId>\`) and
answers \`h5Url\` (WeChat \`mweb_url\`, Alipay wap page). The channel sends the shopper back paid or not; the store
then reads the status (the return is a hint, never proof). Without H5 pay \`h5Url\` is absent or null: the
desktop QR code or link.

The simulated backend's H5 page (its forms, \`sign\`, the guarded way back): [simulated-backend.md](simulated-backend.md).

## Business codes

| Code | Meaning |
| --- | --- |
| \`auth_40001\` / \`auth_40002\` | token invalid or expired / signed in elsewhere: the session expires |
| \`phone_40001\`; \`qr_40001\`; \`token_40001\` | not a mobile number; session code invalid or used; unknown auto-login token (no session ends) |
| \`sms_40001\` / \`sms_40003\` / \`sms_42901\` | wrong code / none sent or expired (5 min) / resent within 60 s (also order SMS) |
| \`user_40404\` / \`user_40901\` | no account for the phone (call phoneRegister) / account exists |
| \`realname_40001\` / \`realname_40002\` / \`realname_40901\` | name not 2–20 Chinese characters / ID fails GB 11643 / already verified |
| \`game_40404\`, \`goods_40404\`, \`activity_40404\`, \`coupon_40404\`, \`order_40404\` | not found (or not this user's order) |
| \`stock_40901\` | not enough stock (库存不足，请联系客服) |
| \`order_40001\` / \`order_40002\` / \`order_40003\` / \`order_40004\` | quantity below 1 or no items / over \`limitPerOrder\` / coupon with a package / a line's \`price\` not today's (extension) |
| \`order_40901\` / \`order_40902\` | not refundable / status does not allow it (pay, SMS, gift) |
| \`coupon_40001\` / \`coupon_40901\` / \`coupon_41001\` | not usable on this order / already received / none left |
| \`wishlist_40901\`, \`cart_40901\` (extension) | the token is another account's (a login or logout raced the call) |
| \`wishlist_40401\` / \`wishlist_41301\` / \`cart_40001\` / \`cart_41301\` (extension) | no such game / merge over 50 / quantity below 1 or not whole / over 50 lines |
| \`package_40001\`; \`pay_40001\`; \`gift_40401\`; \`sem_40001\`; \`sys_50000\` | package goods missing; unknown channel; no gift; bid lacks parameters; unexpected error |

## Endpoints
`;

const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderApiDocs(): string {
  const declaredIn = declaringFiles();
  const rows = registeredEndpoints().map((def) => {
    const file = declaredIn.get(def.id);
    if (!file) throw new Error(`no file of src/api declares the endpoint ${def.id}`);
    const fallback = def.fallback ? ` **Fallback:** \`${JSON.stringify(def.fallback())}\`.` : '';
    // A whole call the spec does not have (docs/following.md) says so in its request: `… (extension)`.
    const extension = /\s*\(extension\)$/;
    const added = extension.test(def.request)
      ? ' *(extension, not in the spec)*'
      : /added/.test(def.request)
        ? ' *(added)*'
        : '';
    return `| ${def.method} \`${def.path}\`${added} | ${escape(def.request.replace(extension, ''))} | ${escape(def.response)} (\`src/api/${file}\`) | ${escape(def.uiOnFailure)}.${fallback} |`;
  });
  return `${header}
${rows.length} endpoints.

| Call | Request | \`retData\` (source) | On failure, the UI… |
| --- | --- | --- | --- |
${rows.join('\n')}

## Static files outside /webapi

| Path | What |
| --- | --- |
| \`GET /builds/latest.json?t=<timestamp>\` | \`{ id, timestamp }\` of the newest build (build-poll machine) |
| \`GET /builds/meta/{buildId}.json\` | \`{ id, timestamp, redirects: { "/old": "/new" or "https://…" } }\` read by the route guard |
| \`GET /webapi/static/img/{kind}/{id}.svg\` | images of the simulated backend (covers, banners, QR codes) |
`;
}
