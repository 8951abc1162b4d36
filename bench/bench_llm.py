"""The local LLM in the service: time to first token, full answer, and what the rest of the service feels.

Run from the repository root (needs the `local` extra):
    python bench/bench_llm.py [--index-dir index] [--threads 1] [--questions 10] [--json-out PATH]

Starts `surveyqa serve --llm local` and asks, one at a time, the first N answerable dev-split lookups of
eval/qa.jsonl (alternating English and Chinese) in LLM mode with `"stream": true`, timing the first
`token` event and the final `answer` event. Then it asks the first few of them again while a second
client probes /healthz every 50 ms and a third asks extractive questions back to back; their latencies
are set against the same probes with the model idle. Memory is the peak resident set of the service and of the model
server it started (VmHWM), summed.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
from common import REPO, free_port, memory_mb, print_table, write_json

from surveyqa.evaluation import load_qa

EXTRACTIVE = ["DeepSeek-R1 的 AIME 2024 pass@1 是多少？", "What does Voyager keep in its skill library?"]


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(c) for c in text]
    return found


def questions(n: int) -> list[str]:
    items = [q for q in load_qa(REPO / "eval" / "qa.jsonl", "dev") if q.kind == "lookup" and q.answerable]
    en = [q.question for q in items if q.lang == "en"]
    zh = [q.question for q in items if q.lang == "zh"]
    mixed = [q for pair in zip(en, zh, strict=False) for q in pair]
    return mixed[:n]


def ask_stream(http: httpx.Client, question: str) -> tuple[float, float, dict[str, object]]:
    started = time.perf_counter()
    first = float("nan")
    final: dict[str, object] = {}
    event = ""
    with http.stream("POST", "/ask", json={"question": question, "mode": "llm", "stream": True}) as r:
        r.raise_for_status()
        for line in r.iter_lines():
            if line.startswith("event:"):
                event = line[6:].strip()
            elif line.startswith("data:"):
                if event == "token" and first != first:
                    first = time.perf_counter() - started
                if event in ("answer", "error"):
                    final = json.loads(line[5:])
    return first, time.perf_counter() - started, final


def probe(url: str, stop: threading.Event, health: list[float], asks: list[float]) -> list[threading.Thread]:
    def healthz() -> None:
        with httpx.Client(base_url=url, timeout=30) as http:
            while not stop.is_set():
                t = time.perf_counter()
                http.get("/healthz").raise_for_status()
                health.append(time.perf_counter() - t)
                time.sleep(0.05)

    def extractive() -> None:
        with httpx.Client(base_url=url, timeout=60) as http:
            i = 0
            while not stop.is_set():
                t = time.perf_counter()
                http.post("/ask", json={"question": EXTRACTIVE[i % 2]}).raise_for_status()
                asks.append(time.perf_counter() - t)
                i += 1

    threads = [threading.Thread(target=healthz), threading.Thread(target=extractive)]
    for t in threads:
        t.start()
    return threads


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--index-dir", type=Path, default=REPO / "index")
    ap.add_argument("--threads", type=int, default=None, help="llama.cpp threads (default: the service's)")
    ap.add_argument("--batch-threads", type=int, default=None, help="llama.cpp prompt threads (default: the service's)")
    ap.add_argument("--questions", type=int, default=10)
    ap.add_argument("--nice", type=int, default=None, help="the model server's nice (default: the service's)")
    ap.add_argument("--loaded", type=int, default=4, help="of them, how many to ask again under probes (default 4)")
    ap.add_argument("--json-out", type=Path)
    args = ap.parse_args()
    port = free_port()
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "SURVEYQA_LLM_TIMEOUT": "120"}
    if args.threads:
        env["SURVEYQA_LLM_LOCAL_THREADS"] = str(args.threads)
    if args.nice is not None:
        env["SURVEYQA_LLM_LOCAL_NICE"] = str(args.nice)
    if args.batch_threads:
        env["SURVEYQA_LLM_LOCAL_BATCH_THREADS"] = str(args.batch_threads)
    cmd = [sys.executable, "-m", "surveyqa", "serve", "--llm", "local", "--index-dir", str(args.index_dir)]
    server = subprocess.Popen([*cmd, "--port", str(port)], env=env, stdout=subprocess.DEVNULL, stderr=sys.stderr)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                if httpx.get(f"{url}/healthz").json().get("llm"):
                    break
            except httpx.HTTPError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.2)

        idle_health: list[float] = []
        idle_asks: list[float] = []
        stop = threading.Event()
        threads = probe(url, stop, idle_health, idle_asks)
        time.sleep(8)
        stop.set()
        for t in threads:
            t.join()

        rows = []
        with httpx.Client(base_url=url, timeout=180) as http:
            for q in questions(args.questions):  # alone: what one reader waits
                first, total, final = ask_stream(http, q)
                rows.append({"question": q, "first_token": first, "total": total, **final})
                print(f"{total:5.1f} s  first token {first:4.1f} s  [{final.get('mode')}] {q}", file=sys.stderr)
            busy_health: list[float] = []
            busy_asks: list[float] = []
            loaded: list[tuple[float, str]] = []
            for q in questions(args.questions)[: args.loaded]:  # again, with the probes running alongside
                stop = threading.Event()
                threads = probe(url, stop, busy_health, busy_asks)
                _, total, final = ask_stream(http, q)
                loaded.append((total, str(final.get("mode"))))
                stop.set()
                for t in threads:
                    t.join()
        rss_service = memory_mb(server.pid)
        rss_model = sum(memory_mb(c) for c in children(server.pid))
    finally:
        server.terminate()
        server.wait(30)

    llm_rows = [r for r in rows if r["mode"] == "llm"]
    firsts = [float(r["first_token"]) for r in llm_rows]
    totals = [float(r["total"]) for r in llm_rows]
    figures = {
        "questions": len(rows),
        "answered_by_llm": len(llm_rows),
        "first_token_p50_s": statistics.median(firsts) if firsts else None,
        "full_answer_p50_s": statistics.median(totals) if totals else None,
        "full_answer_max_s": max(totals) if totals else None,
        "full_answer_p50_s_under_probes": statistics.median(t for t, _ in loaded) if loaded else None,
        "answered_by_llm_under_probes": f"{sum(m == 'llm' for _, m in loaded)} of {len(loaded)}",
        "healthz_p99_ms_idle": 1000 * percentile(idle_health, 99),
        "healthz_p99_ms_generating": 1000 * percentile(busy_health, 99),
        "extractive_ask_p50_ms_idle": 1000 * statistics.median(idle_asks),
        "extractive_ask_p50_ms_generating": 1000 * statistics.median(busy_asks),
        "rss_peak_mb_service": rss_service,
        "rss_peak_mb_model_server": rss_model,
        "rss_peak_mb_service_plus_model": rss_service + rss_model,
        "threads": args.threads,
        "batch_threads": args.batch_threads,
        "nice": args.nice,
    }
    print_table(["measure", "value"], [[k, f"{v:.2f}" if isinstance(v, float) else str(v)] for k, v in figures.items()])
    write_json(args.json_out, {"figures": figures, "rows": rows})


if __name__ == "__main__":
    main()
