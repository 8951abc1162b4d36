"""Answer benchmark: in-process extractive answer latency, overall and by question kind, against bare e5.

Run from the repository root:  python bench/bench_answer.py [--index-dir DIR] [--rounds 2] [--json-out PATH]
Without --index-dir it builds a fresh index (with the abstracts dump when present) first.

Two figures per question: the whole answer (one query embedding + understand → gather → compose)
as a ratio to a bare e5 query embedding of the same question, measured in alternating blocks so
both see the same machine state; and the answer's own work beyond the embedding, measured with
the question's vector computed beforehand, which is what surveyqa adds and what this machine's
drifting embedding floor does not blur.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from common import DEFAULT_DUMP, REPO, print_table, write_json


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index (default: build one)")
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--rounds", type=int, default=2, help="passes over the QA questions")
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    from surveyqa.build import build_index
    from surveyqa.evaluation import load_qa
    from surveyqa.service import Service
    from surveyqa.settings import Settings

    qa = load_qa(REPO / "eval" / "qa.jsonl")
    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    if args.index_dir is None:
        build_index(Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False))
    service = Service.load(Settings(index_dir=index_dir))
    answerer = service.extractive
    embedder = service.retriever.embedder
    for item in qa[:20]:
        answerer.answer(item.question)

    # 1. Whole answers vs bare embeddings, alternating blocks of questions.
    bare: list[float] = []
    whole: list[float] = []
    for _ in range(args.rounds):
        for item in qa:
            t = time.perf_counter()
            embedder.embed_queries([item.question])
            bare.append(time.perf_counter() - t)
        for item in qa:
            t = time.perf_counter()
            answerer.answer(item.question)
            whole.append(time.perf_counter() - t)

    # 2. The answer's own work: the same questions with every vector they need computed beforehand (a list
    #    question may embed its topic words too, so one recording pass collects them).
    embed = embedder.embed_queries
    vectors: dict[str, object] = {}

    def recording(texts: list[str]):  # type: ignore[no-untyped-def]
        out = embed(texts)
        if len(texts) == 1:
            vectors[texts[0]] = out
        return out

    # The answerer may start the question's vector before reading it (query_later): that goes through here too.
    embedder.embed_queries = recording  # type: ignore[method-assign]

    def recording_later(text: str):  # type: ignore[no-untyped-def]
        vector = recording([text])[0]
        return lambda: vector

    embedder.query_later = recording_later  # type: ignore[method-assign]
    for item in qa:
        answerer.answer(item.question)
    embedder.embed_queries = lambda texts: vectors[texts[0]] if len(texts) == 1 else embed(texts)  # type: ignore[method-assign]
    embedder.query_later = lambda text: lambda: vectors[text][0]  # type: ignore[method-assign, index]
    own: dict[str, list[float]] = defaultdict(list)
    for _ in range(args.rounds):
        for item in qa:
            t = time.perf_counter()
            answerer.answer(item.question)
            own[item.kind].append(time.perf_counter() - t)
    embedder.embed_queries = embed  # type: ignore[method-assign]
    del embedder.query_later

    ms = 1e3
    b50 = statistics.median(bare) * ms
    w50 = statistics.median(whole) * ms
    every = [v for values in own.values() for v in values]
    results: dict[str, object] = {
        "questions": len(qa),
        "bare_query_p50_ms": b50,
        "bare_query_p95_ms": pct(bare, 0.95) * ms,
        "answer_p50_ms": w50,
        "answer_p95_ms": pct(whole, 0.95) * ms,
        "own_work_p50_ms": statistics.median(every) * ms,
        "own_work_p95_ms": pct(every, 0.95) * ms,
        "own_work_by_kind_p50_ms": {k: statistics.median(v) * ms for k, v in sorted(own.items())},
    }
    rows = [
        ("bare e5 query embedding p50", f"{b50:.1f} ms", "1.00×", ""),
        ("bare e5 query embedding p95", f"{pct(bare, 0.95) * ms:.1f} ms", "", ""),
        ("extractive answer, in process, p50", f"{w50:.1f} ms", f"{w50 / b50:.2f}×", ""),
        (
            "extractive answer, in process, p95",
            f"{pct(whole, 0.95) * ms:.1f} ms",
            f"{pct(whole, 0.95) * ms / b50:.2f}×",
            "",
        ),
        ("answer's own work (embedding excluded) p50", f"{statistics.median(every) * ms:.2f} ms", "", ""),
        ("answer's own work p95", f"{pct(every, 0.95) * ms:.2f} ms", "", ""),
    ]
    print(f"surveyqa answer benchmark ({len(qa)} questions × {args.rounds})\n")
    print_table(["measure", "value", "ratio", "bar"], rows)
    print("\nown work by question kind:\n")
    print_table(
        ["kind", "questions", "p50", "p95"],
        [
            (k, str(len(v) // args.rounds), f"{statistics.median(v) * ms:.2f} ms", f"{pct(v, 0.95) * ms:.2f} ms")
            for k, v in sorted(own.items())
        ],
    )
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
