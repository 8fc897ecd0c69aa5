#!/usr/bin/env bash
# Sourced by scripts/test.sh: makes `npm test` find or prepare what it needs on a machine of our kind,
# or say exactly what is missing. Sets TEST_BACKENDS (pglite only when there is no Postgres at all),
# CHROMIUM_PATH, and NO_POSTGRES / NO_CHROMIUM for the summary.

NO_POSTGRES=""
NO_CHROMIUM=""

pg_url="${TEST_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pg_host=$(printf '%s' "$pg_url" | sed -E 's#^[a-z]+://([^@/]*@)?([^:/]+).*#\2#')
pg_port=$(printf '%s' "$pg_url" | sed -nE 's#^[a-z]+://([^@/]*@)?[^:/]+:([0-9]+).*#\2#p')
pg_port=${pg_port:-5432}

postgres_up() { command -v pg_isready >/dev/null 2>&1 && pg_isready -h "$pg_host" -p "$pg_port" -q; }

if [ "${TEST_BACKENDS:-}" != "pglite" ] && ! postgres_up; then
  # Installed but stopped (Debian's cluster layout): start it, as .ci/run did.
  if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ] && [ -n "$(ls /etc/postgresql 2>/dev/null)" ]; then
    echo "test-env: starting the local Postgres cluster"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start 2>&1 || true
    for _ in $(seq 1 30); do postgres_up && break; sleep 1; done
  fi
  if ! postgres_up; then
    NO_POSTGRES="no Postgres answers at ${pg_host}:${pg_port} (TEST_PG_URL) and none could be started"
    export TEST_BACKENDS=pglite
    echo "!!! test-env: ${NO_POSTGRES}: the suites run on PGlite only; THE POSTGRES HALF DOES NOT RUN !!!"
  fi
fi

find_chromium() {
  local c
  for c in "${CHROMIUM_PATH:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome /usr/bin/google-chrome-stable; do
    [ -n "$c" ] && [ -x "$c" ] && { echo "$c"; return 0; }
  done
  for c in "$HOME"/.cache/ms-playwright/chromium-*/chrome-linux*/chrome; do
    [ -x "$c" ] && { echo "$c"; return 0; }
  done
  return 1
}

if [ "$#" -eq 0 ] && [ "${SKIP_E2E:-0}" != "1" ]; then
  if ! chromium=$(find_chromium); then
    # Debian as root: install Debian's Chromium, as .ci/run did.
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "test-env: installing Debian's chromium for the browser tests"
      DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    fi
    chromium=$(find_chromium) || chromium=""
  fi
  if [ -n "$chromium" ]; then
    export CHROMIUM_PATH="$chromium"
  else
    NO_CHROMIUM="no Chromium found (CHROMIUM_PATH, /usr/bin/chromium, Google Chrome, ~/.cache/ms-playwright) and none could be installed (apt-get as root)"
    echo "!!! test-env: ${NO_CHROMIUM}: THE BROWSER TESTS CANNOT RUN !!!"
  fi
fi
