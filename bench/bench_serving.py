"""Serving under stress: /healthz while LLM answers trickle in, and an index reload under 16 clients.

Run from the repository root:  python bench/bench_serving.py [--index-dir DIR] [--json-out PATH]

1. `surveyqa serve` with LLM mode pointed at a loopback OpenAI-compatible server that sends one byte
   every 0.3 s (never finishing within the deadline). 45 clients keep asking in LLM mode while /healthz
   is probed 20 times a second: its latency percentiles, and how long each LLM-mode /ask took against
   the configured deadline (every one falls back to an extractive answer).
2. The same server under 16 extractive clients while `surveyqa build --force` makes a new build:
   errors, how many answers came from each build, and how long the switch took.

Without --index-dir it builds a fresh index (with the abstracts dump when present) first; the reload
step rebuilds a copy of it, never the index you pass.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from common import DEFAULT_DUMP, REPO, free_port, print_table, write_json

from servers import FakeChat

DEADLINE = 2.0


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def start_server(index_dir: Path, env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(port), "--index-dir", str(index_dir)],
        env={**os.environ, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(f"{url}/healthz").raise_for_status()
            return server, url
        except httpx.HTTPError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start") from None
            time.sleep(0.1)


def slow_llm(index_dir: Path, clients: int, seconds: float) -> dict[str, float]:
    chat = FakeChat()
    chat.trickle_forever = True
    env = {"SURVEYQA_LLM_BASE_URL": chat.url, "SURVEYQA_LLM_MODEL": "fake", "SURVEYQA_LLM_TIMEOUT": str(DEADLINE)}
    server, url = start_server(index_dir, env)
    stop = threading.Event()
    ask_times: list[float] = []
    errors = 0

    def ask() -> None:
        nonlocal errors
        with httpx.Client(timeout=120) as http:
            while not stop.is_set():
                started = time.perf_counter()
                r = http.post(f"{url}/ask", json={"question": "What does DAPO change in GRPO?", "mode": "llm"})
                if r.status_code != 200:
                    errors += 1
                ask_times.append(time.perf_counter() - started)

    try:
        askers = [threading.Thread(target=ask, daemon=True) for _ in range(clients)]
        for t in askers:
            t.start()
        time.sleep(DEADLINE)  # every thread busy before the probes start
        probes: list[float] = []
        with httpx.Client(timeout=30) as http:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                started = time.perf_counter()
                http.get(f"{url}/healthz").raise_for_status()
                probes.append(time.perf_counter() - started)
                time.sleep(0.05)
        stop.set()
        for t in askers:
            t.join(60)
    finally:
        server.terminate()
        server.wait(timeout=20)
        chat.server.shutdown()
    return {
        "healthz_probes": len(probes),
        "healthz_p50_ms": statistics.median(probes) * 1e3,
        "healthz_p99_ms": percentile(probes, 99) * 1e3,
        "healthz_max_ms": max(probes) * 1e3,
        "llm_asks": len(ask_times),
        "llm_ask_p50_s": statistics.median(ask_times),
        "llm_ask_max_s": max(ask_times),
        "llm_ask_errors": errors,
    }


def reload_under_load(index_dir: Path, clients: int) -> dict[str, float]:
    copy = Path(tempfile.mkdtemp(prefix="surveyqa-reload-")) / "index"
    shutil.copytree(index_dir, copy, symlinks=True)
    server, url = start_server(copy, {"SURVEYQA_RELOAD_INTERVAL": "0.5"})
    stop = threading.Event()
    builds: dict[str, int] = {}
    errors: list[str] = []
    lock = threading.Lock()

    def ask() -> None:
        with httpx.Client(timeout=60) as http:
            while not stop.is_set():
                try:
                    r = http.post(f"{url}/ask", json={"question": "哪些工作用了 GRPO？"})
                    r.raise_for_status()
                except httpx.HTTPError as exc:
                    errors.append(repr(exc))
                    continue
                with lock:
                    build = r.headers["x-index-build"]
                    builds[build] = builds.get(build, 0) + 1

    try:
        old = httpx.get(f"{url}/healthz").json()["build"]
        askers = [threading.Thread(target=ask, daemon=True) for _ in range(clients)]
        for t in askers:
            t.start()
        subprocess.run(
            [sys.executable, "-m", "surveyqa", "build", "--force", "--index-dir", str(copy), "--no-fetch"],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        built = time.perf_counter()
        while httpx.get(f"{url}/healthz").json()["build"] == old:
            time.sleep(0.05)
        switch = time.perf_counter() - built
        time.sleep(2)
        stop.set()
        for t in askers:
            t.join(60)
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(copy.parent, ignore_errors=True)
    return {
        "reload_answers": sum(builds.values()),
        "reload_builds_seen": len(builds),
        "reload_errors": len(errors),
        "reload_switch_s": switch,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index to serve (default: build one)")
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--seconds", type=float, default=20.0, help="how long to probe /healthz")
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    from surveyqa.build import build_index
    from surveyqa.settings import Settings

    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    if args.index_dir is None:
        build_index(Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False))
    os.chdir(REPO)
    results = {**slow_llm(index_dir, 45, args.seconds), **reload_under_load(index_dir, 16)}
    r = results
    print("surveyqa serving benchmark\n")
    print_table(
        ("measure", "value", "bar"),
        [
            (
                f"/healthz under 45 slow LLM clients, p50 / p99 / max ({r['healthz_probes']} probes)",
                f"{r['healthz_p50_ms']:.1f} / {r['healthz_p99_ms']:.1f} / {r['healthz_max_ms']:.1f} ms",
                "p99 < 100 ms",
            ),
            (
                f"LLM-mode /ask with a {DEADLINE:g} s deadline, p50 / max ({r['llm_asks']} answers)",
                f"{r['llm_ask_p50_s']:.2f} / {r['llm_ask_max_s']:.2f} s, {r['llm_ask_errors']} errors",
                "ends; queued ones wait their turn",
            ),
            (
                "index reload under 16 clients",
                f"{r['reload_errors']} errors, {r['reload_answers']} answers from {r['reload_builds_seen']} builds, "
                f"switched {r['reload_switch_s']:.2f} s after the build",
                "0 errors",
            ),
        ],
    )
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
