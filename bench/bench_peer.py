"""surveyqa against the pipeline a user would build with llama-index, same chunks, same embedder.

Peer: a llama-index VectorStoreIndex over surveyqa's chunks and e5 vectors, llama-index's
BM25Retriever, and QueryFusionRetriever (reciprocal rank, num_queries=1). Both sides pay one
query embedding per question; times are also ratios to that bare embedding.
Run from the repository root:  python bench/bench_peer.py [--index-dir DIR] [--json-out PATH]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from common import DEFAULT_DUMP, REPO, print_table, write_json


def timed(fn: Callable[[str], object], questions: list[str]) -> list[float]:
    out = []
    for q in questions:
        t = time.perf_counter()
        fn(q)
        out.append(time.perf_counter() - t)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index (default: build one with the dump)")
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    from surveyqa.baselines import llama_index_fusion_ranker
    from surveyqa.build import build_index
    from surveyqa.evaluation import evaluate_ranker, load_qa, mode_ranker
    from surveyqa.retrieval import Retriever
    from surveyqa.settings import Settings

    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    settings = Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False)
    if args.index_dir is None:
        build_index(settings)
    retriever = Retriever.from_settings(settings)
    ours = mode_ranker(retriever, "hybrid")
    peer = llama_index_fusion_ranker(retriever)
    bare = retriever.embedder.embed_queries
    items = [q for q in load_qa(REPO / "eval" / "qa.jsonl") if q.answerable]
    questions = [q.question for q in load_qa(REPO / "eval" / "qa.jsonl")]
    for q in questions[:10]:
        bare([q])
        ours(q)
        peer(q)
    t_bare: list[float] = []
    t_ours: list[float] = []
    t_peer: list[float] = []
    for _ in range(args.rounds):  # alternating blocks: all three see the same machine state
        t_bare += timed(lambda q: bare([q]), questions)
        t_ours += timed(ours, questions)
        t_peer += timed(peer, questions)
    q_ours, q_peer = evaluate_ranker(items, ours), evaluate_ranker(items, peer)
    b50 = statistics.median(t_bare) * 1e3
    results = {
        "bare_query_p50_ms": b50,
        "surveyqa": {"recall@5": q_ours.recall[5], "mrr": q_ours.mrr, "p50_ms": statistics.median(t_ours) * 1e3},
        "llama_index": {"recall@5": q_peer.recall[5], "mrr": q_peer.mrr, "p50_ms": statistics.median(t_peer) * 1e3},
    }
    s, p = results["surveyqa"], results["llama_index"]
    print(f"Peer comparison on {len(items)} answerable questions; latency over {len(questions)} × {args.rounds}\n")
    rows = []
    for name, r in (("surveyqa hybrid", s), ("llama-index fusion (peer)", p)):
        ratio = r["p50_ms"] / b50
        cells = [name, f"{r['recall@5']:.3f}", f"{r['mrr']:.3f}", f"{r['p50_ms']:.1f} ms", f"{ratio:.2f}×"]
        rows.append([*cells, f"{100 * (ratio - 1):.0f}%"])
    rows.append(["bare e5 query embedding", "", "", f"{b50:.1f} ms", "1.00×", ""])
    header = ["pipeline", "recall@5", "MRR", "p50 per query", "× bare embedding", "overhead beyond it"]
    print_table(header, rows)
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
