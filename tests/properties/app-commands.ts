/**
 * The commands of the property tests (fast-check model-based commands): what
 * may happen to the page between two quiet moments. Each one is a gesture as
 * the UI sends it, an answer to one pending call, or time passing. Its
 * `check` reads the real system (the model IS the world), so a command runs
 * only when it could happen on the real page (a button behind a dialog cannot
 * be pressed; only a pending call can be answered), and a shrunk sequence
 * stays one the page could live through. `toString` is what a counterexample
 * prints.
 */
import fc from 'fast-check';
import type { PayChannelCode } from '../../src/api/orders';
import { USER_A } from '../model/session-fixtures';
import type { AccountName, AccountWorld, Disposition, Scenario as AccountScenario } from './account-world';
import {
  DAY_MS,
  DRIVEN_KINDS,
  describeOutcome,
  outcomesOf,
  type CallKind,
  type Outcome,
  type Scenario,
  type World,
} from './app-world';

interface Model {
  world: World;
}

type Command = fc.AsyncCommand<Model, World>;

/** A pending call of this kind settles (the oldest one, if several): it resolves or rejects. */
class Answer implements Command {
  constructor(
    readonly kind: CallKind,
    readonly outcome: Outcome,
  ) {}
  check = (m: Readonly<Model>) => m.world.hasPending(this.kind);
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.answer(this.kind, this.outcome));
  toString = () => `answer ${this.kind}: ${describeOutcome(this.kind, this.outcome)}`;
}

/** The oldest pending API call, whichever it is, fails with `auth_40001` (the trace names it). */
class AuthFailure implements Command {
  check = (m: Readonly<Model>) => m.world.oldestPendingApiCall() !== undefined;
  run = (_m: Model, w: World) =>
    w.run(this.toString(), () => {
      const kind = w.oldestPendingApiCall();
      if (kind) w.answer(kind, 'auth_40001');
    });
  toString = () => 'the oldest pending API call fails with auth_40001';
}

/** The network catches up: every call pending now answers ok, oldest first, one step each. */
class AnswerAll implements Command {
  check = (m: Readonly<Model>) => m.world.hasAnyPending();
  run = (_m: Model, w: World) => w.answerAllPending('every pending call answers ok');
  toString = () => 'every pending call answers ok (oldest first)';
}

/** The header's 登录 (shown while nobody is logged in), on the page (no dialog on screen). */
class HeaderLogin implements Command {
  check = (m: Readonly<Model>) => m.world.pageIsInteractive() && m.world.sessionSnapshot().context.user === null;
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.userOpens('login'));
  toString = () => 'click 登录 (header)';
}

/** The floating sidebar's 订单 while anonymous: toast 请先登录 and the login dialog (logged in, it only navigates). */
class SidebarOrders implements Command {
  check = (m: Readonly<Model>) => m.world.pageIsInteractive() && m.world.sessionSnapshot().context.user === null;
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.userOpens('login'));
  toString = () => 'click 订单 (sidebar, anonymous)';
}

/** 立即购买 on a game's page. */
class Buy implements Command {
  constructor(readonly goodsId: number) {}
  check = (m: Readonly<Model>) => m.world.pageIsInteractive();
  run = (_m: Model, w: World) =>
    w.run(this.toString(), () =>
      w.send({ type: 'purchase.start', goodsId: this.goodsId, buyNum: 1, gameId: 100 + this.goodsId }),
    );
  toString = () => `click 立即购买 (goods ${this.goodsId})`;
}

/** The header's 退出登录 (while logged in and not already logging out). */
class Logout implements Command {
  check = (m: Readonly<Model>) => {
    const session = m.world.sessionSnapshot();
    return m.world.pageIsInteractive() && session.hasTag('session:loggedIn') && !session.hasTag('session:loggingOut');
  };
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'session.logout' }));
  toString = () => 'click 退出登录';
}

/**
 * The × (or Escape) of the dialog on top, as its component handles it: the auto-login dialog cancels while
 * it asks, the pay dialog asks the payment flow while it runs, the others send `modal.close`.
 */
class CloseTop implements Command {
  constructor(readonly name: string) {}
  check = (m: Readonly<Model>) => m.world.topModal() === this.name;
  run = (_m: Model, w: World) =>
    w.run(this.toString(), () => {
      if (this.name === 'autoLogin' && w.child('autoLogin').getSnapshot().hasTag('autoLogin:confirming')) {
        w.send({ type: 'autoLogin.cancel' });
        return;
      }
      if (this.name === 'pay') {
        const payment = w.childIfAny('payment')?.getSnapshot();
        if (payment?.hasTag('payment:confirmingLeave')) return w.send({ type: 'payment.stay' });
        if (payment?.hasTag('payment:active')) return w.send({ type: 'payment.close' });
      }
      w.send({ type: 'modal.close', name: this.name });
    });
  toString = () => `close the ${this.name} dialog (×)`;
}

