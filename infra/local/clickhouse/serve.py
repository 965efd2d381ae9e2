"""ClickHouse's HTTP interface served by chDB (clickhouse-local inside libchdb.so).

chDB has no server binary, but clickhouse-local's `SYSTEM START LISTEN HTTP` (ClickHouse PR #101143)
opens the HTTP handler inside the process; it is reachable only through libchdb's
`chdb_query_cmdline` entry point (clickhouse-local's own argv). The query that starts the listener
then sleeps one second per row for `lifetime` rows, which keeps the process (and so the server) alive
for a bounded time; SIGTERM ends it earlier.

usage: python3 serve.py <libchdb.so> <http port> <data dir> <lifetime seconds>
Run by infra/local/clickhouse.sh; binds 127.0.0.1 only (the interface has no authentication).
"""

import ctypes
import signal
import sys


def main() -> int:
    lib_path, port, data_dir, lifetime = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    # SIGTERM/SIGINT end the process at once (a Python handler would never run: the main thread stays
    # inside chdb_query_cmdline); ClickHouse's own fatal-signal handlers are left off.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    lib = ctypes.CDLL(lib_path)
    lib.chdb_set_signal_handlers_enabled.argtypes = [ctypes.c_int]
    lib.chdb_set_signal_handlers_enabled(0)
    lib.chdb_query_cmdline.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p)]
    lib.chdb_query_cmdline.restype = ctypes.c_void_p
    lib.chdb_result_error.argtypes = [ctypes.c_void_p]
    lib.chdb_result_error.restype = ctypes.c_char_p
    args = [
        "clickhouse",
        f"--http_port={port}",
        "--tcp_port=0",
        "--listen_host=127.0.0.1",
        f"--path={data_dir}",
        "--function_sleep_max_microseconds_per_block=0",
        "--max_execution_time=0",
        "--multiquery",
        "--query",
        f"SYSTEM START LISTEN HTTP; SELECT sleepEachRow(1) FROM numbers({lifetime}) SETTINGS max_block_size = 1 FORMAT Null",
    ]
    argv = (ctypes.c_char_p * len(args))(*[a.encode() for a in args])
    print(f"chDB ClickHouse HTTP server on 127.0.0.1:{port} for {lifetime}s, data in {data_dir}", flush=True)
    result = lib.chdb_query_cmdline(len(args), argv)
    error = lib.chdb_result_error(result) if result else b"no result"
    if error:
        print(f"chdb_query_cmdline failed: {error.decode(errors='replace')}", file=sys.stderr, flush=True)
        return 1
    print("lifetime over, stopping", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
