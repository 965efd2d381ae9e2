#!/usr/bin/env bash
# MongoDB wire-protocol server for tests: de.bwaldvogel mongo-java-server (in-memory backend) from
# Maven Central, started through mongo/Main.java on 127.0.0.1:27018. Data lives in the JVM heap and is
# gone after down. No sessions/transactions, no change streams (see infra/local/README.md).
# usage: infra/local/mongo.sh up|down|env|status
set -euo pipefail
# shellcheck source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" mongo

PORT="${LOCAL_MONGO_PORT:-27018}"
POM="$LOCAL_DIR/mongo/pom.xml"
MAIN_SRC="$LOCAL_DIR/mongo/Main.java"
MJS_VERSION="$(sed -n 's:.*<mongo-java-server.version>\(.*\)</mongo-java-server.version>.*:\1:p' "$POM")"
LIB_DIR="$CACHE_DIR/$MJS_VERSION/lib"
CLASSES_DIR="$CACHE_DIR/$MJS_VERSION/classes"
PROC_MATCH="$CLASSES_DIR"
ENV_LINES=("MONGODB_URI=mongodb://$HOST:$PORT/limo")

ensure_build() {
  if [[ ! -f "$LIB_DIR/.complete" ]]; then
    ensure_java_maven
    log "downloading mongo-java-server $MJS_VERSION (Maven Central) into $LIB_DIR"
    rm -rf "$LIB_DIR.tmp"
    mvn_q -f "$POM" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB_DIR.tmp"
    rm -rf "$LIB_DIR"
    mv "$LIB_DIR.tmp" "$LIB_DIR"
    touch "$LIB_DIR/.complete"
  fi
  if [[ ! -f "$CLASSES_DIR/Main.class" || "$MAIN_SRC" -nt "$CLASSES_DIR/Main.class" ]]; then
    ensure_java_maven
    log "compiling $MAIN_SRC"
    rm -rf "$CLASSES_DIR"
    mkdir -p "$CLASSES_DIR"
    "$JAVA_HOME/bin/javac" -nowarn -d "$CLASSES_DIR" -cp "$LIB_DIR/*" "$MAIN_SRC" >&2
  fi
}

# Sends an OP_MSG {ping: 1, $db: "admin"} and expects {ok: 1}; falls back to a port check without node.
probe() {
  port_open "$PORT" || return 1
  command -v node >/dev/null 2>&1 || return 0
  # shellcheck disable=SC2016 # JavaScript, not shell
  PORT="$PORT" HOST="$HOST" timeout 10 node -e '
    const net = require("net");
    const doc = Buffer.concat([Buffer.from([0,0,0,0, 0x10]), Buffer.from("ping\0"), Buffer.from([1,0,0,0]),
      Buffer.from([0x02]), Buffer.from("$db\0"), Buffer.from([6,0,0,0]), Buffer.from("admin\0"), Buffer.from([0])]);
    doc.writeInt32LE(doc.length, 0);
    const msg = Buffer.concat([Buffer.alloc(16), Buffer.alloc(4), Buffer.from([0]), doc]);
    msg.writeInt32LE(msg.length, 0); msg.writeInt32LE(1, 4); msg.writeInt32LE(0, 8); msg.writeInt32LE(2013, 12);
    const s = net.connect(+process.env.PORT, process.env.HOST, () => s.write(msg));
    let buf = Buffer.alloc(0);
    s.on("data", d => { buf = Buffer.concat([buf, d]);
      if (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
        const i = buf.indexOf(Buffer.from("ok\0"));
        const ok = i > 0 && buf[i - 1] === 0x01 && buf.readDoubleLE(i + 3) === 1;
        s.destroy(); process.exit(ok ? 0 : 1); } });
    s.on("error", () => process.exit(1));'
}

do_up() {
  if engine_running && probe; then
    log "already running (pid $(read_pid "$PID_FILE")) on $HOST:$PORT"
    return 0
  fi
  ensure_build
  ensure_java_maven
  engine_running && do_down
  require_free_port "$PORT"
  rm -rf "$RUN_DIR"
  mkdir -p "$RUN_DIR"
  log "starting mongo-java-server $MJS_VERSION on $HOST:$PORT"
  (cd "$RUN_DIR" && start_detached "$JAVA" -Xms128m -Xmx768m -XX:+UseSerialGC \
    -Dorg.slf4j.simpleLogger.defaultLogLevel=info -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire=warn \
    -Dorg.slf4j.simpleLogger.showDateTime=true '-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd HH:mm:ss.SSS' \
    -cp "$CLASSES_DIR:$LIB_DIR/*" Main "$HOST" "$PORT")
  wait_ready 60 "mongo ping" "$(read_pid "$PID_FILE")" probe
  log "ready: mongodb://$HOST:$PORT (pid $(read_pid "$PID_FILE"))"
}

do_down() {
  stop_recorded_engine 20
}

main "$@"
