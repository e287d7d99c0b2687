/** Store announcements: pinned first, then newest first. */
import type { GameRow } from './games';
import { beijingDayStart, DAY_MS, HOUR_MS } from '../../shared/beijing-time';
import { chineseMonthDay } from './random';
import type { SeedNotice } from './types';

const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const p = (...lines: string[]) => lines.map((l) => `<p>${l}</p>`).join('');

export function createNotices(rows: GameRow[], baseTime: number): SeedNotice[] {
  const today = beijingDayStart(baseTime);
  const at = (daysAgo: number, hour: number) => today - daysAgo * DAY_MS + hour * HOUR_MS;
  const newest = rows
    .filter((r) => r.game.releaseDate <= baseTime)
    .sort((a, b) => b.game.releaseDate - a.game.releaseDate)
    .slice(0, 3)
    .map((r) => r.game);
  const upcoming = rows.filter((r) => r.upcoming).map((r) => r.game);
  const maintenanceDay = today + 3 * DAY_MS;
  const gameLink = (g: { gameId: number; name: string }) => `<a href="/gameDetail/${g.gameId}">《${g.name}》</a>`;

  const notices: SeedNotice[] = [
    {
      title: '【防诈骗提醒】官方不会以任何理由索要您的验证码',
      top: true,
      publishTime: at(20, 9),
      content:
        p(
          '近期有不法分子冒充“星游商城客服”，以“订单异常”“退款理赔”“账号冻结”等名义联系用户，诱导转账或索要短信验证码。请广大用户提高警惕：',
        ) +
        ul([
          '<strong>官方客服不会</strong>通过私人电话、QQ 或微信主动联系您办理退款；',
          '<strong>任何人</strong>向您索要短信验证码、支付密码都是诈骗；',
          '退款只能在「个人中心 → 我的订单」中申请，款项原路退回，无需额外操作；',
          '请勿点击陌生链接，勿在非官方页面输入账号信息。',
        ]) +
        p('如有疑问，请通过页面右侧的「客服」入口联系我们，或查看<a href="/help">帮助中心</a>。'),
    },
    {
      title: `系统维护公告：${chineseMonthDay(maintenanceDay)} 02:00–06:00`,
      top: true,
      publishTime: at(1, 15),
      content:
        p(
          `为提供更稳定的服务，星游商城将于 <strong>${chineseMonthDay(maintenanceDay)} 02:00–06:00</strong> 进行系统升级维护。维护期间以下功能将暂停使用：`,
        ) +
        ul(['商品购买与订单支付；', '激活码短信重发；', '退款申请（维护结束后可正常提交）。']) +
        p('维护期间已支付的订单不受影响，激活码与充值将在维护结束后自动补发。给您带来的不便，敬请谅解。'),
    },
    {
      title: `新品上架：${newest.map((g) => `《${g.name}》`).join('')}现已开售`,
      top: false,
      publishTime: at(2, 10),
      content:
        p('本周新品陆续上架，官方正版，支付后秒发货：') +
        ul(newest.map((g) => `${gameLink(g)}：首发期间享限时折扣`)) +
        p(
          upcoming.length
            ? `另外，${upcoming.map(gameLink).join('、')}已开放预购，发售当日即可激活。`
            : '更多新品敬请期待。',
        ) +
        p('更多新品请查看<a href="/new">新品上架</a>专区。'),
    },
    {
      title: '活动通知：新春游戏节火热进行中',
      top: false,
      publishTime: at(7, 10),
      content:
        p('新春游戏节正式开启！活动期间：') +
        ul([
          '精选游戏<strong>低至 5 折</strong>，每日上新限时秒杀；',
          '满 100 减 10、满 200 减 25 等优惠券每日可领；',
          '部分商品赠送加速器体验时长。',
        ]) +
        p('立即前往<a href="/sem/activity">活动会场</a>，好价不等人。'),
    },
    {
      title: '新人专享：注册即领 5 元无门槛券',
      top: false,
      publishTime: at(12, 11),
      content:
        p('新用户注册后 24 小时内登录，首页将自动弹出新人礼包，包含 <strong>5 元无门槛券</strong> 及满减券各一张。') +
        p('也可以前往<a href="/coupon">领券中心</a>手动领取。优惠券领取后有效期以券面为准，过期自动失效。'),
    },
    {
      title: '支付渠道升级说明',
      top: false,
      publishTime: at(18, 14),
      content:
        p('为提升支付体验，商城已完成支付系统升级，目前支持以下支付方式：') +
        ul(['微信支付：扫码支付，支付后自动跳转；', '支付宝：扫码或跳转支付宝页面完成支付。']) +
        p('若支付成功后订单仍显示“待支付”，请勿重复付款，稍候刷新或联系客服处理。'),
    },
    {
      title: '加速器会员服务升级公告',
      top: false,
      publishTime: at(26, 10),
      content:
        p('加速器会员新增多条国内优质线路，覆盖热门射击、竞速与体育游戏。') +
        ul([
          '新增华东、华南多地节点，高峰期延迟平均降低 20%；',
          '月卡、季卡会员即刻生效，无需重新购买；',
          '部分游戏激活码订单可额外领取加速器体验时长。',
        ]) +
        p('详见<a href="/help">帮助中心 → 发货与激活</a>。'),
    },
    {
      title: '关于实名认证的说明',
      top: false,
      publishTime: at(35, 9),
      content:
        p('根据国家关于网络游戏防沉迷的相关规定，平台在部分场景下需要用户完成实名认证后方可购买。') +
        p('实名信息仅用于身份核验与未成年人保护，我们将严格依照<a href="/agreement">隐私政策</a>保护您的个人信息。') +
        ul([
          '认证入口：下单时按提示填写，或在个人中心完成；',
          '认证通过后无需重复认证；',
          '未满 18 周岁用户的消费将受到相应限制。',
        ]),
    },
    {
      title: '春节期间客服与发货安排',
      top: false,
      publishTime: at(9, 16),
      content:
        p('春节期间商城正常营业，自动发货商品不受影响。人工客服服务时间调整为每日 10:00–22:00。') +
        p('节日期间咨询量较大，如未能及时回复敬请谅解，您也可以先查阅<a href="/help">帮助中心</a>的常见问题。'),
    },
    {
      title: '关于部分商品价格调整的说明',
      top: false,
      publishTime: at(48, 10),
      content:
        p(
          '受发行商定价策略调整影响，部分游戏的标准版与豪华版价格将有所变化。价格调整前已支付的订单不受影响，不会补差价或退差价。',
        ) + p('购买前请以商品页显示的价格为准。'),
    },
  ];
  return notices.sort((a, b) => Number(b.top) - Number(a.top) || b.publishTime - a.publishTime);
}
