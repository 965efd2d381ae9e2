#!/usr/bin/env bash
# The distributed profile on one machine: real engines from infra/local, then each service and the
# gateway as its own Node process (as docker-compose.yml does with containers). Each process is
# supervised like compose's `restart: unless-stopped`: a crashed one is restarted with a doubling
# backoff (1 s up to 30 s, reset after a minute of uptime), the others keep running.
# Ctrl-C stops the processes; `make engines-down` stops the engines. With ENGINES=external the
# engines are not started: KAFKA_BROKERS, MONGODB_URI and REDIS_URL must already be exported.
set -euo pipefail
# Started in the background by a non-interactive shell (`make start-distributed &`), bash begins with
# SIGINT ignored and may not trap it: Ctrl-C or SIGINT to the process group then reached only the
# services, which the supervisors restarted. Started again with SIGINT at its default, the trap below
# stops the stack (GNU env; elsewhere it runs as before).
if [[ -z "${LIMO_SIGINT_RESET:-}" ]] && env --default-signal=INT true 2> /dev/null; then
  export LIMO_SIGINT_RESET=1
  exec env --default-signal=INT bash "${BASH_SOURCE[0]}" "$@"
fi
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [[ "${ENGINES:-}" != external ]]; then
  engines=(redis kafka mongo)
  [[ -n "${WITH_ELASTICSEARCH:-}" ]] && engines+=(elasticsearch)
  bash "$here/all.sh" up "${engines[@]}"
  eval "$(bash "$here/all.sh" env "${engines[@]}")"
fi
run="${RUN_DIR:-$here/.run/services}"
mkdir -p "$run"
if [[ -z "${JWT_SECRET:-}" ]]; then
  [[ -s "$run/jwt-secret" ]] || head -c 48 /dev/urandom | base64 | tr -d '\n/+=' > "$run/jwt-secret"
  JWT_SECRET="$(cat "$run/jwt-secret")"
fi
export PROFILE=distributed JWT_SECRET DATA_DIR="${DATA_DIR:-$root/data-distributed}"
# A local run has no Stripe keys: the test-mode payment simulator is allowed unless told otherwise.
export PAYMENTS_SIMULATOR_ALLOWED="${PAYMENTS_SIMULATOR_ALLOWED:-true}"
# Demo companies with reviews in an empty directory, as `make start` has (SEED_DEMO_DATA=false: none).
export SEED_DEMO_DATA="${SEED_DEMO_DATA:-true}"
rm -f "$run/stopping"

# Runs one process for good: restarts it whenever it exits, until the script is stopped.
# usage: supervise NAME SERVICE [VAR=value...]   (NAME names its log and pid files)
supervise() {
  local s=$1 svc=$2 delay=1 started code child
  shift 2
  trap '' INT
  while true; do
    started=$SECONDS
    # KAFKA_INSTANCE_ID: the same name on every restart, so Kafka hands the process its partitions
    # back at once (static membership) instead of after its dead self's 10 s session.
    env KAFKA_INSTANCE_ID="${KAFKA_NAMESPACE:-}$s" "$@" node "$root/services/$svc/dist/main.js" >> "$run/$s.log" 2>&1 &
    child=$!
    echo "$child" > "$run/$s.pid"
    code=0
    wait "$child" || code=$?
    [[ -f "$run/stopping" ]] && return 0
    (( SECONDS - started >= 60 )) && delay=1
    echo "$(date -u +%FT%TZ) $s (pid $child) exited with $code: restarting in ${delay}s" | tee -a "$run/$s.log" "$run/supervisor.log" >&2
    sleep "$delay"
    # A signal to the whole group stops the process before the script has marked the stop.
    [[ -f "$run/stopping" ]] && return 0
    delay=$(( delay < 30 ? delay * 2 : 30 ))
  done
}

supervisors=()
instances=()
stop() {
  trap - EXIT INT TERM
  echo "stopping services..."
  touch "$run/stopping"
  for s in "${instances[@]}"; do
    [[ -s "$run/$s.pid" ]] && kill -TERM "$(cat "$run/$s.pid")" 2>/dev/null || true
  done
  wait "${supervisors[@]}" 2>/dev/null || true
}
trap stop EXIT INT TERM
# DIRECTORY_REPLICAS=N runs N directory processes (ports DIRECTORY_PORT, +10, +20, ...) and gives the
# gateway all of them in DIRECTORY_URL; their Kafka consumer groups share the partitions.
directory_port="${DIRECTORY_PORT:-4002}"
directory_urls=()
# Each process its own /metrics on loopback: METRICS_PORT (9464) for the gateway, the next ports for
# identity, quotes, billing, analytics, then one per directory replica.
metrics_port="${METRICS_PORT:-9464}"
for ((i = 0; i < ${DIRECTORY_REPLICAS:-1}; i++)); do
  port=$((directory_port + 10 * i))
  instances+=("directory-$i")
  supervise "directory-$i" directory "DIRECTORY_PORT=$port" "METRICS_PORT=$((metrics_port + 5 + i))" &
  supervisors+=($!)
  directory_urls+=("http://127.0.0.1:$port")
  echo "started directory #$i on $port (supervisor pid $!, log $run/directory-$i.log)"
done
export DIRECTORY_URL="${DIRECTORY_URL:-$(IFS=,; echo "${directory_urls[*]}")}"
offset=1
for s in identity quotes billing analytics gateway; do
  instances+=("$s")
  if [[ $s == gateway ]]; then port=$metrics_port; else port=$((metrics_port + offset)); offset=$((offset + 1)); fi
  supervise "$s" "$s" "METRICS_PORT=$port" &
  supervisors+=($!)
  echo "started $s (supervisor pid $!, log $run/$s.log)"
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
wait "${supervisors[@]}"
