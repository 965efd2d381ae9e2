#!/usr/bin/env bash
# Runs every local engine (or the ones named) in order.
# usage: infra/local/all.sh up|down|env|status [redis mongo kafka elasticsearch stripe-mock clickhouse]
#   eval "$(infra/local/all.sh env)"   # exports REDIS_URL, MONGODB_URI, KAFKA_BROKERS, ELASTICSEARCH_URL, STRIPE_MOCK_URL, CLICKHOUSE_URL
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ALL_ENGINES=(redis mongo kafka elasticsearch stripe-mock clickhouse)

usage() {
  echo "usage: $0 up|down|env|status [engine...]   engines: ${ALL_ENGINES[*]}" >&2
  exit 2
}

cmd="${1:-}"
[[ -n "$cmd" ]] || usage
shift
engines=()
for name in "$@"; do
  case "$name" in
    "") continue ;;
    redis) engines+=(redis) ;;
    mongo | mongodb) engines+=(mongo) ;;
    kafka) engines+=(kafka) ;;
    elasticsearch | es) engines+=(elasticsearch) ;;
    stripe-mock | stripe) engines+=(stripe-mock) ;;
    clickhouse | ch) engines+=(clickhouse) ;;
    *) echo "unknown engine '$name' (known: ${ALL_ENGINES[*]})" >&2; exit 2 ;;
  esac
done
((${#engines[@]})) || engines=("${ALL_ENGINES[@]}")

case "$cmd" in
  up)
    summary=()
    total_start=$(date +%s%3N)
    for e in "${engines[@]}"; do
      start=$(date +%s%3N)
      if ! "$HERE/$e.sh" up; then
        echo "[all] $e failed to come up; engines already started stay up (run: $0 down)" >&2
        exit 1
      fi
      end=$(date +%s%3N)
      summary+=("$(printf '%-14s %6.1fs' "$e" "$(awk "BEGIN{print ($end-$start)/1000}")")")
    done
    total_end=$(date +%s%3N)
    {
      echo "[all] up times:"
      printf '  %s\n' "${summary[@]}"
      printf '  %-14s %6.1fs\n' total "$(awk "BEGIN{print ($total_end-$total_start)/1000}")"
    } >&2
    ;;
  down)
    rc=0
    for ((i = ${#engines[@]} - 1; i >= 0; i--)); do
      "$HERE/${engines[i]}.sh" down || rc=1
    done
    exit "$rc"
    ;;
  env)
    for e in "${engines[@]}"; do "$HERE/$e.sh" env; done
    ;;
  status)
    rc=0
    for e in "${engines[@]}"; do "$HERE/$e.sh" status || rc=3; done
    exit "$rc"
    ;;
  *) usage ;;
esac
