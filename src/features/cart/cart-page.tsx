/**
 * `/cart` (购物车, docs/cart.md): each line with its cover, game and edition, unit price and discount, quantity within
 * the goods' cap, 降价 since added and 史低, what changed since it was added, a checkbox to take it to 去结算 (every
 * payable line, by default), and 移除 with 撤销; the chosen lines' total with the best coupon, worked out by the pay
 * sheet's own rules (src/features/buying/pricing.ts, handed in by the route: src/app/cart-route.tsx); 去结算 (N)
 * sends `cart.checkout` (the pay gate hears `cart.handOff`). Its own chunk, loaded with the route.
 */
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import type { CartLine } from '../../../machines/cart.machine';
import { checkoutPlan } from '../../../machines/cart-view';
import { ACCOUNT_SCOPED } from '../../api/account-scope';
import type { Coupon } from '../../api/common';
import { gameGoodsQueryOptions, getMatchingCoupons } from '../../api/goods';
import { sessionUserId, useAppActor, useModals, type AppActor } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { Checkbox } from '../../shared/ui/form-controls';
import { HistoricalLowBadge } from '../../shared/ui/historical-low-badge';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { EmptyState } from '../../shared/ui/states';
import { SafeImage } from '../../shared/ui/safe-image';
import { dropSinceAdded, lineChanges, lineFacts, payable, type LineFacts } from './cart-lines';
import { addToCart } from './add-to-cart';
import { useCart } from './use-cart';
import './cart.css';

const CART_LOADING = '正在加载购物车…';
const CART_FAILED = '购物车暂未同步';
const CART_EMPTY = '购物车是空的';
/** A line of a cart kept in this browser whose goods the catalogue could not be read for: it cannot be chosen yet. */
const GOODS_UNREAD = '暂时无法读取该商品的当前信息';
/** A cart of a server without the extension: kept in this browser, paid one order per goods. */
const CART_ORDER_PER_GOODS = '购物车保存在本浏览器；结算时将按商品分别下单、分别支付';
/** A visitor's cart: kept in this browser, joined to the account at login. */
const CART_VISITOR_NOTE = '购物车保存在本浏览器';

/**
 * The cart as the page shows it, for the account the session holds now (nothing while they differ, or while the
 * cart's code loads: the page asks for it).
 */
function useCartView(root: AppActor) {
  const cart = useCart({ load: true });
  const snapshot = useSelector(cart, (s) => s);
  const owner = useSelector(root, () => sessionUserId(root.system));
  const codeFailed = useSelector(root, (s) => s.hasTag('app:cartFailed'));
  const mine = snapshot?.context.owner === owner;
  return {
    cart,
    owner,
    lines: snapshot && mine ? snapshot.context.lines : [],
    plan: snapshot ? checkoutPlan(snapshot.context) : 'afterLogin',
    loading: !snapshot || !mine || snapshot.hasTag('cart:loading'),
    failed: snapshot ? snapshot.hasTag('cart:failed') : codeFailed,
  };
}

interface QuantityCap {
  max: number;
  by: 'limit' | 'stock';
}

/** What the page takes from buying (which the cart may not import: FEATURE_LAYERS): its stepper, cap and price rules. */
export interface CartBuying {
  QuantityStepper: ComponentType<{
    value: number;
    cap: QuantityCap;
    onChange: (n: number) => void;
    disabled?: boolean;
  }>;
  quantityCap: (goods: { stock: number; limitPerOrder: number }) => QuantityCap;
  bestCoupon: (coupons: readonly Coupon[], bestCouponId: string | null | undefined) => Coupon | undefined;
  couponSaving: (coupon: Pick<Coupon, 'amount'> | null | undefined, subtotal: number) => number;
  goodsOrderTotal: (unitPrice: number, buyNum: number) => { subtotal: number };
}

const nameOf = (line: Pick<CartLine, 'gameName' | 'goodsName'>) => `${line.gameName} ${line.goodsName}`;

/**
 * Each line's goods today: the server's word, or (a cart kept in this browser) the catalogue's, one read per game;
 * `unread`: the games whose read failed, with `reread` to try again.
 */
function useLineFacts(lines: readonly CartLine[]) {
  const gameIds = [...new Set(lines.filter((l) => !l.today).map((l) => l.gameId))];
  const reads = useQueries({ queries: gameIds.map((gameId) => gameGoodsQueryOptions(gameId)) });
  const catalogue = new Map(gameIds.map((gameId, i) => [gameId, reads[i]?.data?.goods]));
  return {
    facts: new Map(lines.map((line) => [line.goodsId, lineFacts(line, catalogue.get(line.gameId))])),
    unread: new Set(gameIds.filter((_, i) => reads[i]?.isError)),
    reread: () => {
      for (const read of reads) if (read.isError) void read.refetch();
    },
  };
}

