// @vitest-environment node
/**
 * Property tests over the REAL machines in ONE actor system (docs/decisions/0011-modal-priorities.md, point 3).
 *
 * Each run builds the app's root actor with `createRootActor()` on a
 * `SimulatedClock`, with fakes for every call (tests/properties/app-world.ts),
 * starts it, and runs a random sequence of commands
 * (tests/properties/app-commands.ts): start-up and later calls answered in a
 * random order (ok, another answer, a failure, or `auth_40001`, which the app's
 * real session bridge turns into `session.expired`, once per failing call made
 * under the current token, as src/api/http.ts reports it),
 * gestures as the UI sends them (登录, 订单 while anonymous, 立即购买, × on the
 * top dialog, submitting the login form, 确认登录, 退出登录), the page going
 * idle (`flows.load`), and time passing. Gestures on the page only happen
 * while no dialog is on screen (the page is inert behind one). At the end
 * every dialog and flow load still pending resolves.
 *
 * Definitions used below:
 * - "one step": one command and everything it sets off (all promise callbacks
 *   and the UI's effects) until the system is quiet again.
 * - A dialog's load "settles" when the modal machine's `loadModal` actor for it
 *   is done: its `loadModal` fake resolved and, for login and pay, the lazy
 *   flows are loaded too (src/app/root-actor.ts waits for both).
 * - The shopper's dialog may go (or never show) only when it is RELEASED:
 *   the shopper closes it (its ×), its own flow closes it (for login: the
 *   login or QR-login flow's `modal.close login` after a successful login),
 *   the session's expiry prompt sends `modal.closeAll` (the session is the
 *   flow that owns login), or its code fails to load (the app's error toast,
 *   docs/decisions/0009-modal-load-failure.md).
 *
 * Reproduce or widen: FC_SEED=<seed> FC_RUNS=<runs> [FC_PATH=<path>] npx vitest run tests/properties
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { commandsArb, scenarioArb } from './app-commands';
import { World, type PropertyName } from './app-world';

const SEED = Number(process.env.FC_SEED ?? 20260131);
const RUNS = Number(process.env.FC_RUNS ?? 100);
const PATH = process.env.FC_PATH;
const MAX_COMMANDS = 60;
const TIMEOUT_MS = 120_000;

/** Runs random sequences and fails on the first violation of `property`, with the run's trace. */
async function holds(property: PropertyName): Promise<void> {
  await fc.assert(
    fc.asyncProperty(scenarioArb, commandsArb(MAX_COMMANDS), async (scenario, commands) => {
      const world = new World(scenario, property);
      try {
        await world.start();
        world.assertHolds();
        await fc.asyncModelRun(() => ({ model: { world }, real: world }), commands);
        await world.finish();
        world.assertHolds();
      } finally {
        world.dispose();
      }
    }),
    { seed: SEED, numRuns: RUNS, ...(PATH ? { path: PATH } : {}) },
  );
}

describe('the app system under random start-up answers, gestures, time and auth failures', () => {
  it(
    '1. a dialog the shopper opens is on the stack the step its load settles, and stays until the shopper or its own flow closes it',
    () => holds('userDialog'),
    TIMEOUT_MS,
  );

  it('2. the coupon popup never goes on the stack over a user or flow dialog', () => holds('promoBelow'), TIMEOUT_MS);

  it(
    '3. the popup is recorded as shown exactly when it goes on the stack, at most once per audience and day',
    () => holds('popupRecord'),
    TIMEOUT_MS,
  );

  it(
    '4. each session expiry prompts at most once (one warning toast, one login dialog from the session)',
    () => holds('expiryPrompt'),
    TIMEOUT_MS,
  );

  it(
    "5. every call carries the logged-in user's request token (none when anonymous); the start-up attribution call carries the restored one",
    () => holds('requestToken'),
    TIMEOUT_MS,
  );
});
