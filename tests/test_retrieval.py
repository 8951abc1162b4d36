from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from llama_index.core.schema import QueryBundle
from rank_bm25 import BM25Okapi

from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.llama import SurveyRetriever
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings
from surveyqa.sparse import BM25Index
from surveyqa.store import IndexStale, load_index


@pytest.fixture
def retriever(tiny_settings: Settings, e5: E5Embedder) -> Retriever:
    build_index(tiny_settings, embedder=e5)
    return Retriever.from_settings(tiny_settings, embedder=e5)


@pytest.mark.parametrize("mode", ["hybrid", "bm25", "dense"])
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("What action space does CodeAct propose?", "codeact"),
        ("CodeAct 用什么作为动作空间？", "codeact"),
        ("Kimi K2 的 SWE-Bench Verified 分数", "kimi-k2"),
        ("Which model used GRPO with verifiable rewards?", "deepseek-r1"),
    ],
)
def test_modes_find_the_entry(retriever: Retriever, mode: str, query: str, expected: str) -> None:
    hits = retriever.search(query, k=3, mode=mode)  # type: ignore[arg-type]
    assert hits[0].entry.id == expected, [h.entry.id for h in hits]
    assert hits[0].chunks and all(c.chunk.entry_id == expected for c in hits[0].chunks)
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)


def test_hits_carry_abstract_chunks(retriever: Retriever) -> None:
    hit = retriever.search("executable Python code unified action space", k=1)[0]
    assert {c.chunk.kind for c in hit.chunks} == {"summary", "abstract"}


def test_unknown_mode_and_k_bounds(retriever: Retriever) -> None:
    with pytest.raises(ValueError, match="unknown mode"):
        retriever.search("x", mode="magic")  # type: ignore[arg-type]
    assert len(retriever.search("agent", k=100)) == len(retriever.entries)


def test_bm25_matches_rank_bm25(retriever: Retriever) -> None:
    tokens = retriever.index.bm25_tokens
    ours, ref = BM25Index(tokens), BM25Okapi(tokens)
    for q in (["codeact", "python"], ["grpo", "grpo", "aime"], ["未知词"]):
        np.testing.assert_allclose(ours.scores(q), ref.get_scores(q))


def test_embedder_mismatch_is_refused(tiny_settings: Settings, e5: E5Embedder, retriever: Retriever) -> None:
    class Other(E5Embedder):
        name = "st:something-else"

    with pytest.raises(IndexStale, match="built with"):
        Retriever(load_index(tiny_settings.index_dir), Other())


def test_concurrent_searches_match_serial(retriever: Retriever) -> None:
    queries = ["CodeAct 动作空间", "Kimi K2 SWE-Bench", "GRPO reward", "Toolformer base model", "语言世界模型"] * 4
    serial = [[(h.entry.id, round(h.score, 6)) for h in retriever.search(q, k=3)] for q in queries]
    with ThreadPoolExecutor(8) as pool:
        parallel = list(
            pool.map(lambda q: [(h.entry.id, round(h.score, 6)) for h in retriever.search(q, k=3)], queries)
        )
    assert parallel == serial


def test_llama_index_retriever(retriever: Retriever) -> None:
    nodes = SurveyRetriever(retriever, top_k=2).retrieve(QueryBundle("CodeAct 用什么作为动作空间？"))
    assert len(nodes) == 2
    assert nodes[0].node.metadata["entry_id"] == "codeact"
    assert nodes[0].node.get_content().startswith("CodeAct")
    assert nodes[0].score is not None and nodes[0].score >= nodes[1].score  # type: ignore[operator]


def test_an_organisation_matches_as_a_whole_name_not_word_by_word(retriever: Retriever) -> None:
    """Issue 12, defect 2: "AI" of "Moonshot AI" / "Meta AI" is not an organisation. A question with "AI" in it
    scores every entry whose own text never says "AI" exactly as the question without it; the whole name,
    and an alias in the other language, still find the organisation's entry."""
    with_ai = {h.entry.id: h.score for h in retriever.search("Which AI agents can call tools?", k=10, mode="bm25")}
    without = {h.entry.id: h.score for h in retriever.search("Which agents can call tools?", k=10, mode="bm25")}
    silent = [e.id for e in retriever.entries if not re.search(r"\bAI\b", f"{e.title} {e.summary} {e.abstract or ''}")]
    assert {"kimi-k2", "toolformer"} <= set(silent)  # their org says "AI" (Moonshot AI, Meta AI), their text not
    for entry_id in silent:
        assert with_ai[entry_id] == pytest.approx(without[entry_id]), entry_id
    for query, expected in [("Moonshot AI", "kimi-k2"), ("月之暗面", "kimi-k2"), ("Meta 的工作", "toolformer")]:
        assert retriever.search(query, k=1, mode="bm25")[0].entry.id == expected, query
