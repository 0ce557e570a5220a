#!/usr/bin/env bash
# Golden captures from scratch: a production build of the app (or the one already there, with
# --reuse-build), then for each capture a fresh PostgreSQL database, migrated and seeded, `next
# start`, the capture, and everything stopped and dropped again.
#
#   scripts/golden/run.sh [--app <checkout>] [--port 3411] [--reuse-build] [--screens <dir>] [<out.json>]
#
# <out.json>: the API and page capture (capture.ts). --screens: screenshots (screens.ts), taken on
# a database of their own so that neither capture sees the other's visits or writes.
# --app: the checkout whose app is captured (default: the one holding this script). The capture
# itself always runs from this script's checkout, so two checkouts are measured by the same tool.
set -euo pipefail

TOOL_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
APP_DIR=$TOOL_DIR
PORT=3411
REUSE_BUILD=0
OUT=""
SCREENS=""
while [ $# -gt 0 ]; do
  case "$1" in
    --app) APP_DIR=$(cd "$2" && pwd); shift 2 ;;
    --port) PORT=$2; shift 2 ;;
    --reuse-build) REUSE_BUILD=1; shift ;;
    --screens) SCREENS=$2; shift 2 ;;
    -h | --help) sed -n 2,13p "$0"; exit 0 ;;
    -*) echo "unknown option $1" >&2; exit 2 ;;
    *) OUT=$1; shift ;;
  esac
done
[ -n "$OUT$SCREENS" ] || { echo "usage: scripts/golden/run.sh [--app DIR] [--port N] [--reuse-build] [--screens DIR] [<out.json>]" >&2; exit 2; }
case "$OUT" in /* | "") ;; *) OUT="$PWD/$OUT" ;; esac
case "$SCREENS" in /* | "") ;; *) SCREENS="$PWD/$SCREENS" ;; esac

PG="-h 127.0.0.1 -U postgres"
DB="agora_golden_${PORT}"
DATA_DIR=$(mktemp -d "/tmp/agora-golden-${PORT}.XXXXXX")
LOG="$DATA_DIR/server.log"
SERVER_PID=""

# Everything the app reads, pinned: no Redis, no replica, no S3, a fixed secret (referral
# signatures) and instance name, the origin on the port, and budgets no capture can spend.
unset REDIS_URL DATABASE_REPLICA_URL DATABASE_DIRECT_URL AGORA_S3_BUCKET AGORA_RPC_URLS AGORA_CORS_ORIGINS
export DATABASE_URL="postgresql://postgres@127.0.0.1:5432/${DB}"
export AGORA_DATA_DIR="$DATA_DIR/data"
export AGORA_PUBLIC_URL="http://127.0.0.1:${PORT}"
export AGORA_SECRET="golden-capture-secret-not-for-production-0123456789"
export AGORA_INSTANCE_ID="golden"
export PORT LOG_LEVEL=warn
for budget in AGORA_RATE_LIMIT_PER_MINUTE AGORA_RATE_LIMIT_WRITES_PER_MINUTE AGORA_RATE_LIMIT_SIGN_IN_PER_MINUTE \
  AGORA_RATE_LIMIT_BAD_KEYS_PER_MINUTE AGORA_RATE_LIMIT_PAGES_PER_MINUTE AGORA_PURSE_REGISTER_PER_MINUTE; do
  export "$budget=100000"
done

stop_server() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.25; done
    kill -KILL "$SERVER_PID" 2>/dev/null || true
  fi
  SERVER_PID=""
  dropdb $PG --if-exists "$DB" 2>/dev/null || true
}

cleanup() {
  local status=$?
  stop_server
  if [ $status -ne 0 ] && [ -f "$LOG" ]; then echo "--- server log (last 40 lines) ---" >&2; tail -40 "$LOG" >&2; fi
  rm -rf "$DATA_DIR"
  exit $status
}
trap cleanup EXIT INT TERM

if (echo >"/dev/tcp/127.0.0.1/$PORT") 2>/dev/null; then echo "port $PORT is in use; pass --port" >&2; exit 1; fi

cd "$APP_DIR"
dropdb $PG --if-exists "$DB" 2>/dev/null
if [ "$REUSE_BUILD" = 1 ] && [ -f .next/BUILD_ID ]; then
  echo "reusing the build in $APP_DIR/.next"
else
  echo "building $APP_DIR"
  npm run --silent build >"$DATA_DIR/build.log" 2>&1 || { tail -40 "$DATA_DIR/build.log" >&2; exit 1; }
fi

# A new database and upload store, the demo data, a key, and the server on them. The seed dates its
# posts relative to now; the build came first, so the capture follows the seed closely.
start_fresh() {
  stop_server
  rm -rf "$AGORA_DATA_DIR"
  (
    cd "$APP_DIR"
    createdb $PG "$DB"
    npm run --silent db:migrate >/dev/null
    npm run --silent db:seed >/dev/null
  )
  API_KEY=$(cd "$APP_DIR" && npm run --silent apikey -- create "golden capture" | tail -1)
  # What `npm start` runs, started directly so that its process id is the server's.
  (cd "$APP_DIR" && exec env NODE_ENV=production node --max-old-space-size="${AGORA_HEAP_MB:-256}" node_modules/next/dist/bin/next start -p "$PORT" -H 127.0.0.1) >"$LOG" 2>&1 &
  SERVER_PID=$!
  for _ in $(seq 1 240); do
    if curl -sf "$AGORA_PUBLIC_URL/api/health" >/dev/null; then return 0; fi
    kill -0 "$SERVER_PID" 2>/dev/null || { echo "the server exited" >&2; exit 1; }
    sleep 0.5
  done
  echo "the server did not become ready" >&2
  exit 1
}

cd "$TOOL_DIR"
if [ -n "$OUT" ]; then
  start_fresh
  npx tsx --conditions=react-server scripts/golden/capture.ts --base-url "$AGORA_PUBLIC_URL" --api-key "$API_KEY" --out "$OUT"
fi
if [ -n "$SCREENS" ]; then
  start_fresh
  npx tsx scripts/golden/screens.ts capture --base-url "$AGORA_PUBLIC_URL" --out "$SCREENS"
fi