/** 登录 in the login dialog, with a valid phone and code (the form checks them first). */
class SubmitLogin implements Command {
  check = (m: Readonly<Model>) => {
    const login = m.world.childIfAny('login')?.getSnapshot();
    return m.world.topModal() === 'login' && login !== undefined && !login.hasTag('login:submitting');
  };
  run = (_m: Model, w: World) =>
    w.run(this.toString(), () => w.send({ type: 'login.submit', phone: USER_A.telNum, code: '123456' }));
  toString = () => 'submit the login form';
}

/** 确认登录 in the auto-login dialog while it asks. */
class ConfirmAutoLogin implements Command {
  check = (m: Readonly<Model>) =>
    m.world.topModal() === 'autoLogin' && m.world.child('autoLogin').getSnapshot().hasTag('autoLogin:confirming');
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'autoLogin.confirm' }));
  toString = () => 'click 确认登录 (auto-login)';
}

/** The page has painted and the main thread is idle: the app asks for the lazy flows (src/app/main.tsx). */
class PageIdle implements Command {
  check = () => true;
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'flows.load' }));
  toString = () => 'page idle (flows.load)';
}

/** Time passes on the simulated clock (delays: token ping and build check 1 s, expiry prompt 300 ms, build poll 5 min). */
class Advance implements Command {
  constructor(readonly ms: number) {}
  check = () => true;
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.clock.increment(this.ms));
  toString = () => (this.ms === DAY_MS ? 'time +1 day' : `time +${this.ms} ms`);
}

/** How often each kind is pending in a run, roughly: an answer to a kind with nothing pending is skipped. */
const ANSWER_WEIGHTS: Partial<Record<CallKind, number>> = {
  'loadModal(login)': 4,
  loadFlows: 4,
  fetchHomePopup: 3,
  'loadModal(coupon)': 3,
  fetchLatestBuild: 2,
  checkToken: 2,
  attribution: 2,
  registerLogin: 2,
  fetchRealNameConfig: 2,
  'payGate.fetchRealNameConfig': 2,
  checkStorage: 2,
  'loadModal(pay)': 2,
};

/** Mostly answers, sometimes failures: a flow must get far enough for the next one to start. */
const OUTCOME_WEIGHTS: Record<Outcome, number> = { ok: 5, alt: 2, fail: 1, auth_40001: 1 };

const answerArb: fc.Arbitrary<Command> = fc.oneof(
  ...DRIVEN_KINDS.map((kind) => ({
    weight: ANSWER_WEIGHTS[kind] ?? 1,
    arbitrary: fc
      .oneof(
        ...outcomesOf(kind).map((outcome) => ({ weight: OUTCOME_WEIGHTS[outcome], arbitrary: fc.constant(outcome) })),
      )
      .map((outcome): Command => new Answer(kind, outcome)),
  })),
);

const gestureArb: fc.Arbitrary<Command> = fc.oneof(
  fc.constant<Command>(new HeaderLogin()),
  fc.constant<Command>(new SidebarOrders()),
  fc.constantFrom(1, 2).map((goodsId): Command => new Buy(goodsId)),
  fc
    .constantFrom('login', 'coupon', 'pay', 'realName', 'autoLogin', 'paySuccess')
    .map((name): Command => new CloseTop(name)),
  fc.constant<Command>(new SubmitLogin()),
  fc.constant<Command>(new ConfirmAutoLogin()),
  fc.constant<Command>(new Logout()),
  fc.constant<Command>(new PageIdle()),
);

const timeArb: fc.Arbitrary<Command> = fc
  .constantFrom(100, 300, 1000, 5000, 300_000, DAY_MS)
  .map((ms): Command => new Advance(ms));

export function commandsArb(maxCommands: number): fc.Arbitrary<Iterable<Command>> {
  return fc.commands(
    [
      fc.oneof(
        { weight: 6, arbitrary: answerArb },
        { weight: 1, arbitrary: fc.constant<Command>(new AnswerAll()) },
        { weight: 1, arbitrary: fc.constant<Command>(new AuthFailure()) },
        { weight: 4, arbitrary: gestureArb },
        { weight: 2, arbitrary: timeArb },
      ),
    ],
    // 'max': sequences of any length up to maxCommands (the default size keeps them short), since a command
    // whose check fails (nothing of that kind pending, a button behind a dialog) is skipped.
    { maxCommands, size: 'max' },
  );
}

