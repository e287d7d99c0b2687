/**
 * Coupon landing `/coupon` (sem layout: no site navigation, no sidebar): the
 * coupons on offer with a 立即领取 button each, and the games each applies to.
 *
 * Receiving: an anonymous visitor's click opens the login modal and is kept;
 * as soon as the session has a user, that receive goes on by itself (no
 * second click). A receive answered with an auth code (the session expired
 * meanwhile) is kept the same way and goes on after the new login. A receive in flight ignores further clicks on any button of
 * the same coupon, so a double click sends one request. Business errors come
 * back as toasts (the server's retMsg); `coupon_40901` (already received)
 * marks the coupon received, `coupon_41001` (none left) reloads the offers.
 * Received → the button reads 已领取 and is disabled.
 */
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getCouponOffers, postReceiveCoupon, type CouponOffer } from '../../api/coupons';
import { isApiError, userMessage } from '../../api/errors';
import { gameDetailQueryOptions } from '../../api/game-detail';
import { useAppActor, useCurrentUser, useModals, watchUserId } from '../../shared/app-actor';
import { toast } from '../../shared/toast';
import { ErrorState, LinesSkeleton } from '../../shared/ui/states';
import { couponAmount, couponThreshold } from './coupon-text';
import './marketing.css';
import { ACCOUNT_SCOPED } from '../../api/account-scope';

/** How many games of a game-specific coupon are listed by name. */
const GAMES_SHOWN = 4;

const offersKey = (userId: number | null): QueryKey => ['couponOffers', userId];

/** The offers as `userId` sees them (received or not): account data, dropped when the account changes. */
const couponOffersQuery = (userId: number | null) =>
  queryOptions({
    queryKey: offersKey(userId),
    queryFn: ({ signal }) => getCouponOffers({ signal }),
    meta: ACCOUNT_SCOPED,
  });

function useCouponOffers(userId: number | null) {
  return useQuery(couponOffersQuery(userId));
}

/** The receive flow: login first when anonymous, one request per coupon at a time, results as toasts. */
function useCouponReceiver(userId: number | null) {
  const actor = useAppActor();
  const queryClient = useQueryClient();
  const modals = useModals();
  const inFlight = useRef(new Set<number>());
  const [receiving, setReceiving] = useState<ReadonlySet<number>>(new Set());
  /** the coupon clicked while anonymous, received once a user appears */
  const [waitingForLogin, setWaitingForLogin] = useState<number | null>(null);

  const patchOffer = useCallback(
    (owner: number | null, templateId: number, patch: (offer: CouponOffer) => CouponOffer) =>
      queryClient.setQueryData<CouponOffer[]>(offersKey(owner), (list) =>
        list?.map((o) => (o.templateId === templateId ? patch(o) : o)),
      ),
    [queryClient],
  );

  const { mutate } = useMutation({
    mutationFn: ({ templateId }: { templateId: number; owner: number }) => postReceiveCoupon(templateId),
    onSuccess: (_coupon, { templateId, owner }) => {
      patchOffer(owner, templateId, (o) => ({ ...o, received: true, remaining: Math.max(0, o.remaining - 1) }));
      toast.success('领取成功，可在个人中心查看');
    },
    onError: (error, { templateId, owner }) => {
      if (isApiError(error) && error.kind === 'auth') {
        // The session asks for a new login; the receive goes on once someone is logged in again.
        setWaitingForLogin(templateId);
        return;
      }
      toast.error(userMessage(error));
      if (isApiError(error) && error.code === 'coupon_40901')
        patchOffer(owner, templateId, (o) => ({ ...o, received: true }));
      if (isApiError(error) && error.code === 'coupon_41001')
        void queryClient.invalidateQueries({ queryKey: ['couponOffers'] });
    },
    onSettled: (_data, _error, { templateId }) => {
      inFlight.current.delete(templateId);
      setReceiving(new Set(inFlight.current));
    },
  });

  const send = useCallback(
    (templateId: number, owner: number) => {
      if (inFlight.current.has(templateId)) return;
      inFlight.current.add(templateId);
      setReceiving(new Set(inFlight.current));
      mutate({ templateId, owner });
    },
    [mutate],
  );

  // While a receive waits for login, listen for the session's user: once it
  // appears, the receive goes on without another click (unless the user's own
  // offers say the coupon is already theirs).
  useEffect(() => {
    if (waitingForLogin === null) return;
    return watchUserId(actor, (owner) => {
      if (owner === null) return;
      setWaitingForLogin(null);
      void queryClient
        .fetchQuery(couponOffersQuery(owner))
        .then((offers) => {
          const offer = offers.find((o) => o.templateId === waitingForLogin);
          if (offer && !offer.received && offer.remaining > 0) send(offer.templateId, owner);
        })
        .catch((error: unknown) => toast.error(userMessage(error)));
    });
  }, [actor, queryClient, send, waitingForLogin]);

  const receive = (offer: CouponOffer) => {
    if (offer.received || offer.remaining <= 0) return;
    if (userId === null) {
      setWaitingForLogin(offer.templateId);
      modals.open('login');
      return;
    }
    send(offer.templateId, userId);
  };

  return { receive, receiving, waitingForLogin };
}

