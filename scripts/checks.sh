#!/usr/bin/env bash
# `npm test`'s first step: the types and the lint, in two chains side by side, one per core of the two this machine has
# (docs/testing.md, "Wall time"): ESLint with the formatter's check (`lint:code`, the longer part), and beside it the
# types (TypeScript's native compiler, decision 0050) followed by the import graph's checks (`lint:graph`: cycles,
# knip, knip --production). Their outputs are printed one after the other.
set -uo pipefail
cd "$(dirname "$0")/.."
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
( npm run --silent typecheck > "$out/types" 2>&1; echo $? > "$out/types.status"
  npm run --silent lint:graph > "$out/graph" 2>&1; echo $? > "$out/graph.status" ) &
beside=$!
npm run --silent lint:code > "$out/code" 2>&1
code_status=$?
wait "$beside"
types_status=$(cat "$out/types.status")
graph_status=$(cat "$out/graph.status")
echo "== npm run typecheck (exit $types_status)"
cat "$out/types"
echo "== npm run lint:code (exit $code_status)"
cat "$out/code"
echo "== npm run lint:graph (exit $graph_status)"
cat "$out/graph"
# The part's wall time, for the table in docs/testing.md ("Wall time").
echo "checks: ${SECONDS} s"
[ "$types_status" -eq 0 ] && [ "$code_status" -eq 0 ] && [ "$graph_status" -eq 0 ]
