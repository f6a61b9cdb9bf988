#!/usr/bin/env bash
# Installs everything the tests need (npm packages, Debian's Chromium) and runs every test suite.
# Prints each step, then a last line "N passed, N failed". Exits non-zero when anything failed.
set -uo pipefail
cd "$(dirname "$0")/.."
export CI="${CI:-}"
reports="$(mktemp -d)"
passed=0
failed=0

# Each step prints the seconds since the start, so a slow CI shows where its time went.
step() { printf '\n==> %s  [%d s]\n' "$*" "$SECONDS"; }
# Adds a suite's counts to the totals; a suite that left no counts is one failure.
add_counts() { # name, then "passed failed" (empty when the suite printed none)
  local name="$1" counts="$2"
  if [ -n "$counts" ]; then
    read -r p f <<<"$counts"
    passed=$((passed + p)); failed=$((failed + f))
  else
    failed=$((failed + 1)); echo "FAILED: $name left no result"; echo "$name left no result" >>"$reports/checks.txt"
  fi
}
last_line_counts() { tail -n 1 "$1" | sed -n 's/^\([0-9]*\) passed, \([0-9]*\) failed$/\1 \2/p'; }
playwright_counts() { [ -f "$1" ] && node -e 'const s=require(process.argv[1]).stats;console.log(s.expected + s.flaky, s.unexpected)' "$1"; }
check() { # a named check that counts as one test
  local name="$1"; shift
  step "$name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; echo "$name" >>"$reports/checks.txt"; fi
}

