/**
 * The store's promise in words: what the trust strip beside a price, the order detail and the refund dialog
 * say about a goods or an order (official, where a key activates, how fast it arrives, how long it may be
 * refunded), and how to activate a key on its store. Every surface renders these functions' output; the facts
 * themselves come from the goods data, with the defaults of src/api/goods-promise.ts.
 */
import type { ActivationPlatform, Goods } from '../../api/goods';
import { goodsPromise, orderRefundDays, refundDeadline } from '../../api/goods-promise';
import type { Order, OrderItem } from '../../api/orders';
import { formatDate } from '../../shared/format';

const OFFICIAL = '官方正版';

/** The facts of a goods, or of an order item (its snapshot), in the order the strip shows them. */
export function promiseFacts(source: Goods | OrderItem): string[] {
  const promise = goodsPromise(source);
  const type = 'goodsType' in source ? source.goodsType : source.type;
  const days = promise.refundDays;
  if (promise.delivery === 'cdk') {
    return [OFFICIAL, `${promise.region ?? ''}激活`, '付款后秒发', days > 0 ? `未兑换 ${days} 天可退` : '售出后不可退'];
  }
  return [
    OFFICIAL,
    type === 'accelerator' ? '会员秒开通' : '充值秒到账',
    days > 0 ? `${days} 天内可退` : '到账后不可退',
  ];
}

/** The facts of an order: its items' facts, each said once. */
export function orderFacts(order: Pick<Order, 'items'>): string[] {
  return [...new Set(order.items.flatMap(promiseFacts))];
}

const DEADLINE_FORMAT = 'yyyy.MM.dd hh:mm';

/**
 * Where the order stands with refunds, in a sentence (null before it is paid). Whether it may be refunded is
 * the server's word (`refundable`); this says when until, or why not.
 */
export function refundState(
  order: Pick<Order, 'status' | 'refundable' | 'giftClaimed' | 'payTime' | 'items'>,
): string | null {
  if (order.status === 'refunding') return '退款申请处理中，款项将原路退回';
  if (order.status === 'refunded') return '已退款，款项已原路退回';
  if (order.status !== 'paid' && order.status !== 'delivered') return null;
  const deadline = refundDeadline(order);
  if (deadline === null) return orderRefundDays(order.items) === 0 ? '本订单商品到账后不支持退款' : null;
  const until = formatDate(deadline, DEADLINE_FORMAT);
  if (order.refundable) return `可在 ${until} 前申请退款`;
  if (order.giftClaimed) return '已领取赠品，本订单不再支持退款';
  return `本订单已不支持退款（退款期限至 ${until}）`;
}

/** Store names as the key card says them. */
export const PLATFORM_NAME: Record<ActivationPlatform, string> = {
  steam: 'Steam',
  epic: 'Epic Games',
  nintendo: 'Nintendo Switch',
  playstation: 'PlayStation',
  xbox: 'Xbox',
};

/**
 * A store's own page that redeems a key given in its address, where it has one (docs/decisions/0019-money-path-trust-and-budget.md): Steam's key
 * registration page (the shopper logs in there if need be). Other stores redeem in their apps only.
 */
export function redeemLink(
  platform: ActivationPlatform | null | undefined,
  code: string,
): { label: string; href: string } | null {
  if (platform !== 'steam') return null;
  return {
    label: `在 ${PLATFORM_NAME.steam} 中激活`,
    href: `https://store.steampowered.com/account/registerkey?key=${encodeURIComponent(code)}`,
  };
}

const PASTE_AND_CONFIRM = '粘贴激活码，按提示确认激活';

/** How to redeem a key on its store, step by step; `null`: a store the goods did not name. */
export function activationSteps(platform: ActivationPlatform | null): string[] {
  switch (platform) {
    case 'steam':
      return [
        '打开 Steam 客户端并登录您的账号',
        '点击左上角菜单「游戏」→「激活产品…」',
        PASTE_AND_CONFIRM,
        '激活成功后游戏出现在「库」中，即可下载',
      ];
    case 'epic':
      return [
        '打开 Epic Games 启动器并登录您的账号',
        '点击右上角头像，选择「兑换代码」',
        '粘贴激活码，点击「兑换」',
        '兑换成功后游戏出现在「库」中，即可下载',
      ];
    case 'nintendo':
      return [
        '在 Switch 主页打开「Nintendo eShop」，选择要使用的账号',
        '在左侧菜单选择「输入下载号码」',
        '输入兑换码并确认',
        '确认后软件自动开始下载',
      ];
    case 'playstation':
      return [
        '在 PS5 主页打开「PlayStation Store」',
        '选择顶部的「…」，再选择「兑换代码」',
        '输入兑换码并确认',
        '在游戏库中下载游戏',
      ];
    case 'xbox':
      return [
        '在主机上打开「Microsoft Store」，或用浏览器打开 redeem.microsoft.com 并登录',
        '选择「兑换」',
        '输入兑换码并确认',
        '在「我的游戏和应用」中下载',
      ];
    default:
      return [
        '打开商品标注平台的客户端或商店，并登录您的账号',
        '找到「激活产品」或「兑换代码」入口',
        PASTE_AND_CONFIRM,
      ];
  }
}

/**
 * An order's codes grouped by the item they belong to: by the code's `goodsId` where the server names it (an order of
 * several games may hold goods of the same name), else by its goods name.
 */
export function keysByItem(
  order: Pick<Order, 'items' | 'cdks'>,
): { item: OrderItem | undefined; goodsName: string; codes: { code: string; index: number }[] }[] {
  const groups = new Map<
    string,
    { item: OrderItem | undefined; goodsName: string; codes: { code: string; index: number }[] }
  >();
  order.cdks.forEach((cdk, index) => {
    const key = cdk.goodsId === undefined ? `name:${cdk.goodsName}` : `id:${cdk.goodsId}`;
    const group = groups.get(key) ?? {
      item: order.items.find((item) =>
        cdk.goodsId === undefined ? item.goodsName === cdk.goodsName : item.goodsId === cdk.goodsId,
      ),
      goodsName: cdk.goodsName,
      codes: [],
    };
    group.codes.push({ code: cdk.code, index });
    groups.set(key, group);
  });
  return [...groups.values()];
}
