#!/usr/bin/env bash
# `npm test`'s first step: the types and the lint (ESLint, then knip, then knip --production) side by side. Each runs on one core,
# and the machine has two (docs/testing.md, "Wall time"); their outputs are printed one after the other.
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
npm run --silent typecheck > "$out/types" 2>&1 &
types_pid=$!
npm run --silent lint > "$out/lint" 2>&1
lint_status=$?
wait "$types_pid"
types_status=$?
echo "== npm run typecheck (exit $types_status)"
cat "$out/types"
echo "== npm run lint (exit $lint_status)"
cat "$out/lint"
# The part's wall time, for the table in docs/testing.md ("Wall time").
echo "checks: ${SECONDS} s"
[ "$types_status" -eq 0 ] && [ "$lint_status" -eq 0 ]
