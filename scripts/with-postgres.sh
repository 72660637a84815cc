#!/usr/bin/env bash
# Runs a command against a private, throw-away PostgreSQL cluster:
#   scripts/with-postgres.sh pnpm --filter @life-admin/api test
# It creates a cluster in a temporary directory, starts it on a free loopback port, runs the
# command with TEST_DATABASE_URL (and PG_TEST_PORT) set, and always stops and removes the
# cluster, whatever the command does. Needs PostgreSQL's server binaries (Debian: apt-get install
# postgresql); PG_BIN overrides where they are. The system's own cluster is never touched.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 <command> [args...]" >&2
  exit 2
fi

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "PostgreSQL server binaries not found (set PG_BIN, or apt-get install postgresql)" >&2
  exit 2
fi

# initdb refuses to run as root: as root, the cluster belongs to the postgres user.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

dir=$(mktemp -d "${TMPDIR:-/tmp}/life-admin-pg.XXXXXX")
chmod 755 "$dir"
if [ "$(id -u)" -eq 0 ]; then chown postgres: "$dir"; fi

started=0
cleanup() {
  if [ "$started" -eq 1 ]; then
    as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# A free loopback port: the kernel picks one, we release it, PostgreSQL takes it.
port=$(node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')

as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}
# A test cluster: durability off for speed; loopback only; the socket in our own directory.
as_owner "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 start \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  >/dev/null || {
  cat "$dir/server.log" >&2
  exit 1
}
started=1

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export PG_TEST_PORT="$port"
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2
set +e
"$@"
status=$?
set -e
exit "$status"
