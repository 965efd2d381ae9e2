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
pids=()
stop() {
  echo "stopping services..."
  for p in "${pids[@]}"; do kill -TERM "$p" 2>/dev/null || true; done
  wait || true
}
trap stop EXIT INT TERM
# DIRECTORY_REPLICAS=N runs N directory processes (ports DIRECTORY_PORT, +10, +20, ...) and gives the
# gateway all of them in DIRECTORY_URL; their Kafka consumer groups share the partitions.
directory_port="${DIRECTORY_PORT:-4002}"
directory_urls=()
for ((i = 0; i < ${DIRECTORY_REPLICAS:-1}; i++)); do
  port=$((directory_port + 10 * i))
  DIRECTORY_PORT=$port node "$root/services/directory/dist/main.js" > "$run/directory-$i.log" 2>&1 &
  pids+=($!)
  directory_urls+=("http://127.0.0.1:$port")
  echo "started directory #$i on $port (pid $!, log $run/directory-$i.log)"
done
export DIRECTORY_URL="${DIRECTORY_URL:-$(IFS=,; echo "${directory_urls[*]}")}"
for s in identity quotes billing analytics gateway; do
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