function ApplicableGames({ gameIds }: { gameIds: number[] }) {
  const shown = gameIds.slice(0, GAMES_SHOWN);
  const games = useQueries({ queries: shown.map((id) => gameDetailQueryOptions(id)) });
  if (gameIds.length === 0) {
    return (
      <p className="coupon-games">
        全场通用 · <Link to="/search">去逛逛</Link>
      </p>
    );
  }
  return (
    <div className="coupon-games">
      <span>适用游戏：</span>
      <ul className="coupon-game-links">
        {shown.map((id, index) => (
          <li key={id}>
            <Link to="/gameDetail/$id" params={{ id: String(id) }}>
              {games[index]?.data?.name ?? `游戏 ${id}`}
            </Link>
          </li>
        ))}
      </ul>
      {gameIds.length > GAMES_SHOWN ? <span className="muted">等 {gameIds.length} 款游戏</span> : null}
    </div>
  );
}

function OfferCard({ offer, busy, onReceive }: { offer: CouponOffer; busy: boolean; onReceive: () => void }) {
  const soldOut = offer.remaining <= 0 && !offer.received;
  const label = offer.received ? '已领取' : soldOut ? '已抢光' : busy ? '领取中…' : '立即领取';
  const titleId = `coupon-offer-${offer.templateId}`;
  return (
    <li className={soldOut ? 'coupon-offer coupon-offer-out' : 'coupon-offer'} aria-labelledby={titleId}>
      <div className="coupon-value">
        <strong className="coupon-amount">{couponAmount(offer.amount)}</strong>
        <span className="coupon-threshold">{couponThreshold(offer.threshold)}</span>
      </div>
      <div className="coupon-body">
        <h3 id={titleId} className="coupon-title">
          {offer.title}
        </h3>
        <p className="coupon-expiry">领取后 {offer.validDays} 天内有效</p>
        <ApplicableGames gameIds={offer.gameIds} />
      </div>
      <button
        type="button"
        className={offer.received || soldOut ? 'button' : 'button button-primary'}
        disabled={offer.received || soldOut}
        aria-busy={busy || undefined}
        aria-describedby={titleId}
        onClick={onReceive}
      >
        {label}
      </button>
    </li>
  );
}

export function CouponPage() {
  const user = useCurrentUser();
  const userId = user?.userId ?? null;
  const offers = useCouponOffers(userId);
  const { receive, receiving, waitingForLogin } = useCouponReceiver(userId);
  const waitingOffer = offers.data?.find((o) => o.templateId === waitingForLogin);

  return (
    <div className="landing coupon-landing">
      <header className="landing-hero">
        <h1>领券中心</h1>
        <p>新人专享、满减神券天天领，领取后下单自动抵扣。</p>
      </header>
      {waitingOffer && userId === null ? (
        <p role="status" className="landing-note">
          登录后将自动为您领取「{waitingOffer.title}」
        </p>
      ) : null}
      <section aria-labelledby="coupon-offers" className="section">
        <h2 id="coupon-offers">可领优惠券</h2>
        {offers.isPending ? (
          <LinesSkeleton label="优惠券" />
        ) : offers.isError ? (
          <ErrorState error={offers.error} onRetry={() => void offers.refetch()} />
        ) : offers.data.length === 0 ? (
          <p className="muted">优惠券已发放完毕，敬请期待下一期活动。</p>
        ) : (
          <ul className="coupon-offers">
            {offers.data.map((offer) => (
              <OfferCard
                key={offer.templateId}
                offer={offer}
                busy={receiving.has(offer.templateId)}
                onReceive={() => receive(offer)}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="coupon-rules" className="section">
        <h2 id="coupon-rules">领券说明</h2>
        <ol className="rules-list">
          <li>每位用户每种优惠券限领 1 张，领取后在有效期内使用。</li>
          <li>下单时满足使用门槛即可抵扣，指定游戏的优惠券仅限该游戏商品使用。</li>
          <li>优惠券数量有限，领完即止。</li>
        </ol>
      </section>
    </div>
  );
}
