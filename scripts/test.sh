#!/usr/bin/env bash
# `npm test`: the bun test suites (each on PGlite and on Postgres), then the PWA build and the browser tests
# (e2e/*.e2e.ts in Debian Chromium), then a one-line summary over both runs that CI reads.
# With arguments (`npm test -- server/routes`) only the unit run happens; SKIP_E2E=1 skips the browser part too.
set -uo pipefail
cd "$(dirname "$0")/.."
BUN=./node_modules/.bin/bun
VITE=./node_modules/.bin/vite
unit_log=$(mktemp)
e2e_log=$(mktemp)
trap 'rm -f "$unit_log" "$e2e_log"' EXIT

# Postgres started (or the PGlite-only run announced), Chromium found or installed (or its absence said).
# shellcheck source=scripts/test-env.sh
source scripts/test-env.sh "$@"

# Scratch databases left by an interrupted earlier run.
if [ -z "$NO_POSTGRES" ]; then "$BUN" scripts/drop-test-databases.ts || true; fi

"$BUN" test --timeout 30000 "$@" 2>&1 | tee "$unit_log"
status=${PIPESTATUS[0]}

count() { grep -Eo "^ *[0-9]+ $1\$" "$2" | tail -1 | grep -Eo '[0-9]+' || echo 0; }

passed=$(count pass "$unit_log")
failed=$(count fail "$unit_log")
if [ "$status" -ne 0 ] && [ "$failed" -eq 0 ]; then failed=1; fi

if [ "$#" -eq 0 ] && [ "${SKIP_E2E:-0}" != "1" ]; then
  if [ -n "$NO_CHROMIUM" ]; then
    echo "$NO_CHROMIUM: the browser tests did not run"
    e2e_status=1 e2e_passed=0 e2e_failed=1
  elif "$VITE" build --config client/vite.config.ts --logLevel warn; then
    "$BUN" test --timeout 60000 ./e2e/*.e2e.ts 2>&1 | tee "$e2e_log"
    e2e_status=${PIPESTATUS[0]}
    e2e_passed=$(count pass "$e2e_log")
    e2e_failed=$(count fail "$e2e_log")
    if [ "$e2e_status" -ne 0 ] && [ "$e2e_failed" -eq 0 ]; then e2e_failed=1; fi
  else
    echo "vite build failed: the browser tests did not run"
    e2e_status=1 e2e_passed=0 e2e_failed=1
  fi
  passed=$((passed + e2e_passed))
  failed=$((failed + e2e_failed))
  if [ "$e2e_status" -ne 0 ]; then status=1; fi
fi

# Never a silent pass: a run without Postgres says so on its last lines too.
if [ -n "$NO_POSTGRES" ]; then echo "!!! ${NO_POSTGRES}: only the PGlite half ran; the Postgres half DID NOT RUN !!!"; fi
echo "${passed} passed, ${failed} failed"
exit "$status"
