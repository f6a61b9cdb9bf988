#!/usr/bin/env bash
# A throwaway PostgreSQL for tests: installs Debian's postgresql when missing, starts a private cluster on a free
# loopback port (as the postgres user when run as root), creates a database and prints its DATABASE_URL on stdout.
#
#   DATABASE_URL=$(tools/ci/postgres.sh)            # start; progress and the stop command go to stderr
#   TEST_DATABASE_URL=$DATABASE_URL npx vitest run runtime/leads
#   tools/ci/postgres.sh stop /tmp/pg-ci.XXXXXX     # stop it and delete its files
set -euo pipefail

say() { echo "postgres.sh: $*" >&2; }

as_pg() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

pg_bin() {
  ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1
}

if [ "${1:-}" = stop ]; then
  dir="${2:?usage: postgres.sh stop DIR}"
  case "$dir" in /tmp/pg-ci.*) ;; *) say "refusing to touch $dir (not a /tmp/pg-ci.* directory)"; exit 2 ;; esac
  bin="$(pg_bin)"
  as_pg "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >&2 || true
  rm -rf "$dir"
  say "stopped and removed $dir"
  exit 0
fi

if [ -z "$(pg_bin)" ]; then
  say "installing Debian's postgresql (needs root)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi
bin="$(pg_bin)"
[ -x "$bin/initdb" ] || { say "no initdb under $bin"; exit 1; }

if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then
  useradd --system --home-dir /var/lib/postgresql --shell /bin/bash postgres
fi

# A free loopback port: ask the kernel for one.
port="${PGCI_PORT:-$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")}"

dir="$(mktemp -d /tmp/pg-ci.XXXXXX)"
chmod 755 "$dir"
[ "$(id -u)" = 0 ] && chown postgres "$dir"
as_pg "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --no-locale >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; exit 1; }
as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >&2 || { cat "$dir/server.log" >&2; exit 1; }
as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres leads_test

say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port (files in $dir)"
say "stop it with: tools/ci/postgres.sh stop $dir"
echo "postgres://postgres@127.0.0.1:$port/leads_test"
