#!/usr/bin/env bash
# `npm test`: the checks, then every vitest suite with the journeys' builds and the budgets beside it, then the
# journeys. vitest keeps the two cores 82-89 % busy (files wait for a request, a timer or a poll), and the builds
# and the budgets' builds need about 55 CPU seconds: at the lowest priority they take that idle time first, and
# what is left of them runs once vitest is done (docs/testing.md, "Wall time"). Their output is printed once
# vitest is done; a failure of any part fails the command, and nothing after it runs.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/checks.sh || exit 1

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# The arguments go to the journeys (as `npm test -- …` did when the command was a chain of npm scripts); the
# builds are those of every project, which a filtered run then reuses.
# Each in a process group of its own (setsid), so that a failure of vitest, or Ctrl+C, stops it whole. A new
# session is also a new scheduling group where the kernel groups by session (Linux's autogroup, on here): nice
# alone then ranks it only among its own processes, and it took an equal share of the cores with vitest (three
# busy loops on two cores: the setsid'd one at nice 19 got 1.87 of 4 CPU s, 0.05 with its autogroup at 19 too).
# So each group also sets its autogroup to the lowest priority.
# (Run in the background: it replaces the shell that runs it.)
lowest() { exec setsid nice -n 19 bash -c 'echo 19 > /proc/self/autogroup 2>/dev/null; exec "$@"' _ "$@"; }
E2E_BUILD_ONLY=1 lowest bash scripts/e2e.sh > "$out/builds" 2>&1 &
builds=$!
lowest npm run --silent budgets > "$out/budgets" 2>&1 &
budgets=$!
stop_beside() { kill -- "-$builds" "-$budgets" 2>/dev/null || true; }
trap 'stop_beside; exit 130' INT TERM

if ! npx vitest run; then
  stop_beside
  exit 1
fi
wait "$budgets"
budgets_status=$?
wait "$builds"
builds_status=$?
echo "== npm run budgets (exit $budgets_status)"
cat "$out/budgets"
echo "== the journeys' builds (exit $builds_status)"
cat "$out/builds"
[ "$budgets_status" -eq 0 ] && [ "$builds_status" -eq 0 ] || exit 1
rm -rf "$out"
trap - EXIT INT TERM

E2E_SKIP_BUILD=1 exec bash scripts/e2e.sh "$@"
