/**
 * The key card: what a shopper paid for, first. Each code in large monospace with a full-width 复制激活码
 * that turns into 已复制 (and says so to screen readers), a 标记为已兑换 mark kept per account and order
 * (./redeemed.ts), and the activation steps of the key's store. Pay success and the order detail open with it;
 * 我的激活码 lists the same code rows. A refunded order's keys are void: the card says so and shows each code
 * struck through, with nothing to copy, mark or follow (我的激活码 leaves them out).
 */
import { Fragment, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode, type Ref } from 'react';
import { goodsPromise } from '../../api/goods-promise';
import type { ActivationPlatform } from '../../api/goods';
import type { Order } from '../../api/orders';
import { activationSteps, keysByItem, PLATFORM_NAME, redeemLink } from './promise';
import { useRedeemed } from './redeemed';
import { COPIED_TEXT } from '../../shared/ui/copy-button';
import './order.css';
import { Checkbox } from '../../shared/ui/form-controls';

/** The key card's element id: `查看激活码` links to `/orderDateil?id=…#key`. */
export const KEY_CARD_ID = 'key';
const COPIED_ANNOUNCEMENT = '激活码已复制到剪贴板';
const COPY_FAILED = '复制失败，已选中激活码，请手动复制';
const CONFIRM_MS = 2_000;
/**
 * What a refunded order's key card says (the refund dialog promised: 退款成功后激活码将失效).
 * @internal
 */
export const KEYS_VOID = '订单已退款，以下激活码已失效，不能再兑换';

type Heading = 'h2' | 'h3';
type SubHeading = 'h3' | 'h4' | 'h5';
const below = (level: Heading | 'h4'): SubHeading => (level === 'h2' ? 'h3' : level === 'h3' ? 'h4' : 'h5');
type KeyGroup = ReturnType<typeof keysByItem>[number];

/** The groups of codes by game, in the order of their first code (a group without its item stands alone). */
function byGame(groups: readonly KeyGroup[]): { gameName: string | null; groups: KeyGroup[] }[] {
  const games = new Map<string, { gameName: string | null; groups: KeyGroup[] }>();
  groups.forEach((group, index) => {
    const key = group.item ? `game:${group.item.gameId}` : `alone:${index}`;
    const game = games.get(key) ?? { gameName: group.item?.gameName ?? null, groups: [] };
    game.groups.push(group);
    games.set(key, game);
  });
  return [...games.values()];
}

const platformsOf = (groups: readonly KeyGroup[]) => [
  ...new Set(groups.map((group) => (group.item ? goodsPromise(group.item).platform : null))),
];

export function KeyCard({
  order,
  userId,
  heading = 'h2',
  focusOnMount = false,
  voided = false,
  children,
}: {
  order: Pick<Order, 'orderId' | 'items' | 'cdks'>;
  /** the order was refunded: its keys no longer redeem */
  voided?: boolean;
  userId: number;
  heading?: Heading;
  /** the card takes focus (and so scrolls into view) when it first shows: the 查看激活码 link asked for it */
  focusOnMount?: boolean;
  /** more actions under the codes (短信发送激活码) */
  children?: ReactNode;
}) {
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const [redeemed, mark] = useRedeemed(userId, order.orderId);
  const groups = keysByItem(order);
  // An order of several games (a cart's): each game's codes, then its store's activation steps.
  const games = byGame(groups);
  const severalGames = games.length > 1;
  const Title = heading;
  const Sub = below(heading);

  // Once, when the card first shows: a later change of the prop must not move focus again.
  const focusFirst = useRef(focusOnMount);
  useEffect(() => {
    if (focusFirst.current) ref.current?.focus();
  }, []);

  if (groups.length === 0) return null;
  return (
    <section
      ref={ref}
      id={KEY_CARD_ID}
      tabIndex={-1}
      className={voided ? 'key-card key-card-void' : 'key-card'}
      aria-labelledby={titleId}
    >
      <Title id={titleId}>激活码</Title>
      {voided ? <p className="key-void-note">{KEYS_VOID}</p> : null}
      {severalGames
        ? games.map((game, index) => (
            <GameKeys
              key={game.gameName ?? index}
              gameName={game.gameName}
              groups={game.groups}
              heading={Sub}
              voided={voided}
              redeemed={redeemed}
              mark={mark}
            />
          ))
        : groups.map((group) => (
            <Codes key={group.goodsName} group={group} voided={voided} showGame redeemed={redeemed} mark={mark} />
          ))}
      {voided ? null : (
        <>
          {children}
          {severalGames
            ? null
            : platformsOf(groups).map((platform) => (
                <ActivationSteps key={platform ?? 'other'} platform={platform} heading={Sub} />
              ))}
        </>
      )}
    </section>
  );
}

