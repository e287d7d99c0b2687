#!/usr/bin/env bash
# `npm test`: every vitest suite, then the journeys. Beside them, at the lowest priority (nice 19): the journeys'
# builds with the budgets, then the checks (types, lint). vitest keeps the two cores 82-89 % busy and the journeys
# about 89 % (files and journeys wait for a request, a timer or a poll); the parts beside them (about 55 CPU s of
# builds and budgets, 58 of checks) take that idle time instead of about 55 s of their own (docs/testing.md,
# "Wall time"). The builds come first, as the journeys need them; the checks run on into the journeys.
# Each part's output is printed once it is done. A failure of any part fails the command and stops the parts
# still running, as soon as it is known: checks that fail stop the journeys.
set -uo pipefail
cd "$(dirname "$0")/.."

out="$(mktemp -d)"
# In a process group of its own (setsid), so that a failure elsewhere, or Ctrl+C, stops it whole. A new session
# is also a new scheduling group where the kernel groups by session (Linux's autogroup, on here): nice alone then
# ranks it only among its own processes, and the group took an equal share with vitest. So the group itself is
# set to the lowest priority too. Each step leaves its exit status in a file.
setsid nice -n 19 bash -c '
  echo 19 > /proc/self/autogroup 2>/dev/null
  E2E_BUILD_ONLY=1 bash scripts/e2e.sh > "$1/builds" 2>&1 &
  builds=$!
  npm run --silent budgets > "$1/budgets" 2>&1
  echo $? > "$1/budgets.status"
  wait "$builds"
  echo $? > "$1/builds.status"
  bash scripts/checks.sh > "$1/checks" 2>&1
  echo $? > "$1/checks.status"' _ "$out" &
beside=$!
journeys=
stop() { for group in "$beside" $journeys; do kill -- "-$group" 2>/dev/null || true; done; }
trap 'stop; rm -rf "$out"; exit 130' INT TERM
trap 'rm -rf "$out"' EXIT

# A step's exit status, or nothing while it runs.
status() { cat "$out/$1.status" 2>/dev/null; }
# Whether a child is still running (a child that has ended stays a zombie until it is waited for).
running() { local state; state="$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" && [ "$state" != Z ]; }
report() { echo "== $1 (exit $(status "$2" || echo 'not run'))"; cat "$out/$2" 2>/dev/null; }

if ! npx vitest run; then
  stop
  exit 1
fi
while [ -z "$(status builds)" ] && running "$beside"; do sleep 1; done
report 'npm run budgets' budgets
report "the journeys' builds" builds
if [ "$(status budgets)" != 0 ] || [ "$(status builds)" != 0 ]; then
  stop
  exit 1
fi

# The journeys on those builds, while the checks finish. The arguments go to the journeys (as `npm test -- …` did
# when the command was a chain of npm scripts).
E2E_SKIP_BUILD=1 setsid bash scripts/e2e.sh "$@" &
journeys=$!
wait -n "$journeys" "$beside"
if ! running "$beside" && [ "$(status checks)" != 0 ]; then
  report 'npm run checks' checks
  echo 'npm test: the checks failed, so the journeys were stopped.' >&2
  stop
  exit 1
fi
wait "$journeys"
journeys_status=$?
wait "$beside"
report 'npm run checks' checks
[ "$journeys_status" -eq 0 ] && [ "$(status checks)" = 0 ]
