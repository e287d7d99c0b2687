// @vitest-environment node
/**
 * Property tests of a purchase across account changes (docs/buying.md), over the REAL machines in one actor
 * system (tests/properties/account-world.ts; commands in tests/properties/app-commands.ts).
 *
 * Each run restores nobody, A or B, asks for the lazy flows, and runs a random interleaving of: logins
 * in this tab (the login dialog; the server answers user A or user B), 退出登录 in this tab, another
 * tab logging in as A or B or logging out (the `storage` event → `session.synced`), the login expiring
 * (a page call, or any pending API call, answering `auth_40001` → `session.expired`), 立即购买, the
 * pay dialog mounting (`payment.open` with the account logged in at that moment, as the dialog does),
 * the editor's choices (`payment.choose`: quantity, a coupon of the logged-in account or none, the
 * package, the channel), 立即支付, closing and leaving dialogs, time passing (every step takes
 * `STEP_MS`), and the calls answered in any order (ok, the other answer, a failure, or auth_40001).
 *
 * Definitions:
 * - A pay dialog's account: the account its `payment.open` named; for a dialog opened while nobody
 *   was logged in, the first account that logs in while it is open (machines/account-change.ts: a
 *   visitor's purchase belongs to the first account).
 * - A purchase: a pay dialog, plus the dialog that reopens it after an expiry.
 * - Suspended: when the login expires while a pay dialog is open, its purchase must come back after the
 *   next login of its account — as `{ orderId }` if it has an unpaid order, else as its goods with the
 *   choices the editor last reported (`{ goodsId, buyNum, gameId, choices }`); a dialog with neither has
 *   nothing to resume. Another account logging in first drops it, with the warning
 *   `ACCOUNT_CHANGE_MESSAGES.resumeDropped`. A new 立即购买 the gate takes in the meantime replaces it.
 *
 * A call made without a token is refused by the server (auth_40001): it carries no account and is
 * not checked by property 1.
 *
 * `KNOWN` holds hand-shortened counterexamples the random runs found (see its comment); fast-check runs
 * them first.
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> [FC_PATH=<path> FC_REPLAY=<replayPath>] [FC_STATS=1]
 *   npx vitest run tests/properties/account-change.test.ts
 * (a counterexample prints its seed and path, and its commands end with the replayPath; FC_STATS=1
 * prints how often the runs reached a suspension, a resume, a drop).
 */
import fc from 'fast-check';
import { afterAll, describe, it } from 'vitest';
import { accountCommandsArb, accountScenarioArb, accountStep as s, type AccountModel } from './app-commands';
import { AccountWorld, STATS, type AccountPropertyName, type Scenario } from './account-world';

const SEED = Number(process.env.FC_SEED ?? 20260131);
const RUNS = Number(process.env.FC_RUNS ?? 100);
const PATH = process.env.FC_PATH;
const REPLAY = process.env.FC_REPLAY;
const MAX_COMMANDS = 200;
const TIMEOUT_MS = 120_000;

type Example = [Scenario, Iterable<fc.AsyncCommand<AccountModel, AccountWorld>>];

/**
 * Counterexamples the random runs found in the app (docs/buying.md), shortened by hand. Each is a bug in the
 * app, not in this harness; they stay here, failing, until the app is fixed, and then guard the fix.
 */
const KNOWN: Record<AccountPropertyName, Example[]> = {
  accountData: [
    // Fixed: A's pay dialog is still loading when another tab logs out: it mounts for nobody (owner null), and
    // a payment with owner null keeps going whoever logs in. A (in another tab) creates the order, then
    // B logs in there, and the payment asks to pay A's order under B's token.
    [
      { restored: 'A' },
      [
        s.answer(),
        s.buy(),
        s.answer(),
        s.answer(),
        s.otherTab(null),
        s.answer(),
        s.otherTab('A'),
        s.choose(),
        s.pay(),
        s.otherTab('B'),
        s.answer(),
      ],
    ],
    // Fixed: the login dialog the gate opened for a visitor stays open when another tab logs in as B and the
    // gate opens B's pay dialog over it; A then logs in through that form. The request token became A's at
    // `session.login`, but the session announced A only after the real-name config answered: in between,
    // B's pay dialog created its order under A's token. The session now announces B's departure first.
    [
      { restored: 'none' },
      [
        s.buy(),
        s.answer(),
        s.answer(),
        s.otherTab('B'),
        s.answer(),
        s.answer(),
        s.submitLogin(),
        s.answer(),
        s.answer(),
        s.choose(),
        s.pay(),
      ],
    ],
  ],
  resume: [
    // Fixed: as above, A's dialog opened for nobody; A logs in, picks (A's coupon), the login expires, and B
    // logs in first: no warning, and the gate reopens A's purchase, with A's coupon, for B.
    [
      { restored: 'A' },
      [
        s.answer(),
        s.buy(),
        s.answer(),
        s.answer(),
        s.otherTab(null),
        s.answer(),
        s.otherTab('A'),
        s.choose(),
        s.expire(),
        s.otherTab('B'),
        s.answer(),
        s.answer(),
      ],
    ],
  ],
  oneOrder: [],
};

async function holds(property: AccountPropertyName, only?: Example): Promise<void> {
  await fc.assert(
    fc.asyncProperty(accountScenarioArb, accountCommandsArb(MAX_COMMANDS, REPLAY), async (scenario, commands) => {
      const world = new AccountWorld(scenario, property);
      try {
        await world.start();
        world.assertHolds();
        await fc.asyncModelRun(() => ({ model: { world }, real: world }), commands);
        world.assertHolds();
      } finally {
        world.dispose();
      }
    }),
    only
      ? { seed: SEED, numRuns: 1, examples: [only] }
      : { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : { examples: KNOWN[property] }) },
  );
}

describe('a purchase across logins, logouts, other tabs and expiries', () => {
  afterAll(() => {
    if (process.env.FC_STATS) console.log('reached', STATS);
  });

  it(
    "1. no request carries another account's data: an order is created only under the token of its pay dialog's account, with no other account's coupon, while that dialog is open and the account never left it; an order is paid, polled or loaded only under its own account's token; a pay dialog never opens with another account's coupon",
    () => holds('accountData'),
    TIMEOUT_MS,
  );

  it(
    '2. an expired purchase comes back after its account logs in again, as its unpaid order or as its goods with the last choices (once the gate allows it); another account logging in first drops it with a warning, and no pay dialog ever opens with a suspended purchase for another account',
    () => holds('resume'),
    TIMEOUT_MS,
  );

  it(
    '3. at most one order per pay dialog and per purchase: no create while one is in flight, none for a dialog or purchase that already has an order',
    () => holds('oneOrder'),
    TIMEOUT_MS,
  );
});
