#!/usr/bin/env bash
# The distributed profile on one machine: real engines from infra/local, then each service and the
# gateway as its own Node process (as docker-compose.yml does with containers). Ctrl-C stops the
# processes; `make engines-down` stops the engines.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
engines=(redis kafka mongo)
[[ -n "${WITH_ELASTICSEARCH:-}" ]] && engines+=(elasticsearch)
bash "$here/all.sh" up "${engines[@]}"
eval "$(bash "$here/all.sh" env "${engines[@]}")"
run="$here/.run/services"
mkdir -p "$run"
if [[ -z "${JWT_SECRET:-}" ]]; then
  [[ -s "$run/jwt-secret" ]] || head -c 48 /dev/urandom | base64 | tr -d '\n/+=' > "$run/jwt-secret"
  JWT_SECRET="$(cat "$run/jwt-secret")"
fi
export PROFILE=distributed JWT_SECRET DATA_DIR="${DATA_DIR:-$root/data-distributed}"
# A local run has no Stripe keys: the test-mode payment simulator is allowed unless told otherwise.
export PAYMENTS_SIMULATOR_ALLOWED="${PAYMENTS_SIMULATOR_ALLOWED:-true}"
pids=()
stop() {
  echo "stopping services..."
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait || true
}
trap stop EXIT INT TERM
for s in identity directory quotes billing analytics gateway; do
  node "$root/services/$s/dist/main.js" > "$run/$s.log" 2>&1 &
  pids+=($!)
  echo "started $s (pid $!, log $run/$s.log)"
done
url="http://127.0.0.1:${PORT:-8080}"
for _ in $(seq 1 120); do
  if curl -fsS "$url/healthz" > /dev/null 2>&1; then
    echo "LimoDirectory (distributed) is up at $url"
    break
  fi
  sleep 0.5
done
curl -fsS "$url/healthz" || { echo "not healthy; see logs in $run"; exit 1; }
echo
wait -n "${pids[@]}" || true
echo "a service exited; see $run/*.log"
