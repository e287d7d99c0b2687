#!/usr/bin/env bash
# Real-browser journeys (docs/e2e.md): Debian's Chromium — never a downloaded
# browser — against production builds in mock and live mode.
#
#   npm run test:e2e                        # every project
#   npm run test:e2e -- --project=mock-desktop tests/e2e/purchase.spec.ts   # builds and serves mock mode only
#   E2E_SKIP_BUILD=1 npm run test:e2e       # reuse the last builds
#   E2E_BUILD_ONLY=1 bash scripts/e2e.sh    # the builds alone (npm test makes them beside vitest: scripts/test.sh)
#   E2E_SCREENSHOTS=1 npm run test:e2e -- --grep @screens   # refresh docs/screens/*.jpg (docs/screens.md)
#
# Playwright starts and stops the servers itself (playwright.config.ts):
# the API on E2E_API_PORT (8790), the mock preview on E2E_MOCK_PORT (4300) and
# nginx with the live build on E2E_LIVE_PORT (4301). A default that is taken is
# replaced by a free port.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

# Debian's Chromium. E2E_CHROMIUM=/usr/bin/chromium-headless-shell (package chromium-headless-shell, the same
# Chromium version) costs the journeys much less CPU, but is not the default yet (docs/testing.md, "Where the
# time goes").
CHROMIUM="${E2E_CHROMIUM:-/usr/bin/chromium}"
# What the browser and the screenshots need from Debian: Chromium itself and CJK fonts for the Chinese
# text (the icons are SVG, src/shared/styles.css); and nginx, the live journeys' server (docs/deploy.md).
# Installed when missing and run as root.
missing=()
[ -x "$CHROMIUM" ] || missing+=("$(basename "$CHROMIUM")")
fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
has_nginx() { node --import tsx scripts/nginx-serve.ts --check 2>/dev/null; }
has_nginx || missing+=(nginx)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "e2e: installing ${missing[*]} (Debian packages)" >&2
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  elif [ ! -x "$CHROMIUM" ]; then
    echo "e2e: $CHROMIUM is missing. Install Debian's chromium (or the E2E_CHROMIUM named) and fonts-noto-cjk (as root: apt-get install -y chromium fonts-noto-cjk) or set E2E_CHROMIUM." >&2
    exit 1
  elif ! has_nginx; then
    node --import tsx scripts/nginx-serve.ts --check
    exit 1
  else
    echo "e2e: ${missing[*]} missing: screenshots may show empty boxes instead of text" >&2
  fi
fi
export E2E_CHROMIUM="$CHROMIUM"

# Keep a default port when it is free, otherwise take any free one.
free_port() {
  node -e '
    const net = require("node:net");
    const want = Number(process.argv[1]);
    const tryListen = (port) => new Promise((resolve) => {
      const server = net.createServer();
      server.once("error", () => resolve(null));
      server.listen(port, "127.0.0.1", () => { const got = server.address().port; server.close(() => resolve(got)); });
    });
    (async () => { console.log((await tryListen(want)) ?? (await tryListen(0))); })();
  ' "$1"
}
E2E_API_PORT="${E2E_API_PORT:-$(free_port 8790)}"
E2E_MOCK_PORT="${E2E_MOCK_PORT:-$(free_port 4300)}"
E2E_LIVE_PORT="${E2E_LIVE_PORT:-$(free_port 4301)}"
export E2E_API_PORT E2E_MOCK_PORT E2E_LIVE_PORT

# Which builds and servers the selected projects need: `--project` (a name or a pattern with "mock" or
# "live" in it) and the spec filters among the arguments. No --project: every project. The redeploy
# journey's two builds only when a live project runs and no filter leaves redeploy.spec.ts out.
projects=()
filters=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
  arg="${args[i]}"
  case "$arg" in
    --project=*) projects+=("${arg#--project=}") ;;
    --project) i=$((i + 1)); projects+=("${args[i]:-}") ;;
    # Options whose value is the next argument.
    -c | --config | -g | --grep | --grep-invert | -j | --workers | --reporter | --repeat-each | --retries | --shard | --timeout | --trace | --output | --max-failures | --tsconfig | --global-timeout) i=$((i + 1)) ;;
    --config=*) projects+=(mock live) ;; # another config (the timing sweep) names projects of its own: both modes
    -*) ;;
    *) filters+=("${arg%%:[0-9]*}") ;;
  esac
done
need_mock=0
need_live=0
if [ "${#projects[@]}" -eq 0 ]; then need_mock=1; need_live=1; fi
for project in "${projects[@]}"; do
  case "$project" in *mock*) need_mock=1 ;; esac
  case "$project" in *live*) need_live=1 ;; esac
  case "$project" in *mock* | *live*) ;; *) need_mock=1; need_live=1 ;; esac