export const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  restored: fc.constantFrom('none', 'userA', 'userA+realName'),
  linkToken: fc.boolean(),
  shownToday: fc.constantFrom('nobody', 'browser', 'user:1'),
  attributionThrows: fc.boolean(),
  paymentReturn: fc.boolean(),
});

// ---------------------------------------------------------------------------------------------------------------------
// Account changes around a purchase (tests/properties/account-change.test.ts, docs/buying.md)
// ---------------------------------------------------------------------------------------------------------------------

export interface AccountModel {
  world: AccountWorld;
}

type AccountCommand = fc.AsyncCommand<AccountModel, AccountWorld>;

/** The nth oldest pending call (of those pending now, counted round) settles as `disposition` says, where its kind allows. */
class AccountAnswer implements AccountCommand {
  constructor(
    readonly nth: number,
    readonly disposition: Disposition,
  ) {}
  check = (m: Readonly<AccountModel>) => m.world.pendingCount() > 0;
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.answerNth(this.nth, this.disposition));
  toString = () => `answer pending call #${this.nth + 1} (oldest first, counted round): ${this.disposition}`;
}

class AccountAnswerAll implements AccountCommand {
  check = (m: Readonly<AccountModel>) => m.world.pendingCount() > 0;
  run = (_m: AccountModel, w: AccountWorld) => w.answerAllPending('every pending call answers ok');
  toString = () => 'every pending call answers ok (oldest first)';
}

/** The header's 登录 while nobody is logged in, on the page. */
class AccountHeaderLogin implements AccountCommand {
  check = (m: Readonly<AccountModel>) => m.world.pageIsInteractive() && m.world.currentUser() === null;
  run = (_m: AccountModel, w: AccountWorld) =>
    w.run(this.toString(), () => w.send({ type: 'modal.open', name: 'login', source: 'user' }));
  toString = () => 'click 登录 (header)';
}

/** 登录 in the login dialog (which account it is: the registerLogin answer, user A or user B). */
class AccountSubmitLogin implements AccountCommand {
  check = (m: Readonly<AccountModel>) =>
    m.world.topModal() === 'login' && m.world.childIfAny('login')?.getSnapshot().hasTag('login:submitting') === false;
  run = (_m: AccountModel, w: AccountWorld) =>
    w.run(this.toString(), () => w.send({ type: 'login.submit', phone: USER_A.telNum, code: '123456' }));
  toString = () => 'submit the login form';
}

/** The header's 退出登录 in this tab. */
class AccountLogout implements AccountCommand {
  check = (m: Readonly<AccountModel>) => {
    const session = m.world.sessionSnapshot();
    return (
      m.world.pageIsInteractive() &&
      session !== undefined &&
      session.hasTag('session:loggedIn') &&
      !session.hasTag('session:loggingOut')
    );
  };
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.send({ type: 'session.logout' }));
  toString = () => 'click 退出登录';
}

/** Another tab logs in as an account (the same one: a refresh of this tab's session), or out. */
class OtherTab implements AccountCommand {
  constructor(readonly account: AccountName | null) {}
  check = () => true;
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.otherTab(this.account));
  toString = () => (this.account === null ? 'another tab logs out' : `another tab logs in as ${this.account}`);
}

/** The login runs out on the server: a call the page makes under the current token answers auth_40001. */
class PageCallExpires implements AccountCommand {
  check = (m: Readonly<AccountModel>) => m.world.hasToken();
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.pageCallExpires());
  toString = () => 'a page call answers auth_40001 (the login expired)';
}

/** 立即购买 on a game's page. */
class AccountBuy implements AccountCommand {
  constructor(readonly goodsId: number) {}
  check = (m: Readonly<AccountModel>) => m.world.pageIsInteractive();
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.buy(this.goodsId));
  toString = () => `click 立即购买 (goods ${this.goodsId})`;
}

/** The shopper's choices in the pay editor (the first: the editor has loaded and shows them). */
class Choose implements AccountCommand {
  constructor(
    readonly buyNum: number,
    readonly coupon: 'none' | 'best' | 'other',
    readonly withPackage: boolean,
    readonly channel: PayChannelCode,
  ) {}
  check = (m: Readonly<AccountModel>) => m.world.canChoose();
  run = (_m: AccountModel, w: AccountWorld) =>
    w.run(this.toString(), () => w.choose(this.buyNum, this.coupon, this.withPackage, this.channel));
  toString = () =>
    `choose ×${this.buyNum}, ${this.withPackage ? 'the package' : `coupon: ${this.coupon}`}, ${this.channel} (pay editor)`;
}

