#!/usr/bin/env bash
# Real-browser journeys (docs/e2e.md): Debian's Chromium — never a downloaded
# browser — against production builds in mock and live mode.
#
#   npm run test:e2e                        # every project
#   npm run test:e2e -- --project=mock-desktop tests/e2e/purchase.spec.ts
#   E2E_SKIP_BUILD=1 npm run test:e2e       # reuse the last builds
#   E2E_SCREENSHOTS=1 npm run test:e2e -- --grep @screens   # refresh docs/screens/*.png
#
# Playwright starts and stops the servers itself (playwright.config.ts):
# the API on E2E_API_PORT (8790), the mock preview on E2E_MOCK_PORT (4300) and
# nginx with the live build on E2E_LIVE_PORT (4301). A default that is taken is
# replaced by a free port.
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

CHROMIUM="${E2E_CHROMIUM:-/usr/bin/chromium}"
# What the browser and the screenshots need from Debian: Chromium itself and CJK fonts for the Chinese
# text (the icons are SVG, src/shared/styles.css); and nginx, the live journeys' server (docs/deploy.md).
# Installed when missing and run as root.
missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
fc-list :lang=zh 2>/dev/null | grep -q . || missing+=(fonts-noto-cjk)
has_nginx() { [ -n "${NGINX:-}" ] && [ -x "$NGINX" ] || [ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1; }
has_nginx || missing+=(nginx)
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "e2e: installing ${missing[*]} (Debian packages)" >&2
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
  elif [ ! -x "$CHROMIUM" ]; then
    echo "e2e: $CHROMIUM is missing. Install Debian's chromium and fonts-noto-cjk (as root: apt-get install -y chromium fonts-noto-cjk) or set E2E_CHROMIUM." >&2
    exit 1
  elif ! has_nginx; then
    echo "e2e: nginx is missing: the live journeys are served by Debian's nginx package (as root: apt-get install -y nginx), or set NGINX to its path." >&2
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

E2E_BUILD_ROOT="${E2E_BUILD_ROOT:-node_modules/.cache/storefront-e2e}"
export E2E_BUILD_ROOT
if [ "${E2E_SKIP_BUILD:-}" != "1" ]; then
  echo "e2e: building the mock and live production builds into $E2E_BUILD_ROOT" >&2
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
  prerender_port="$(free_port 8791)"
  # One process (node with tsx's loader, not the npx and tsx wrappers), so that the kill below stops it.
  API_LATENCY=0 PORT="$prerender_port" node --import tsx server/api-server.ts >/dev/null 2>&1 &
  prerender_api=$!
  trap 'kill "$prerender_api" 2>/dev/null || true' EXIT
  build mock VITE_MOCK_LATENCY=0 VITE_MOCK_AUTO_EVENTS=off &
  mock_build=$!
  for _ in $(seq 1 100); do curl -s -o /dev/null "http://127.0.0.1:$prerender_port/" && break; sleep 0.1; done
  build live PRERENDER_API_URL="http://127.0.0.1:$prerender_port"
  wait "$mock_build"
  kill "$prerender_api" 2>/dev/null || true
  trap - EXIT
  # The redeploy journey's two live builds (tests/e2e/redeploy.spec.ts): two build ids, and a build poll of
  # 1 s instead of 5 min, so that the open page hears of the second build at once. Their public pages are
  # shells (no PRERENDER_API_URL): what the journey checks is the build poll, and a shell costs less.
  build redeploy-1 VITE_BUILD_ID=e2e-redeploy-1 VITE_BUILD_POLL_INTERVAL=1000 VITE_API_MODE=live &
  redeploy_build=$!
  build redeploy-2 VITE_BUILD_ID=e2e-redeploy-2 VITE_BUILD_POLL_INTERVAL=1000 VITE_API_MODE=live
  wait "$redeploy_build"
  # The API server's test controls are opened by the one Playwright starts (API_MOCK_CONTROLS=on,
  # playwright.config.ts); the build's prerender server above only reads.
fi

exec npx playwright test "$@"
