#!/usr/bin/env bash
# The distributed stack's fault table on this machine (issue 23): starts it on the running engines
# (two directory replicas, Elasticsearch and the ClickHouse server), lets it settle, prints each
# process's CPU and memory at rest over a minute, then kills each process with kill -9 in turn while a
# client searches through the gateway ten times a second, and prints how long each took to answer its
# /healthz again and how many searches failed meanwhile. Acknowledged writes lost and mails sent twice
# under the same kills are asserted by packages/embedded/test/crash-distributed.int.test.ts.
# usage: bash infra/local/all.sh up redis kafka mongo elasticsearch clickhouse
#        bash infra/local/fault-table.sh            (SETTLE=seconds before measuring, default 60)
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"
eval "$(bash "$here/node.sh" env)"
eval "$(bash "$here/all.sh" env redis kafka mongo elasticsearch clickhouse)"
export KAFKA_BROKERS MONGODB_URI REDIS_URL ELASTICSEARCH_URL CLICKHOUSE_URL
work="$here/.run/fault-table"
run="$work/services"
rm -rf "$work"
mkdir -p "$run"
export RUN_DIR="$run" DATA_DIR="$work/data" ENGINES=external DIRECTORY_REPLICAS=2
setsid bash "$here/run-distributed.sh" > "$work/stack.log" 2>&1 &
stack=$!
trap 'touch "$work/stop"; kill -TERM -- -"$stack" 2> /dev/null; wait "$stack" 2> /dev/null' EXIT
for _ in $(seq 1 240); do curl -fsS http://127.0.0.1:8080/healthz > /dev/null 2>&1 && break; sleep 0.5; done
curl -fsS -o /dev/null http://127.0.0.1:8080/healthz || { echo "the stack did not start: see $work"; exit 1; }
sleep "${SETTLE:-60}"

hz=$(getconf CLK_TCK)
declare -A pids before
for f in "$run"/*.pid; do pids[$(basename "$f" .pid)]=$(cat "$f"); done
while read -r name _ _ pid _; do
  [[ $name == stripe-mock: ]] || pids[${name%:}]=${pid%)}
done < <(bash "$here/all.sh" status | sed 's/(pid /x /')
es=$(pgrep -f 'org.elasticsearch.bootstrap.Elasticsearch' | head -1)
[[ -n $es ]] && pids[elasticsearch]=$es
ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2> /dev/null || echo 0; }
for k in "${!pids[@]}"; do before[$k]=$(ticks "${pids[$k]}"); done
sleep 60
echo "At rest, over 60 s (load average $(cut -d' ' -f1-3 /proc/loadavg)):"
total=0 memory=0
for k in $(printf '%s\n' "${!pids[@]}" | sort); do
  permille=$((($(ticks "${pids[$k]}") - before[$k]) * 1000 / hz / 60))
  rss=$(awk '/VmRSS/ {print int($2 / 1024)}' "/proc/${pids[$k]}/status" 2> /dev/null || echo 0)
  total=$((total + permille)) memory=$((memory + rss))
  printf '  %-14s %3d.%d%% of one core %6d MB\n' "$k" $((permille / 10)) $((permille % 10)) "$rss"
done
printf '  %-14s %3d.%d%% of one core %6d MB\n' total $((total / 10)) $((total % 10)) "$memory"

searches() {
  local ok=0 failed=0 code
  while [[ ! -f "$work/stop" ]]; do
    code=$(curl -s -o /dev/null -m 5 -w '%{http_code}' 'http://127.0.0.1:8080/api/companies?city=Miami&state=FL')
    if [[ $code == 200 ]]; then ok=$((ok + 1)); else failed=$((failed + 1)); fi
    echo "$ok $failed" > "$work/searches"
    sleep 0.1
  done
}
failed() { cut -d' ' -f2 "$work/searches" 2> /dev/null || echo 0; }
searches &
searcher=$!
declare -A port=([directory-0]=4002 [directory-1]=4012 [identity]=4001 [quotes]=4003 [billing]=4004 [analytics]=4005 [gateway]=8080)
echo "kill -9, with searches through the gateway ten times a second:"
for s in directory-0 directory-1 identity quotes billing analytics gateway; do
  old=$(cat "$run/$s.pid") f0=$(failed) t0=$(date +%s%3N)
  kill -9 "$old"
  for _ in $(seq 1 900); do
    new=$(cat "$run/$s.pid" 2> /dev/null)
    [[ $new != "$old" ]] && curl -fsS -o /dev/null "http://127.0.0.1:${port[$s]}/healthz" 2> /dev/null && break
    sleep 0.1
  done
  sleep 3
  printf '  %-12s healthy again after %5.1f s, failed searches %d\n' "$s" "$((($(date +%s%3N) - t0 - 3000)))e-3" $(($(failed) - f0))
done
touch "$work/stop"
wait "$searcher"
echo "searches (ok, failed): $(cat "$work/searches")"