/** 立即支付. */
class Submit implements AccountCommand {
  constructor(readonly channel: PayChannelCode) {}
  check = (m: Readonly<AccountModel>) => m.world.canSubmit();
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.submit(this.channel));
  toString = () => `click 立即支付 (${this.channel})`;
}

/** The × of the dialog on top, as its component handles it (the pay dialog asks its flow first). */
class AccountCloseTop implements AccountCommand {
  constructor(readonly name: string) {}
  check = (m: Readonly<AccountModel>) => m.world.topModal() === this.name;
  run = (_m: AccountModel, w: AccountWorld) =>
    w.run(this.toString(), () => {
      if (this.name === 'pay') {
        const payment = w.paymentSnapshot();
        if (payment?.hasTag('payment:confirmingLeave')) return w.send({ type: 'payment.stay' });
        if (payment?.hasTag('payment:active')) return w.send({ type: 'payment.close' });
      }
      w.send({ type: 'modal.close', name: this.name });
    });
  toString = () => `close the ${this.name} dialog (×)`;
}

/** 确认离开 while a payment runs. */
class LeavePayment implements AccountCommand {
  check = (m: Readonly<AccountModel>) =>
    m.world.topModal() === 'pay' && m.world.paymentSnapshot()?.hasTag('payment:confirmingLeave') === true;
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.send({ type: 'payment.leave' }));
  toString = () => 'click 确认离开 (pay dialog)';
}

/**
 * What a shopper in a hurry does next on the screen in front of them: submits the login form, closes
 * the real-name or success dialog, picks in the pay editor once it shows (these choices), presses
 * 立即支付 once it has, leaves or stays when asked, or presses 立即购买 on the page. The same gestures
 * exist one by one above; this one keeps a run moving so that account changes meet purchases far along.
 */
class ShopperNext implements AccountCommand {
  constructor(
    readonly goodsId: number,
    readonly choice: Choose,
    readonly leave: boolean,
    /** On the page while nobody is logged in: 登录 first (else 立即购买, which asks for the login itself). */
    readonly loginFirst: boolean,
    /** In the pay editor: picks (again) rather than pressing 立即支付. */
    readonly hesitates: boolean,
  ) {}
  check = (m: Readonly<AccountModel>) => this.next(m.world) !== null;
  run = (_m: AccountModel, w: AccountWorld) => {
    const next = this.next(w);
    return next ? next.run(_m, w) : Promise.resolve();
  };
  toString = () =>
    `the shopper's next gesture (${this.loginFirst ? '登录 first, then ' : ''}goods ${this.goodsId}; ${this.choice.toString()}${this.hesitates ? ', without paying' : ''}; ${this.leave ? 'leaves' : 'stays'} when asked)`;

  private next(w: AccountWorld): AccountCommand | null {
    const top = w.topModal();
    let command: AccountCommand;
    // On the page: after an expiry (its prompt says 请重新登录) or by choice, 登录 first; while a login is
    // being set up or the buy button shows it is working (`payGate:busy`), wait.
    const session = w.sessionSnapshot();
    const loginFirst = w.currentUser() === null && (this.loginFirst || session?.hasTag('session:expired') === true);
    const waiting = session?.hasTag('session:signingIn') === true || w.gateSnapshot()?.hasTag('payGate:busy') === true;
    if (top === undefined && waiting) return null;
    if (top === undefined) command = loginFirst ? new AccountHeaderLogin() : new AccountBuy(this.goodsId);
    else if (top === 'login') command = new AccountSubmitLogin();
    else if (top !== 'pay') command = new AccountCloseTop(top);
    else if (w.paymentSnapshot()?.hasTag('payment:confirmingLeave'))
      command = this.leave ? new LeavePayment() : new AccountCloseTop('pay');
    // The editor's first pick, then 立即支付 (or another pick).
    else if (w.canChoose() && (!w.editorLoaded() || this.hesitates)) command = this.choice;
    else command = new Submit(this.choice.channel);
    return command.check({ world: w }) ? command : null;
  }
}

/** More time passes (token ping 1 s, expiry prompt 300 ms, status poll 2 s; every step takes `STEP_MS` anyway). */
class AccountAdvance implements AccountCommand {
  constructor(readonly ms: number) {}
  check = () => true;
  run = (_m: AccountModel, w: AccountWorld) => w.run(this.toString(), () => w.clock.increment(this.ms));
  toString = () => `time +${this.ms} ms`;
}

