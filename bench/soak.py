"""Load and soak: N concurrent clients against `surveyqa serve` for a fixed time, on loopback only.

Counts 5xx and connection errors, reports latency percentiles, and compares the server's RSS at
the end with its RSS after warm-up. Bounded in time; stops by itself.
Run from the repository root:  python bench/soak.py [--index-dir DIR] [--clients 16] [--seconds 60]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from common import DEFAULT_DUMP, REPO, free_port, memory_mb, print_table, write_json


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path)
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds of load before the RSS baseline")
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    from surveyqa.build import build_index
    from surveyqa.evaluation import load_qa
    from surveyqa.settings import Settings

    questions = [q.question for q in load_qa(REPO / "eval" / "qa.jsonl")]
    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-soak-")) / "index"
    if args.index_dir is None:
        build_index(Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False))
    port = free_port()
    url = f"http://127.0.0.1:{port}/ask"
    env = {**os.environ, "SURVEYQA_INDEX_DIR": str(index_dir)}
    server = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    lock = threading.Lock()
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    conn_errors = 0
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("server did not start") from None
                time.sleep(0.05)
        start = time.monotonic()
        stop_at = start + args.warmup + args.seconds

        def client(offset: int) -> None:
            nonlocal conn_errors
            with httpx.Client(timeout=30) as http:
                i = offset
                while time.monotonic() < stop_at:
                    q = questions[i % len(questions)]
                    i += args.clients
                    t = time.perf_counter()
                    try:
                        status = http.post(url, json={"question": q}).status_code
                    except httpx.TransportError:
                        with lock:
                            conn_errors += 1
                        continue
                    elapsed = time.perf_counter() - t
                    with lock:
                        statuses[status] = statuses.get(status, 0) + 1
                        if time.monotonic() - start > args.warmup:
                            latencies.append(elapsed)

        threads = [threading.Thread(target=client, args=(n,)) for n in range(args.clients)]
        for t in threads:
            t.start()
        time.sleep(args.warmup)
        rss_start = memory_mb(server.pid, "VmRSS")
        for t in threads:
            t.join()
        rss_end = memory_mb(server.pid, "VmRSS")
    finally:
        server.terminate()
        server.wait(timeout=20)
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, round(q * (len(latencies) - 1)))] * 1000

    fivexx = sum(n for s, n in statuses.items() if s >= 500)
    results = {
        "clients": args.clients,
        "seconds": args.seconds,
        "requests": sum(statuses.values()),
        "statuses": statuses,
        "errors_5xx": fivexx,
        "connection_errors": conn_errors,
        "rps": len(latencies) / args.seconds,
        "p50_ms": statistics.median(latencies) * 1000,
        "p95_ms": pct(0.95),
        "p99_ms": pct(0.99),
        "rss_after_warmup_mb": rss_start,
        "rss_end_mb": rss_end,
        "rss_growth": rss_end / rss_start - 1,
    }
    window = f"{args.clients} clients × {args.seconds:.0f} s (after {args.warmup:.0f} s warm-up)"
    lat = f"{results['p50_ms']:.0f} / {results['p95_ms']:.0f} / {results['p99_ms']:.0f} ms"
    rss = f"{rss_start:.0f} → {rss_end:.0f} MB ({100 * results['rss_growth']:+.1f}%)"
    print(f"Soak: {window} against surveyqa serve\n")
    print_table(
        ["measure", "value", "bar"],
        [
            ["requests (measured window)", f"{len(latencies)} ({results['rps']:.1f}/s)", ""],
            ["5xx / connection errors", f"{fivexx} / {conn_errors}", "0 / 0"],
            ["latency p50 / p95 / p99", lat, ""],
            ["server RSS after warm-up → end", rss, "≤ +10%"],
        ],
    )
    write_json(args.json_out, results)
    return 0 if fivexx == 0 and conn_errors == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
