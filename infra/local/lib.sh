# shellcheck shell=bash
# Shared helpers for infra/local/<engine>.sh. Sourced, never run.
# Every path is derived from this file's location so the scripts work from any clone / cwd.

LOCAL_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
CACHE_ROOT="$LOCAL_DIR/.cache"
RUN_ROOT="$LOCAL_DIR/.run"
HOST=127.0.0.1

# The engine's name is the one argument: source "$(dirname "${BASH_SOURCE[0]}")/lib.sh" <engine>
ENGINE="${1:?usage: source lib.sh <engine>}"
RUN_DIR="$RUN_ROOT/$ENGINE"
CACHE_DIR="$CACHE_ROOT/$ENGINE"
PID_FILE="$RUN_DIR/$ENGINE.pid"
LOG_FILE="$RUN_DIR/$ENGINE.log"
LOCK_FILE="$RUN_ROOT/.$ENGINE.lock"

log() { printf '[%s] %s\n' "$ENGINE" "$*" >&2; }
die() { printf '[%s] ERROR: %s\n' "$ENGINE" "$*" >&2; exit 1; }

now_ms() { date +%s%3N; }

# Serialise concurrent up/down calls for one engine.
lock_engine() {
  mkdir -p "$RUN_ROOT" "$(dirname "$LOCK_FILE")"
  exec 9>"$LOCK_FILE"
  flock -w 900 9 || die "could not take lock $LOCK_FILE"
}

read_pid() {
  if [[ -s "$1" ]]; then tr -dc '0-9' <"$1" || true; fi
}
pid_alive() { [[ -n "${1:-}" ]] && kill -0 "$1" 2>/dev/null; }

# True when pid is alive and its command line contains the given text (guards against a stale
# pidfile whose pid was reused by an unrelated process).
pid_is() {
  local pid="$1" text="$2"
  pid_alive "$pid" || return 1
  [[ -r "/proc/$pid/cmdline" ]] || return 0
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$text"
}

# True when our recorded process is alive (PROC_MATCH, set by the engine script, must appear in its
# command line).
engine_running() {
  local pid
  pid="$(read_pid "$PID_FILE")"
  pid_is "$pid" "${PROC_MATCH:-}"
}

port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

# Refuse to start when somebody else already listens on a port we need.
require_free_port() {
  local port
  for port in "$@"; do
    if port_open "$port"; then
      die "port $HOST:$port is already in use by a process this script did not start (see: ss -ltnp 'sport = :$port')"
    fi
  done
}

tail_log() {
  local f
  for f in "$@"; do
    [[ -f "$f" ]] || continue
    printf -- '----- last 40 lines of %s -----\n' "$f" >&2
    tail -n 40 "$f" >&2 || true
  done
}

# wait_ready <timeout_s> <what> <pid> <probe fn/cmd...>
# Polls the probe until it succeeds; fails fast if the process dies, fails with the log tail on timeout.
wait_ready() {
  local timeout="$1" what="$2" pid="$3"
  shift 3
  local deadline=$((SECONDS + timeout))
  while true; do
    if "$@" >/dev/null 2>&1; then
      return 0
    fi
    if ! pid_alive "$pid"; then
      log "process $pid exited before $what became ready"
      tail_log "${LOGS_TO_SHOW[@]:-$LOG_FILE}"
      rm -f "$PID_FILE"
      die "$ENGINE failed to start"
    fi
    if ((SECONDS >= deadline)); then
      log "timed out after ${timeout}s waiting for $what"
      tail_log "${LOGS_TO_SHOW[@]:-$LOG_FILE}"
      die "$ENGINE not ready after ${timeout}s (process $pid left running; run '$0 down' to stop it)"
    fi
    sleep 0.5
  done
}

