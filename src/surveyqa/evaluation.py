"""Evaluation on the hand-written QA set: retrieval recall@k and MRR, side by side."""

from __future__ import annotations

import importlib.util
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from surveyqa.settings import Settings

if TYPE_CHECKING:
    from surveyqa.retrieval import Mode, Retriever

KS = (1, 5, 10)


@dataclass(frozen=True)
class QAItem:
    """One hand-written question with its gold entries and the facts a correct answer holds."""

    id: str
    question: str
    lang: Literal["en", "zh"]
    type: str
    answerable: bool
    gold: tuple[str, ...]
    facts: tuple[str, ...]


def load_qa(path: Path) -> list[QAItem]:
    """Read the QA set; a malformed line is reported with its number."""
    items = []
    for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            items.append(
                QAItem(
                    id=row["id"],
                    question=row["question"],
                    lang=row["lang"],
                    type=row["type"],
                    answerable=bool(row["answerable"]),
                    gold=tuple(row["gold"]),
                    facts=tuple(row["facts"]),
                )
            )
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{lineno}: bad QA record ({exc})") from exc
    return items


@dataclass
class RetrievalScores:
    """Aggregated retrieval figures over answerable questions."""

    n: int
    recall: dict[int, float]
    mrr: float
    ms_p50: float

    def row(self) -> list[str]:
        return [f"{self.recall[k]:.3f}" for k in KS] + [f"{self.mrr:.3f}", f"{self.ms_p50:.1f}"]


def score_rankings(
    items: Sequence[QAItem], rankings: Sequence[Sequence[str]], times: Sequence[float]
) -> RetrievalScores:
    """recall@k = share of a question's gold entries in its top k, averaged; MRR of the first gold hit."""
    recall = {k: 0.0 for k in KS}
    rr = 0.0
    for item, ranked in zip(items, rankings, strict=True):
        gold = set(item.gold)
        for k in KS:
            recall[k] += len(gold & set(ranked[:k])) / len(gold)
        rr += next((1.0 / (i + 1) for i, eid in enumerate(ranked) if eid in gold), 0.0)
    n = max(len(items), 1)
    ordered = sorted(times)
    p50 = ordered[len(ordered) // 2] * 1000 if ordered else 0.0
    return RetrievalScores(len(items), {k: v / n for k, v in recall.items()}, rr / n, p50)


def evaluate_ranker(items: Sequence[QAItem], rank: Callable[[str], list[str]]) -> RetrievalScores:
    rankings, times = [], []
    for item in items:
        t = time.perf_counter()
        rankings.append(rank(item.question))
        times.append(time.perf_counter() - t)
    return score_rankings(items, rankings, times)


def mode_ranker(retriever: Retriever, mode: Mode) -> Callable[[str], list[str]]:
    """Entry ids for a question, best first (top 10), from one retrieval mode."""

    def rank(question: str) -> list[str]:
        return [h.entry.id for h in retriever.search(question, k=10, mode=mode)]

    return rank


def _index_settings(settings: Settings, backend: str) -> Settings:
    """The configured embedder uses the main index; others get their own under it."""
    if backend == settings.embedder:
        return settings
    return settings.model_copy(update={"embedder": backend, "index_dir": settings.index_dir / "alt" / backend})


def run_retrieval_eval(
    settings: Settings,
    *,
    qa_path: Path,
    embedders: Sequence[str] = ("e5", "st"),
    json_out: Path | None = None,
) -> str:
    """Build (if needed) an index per embedder, score every mode, and return a Markdown table."""
    from surveyqa.baselines import entry_bm25_ranker, llama_index_fusion_ranker
    from surveyqa.build import build_index
    from surveyqa.retrieval import MODES, Retriever

    items = [q for q in load_qa(qa_path) if q.answerable]
    subsets = {"all": items, "en": [q for q in items if q.lang == "en"], "zh": [q for q in items if q.lang == "zh"]}
    results: dict[str, dict[str, RetrievalScores]] = {}
    for backend in embedders:
        s = _index_settings(settings, backend)
        build_index(s)
        retriever = Retriever.from_settings(s)
        retriever.search("warm up", k=1)  # load the model outside the timings
        for mode in MODES:
            if mode == "bm25" and backend != embedders[0]:
                continue  # BM25 does not depend on the embedder
            label = "bm25" if mode == "bm25" else f"{mode} ({backend})"
            ranker = mode_ranker(retriever, mode)
            results[label] = {name: evaluate_ranker(sub, ranker) for name, sub in subsets.items()}
        if backend == embedders[0]:
            base = entry_bm25_ranker(retriever.entries)
            results["baseline: entry-level BM25"] = {name: evaluate_ranker(sub, base) for name, sub in subsets.items()}
            if importlib.util.find_spec("llama_index.retrievers.bm25") is not None:
                peer = llama_index_fusion_ranker(retriever)
                results[f"baseline: llama-index fusion ({backend})"] = {
                    name: evaluate_ranker(sub, peer) for name, sub in subsets.items()
                }
    if json_out:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        payload = {label: {name: asdict(sc) for name, sc in per.items()} for label, per in results.items()}
        json_out.write_text(json.dumps(payload, indent=1), encoding="utf-8")
    return format_table(results, n_questions=len(items))


def format_table(results: dict[str, dict[str, RetrievalScores]], *, n_questions: int) -> str:
    head = "| configuration | R@1 | R@5 | R@10 | MRR | p50 ms | R@5 en | R@5 zh | MRR en | MRR zh |"
    lines = [f"Retrieval on {n_questions} answerable questions", "", head, "|" + "---|" * 10]
    for label, per in results.items():
        a, en, zh = per["all"], per["en"], per["zh"]
        cells = [label, *a.row(), f"{en.recall[5]:.3f}", f"{zh.recall[5]:.3f}", f"{en.mrr:.3f}", f"{zh.mrr:.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def fact_present(fact: str, answer: str) -> bool:
    """Key facts match case-insensitively, ignoring spaces (so '118 万' matches '118万')."""
    return _squash(fact) in _squash(answer)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text.lower())
