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
import { USER_A } from '../model/session-fixtures';
import { DAY_MS, DRIVEN_KINDS, describeOutcome, outcomesOf, type CallKind, type Outcome, type Scenario, type World } from './app-world';

export interface Model {
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
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'purchase.start', goodsId: this.goodsId, buyNum: 1, gameId: 100 + this.goodsId }));
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
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'login.submit', phone: USER_A.telNum, code: '123456' }));
  toString = () => 'submit the login form';
}

/** 确认登录 in the auto-login dialog while it asks. */
class ConfirmAutoLogin implements Command {
  check = (m: Readonly<Model>) => m.world.topModal() === 'autoLogin' && m.world.child('autoLogin').getSnapshot().hasTag('autoLogin:confirming');
  run = (_m: Model, w: World) => w.run(this.toString(), () => w.send({ type: 'autoLogin.confirm' }));
  toString = () => 'click 确认登录 (auto-login)';
}

/** The page has painted and the main thread is idle: the app asks for the lazy flows (src/main.tsx). */
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
      .oneof(...outcomesOf(kind).map((outcome) => ({ weight: OUTCOME_WEIGHTS[outcome], arbitrary: fc.constant(outcome) })))
      .map((outcome): Command => new Answer(kind, outcome)),
  })),
);

const gestureArb: fc.Arbitrary<Command> = fc.oneof(
  fc.constant<Command>(new HeaderLogin()),
  fc.constant<Command>(new SidebarOrders()),
  fc.constantFrom(1, 2).map((goodsId): Command => new Buy(goodsId)),
  fc.constantFrom('login', 'coupon', 'pay', 'realName', 'autoLogin', 'paySuccess').map((name): Command => new CloseTop(name)),
  fc.constant<Command>(new SubmitLogin()),
  fc.constant<Command>(new ConfirmAutoLogin()),
  fc.constant<Command>(new Logout()),
  fc.constant<Command>(new PageIdle()),
);

const timeArb: fc.Arbitrary<Command> = fc.constantFrom(100, 300, 1000, 5000, 300_000, DAY_MS).map((ms): Command => new Advance(ms));

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
});