done
need_redeploy="$need_live"
if [ "$need_live" = 1 ] && [ "${#filters[@]}" -gt 0 ]; then
  need_redeploy=0
  for filter in "${filters[@]}"; do
    if [[ "tests/e2e/redeploy.spec.ts" =~ $filter ]]; then need_redeploy=1; fi
  done
fi
# playwright.config.ts starts only the servers these need.
E2E_SERVE=""
if [ "$need_mock" = 1 ]; then E2E_SERVE="mock"; fi
if [ "$need_live" = 1 ]; then E2E_SERVE="$E2E_SERVE live"; fi
export E2E_SERVE

E2E_BUILD_ROOT="${E2E_BUILD_ROOT:-node_modules/.cache/storefront-e2e}"
export E2E_BUILD_ROOT
if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then
  echo "e2e: building for $E2E_SERVE$(if [ "$need_redeploy" = 1 ]; then echo " (and the redeploy pair)"; fi) into $E2E_BUILD_ROOT" >&2
  # The in-browser simulated backend answers at once, like the live API (API_LATENCY=0), and, like it
  # (API_AUTO_EVENTS=off in playwright.config.ts), pays an order or settles a refund only when a journey says
  # so: no journey races its clock (docs/testing.md, "Time").
  # Side by side: two cores, and each build leaves one mostly idle.
  # One build: `build <mode> [VAR=value…]` into the folder of that name (a VITE_API_MODE=… among the values
  # overrides the mode), its log kept beside it, printed whole if it fails.
  build() {
    local mode="$1"
    shift
    mkdir -p "$E2E_BUILD_ROOT"
    if ! env VITE_API_MODE="$mode" "$@" npx vite build --outDir "$E2E_BUILD_ROOT/$mode" --emptyOutDir --logLevel info >"$E2E_BUILD_ROOT/$mode.log" 2>&1; then
      cat "$E2E_BUILD_ROOT/$mode.log" >&2
      return 1
    fi
    grep -E '^prerender' "$E2E_BUILD_ROOT/$mode.log" | sed "s/^/e2e ($mode): /" >&2 || true
  }
  # The live build prerenders its public pages from a server of the /webapi contract (PRERENDER_API_URL,
  # docs/prerendering.md): the simulated backend over HTTP, started for the build alone (the journeys get a
  # fresh one from Playwright).
  if [ "$need_live" = 1 ]; then
    prerender_port="$(free_port 8791)"
    # One process (node with tsx's loader, not the npx and tsx wrappers), so that the kill below stops it.
    API_LATENCY=0 PORT="$prerender_port" node --import tsx server/api-server.ts >/dev/null 2>&1 &
    prerender_api=$!
    trap 'kill "$prerender_api" 2>/dev/null || true' EXIT
  fi
  if [ "$need_mock" = 1 ]; then
    build mock VITE_MOCK_LATENCY=0 VITE_MOCK_AUTO_EVENTS=off &
    mock_build=$!
  fi
  if [ "$need_live" = 1 ]; then
    for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$prerender_port/" && break; sleep 0.1; done
    build live PRERENDER_API_URL="http://127.0.0.1:$prerender_port"
  fi
  if [ "$need_mock" = 1 ]; then wait "$mock_build"; fi
  if [ "$need_live" = 1 ]; then
    kill "$prerender_api" 2>/dev/null || true
    trap - EXIT
  fi
  # The redeploy journey's two live builds (tests/e2e/redeploy.spec.ts): two build ids, and a build poll of
  # 1 s instead of 5 min, so that the open page hears of the second build at once. Their public pages are
  # shells (no PRERENDER_API_URL): what the journey checks is the build poll, and a shell costs less.
  if [ "$need_redeploy" = 1 ]; then
    build redeploy-1 VITE_BUILD_ID=e2e-redeploy-1 VITE_BUILD_POLL_INTERVAL=1000 VITE_API_MODE=live &
    redeploy_build=$!
    build redeploy-2 VITE_BUILD_ID=e2e-redeploy-2 VITE_BUILD_POLL_INTERVAL=1000 VITE_API_MODE=live
    wait "$redeploy_build"
  fi
  # The API server's test controls are opened by the one Playwright starts (API_MOCK_CONTROLS=on,
  # playwright.config.ts); the build's prerender server above only reads.
  # The builds' wall time, for the table in docs/testing.md ("Wall time").
  echo "e2e: builds took ${SECONDS} s" >&2
fi
if [ "${E2E_BUILD_ONLY:-}" = "1" ]; then exit 0; fi

exec npx playwright test "$@"