# stop_pids <timeout_s> <pid...>: TERM, wait, then KILL whatever is left.
stop_pids() {
  local timeout="$1"
  shift
  local pids=() p
  for p in "$@"; do pid_alive "$p" && pids+=("$p"); done
  ((${#pids[@]})) || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  local deadline=$((SECONDS + timeout)) alive
  while true; do
    alive=()
    for p in "${pids[@]}"; do pid_alive "$p" && alive+=("$p"); done
    ((${#alive[@]})) || return 0
    if ((SECONDS >= deadline)); then
      log "still alive after ${timeout}s, sending KILL to ${alive[*]}"
      kill -KILL "${alive[@]}" 2>/dev/null || true
      sleep 0.5
      return 0
    fi
    sleep 0.2
  done
}

# Start a command detached (own session, no stdin), output to $LOG_FILE; pid written to $PID_FILE.
# Without job control the background child is not a group leader, so setsid execs in place and
# $! is the engine's own pid.
# Every inherited descriptor above 2 (our lock, a caller's pipe) is closed so that the engine never
# holds the lock or keeps a caller's $(...) / CI log pipe open.
start_detached() {
  (
    for fd in "/proc/$BASHPID/fd/"*; do
      fd="${fd##*/}"
      if ((fd > 2)); then eval "exec $fd>&-" 2>/dev/null || true; fi
    done
    exec setsid "$@" >>"$LOG_FILE" 2>&1 </dev/null
  ) &
  echo $! >"$PID_FILE"
}

require_root_for() {
  [[ "$(id -u)" == 0 ]] || die "$1 needs root (apt-get / useradd); install it by hand or run as root"
}

apt_install() {
  require_root_for "installing $*"
  log "apt-get install -y $*"
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get install -y -q "$@" >&2; then
    apt-get update -q >&2
    apt-get install -y -q "$@" >&2
  fi
}

# Prints the first non-empty candidate that passes the `test` operator (-x, -f, ...); fails when none does.
# usage: first_path <operator> <candidate...>
first_path() {
  local op="$1" p
  shift
  for p in "$@"; do
    if [[ -n "$p" ]] && test "$op" "$p"; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

java_home() {
  local java
  java="$(first_path -x "${LOCAL_JAVA_HOME:+$LOCAL_JAVA_HOME/bin/java}" /usr/lib/jvm/java-17-openjdk-amd64/bin/java \
    "${JAVA_HOME:+$JAVA_HOME/bin/java}" "$(readlink -f "$(command -v java 2>/dev/null || true)" || true)")" || return 1
  dirname "$(dirname "$java")"
}

# Java 17 JDK (javac for the mongo shim) + Maven for the downloads.
ensure_java_maven() {
  if ! java_home >/dev/null || ! command -v javac >/dev/null 2>&1; then
    apt_install openjdk-17-jdk-headless
  fi
  command -v mvn >/dev/null 2>&1 || apt_install maven
  JAVA_HOME="$(java_home)" || die "no Java found"
  export JAVA_HOME
  JAVA="$JAVA_HOME/bin/java" # used by the engine scripts
  export JAVA
}

# Maven, quiet; its output goes to a log that is shown only when it fails.
mvn_q() {
  mkdir -p "$CACHE_ROOT"
  local mlog="$CACHE_ROOT/$ENGINE-mvn.log"
  if ! mvn -B -q -Dstyle.color=never "$@" >"$mlog" 2>&1; then
    tail_log "$mlog"
    die "mvn $* failed"
  fi
}

# The Go toolchain: $GO, /usr/local/go/bin/go, or the one on PATH.
go_bin() { first_path -x "${GO:-}" /usr/local/go/bin/go "$(command -v go 2>/dev/null || true)"; }

# Builds a Go program into $GOBIN_DIR with `go install <module@version>` unless $BIN is there already;
# GOPATH and GOCACHE live in the engine's cache folder. usage: go_install <module@version> <note for the log>
go_install() {
  local target="$1" note="$2" go started
  [[ -x "$BIN" ]] && return 0
  go="$(go_bin)" || die "Go is needed to build $ENGINE (install it, or set GO=/path/to/go)"
  mkdir -p "$GOBIN_DIR"
  log "go install $target ($note)"
  started=$(now_ms)
  GOPATH="$CACHE_DIR/gopath" GOBIN="$GOBIN_DIR" GOCACHE="$CACHE_DIR/gocache" GOFLAGS=-modcacherw \
    "$go" install "$target" >&2 || die "go install failed"
  log "built in $(( ($(now_ms) - started) / 1000 ))s: $BIN"
}

print_env() {
  local kv
  for kv in "$@"; do
    printf 'export %s\n' "$kv"
  done
}

# Stops the process recorded in the pidfile (TERM, then KILL after `grace` seconds) and forgets it.
stop_recorded_engine() {
  local grace=$1 pid
  pid="$(read_pid "$PID_FILE")"
  if engine_running; then
    log "stopping pid $pid"
    stop_pids "$grace" "$pid"
  else
    log "not running"
  fi
  rm -f "$PID_FILE"
}

# Standard dispatcher: each engine script defines do_up, do_down, do_status_extra (optional) and ENV_LINES.
main() {
  local cmd="${1:-}"
  case "$cmd" in
    up)
      lock_engine
      do_up
      ;;
    down)
      lock_engine
      do_down
      ;;
    env)
      print_env "${ENV_LINES[@]}"
      ;;
    status)
      if engine_running; then
        echo "$ENGINE: running (pid $(read_pid "$PID_FILE")) ${ENV_LINES[*]}"
      else
        echo "$ENGINE: stopped"
        return 3
      fi
      ;;
    *)
      echo "usage: $0 up|down|env|status" >&2
      echo "  up      start $ENGINE on $HOST if not running (downloads into $CACHE_DIR on first use)" >&2
      echo "  down    stop it" >&2
      echo "  env     print export lines (eval \"\$($0 env)\")" >&2
      echo "  status  exit 0 when running, 3 when stopped" >&2
      return 2
      ;;
  esac
}