/** One game's codes in an order of several, under its name, with its store's activation steps. */
function GameKeys({
  gameName,
  groups,
  heading,
  voided,
  redeemed,
  mark,
}: {
  gameName: string | null;
  groups: readonly KeyGroup[];
  heading: SubHeading;
  voided: boolean;
  redeemed: readonly number[];
  mark: (index: number, on: boolean) => void;
}) {
  const titleId = useId();
  const Title = heading;
  return (
    <section className="key-game" aria-labelledby={titleId}>
      <Title id={titleId}>{gameName ?? '其他'}</Title>
      {groups.map((group) => (
        <Codes key={group.goodsName} group={group} voided={voided} showGame={false} redeemed={redeemed} mark={mark} />
      ))}
      {voided
        ? null
        : platformsOf(groups).map((platform) => (
            <ActivationSteps key={platform ?? 'other'} platform={platform} heading={heading === 'h3' ? 'h4' : 'h5'} />
          ))}
    </section>
  );
}

/** One goods' codes: named (with its game when the card holds one game), each copyable and markable, or void. */
function Codes({
  group,
  voided,
  showGame,
  redeemed,
  mark,
}: {
  group: KeyGroup;
  voided: boolean;
  showGame: boolean;
  redeemed: readonly number[];
  mark: (index: number, on: boolean) => void;
}) {
  const promise = group.item ? goodsPromise(group.item) : null;
  return (
    <div className="key-group">
      <p className="key-goods">
        {showGame && group.item ? `${group.item.gameName} · ` : ''}
        {group.goodsName}
        {promise?.region ? (
          <span className="key-where">{` · ${promise.platform ? `${PLATFORM_NAME[promise.platform]} ` : ''}${promise.region}激活`}</span>
        ) : null}
      </p>
      <ul
        className="stack-list key-codes"
        aria-label={`${showGame || !group.item ? '' : `${group.item.gameName} · `}${group.goodsName} 的激活码${voided ? '（已失效）' : ''}`}
      >
        {group.codes.map(({ code, index }) => (
          <li key={index}>
            {voided ? (
              <del className="key-code-void">
                <KeyText className="key-code" code={code} />
              </del>
            ) : (
              <KeyCode
                code={code}
                platform={promise?.platform}
                redeemed={redeemed.includes(index)}
                onRedeemedChange={(on) => mark(index, on)}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A key as text that breaks only after its separators (`MQ4T-BQHY-34C5-J26D`: after each `-`), never inside
 * a group: one text run, so it reads and copies as the key, with a break opportunity (`<wbr>`) after each
 * separator and none anywhere else (order.css: no `break-all`). Its size shrinks to fit the box
 * (`--key-chars`), so a phone shows the whole key on one line when it can.
 */
function KeyText({
  code,
  id,
  className,
  ref,
}: {
  code: string;
  id?: string;
  className: string;
  ref?: Ref<HTMLElement>;
}) {
  const parts = code.split(/(?<=[-\s])/);
  return (
    <code ref={ref} id={id} className={className} style={{ '--key-chars': code.length } as CSSProperties}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </code>
  );
}

/**
 * One code: the key, 复制激活码 (已复制 for a moment after), beside it 在 Steam 中激活 where the key's store
 * redeems a key from a link (./promise.ts `redeemLink`), and the 标记为已兑换 mark.
 */
export function KeyCode({
  code,
  platform,
  redeemed,
  onRedeemedChange,
}: {
  code: string;
  /** the key's store, when the goods names it */
  platform?: ActivationPlatform | null | undefined;
  redeemed: boolean;
  onRedeemedChange: (redeemed: boolean) => void;
}) {
  const codeId = useId();
  const codeRef = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<'idle' | 'copied' | 'failed'>('idle');
  const redeem = redeemLink(platform, code);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = setTimeout(() => setOutcome('idle'), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setOutcome('copied');
    } catch {
      // No clipboard (an old browser, a denied permission): select the key so a long press or Ctrl+C copies it.
      const selection = window.getSelection();
      if (codeRef.current && selection) selection.selectAllChildren(codeRef.current);
      setOutcome('failed');
    }
  };

  return (
    <div className={redeemed ? 'key-code-box key-redeemed' : 'key-code-box'}>
      <KeyText ref={codeRef} id={codeId} className="key-code" code={code} />
      <div className="key-actions">
        <button
          type="button"
          className="button button-primary key-copy"
          aria-describedby={codeId}
          onClick={() => void copy()}
        >
          {outcome === 'copied' ? COPIED_TEXT : '复制激活码'}
        </button>
        {redeem ? (
          <a
            className="button key-redeem"
            href={redeem.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={codeId}
          >
            {redeem.label}
          </a>
        ) : null}
      </div>
      <p role="status" className={outcome === 'failed' ? 'key-copy-note' : 'visually-hidden'}>
        {outcome === 'copied' ? COPIED_ANNOUNCEMENT : outcome === 'failed' ? COPY_FAILED : ''}
      </p>
      <label className="key-redeemed-toggle">
        <Checkbox
          checked={redeemed}
          aria-describedby={codeId}
          onChange={(event) => onRedeemedChange(event.target.checked)}
        />
        标记为已兑换
      </label>
    </div>
  );
}

function ActivationSteps({ platform, heading }: { platform: ActivationPlatform | null; heading: SubHeading }) {
  const titleId = useId();
  const Title = heading;
  return (
    <div className="key-steps">
      <Title id={titleId}>{platform ? `${PLATFORM_NAME[platform]} 激活步骤` : '激活步骤'}</Title>
      <ol aria-labelledby={titleId}>
        {activationSteps(platform).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}
