#!/usr/bin/env bash
# Apache Kafka 3.9 (KRaft, combined broker+controller, one node) from Maven Central jars.
# Broker 127.0.0.1:9092, controller 127.0.0.1:9093. Fresh data on every up.
# usage: infra/local/kafka.sh up|down|env|status
# A second, throwaway broker (tests that kill one) takes other ports and a folder of its own:
#   LOCAL_KAFKA_PORT, LOCAL_KAFKA_CONTROLLER_PORT  its listeners
#   LOCAL_KAFKA_ADVERTISED_PORT  the port clients are told to use (default LOCAL_KAFKA_PORT): a proxy's in front
#   LOCAL_KAFKA_RUN_DIR   its config, data, logs, pid file and lock (default infra/local/.run/kafka)
#   LOCAL_KAFKA_KEEP_DATA=true  `up` starts again on the data already there (a restart after a crash)
#   LOCAL_KAFKA_HEAP      JVM heap (default 512m)
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" kafka

PORT="${LOCAL_KAFKA_PORT:-9092}"
CONTROLLER_PORT="${LOCAL_KAFKA_CONTROLLER_PORT:-9093}"
ADVERTISED_PORT="${LOCAL_KAFKA_ADVERTISED_PORT:-$PORT}"
if [[ -n "${LOCAL_KAFKA_RUN_DIR:-}" ]]; then
  RUN_DIR="$LOCAL_KAFKA_RUN_DIR"
  PID_FILE="$RUN_DIR/$ENGINE.pid"
  LOG_FILE="$RUN_DIR/$ENGINE.log"
  LOCK_FILE="$RUN_DIR.lock"
fi
HEAP="${LOCAL_KAFKA_HEAP:-512m}"
POM="$LOCAL_DIR/kafka/pom.xml"
KAFKA_VERSION="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$POM")"
LIB_DIR="$CACHE_DIR/$KAFKA_VERSION/lib"
PROC_MATCH="kafka.Kafka"
ENV_LINES=("KAFKA_BROKERS=$HOST:$ADVERTISED_PORT")

ensure_jars() {
  [[ -f "$LIB_DIR/.complete" ]] && return 0
  ensure_java_maven
  log "downloading Kafka $KAFKA_VERSION jars (Maven Central) into $LIB_DIR"
  rm -rf "$LIB_DIR.tmp"
  mvn_q -f "$POM" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB_DIR.tmp"
  [[ -f "$LIB_DIR.tmp/kafka_2.13-$KAFKA_VERSION.jar" ]] || die "kafka jar missing after download"
  rm -rf "$LIB_DIR"
  mv "$LIB_DIR.tmp" "$LIB_DIR"
  touch "$LIB_DIR/.complete"
}

write_config() {
  mkdir -p "$RUN_DIR/data"
  cat >"$RUN_DIR/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$PORT,CONTROLLER://$HOST:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$ADVERTISED_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$RUN_DIR/data
num.partitions=3
default.replication.factor=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
min.insync.replicas=1
auto.create.topics.enable=true
group.initial.rebalance.delay.ms=0
delete.topic.enable=true
num.network.threads=2
num.io.threads=4
log.retention.hours=24
log.segment.bytes=104857600
PROPS
  cat >"$RUN_DIR/log4j.properties" <<PROPS
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.FileAppender
log4j.appender.file.File=$RUN_DIR/server.log
log4j.appender.file.Append=true
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.controller=INFO
log4j.logger.kafka.log.LogCleaner=INFO
log4j.logger.state.change.logger=WARN
log4j.logger.org.apache.kafka.raft=WARN
log4j.logger.org.apache.kafka.controller=INFO
PROPS
  cat >"$RUN_DIR/tools-log4j.properties" <<'PROPS'
log4j.rootLogger=WARN, stderr
log4j.appender.stderr=org.apache.log4j.ConsoleAppender
log4j.appender.stderr.Target=System.err
log4j.appender.stderr.layout=org.apache.log4j.PatternLayout
log4j.appender.stderr.layout.ConversionPattern=[%d] %p %m (%c)%n
PROPS
}

# A 22-char base64url UUID, as kafka-storage random-uuid prints (saves a JVM start). Like Kafka's own
# Uuid.randomUuid it never starts with '-', which the tool's argument parser would take for an option.
cluster_id() {
  local id
  while :; do
    id=$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' | cut -c1-22)
    [[ $id != -* ]] && break
  done
  printf '%s\n' "$id"
}

tool() {
  "$JAVA" -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$RUN_DIR/tools-log4j.properties" -cp "$LIB_DIR/*" "$@"
}

probe() {
  port_open "$PORT" || return 1
  timeout 30 "$JAVA" -Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 \
    -Dlog4j.configuration="file:$RUN_DIR/tools-log4j.properties" -cp "$LIB_DIR/*" \
    org.apache.kafka.tools.TopicCommand --bootstrap-server "$HOST:$PORT" --list >/dev/null 2>>"$RUN_DIR/probe.log"
}

do_up() {
  JAVA="$(java_home 2>/dev/null)/bin/java" || true
  if engine_running && [[ -x "$JAVA" ]] && probe; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  ensure_jars
  ensure_java_maven
  engine_running && do_down
  [[ "$PORT" != "$CONTROLLER_PORT" ]] || die "the broker and its controller need two ports, both are $PORT (LOCAL_KAFKA_PORT, LOCAL_KAFKA_CONTROLLER_PORT)"
  require_free_port "$PORT" "$CONTROLLER_PORT"
  if [[ "${LOCAL_KAFKA_KEEP_DATA:-}" == true && -f "$RUN_DIR/data/meta.properties" ]]; then
    log "starting again on the data in $RUN_DIR/data"
  else
    rm -rf "$RUN_DIR"
    mkdir -p "$RUN_DIR"
    write_config
    log "formatting KRaft storage"
    tool kafka.tools.StorageTool format -t "$(cluster_id)" -c "$RUN_DIR/server.properties" >>"$RUN_DIR/format.log" 2>&1 ||
      { tail_log "$RUN_DIR/format.log"; die "storage format failed"; }
  fi
  log "starting Kafka $KAFKA_VERSION on $HOST:$PORT (controller $CONTROLLER_PORT)"
  (cd "$RUN_DIR" && start_detached "$JAVA" -Xms"$HEAP" -Xmx"$HEAP" -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -Djava.awt.headless=true -Dkafka.logs.dir="$RUN_DIR" \
    -Dlog4j.configuration="file:$RUN_DIR/log4j.properties" \
    -cp "$LIB_DIR/*" kafka.Kafka "$RUN_DIR/server.properties")
  LOGS_TO_SHOW=("$LOG_FILE" "$RUN_DIR/server.log" "$RUN_DIR/probe.log")
  wait_ready 120 "broker metadata (TopicCommand --list)" "$(read_pid "$PID_FILE")" probe
  log "ready: $HOST:$PORT (pid $(read_pid "$PID_FILE"))"
}

do_down() {
  stop_recorded_engine 60
}

main "$@"
