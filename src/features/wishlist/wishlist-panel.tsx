/**
 * The 愿望单 tab of the personal centre (`/setting?type=4`), for an account and for a visitor (whose list is kept
 * in this browser, with 登录后同步到账号). Each game is a row to buy from: its cover and name, 到手价 (today's
 * from price, the price of the goods 立即购买 buys, with its original price and discount), 立即购买 as the main
 * action (through the store's purchase gate, which the personal centre hands in as `buy`: the wishlist imports
 * no other feature), 加入购物车 beside it (the cart's add, handed in as `addToCart`), the price when it was added, 降价 ¥x when it is lower now, 史低 at its historical low,
 * 即将发售 / 已售罄, and 移除 as a small secondary action; a sort (加入时间, 降价幅度, 价格). Its own chunk, loaded
 * with the tab. When the server lacks the extension, or for a visitor, each game is read from the catalogue (no
 * 史低: the history is the extension's).
 */
import { WISHLIST_LOADING, WISHLIST_VISITOR_NOTE } from './texts';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { fromPrice, fromPriceGoods } from '../../api/from-price';
import { gameDetailQueryOptions } from '../../api/game-detail';
import { gameGoodsQueryOptions } from '../../api/goods';
import type { WishEntry, WishItem } from '../../api/wishlist';
import { useAppActor, useModals, type AppActor } from '../../shared/app-actor';
import { formatYuan } from '../../shared/money';
import { DiscountBadge, Price } from '../../shared/ui/price';
import { SafeImage } from '../../shared/ui/safe-image';
import { useWishlist, wishlistStorage } from './wishlist-store';
import {
  atLow,
  BROWSER_ONLY_NOTE,
  priceDrop,
  sortWishlist,
  WISHLIST_SORTS,
  writeSeenPrices,
  type WishlistSort,
} from './wishlist-rules';
import './wishlist.css';
import { Select } from '../../shared/ui/form-controls';

/** What 立即购买 buys: one of the goods whose price the row shows. */
export interface WishlistBuy {
  gameId: number;
  goodsId: number;
}

export interface WishlistPanelProps {
  /** starts the purchase of one goods (the personal centre hands in the store's purchase gate) */
  buy: (target: WishlistBuy) => void;
  /** adds one of the goods to the cart (the personal centre hands in the cart's add) */
  addToCart: (target: WishlistBuy) => void;
}

export default function WishlistPanel({ buy, addToCart }: WishlistPanelProps) {
  const root = useAppActor();
  const modals = useModals();
  const { owner, entries, items, where, loading, failed } = useWishlist(root);
  const [sort, setSort] = useState<WishlistSort>('added');
  // Shown items: the server's, for the games still on the list as shown (a removal shows at once).
  const shown = useMemo(
    () => (items ? items.filter((i) => entries.some((e) => e.gameId === i.gameId)) : null),
    [items, entries],
  );

  // This visit's prices are what the shopper has seen (the header's count compares with them).
  useEffect(() => {
    if (owner !== null && shown && !loading) writeSeenPrices(wishlistStorage(), owner, shown);
  }, [owner, shown, loading]);

  const row = { actor: root, buy, addToCart };
  return (
    <section className="wishlist-panel" aria-labelledby="wishlist-heading">
      <div className="wishlist-head">
        <h2 id="wishlist-heading">
          愿望单{entries.length > 0 ? <span className="wishlist-head-count">（{entries.length}）</span> : null}
        </h2>
        <label className="wishlist-sort">
          排序
          <Select value={sort} onChange={(event) => setSort(event.target.value as WishlistSort)}>
            {WISHLIST_SORTS.map((s) => (
              <option key={s.key} value={s.key}>
                {s.label}
              </option>
            ))}
          </Select>
        </label>
      </div>
      {owner === null ? (
        <p className="wishlist-note">
          {WISHLIST_VISITOR_NOTE}{' '}
          <button type="button" className="link-button" onClick={() => modals.open('login')}>
            登录后同步到账号
          </button>
        </p>
      ) : where === 'browser' ? (
        <p className="wishlist-note">{BROWSER_ONLY_NOTE}</p>
      ) : null}
      {failed ? (
        <p className="wishlist-note" role="status">
          愿望单暂未同步{' '}
          <button type="button" className="link-button" onClick={() => root.send({ type: 'wishlist.retry' })}>
            重试
          </button>
        </p>
      ) : null}
      {loading && entries.length === 0 ? (
        <p className="wishlist-note" role="status">
          {WISHLIST_LOADING}
        </p>
      ) : entries.length === 0 ? (
        <p className="wishlist-empty">
          愿望单还是空的：在游戏详情页点「加入愿望单」，降价时这里会告诉你。{' '}
          <Link to="/" className="button">
            去逛逛
          </Link>
        </p>
      ) : shown ? (
        <ul className="wishlist-list" aria-label="愿望单游戏">
          {sortWishlist(shown, sort).map((item) => (
            <WishlistRow key={item.gameId} item={item} {...row} />
          ))}
        </ul>
      ) : (
        <ul className="wishlist-list" aria-label="愿望单游戏">
          {/* Kept in this browser: today's prices are each row's own reads, so the list keeps the order added. */}
          {entries.map((entry) => (
            <LocalRow key={entry.gameId} entry={entry} {...row} />
          ))}
        </ul>
      )}
    </section>
  );
}

