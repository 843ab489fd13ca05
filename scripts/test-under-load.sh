#!/usr/bin/env bash
# The whole test suite (unit, then end-to-end in Chromium) run while a CPU hog keeps every core busy, N times
# (default 3), as CI's often busy 2-core machines run it. Prints each run's failed tests and a summary; exits 1 if
# any run failed. A test that passes alone and fails here depends on the wall clock: give it a deterministic clock
# (src/shared/clock.ts) or a fixed step count instead (docs/architecture.md, "How it is tested").
#
#   scripts/test-under-load.sh [runs]        e.g. scripts/test-under-load.sh 3
#   HOG=node scripts/test-under-load.sh      use Node busy loops even where stress-ng is installed
#
# The hog is stress-ng (Debian's; installed if missing and apt-get can) or, failing that, one bounded Node busy
# loop per core. It is stopped when the script ends, however it ends, and cannot outlive HOG_SECONDS in any case.
set -uo pipefail
cd "$(dirname "$0")/.."

runs=${1:-3}
[[ "$runs" =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [runs]  (a whole number ≥ 1, got '$runs')" >&2; exit 2; }
cores=$(nproc)
HOG_SECONDS=${HOG_SECONDS:-7200}
logs=$(mktemp -d "${TMPDIR:-/tmp}/test-under-load.XXXXXX")

hog_pids=()
stop_hog() {
  for pid in "${hog_pids[@]}"; do kill "$pid" 2>/dev/null; done
  wait "${hog_pids[@]}" 2>/dev/null
  hog_pids=()
}
trap stop_hog EXIT
trap 'exit 130' INT TERM

start_hog() {
  if [ "${HOG:-}" != node ] && ! command -v stress-ng >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo -n"
    { $SUDO apt-get install -y -qq stress-ng || { $SUDO apt-get update -qq && $SUDO apt-get install -y -qq stress-ng; }; } \
      >/dev/null 2>&1 || true
  fi
  if [ "${HOG:-}" != node ] && command -v stress-ng >/dev/null 2>&1; then
    stress-ng --cpu "$cores" --timeout "${HOG_SECONDS}s" --quiet &
    hog_pids+=($!)
    echo "hog: stress-ng --cpu $cores"
  else
    for _ in $(seq "$cores"); do
      node -e "const end = Date.now() + ${HOG_SECONDS}e3; while (Date.now() < end) {}" &
      hog_pids+=($!)
    done
    echo "hog: $cores Node busy loops"
  fi
}

# The failed tests of a vitest log: its "FAIL file > suite > test" lines, without colours.
failures() {
  sed -e 's/\x1b\[[0-9;]*m//g' "$1" | grep -E '^ *FAIL ' | sed -e 's/^ *FAIL */  /' | sort -u
}

passed=0
start_hog
for run in $(seq "$runs"); do
  echo "=== run $run of $runs (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  ok=1
  for suite in unit e2e; do
    log="$logs/run$run-$suite.log"
    began=$(date +%s)
    if npm run "test:$suite" >"$log" 2>&1; then
      echo "  $suite: passed in $(( $(date +%s) - began )) s"
    else
      ok=0
      echo "  $suite: FAILED in $(( $(date +%s) - began )) s (log: $log)"
      list=$(failures "$log")
      if [ -n "$list" ]; then echo "$list"; else tail -n 20 "$log" | sed -e 's/^/    /'; fi
    fi
  done
  [ "$ok" -eq 1 ] && passed=$((passed + 1))
done
stop_hog

echo "=== $passed of $runs runs passed under load ($cores cores busy); logs in $logs"
[ "$passed" -eq "$runs" ]