/** Mostly the usual answer: a purchase must get far enough for an account change to meet it. */
const dispositionArb: fc.Arbitrary<Disposition> = fc.oneof(
  { weight: 10, arbitrary: fc.constant<Disposition>('ok') },
  { weight: 2, arbitrary: fc.constant<Disposition>('alt') },
  { weight: 1, arbitrary: fc.constant<Disposition>('fail') },
  { weight: 1, arbitrary: fc.constant<Disposition>('auth') },
);

const channelArb = fc.constantFrom<PayChannelCode>('wechat', 'alipay');

const chooseArb: fc.Arbitrary<Choose> = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.constantFrom<'none' | 'best' | 'other'>('none', 'best', 'other'),
    fc.boolean(),
    channelArb,
  )
  .map(
    ([buyNum, coupon, withPackage, channel]) => new Choose(buyNum, coupon, withPackage && coupon === 'none', channel),
  );

/**
 * The account-change commands. Gestures whose screen is not there are skipped (their `check`), so the
 * shopper's next gesture (`ShopperNext`) weighs most; account changes from outside (another tab, an
 * expiry) are always possible and weigh little, so that a purchase gets far before one meets it.
 * `replayPath`: the one fast-check prints after a counterexample's commands (FC_REPLAY), to replay it
 * with its seed and path.
 */
export function accountCommandsArb(maxCommands: number, replayPath?: string): fc.Arbitrary<Iterable<AccountCommand>> {
  return fc.commands(
    [
      fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .tuple(fc.constantFrom(1, 2), chooseArb, fc.boolean(), fc.boolean(), fc.boolean())
            .map(
              ([goodsId, choice, leave, loginFirst, hesitates]): AccountCommand =>
                new ShopperNext(goodsId, choice, leave, loginFirst, hesitates),
            ),
        },
        {
          weight: 8,
          arbitrary: fc
            .tuple(fc.nat(3), dispositionArb)
            .map(([nth, disposition]): AccountCommand => new AccountAnswer(nth, disposition)),
        },
        { weight: 2, arbitrary: fc.constant<AccountCommand>(new AccountAnswerAll()) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom<AccountName | null>('A', 'B', null)
            .map((account): AccountCommand => new OtherTab(account)),
        },
        { weight: 1, arbitrary: fc.constant<AccountCommand>(new PageCallExpires()) },
        { weight: 1, arbitrary: fc.constant<AccountCommand>(new AccountHeaderLogin()) },
        { weight: 1, arbitrary: fc.constant<AccountCommand>(new AccountSubmitLogin()) },
        { weight: 1, arbitrary: fc.constant<AccountCommand>(new AccountLogout()) },
        { weight: 1, arbitrary: fc.constantFrom(1, 2).map((goodsId): AccountCommand => new AccountBuy(goodsId)) },
        { weight: 2, arbitrary: chooseArb },
        { weight: 1, arbitrary: channelArb.map((channel): AccountCommand => new Submit(channel)) },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom('pay', 'login', 'realName', 'paySuccess')
            .map((name): AccountCommand => new AccountCloseTop(name)),
        },
        { weight: 1, arbitrary: fc.constant<AccountCommand>(new LeavePayment()) },
        { weight: 1, arbitrary: fc.constantFrom(300, 1000, 2000).map((ms): AccountCommand => new AccountAdvance(ms)) },
      ),
    ],
    { maxCommands, size: 'max', ...(replayPath ? { replayPath } : {}) },
  );
}

/** The restored session: A twice as often as nobody or B. */
export const accountScenarioArb: fc.Arbitrary<AccountScenario> = fc.record({
  restored: fc.constantFrom<AccountScenario['restored']>('none', 'A', 'B', 'A'),
});

/** The account commands one by one, for hand-written sequences (the known counterexamples in account-change.test.ts). */
export const accountStep = {
  /** The oldest pending call settles. */
  answer: (disposition: Disposition = 'ok'): AccountCommand => new AccountAnswer(0, disposition),
  buy: (goodsId = 1): AccountCommand => new AccountBuy(goodsId),
  otherTab: (account: AccountName | null): AccountCommand => new OtherTab(account),
  submitLogin: (): AccountCommand => new AccountSubmitLogin(),
  logout: (): AccountCommand => new AccountLogout(),
  choose: (coupon: 'none' | 'best' | 'other' = 'best'): AccountCommand => new Choose(1, coupon, false, 'wechat'),
  pay: (): AccountCommand => new Submit('wechat'),
  expire: (): AccountCommand => new PageCallExpires(),
};