interface RowProps {
  actor: AppActor;
  buy: (target: WishlistBuy) => void;
  addToCart: (target: WishlistBuy) => void;
}

function WishlistRow({ item, actor, buy, addToCart }: { item: WishItem } & RowProps) {
  const drop = priceDrop(item);
  const goodsId = item.goodsId ?? null;
  const detail = { to: '/gameDetail/$id', params: { id: String(item.gameId) } } as const;
  return (
    <li className="wishlist-item">
      <Link {...detail} className="wishlist-cover" tabIndex={-1} aria-hidden="true">
        <SafeImage src={item.cover} alt="" width={90} height={120} />
      </Link>
      <div className="wishlist-body">
        <h3 className="wishlist-title">
          <Link {...detail}>{item.name}</Link>
        </h3>
        <p className="wishlist-marks">
          <span className="wishlist-added">加入时 {formatYuan(item.addedPrice)}</span>
          {drop > 0 ? <span className="badge badge-drop">降价 {formatYuan(drop)}</span> : null}
          {atLow(item) ? <span className="badge badge-low">史低</span> : null}
          {item.upcoming ? <span className="badge badge-soon">即将发售</span> : null}
          {item.soldOut ? <span className="badge badge-sold-out">已售罄</span> : null}
        </p>
      </div>
      <div className="wishlist-buy">
        <p className="wishlist-price">
          <span className="wishlist-price-label">到手价</span>{' '}
          <Price fen={item.price} originalFen={item.originalPrice} />
          <DiscountBadge fen={item.price} originalFen={item.originalPrice} />
        </p>
        <div className="wishlist-actions">
          {goodsId === null && !item.soldOut ? (
            // Which goods is not known (a server that does not say): the game's page, where it is chosen.
            <Link
              {...detail}
              className="button button-primary wishlist-buy-button"
              aria-label={`立即购买 ${item.name}`}
            >
              立即购买
            </Link>
          ) : (
            <button
              type="button"
              className="button button-primary wishlist-buy-button"
              aria-label={`立即购买 ${item.name}`}
              disabled={item.soldOut || goodsId === null}
              onClick={() => {
                if (goodsId !== null) buy({ gameId: item.gameId, goodsId });
              }}
            >
              立即购买
            </button>
          )}
          {goodsId !== null && !item.soldOut ? (
            <button
              type="button"
              className="button wishlist-cart-button"
              aria-label={`加入购物车 ${item.name}`}
              onClick={() => addToCart({ gameId: item.gameId, goodsId })}
            >
              加入购物车
            </button>
          ) : null}
          <button
            type="button"
            className="link-button wishlist-remove"
            aria-label={`移除 ${item.name}`}
            onClick={() => actor.send({ type: 'wishlist.remove', gameId: item.gameId })}
          >
            移除
          </button>
        </div>
      </div>
    </li>
  );
}

/** A game of a list kept in this browser: read from the catalogue (its from price by the one `fromPrice` rule). */
function LocalRow({ entry, ...row }: { entry: WishEntry } & RowProps) {
  const game = useQuery(gameDetailQueryOptions(entry.gameId));
  const goods = useQuery(gameGoodsQueryOptions(entry.gameId));
  const [now] = useState(() => Date.now());
  if (!game.data) {
    return (
      <li className="wishlist-item wishlist-item-loading">
        {game.isError ? '该游戏暂时无法显示' : '加载中…'}
        {game.isError ? (
          <button
            type="button"
            className="link-button wishlist-remove"
            onClick={() => row.actor.send({ type: 'wishlist.remove', gameId: entry.gameId })}
          >
            移除
          </button>
        ) : null}
      </li>
    );
  }
  const list = goods.data?.goods ?? [];
  const price = fromPrice(list) ?? { minPrice: game.data.minPrice, originalPrice: game.data.originalPrice };
  const item: WishItem = {
    ...entry,
    name: game.data.name,
    cover: game.data.cover,
    price: price.minPrice,
    originalPrice: price.originalPrice,
    lowPrice: null,
    goodsId: fromPriceGoods(list)?.goodsId ?? null,
    upcoming: game.data.releaseDate > now,
    soldOut: list.length > 0 && list.every((g) => g.stock <= 0),
  };
  return <WishlistRow item={item} {...row} />;
}
