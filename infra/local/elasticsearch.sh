#!/usr/bin/env bash
# Elasticsearch 8.x single node from Maven Central (integ-test-zip distribution: server + x-pack core/
# security only; no analysis-common, painless, reindex, ingest modules; GET/HEAD / answer 405, so the
# JS client's ping()/info() fail: probe with cluster.health()).
# HTTP 127.0.0.1:9201, transport 127.0.0.1:9301, security off, heap 512m, fresh data on every up.
# Runs as the system user 'limoes' (Elasticsearch refuses root), created when missing.
# usage: infra/local/elasticsearch.sh up|down|env|status
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" elasticsearch

ES_VERSION="${LOCAL_ES_VERSION:-8.19.21}"
PORT="${LOCAL_ES_PORT:-9201}"
TRANSPORT_PORT="${LOCAL_ES_TRANSPORT_PORT:-9301}"
ES_USER=limoes
CACHED_HOME="$CACHE_DIR/elasticsearch-$ES_VERSION"
ES_HOME="$CACHED_HOME"   # may move to a place limoes can reach, see choose_locations
ES_RUN="$RUN_DIR/es"     # owned by limoes: config, data, logs, tmp, server pidfile
ES_RUN_NOTE="$RUN_DIR/es-run-dir"
PROC_MATCH="elasticsearch"
ENV_LINES=("ELASTICSEARCH_URL=http://$HOST:$PORT")

ensure_user() {
  id -u "$ES_USER" >/dev/null 2>&1 && return 0
  require_root_for "creating the system user $ES_USER"
  log "creating system user $ES_USER"
  useradd --system --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin "$ES_USER"
}

ensure_dist() {
  [[ -f "$CACHED_HOME/.complete" ]] && return 0
  ensure_java_maven
  log "downloading Elasticsearch $ES_VERSION integ-test-zip (Maven Central) into $CACHE_DIR"
  mkdir -p "$CACHE_DIR"
  rm -rf "$CACHE_DIR/dl" "$CACHED_HOME"
  mvn_q dependency:copy \
    -Dartifact="org.elasticsearch.distribution.integ-test-zip:elasticsearch:$ES_VERSION:zip" \
    -DoutputDirectory="$CACHE_DIR/dl"
  command -v unzip >/dev/null 2>&1 || apt_install unzip
  unzip -q "$CACHE_DIR/dl/elasticsearch-$ES_VERSION.zip" -d "$CACHE_DIR/dl"
  mv "$CACHE_DIR/dl/elasticsearch-$ES_VERSION" "$CACHED_HOME"
  rm -rf "$CACHE_DIR/dl"
  chmod -R a+rX "$CACHED_HOME"
  touch "$CACHED_HOME/.complete"
}

as_es() { setpriv --reuid="$ES_USER" --regid="$ES_USER" --init-groups "$@"; }

# limoes must traverse every parent of the clone. When it cannot (a clone under /root, say), the
# distribution is copied once to /var/tmp and the server's state lives there too.
choose_locations() {
  mkdir -p "$ES_RUN"
  chown "$ES_USER:$ES_USER" "$ES_RUN"
  if as_es test -r "$CACHED_HOME/lib/elasticsearch-$ES_VERSION.jar" && as_es test -w "$ES_RUN"; then
    return 0
  fi
  local base
  base="/var/tmp/limo-local-es-$(printf '%s' "$LOCAL_DIR" | md5sum | cut -c1-8)"
  log "user $ES_USER cannot reach $LOCAL_DIR; using $base for the distribution and state"
  rm -rf "$ES_RUN"
  mkdir -p "$base"
  chmod 755 "$base"
  ES_HOME="$base/elasticsearch-$ES_VERSION"
  if [[ ! -f "$ES_HOME/.complete" ]]; then
    rm -rf "$ES_HOME"
    cp -a "$CACHED_HOME" "$ES_HOME"
  fi
  ES_RUN="$base/run"
  rm -rf "$ES_RUN"
  mkdir -p "$ES_RUN"
  chown "$ES_USER:$ES_USER" "$ES_RUN"
  as_es test -w "$ES_RUN" || die "user $ES_USER cannot write $ES_RUN"
}

health() {
  curl -fsS -m 5 "http://$HOST:$PORT/_cluster/health?wait_for_status=yellow&timeout=2s" 2>/dev/null |
    grep -Eq '"status":"(green|yellow)"'
}

do_up() {
  if engine_running && health; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  command -v curl >/dev/null 2>&1 || apt_install curl
  ensure_user
  ensure_dist
  ensure_java_maven
  engine_running && do_down
  require_free_port "$PORT" "$TRANSPORT_PORT"
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR"
  choose_locations
  echo "$ES_RUN" >"$ES_RUN_NOTE"
  mkdir -p "$ES_RUN"/{data,logs,tmp}
  cp -r "$ES_HOME/config" "$ES_RUN/config"
  chown -R "$ES_USER:$ES_USER" "$ES_RUN"
  log "starting Elasticsearch $ES_VERSION on $HOST:$PORT (transport $TRANSPORT_PORT, java $JAVA_HOME)"
  (cd "$ES_RUN" && start_detached setpriv --reuid="$ES_USER" --regid="$ES_USER" --init-groups \
    env -u JAVA_HOME ES_JAVA_HOME="$JAVA_HOME" ES_PATH_CONF="$ES_RUN/config" ES_TMPDIR="$ES_RUN/tmp" \
    ES_JAVA_OPTS="-Xms512m -Xmx512m ${LOCAL_ES_JAVA_OPTS:-}" \
    "$ES_HOME/bin/elasticsearch" \
    -Ediscovery.type=single-node \
    -Expack.security.enabled=false \
    -Enetwork.host="$HOST" -Ehttp.host="$HOST" -Ehttp.port="$PORT" -Etransport.port="$TRANSPORT_PORT" \
    -Ecluster.name=limo-local -Enode.name=local \
    -Ecluster.routing.allocation.disk.threshold_enabled=false \
    -Eaction.destructive_requires_name=false \
    -Epath.data="$ES_RUN/data" -Epath.logs="$ES_RUN/logs" \
    -p "$ES_RUN/server.pid")
  LOGS_TO_SHOW=("$LOG_FILE")
  wait_ready 180 "cluster health yellow" "$(read_pid "$PID_FILE")" health
  log "ready: http://$HOST:$PORT (launcher pid $(read_pid "$PID_FILE"), server pid $(read_pid "$ES_RUN/server.pid"))"
}

do_down() {
  local launcher server es_run
  es_run="$(cat "$ES_RUN_NOTE" 2>/dev/null || echo "$ES_RUN")"
  launcher="$(read_pid "$PID_FILE")"
  server="$(read_pid "$es_run/server.pid")"
  pid_is "$launcher" "$PROC_MATCH" || launcher=""
  pid_is "$server" "org.elasticsearch" || server=""
  if [[ -n "$launcher$server" ]]; then
    log "stopping server pid ${server:-?} (launcher ${launcher:-?})"
    # SIGTERM to the launcher (the elasticsearch CLI) stops the server JVM cleanly and waits for it;
    # the server pid is signalled only if it outlived the launcher.
    [[ -z "$launcher" ]] || stop_pids 60 "$launcher"
    [[ -z "$server" ]] || stop_pids 30 "$server"
  else
    log "not running"
  fi
  rm -f "$PID_FILE" "$es_run/server.pid"
}

main "$@"
