#!/usr/bin/env bash
# Puts a build in place on the server (docs/deploy.md, "3. Publish a build"):
#
#   deploy/publish.sh <build folder> [site folder]      # site folder: /srv/storefront by default
#
# 1. copies the build to <site>/releases/<build id>/ (the id from its builds/latest.json);
# 2. copies in the hashed assets and build metadata of the release in use (its own, not those it carried
#    from the one before), without replacing any: pages still open on that build load their lazy chunks
#    from the new release until they reload;
# 3. switches <site>/current (nginx's root) to the new release in one rename: no request sees half of each;
# 4. reloads nginx, which reads the new release's _nginx/*.conf (routes, CSP): STOREFRONT_RELOAD, by default
#    `systemctl reload nginx`;
# 5. keeps the newest STOREFRONT_KEEP releases (default 3) and removes older ones.
#
# Open pages notice the new build by its builds/latest.json within VITE_BUILD_POLL_INTERVAL and load it at
# their next navigation (never during a payment).
set -euo pipefail
build="${1:?usage: deploy/publish.sh <build folder> [site folder]}"
site="${2:-/srv/storefront}"
keep="${STOREFRONT_KEEP:-3}"
reload="${STOREFRONT_RELOAD:-systemctl reload nginx}"

[ -f "$build/builds/latest.json" ] || { echo "publish: $build has no builds/latest.json: not a storefront build" >&2; exit 1; }
[ -d "$build/_nginx" ] || { echo "publish: $build has no _nginx/: build it again with this version's scripts" >&2; exit 1; }
id="$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' "$build/builds/latest.json")"
[ -n "$id" ] || { echo "publish: no build id in $build/builds/latest.json" >&2; exit 1; }

mkdir -p "$site/releases"
release="$site/releases/$id"
[ -e "$release" ] && { echo "publish: $release exists already (build $id was published)" >&2; exit 1; }
staging="$site/releases/.$id.partial"
rm -rf "$staging"
cp -a "$build/." "$staging"
# The build's own assets, listed outside the served folder for the next publish.
(cd "$build/assets" && ls -1) >"$site/releases/$id.assets"
if [ -L "$site/current" ]; then
  previous="$(readlink "$site/current")"
  previous_id="${previous#releases/}"
  while IFS= read -r file; do
    [ -e "$staging/assets/$file" ] || cp -a "$site/current/assets/$file" "$staging/assets/$file"
  done <"$site/releases/$previous_id.assets"
  cp -a -n "$site/current/builds/meta/." "$staging/builds/meta/"
fi
mv "$staging" "$release"

ln -sfn "releases/$id" "$site/current.next"
mv -T "$site/current.next" "$site/current"
echo "publish: $site/current is build $id"
sh -c "$reload"

# Oldest first; the new release is the newest, so it always stays.
mapfile -t releases < <(ls -1dtr "$site/releases"/*/ 2>/dev/null)
while [ "${#releases[@]}" -gt "$keep" ]; do
  rm -rf "${releases[0]}" "${releases[0]%/}.assets"
  releases=("${releases[@]:1}")
done