/** The account's coupons for the chosen lines as one order (matchCoupon's `items`, extension), as the pay sheet asks. */
function useCartCoupons(userId: number | null, lines: readonly CartLine[], wanted: boolean) {
  const items = lines.map(({ goodsId, buyNum }) => ({ goodsId, buyNum }));
  return useQuery({
    queryKey: ['matchCoupon', userId ?? 0, 'cart', items],
    queryFn: ({ signal }) => getMatchingCoupons({ items }, { signal }),
    enabled: wanted && userId !== null && items.length > 0,
    staleTime: 0,
    meta: ACCOUNT_SCOPED,
    placeholderData: (previous, previousQuery) =>
      userId !== null && previousQuery?.queryKey[1] === userId ? previous : undefined,
  });
}

export function CartPage({ buying }: { buying: CartBuying }) {
  const root = useAppActor();
  const modals = useModals();
  const { cart, owner, lines, plan, loading, failed } = useCartView(root);
  const { facts, unread, reread } = useLineFacts(lines);
  // Lines the shopper took out of 去结算 (every other payable line is chosen, new ones too).
  const [unchosen, setUnchosen] = useState<ReadonlySet<number>>(() => new Set());
  const [removed, setRemoved] = useState<{ line: CartLine; limit: number } | null>(null);
  // 移除 takes its own button away: focus goes to 撤销, said with it.
  const undoRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (removed) undoRef.current?.focus();
  }, [removed]);

  const payableLines = lines.filter((l) => payable(facts.get(l.goodsId)));
  const chosen = payableLines.filter((l) => !unchosen.has(l.goodsId));
  const choose = (goodsIds: readonly number[], on: boolean) =>
    setUnchosen((was) => {
      const next = new Set(was);
      for (const id of goodsIds) {
        if (on) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  const remove = (line: CartLine) => {
    const known = facts.get(line.goodsId);
    setRemoved({ line, limit: known && known !== 'offSale' ? known.limitPerOrder : line.buyNum });
    root.send({ type: 'cart.remove', goodsIds: [line.goodsId] });
  };
  const undo = () => {
    if (!removed || !cart) return;
    addToCart(root, cart, removed.line, removed.limit);
    setRemoved(null);
  };

  return (
    <section className="cart-page" aria-labelledby="cart-title">
      <h1 id="cart-title">购物车</h1>
      {owner === null ? (
        <p className="cart-note">
          {CART_VISITOR_NOTE}{' '}
          <button type="button" className="link-button" onClick={() => modals.open('login')}>
            登录并同步购物车
          </button>
        </p>
      ) : plan === 'orderPerGoods' ? (
        <p className="cart-note">{CART_ORDER_PER_GOODS}</p>
      ) : null}
      {failed ? (
        <p className="cart-note cart-failed" role="alert">
          {CART_FAILED}{' '}
          <button type="button" className="button" onClick={() => root.send({ type: 'cart.retry' })}>
            重试
          </button>
        </p>
      ) : null}
      <p className="cart-undo" role="status">
        {removed ? (
          <>
            已移除「{nameOf(removed.line)}」{' '}
            <button type="button" className="link-button" ref={undoRef} onClick={undo}>
              撤销
            </button>
          </>
        ) : null}
      </p>
      {lines.length === 0 ? (
        loading ? (
          <p className="cart-note" role="status">
            {CART_LOADING}
          </p>
        ) : failed ? null : (
          <EmptyState title={CART_EMPTY}>
            <Link to="/" className="button button-primary">
              去看看今日特惠
            </Link>
          </EmptyState>
        )
      ) : (
        <>
          <Checkbox
            id="cart-all"
            checked={payableLines.length > 0 && chosen.length === payableLines.length}
            disabled={payableLines.length === 0}
            onChange={(event) =>
              choose(
                payableLines.map((l) => l.goodsId),
                event.target.checked,
              )
            }
          />{' '}
          <label htmlFor="cart-all">全选</label>
          <ul className="cart-lines" aria-label="购物车商品">
            {lines.map((line) => (
              <CartRow
                key={line.goodsId}
                root={root}
                line={line}
                facts={facts.get(line.goodsId)}
                onReread={unread.has(line.gameId) ? reread : undefined}
                chosen={chosen.includes(line)}
                onChoose={(on) => choose([line.goodsId], on)}
                onRemove={() => remove(line)}
                buying={buying}
              />
            ))}
          </ul>
          <CartTotal
            root={root}
            owner={owner}
            plan={plan}
            chosen={chosen}
            buying={buying}
            onLogin={() => modals.open('login')}
          />
        </>
      )}
    </section>
  );
}

function CartRow({
  root,
  line,
  facts,
  chosen,
  onChoose,
  onRemove,
  onReread,
  buying,
}: {
  root: AppActor;
  line: CartLine;
  facts: LineFacts;
  /** the goods could not be read today: try again */
  onReread: (() => void) | undefined;
  chosen: boolean;
  onChoose: (on: boolean) => void;
  onRemove: () => void;
  buying: CartBuying;
}) {
  const { QuantityStepper } = buying;
  const checkId = useId();
  const drop = dropSinceAdded(line);
  const known = facts !== undefined && facts !== 'offSale' ? facts : undefined;
  const changes = lineChanges(line, facts);
  const detail = { to: '/gameDetail/$id', params: { id: String(line.gameId) } } as const;
  return (
    <li className={`cart-line${payable(facts) ? '' : ' is-unpayable'}`}>
      <Checkbox
        id={checkId}
        className="cart-line-check"
        checked={chosen}
        disabled={!payable(facts)}
        aria-label={`选择 ${nameOf(line)}`}
        onChange={(event) => onChoose(event.target.checked)}
      />
      <Link {...detail} className="cart-line-cover" tabIndex={-1} aria-hidden="true">
        <SafeImage src={line.cover} alt="" width={72} height={96} />
      </Link>
      <div className="cart-line-body">
        <h2 className="cart-line-title">
          <Link {...detail}>{line.gameName}</Link> <span className="cart-line-edition">{line.goodsName}</span>
        </h2>
        <p className="cart-line-price">
          单价 <Price fen={line.price} originalFen={known?.originalPrice} />
          {known ? <DiscountBadge fen={line.price} originalFen={known.originalPrice} /> : null}
          {drop > 0 ? <span className="badge badge-drop">降价 {formatYuan(drop)}</span> : null}
          <HistoricalLowBadge price={line.price} low={known?.lowPrice ?? undefined} />
          <span className="cart-line-added">加入时 {formatYuan(line.addedPrice)}</span>
        </p>
        {onReread ? (
          <p className="cart-line-unread">
            {GOODS_UNREAD}{' '}
            <button type="button" className="link-button" onClick={onReread}>
              重试
            </button>
          </p>
        ) : null}
        {changes.length > 0 ? (
          <ul className="cart-line-changes" aria-label={`${nameOf(line)} 的变动`}>
            {changes.map((said) => (
              <li key={said}>{said}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="cart-line-actions">
        <QuantityStepper
          value={line.buyNum}
          cap={known ? buying.quantityCap(known) : { max: line.buyNum, by: 'limit' }}
          disabled={!payable(facts)}
          onChange={(buyNum) => root.send({ type: 'cart.setQuantity', goodsId: line.goodsId, buyNum })}
        />
        <button
          type="button"
          className="link-button cart-line-remove"
          aria-label={`移除 ${nameOf(line)}`}
          onClick={onRemove}
        >
          移除
        </button>
      </div>
    </li>
  );
}

function CartTotal({
  root,
  owner,
  plan,
  chosen,
  buying,
  onLogin,
}: {
  root: AppActor;
  owner: number | null;
  plan: 'oneOrder' | 'orderPerGoods' | 'afterLogin';
  chosen: CartLine[];
  buying: CartBuying;
  onLogin: () => void;
}) {
  // One coupon for the whole order, as the pay sheet takes it: the server's best for these lines.
  const coupons = useCartCoupons(owner, chosen, plan === 'oneOrder');
  const subtotal = chosen.reduce((sum, l) => sum + buying.goodsOrderTotal(l.price, l.buyNum).subtotal, 0);
  const best =
    plan === 'oneOrder' && coupons.data
      ? buying.bestCoupon(coupons.data.coupons, coupons.data.bestCouponId)
      : undefined;
  const saving = buying.couponSaving(best, subtotal);
  const count = chosen.reduce((sum, l) => sum + l.buyNum, 0);
  // The pay gate hears the hand-off (src/features/cart/checkout.ts): a visitor's login opens there, as for 立即购买.
  const checkout = () => root.send({ type: 'cart.checkout', goodsIds: chosen.map((l) => l.goodsId) });
  return (
    <section className="cart-total" aria-label="结算">
      <p>
        商品合计 <Price fen={subtotal} />
      </p>
      {owner === null ? (
        <p className="cart-coupon">
          <button type="button" className="link-button" onClick={onLogin}>
            登录后计算优惠券
          </button>
        </p>
      ) : best ? (
        <p className="cart-coupon">
          优惠券：{best.title}，省 {formatYuan(saving)}
        </p>
      ) : null}
      <p className="cart-due">
        应付 <Price fen={subtotal - saving} />
      </p>
      <button type="button" className="button button-primary cart-checkout" disabled={count === 0} onClick={checkout}>
        去结算 ({count})
      </button>
    </section>
  );
}