# Debian's Chromium (the full browser for the benches, its headless shell for the browser tests), xmllint
# (libxml2-utils) to validate ADF lead XML against its DTD, nginx for the cluster test and the deployment recipe,
# docker-compose to validate the recipe's compose file. Installed in the background while npm installs (a clean machine
# spends minutes on each).
apt_log="$reports/apt.log"
apt_pid=""
if [ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || [ ! -x /usr/bin/chromium-headless-shell ] || ! command -v xmllint >/dev/null || [ ! -x /usr/sbin/nginx ] || ! command -v docker-compose >/dev/null; then
  step "Installing Debian's Chromium and its headless shell, xmllint, nginx and docker-compose (in the background)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  ( $SUDO apt-get update -qq && $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell libxml2-utils nginx-light docker-compose ) >"$apt_log" 2>&1 &
  apt_pid=$!
fi

step "Installing npm packages"
# npm install, not npm ci: npm 11 here writes lock files without other platforms' optional packages, which npm ci refuses.
npm install --no-audit --no-fund --loglevel=error || { echo "npm install failed"; echo "0 passed, 1 failed"; exit 1; }

# Node 22 and 24 LTS for their unit tests at the end (tools/ci/node-versions.sh): each fetched and its better-sqlite3
# compiled now, in the background (minutes of a core each). TEST_NODE_VERSIONS="" skips them.
node_versions="${TEST_NODE_VERSIONS-22 24}"
node_versions_log="$reports/node-versions-prepare.log"
node_versions_pid=""
if [ -n "$node_versions" ]; then
  # shellcheck disable=SC2086 # a list of versions
  bash tools/ci/node-versions.sh --prepare $node_versions >"$node_versions_log" 2>&1 &
  node_versions_pid=$!
fi

if [ -n "$apt_pid" ] && ! wait "$apt_pid"; then
  cat "$apt_log"; echo "could not install chromium, chromium-headless-shell, libxml2-utils, nginx-light and docker-compose"; echo "0 passed, 1 failed"; exit 1
fi

# The static checks at the same time (tsc, knip and the layer check each use one core), their output printed in order.
static_checks() { # "name|command" ...
  local i pids=() logs=() names=() started=$SECONDS
  step "Static checks, at the same time"
  for i in "$@"; do
    names+=("${i%%|*}"); logs+=("$reports/static-${#logs[@]}.log")
    bash -c "${i#*|}" >"${logs[-1]}" 2>&1 &
    pids+=($!)
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then status="passed"; passed=$((passed + 1)); else status="FAILED"; failed=$((failed + 1)); echo "${names[$i]}" >>"$reports/checks.txt"; fi
    printf '\n--> %s: %s\n' "${names[$i]}" "$status"
    cat "${logs[$i]}"
  done
  echo "static checks took $((SECONDS - started)) s"
}
# Lint warnings fail too, and so does an unformatted file. Imports follow the layers in docs/architecture.md#layers,
# with no cycles.
static_checks \
  "Generated schema and types are up to date|npx tsx tools/build-schema.ts --check" \
  "Type check (tsc --noEmit)|npx tsc --noEmit -p ." \
  "Tenant documents validate (npm run validate)|npx tsx tools/validate.ts" \
  "Lint and formatting (npm run lint: biome ci --error-on-warnings)|npx biome ci --error-on-warnings" \
  "Unused files and dependencies (npm run knip)|npx knip --no-progress" \
  "Layers and cycles (npm run check:layers)|npm run --silent check:layers"

step "Starting a throwaway PostgreSQL for the lead storage suite"
pg_log="$reports/postgres.log"
if TEST_DATABASE_URL="$(bash tools/ci/postgres.sh 2>"$pg_log")"; then
  export TEST_DATABASE_URL
  pg_dir="$(sed -n 's/.*stop it with: tools\/ci\/postgres.sh stop //p' "$pg_log")"
  trap '[ -n "${pg_dir:-}" ] && bash tools/ci/postgres.sh stop "$pg_dir" 2>/dev/null' EXIT
  echo "TEST_DATABASE_URL=$TEST_DATABASE_URL"
else
  cat "$pg_log"
  failed=$((failed + 1)); echo "FAILED: could not start PostgreSQL (the PostgreSQL storage tests will be skipped)"
fi

step "Unit tests (vitest)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest.json"
add_counts "vitest" "$([ -f "$reports/vitest.json" ] && node -e 'const r=require(process.argv[1]);console.log(r.numPassedTests, r.numFailedTests + (r.numFailedTestSuites||0))' "$reports/vitest.json")"

step "Attack suite (npm run test:security)"
# Its last line is "N passed, N failed": those counts add to the totals; no such line counts as one failure.
security_log="$reports/security.log"
npx tsx tools/security/run.ts 2>&1 | tee "$security_log"
add_counts "the attack suite" "$(last_line_counts "$security_log")"

step "Production build"
if npx vite build --logLevel warn && npx vite build --ssr runtime/server/main.ts --logLevel warn; then
  step "End-to-end tests (Playwright, Chromium)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/e2e.json" npx playwright test --reporter=list,json
  add_counts "playwright" "$(playwright_counts "$reports/e2e.json")"
  # The script budget (issue 17): at most 100 KB of compressed script and 25 script requests on the first load of the
  # home, search and vehicle pages of every demo site. Bytes and requests, not time: the same on any machine.
  check "Script budget (npm run bench:weight -- --tenant all)" npx tsx tools/bench/weight.ts --tenant all
  check "Deployment recipe (npm run check:deploy: Dockerfile rules, compose config, nginx -t, the bundle's dependencies)" npx tsx tools/deploy/check.ts
  step "Cluster test (npm run test:cluster: three processes on PostgreSQL behind the recipe's nginx, 1,000 more sites)"
  # Its last line is "N passed, N failed", like the attack suite's. The 1,000 copies of a demo site are served from
  # PostgreSQL by every process (about 40 s more than the demo sites alone).
  cluster_log="$reports/cluster.log"
  npx tsx tools/cluster/run.ts --tenants "${CLUSTER_TENANTS:-1000}" 2>&1 | tee "$cluster_log"
  add_counts "the cluster test" "$(last_line_counts "$cluster_log")"
  step "Accessibility (npm run test:a11y: axe on every page type of every demo site and the editor)"
  PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/a11y.json" npx playwright test -c playwright.a11y.config.ts --reporter=list,json
  add_counts "the accessibility suite" "$(playwright_counts "$reports/a11y.json")"
else
  failed=$((failed + 1)); echo "FAILED: production build"
fi

# The unit tests on Node 22 and 24 LTS as well (each Node from the npm registry, better-sqlite3 built for it above).
node_versions_tests() {
  # The preparation's failures (a Node that could not be fetched or built) show here; the run below retries them.
  wait "$node_versions_pid" || cat "$node_versions_log"
  # shellcheck disable=SC2086 # a list of versions
  bash tools/ci/node-versions.sh $node_versions
}
if [ -n "$node_versions" ]; then
  check "Unit tests on Node ${node_versions// / and } (tools/ci/node-versions.sh)" node_versions_tests
fi

node tools/ci/failures.mjs "$reports"
echo
echo "finished after $SECONDS s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
