"""Hybrid retrieval over the loaded index: BM25 and dense scores fused at entry level."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from surveyqa import tuning
from surveyqa.chunking import Chunk
from surveyqa.corpus import Entry
from surveyqa.embedding import Embedder, make_embedder
from surveyqa.lexicon import lexicon, org_token
from surveyqa.settings import Settings
from surveyqa.sparse import BM25Index
from surveyqa.store import IndexStale, StoredIndex, load_index
from surveyqa.text import tokenize

Mode = Literal["hybrid", "bm25", "dense"]
MODES: tuple[Mode, ...] = ("hybrid", "bm25", "dense")


@dataclass(frozen=True)
class ChunkHit:
    chunk: Chunk
    score: float


@dataclass(frozen=True)
class Hit:
    """One retrieved entry with its fused score and its best-matching chunks."""

    entry: Entry
    score: float
    chunks: tuple[ChunkHit, ...]


class Retriever:
    """Searches one loaded index; safe to share between threads (read-only after init)."""

    def __init__(
        self,
        index: StoredIndex,
        embedder: Embedder,
        *,
        fusion: Literal["rrf", "convex"] = "convex",
        rrf_k: int = 60,
        convex_alpha: float = 0.3,
    ) -> None:
        if embedder.name != index.manifest.embedder:
            raise IndexStale(
                f"index was built with {index.manifest.embedder} but the embedder is {embedder.name}: "
                "rebuild with `surveyqa build` or choose the matching --embedder"
            )
        self.index = index
        self.embedder = embedder
        self.fusion = fusion
        self.rrf_k = rrf_k
        self.alpha = convex_alpha
        self.entries = index.entries
        self.by_id = {e.id: e for e in index.entries}
        self._entry_row = {e.id: i for i, e in enumerate(index.entries)}
        self._chunk_entry = np.array([self._entry_row[c.entry_id] for c in index.chunks], dtype=np.int64)
        self._entry_chunks = [np.flatnonzero(self._chunk_entry == row) for row in range(len(self.entries))]
        self.bm25 = BM25Index(index.bm25_tokens)

    @classmethod
    def from_settings(cls, settings: Settings, embedder: Embedder | None = None) -> Retriever:
        """Load the index named by settings and pair it with the configured embedder."""
        index = load_index(settings.index_dir)
        embedder = embedder or make_embedder(
            settings.embedder, st_model=settings.st_model, allow_hub=settings.allow_hub
        )
        return cls(index, embedder, fusion=settings.fusion, rrf_k=settings.rrf_k, convex_alpha=settings.convex_alpha)

    # -- per-side chunk scores -------------------------------------------------
    def dense_chunk_scores(self, query: str, query_vector: np.ndarray | None = None) -> np.ndarray:
        vec = self.embedder.embed_queries([query]) if query_vector is None else query_vector[None, :]
        n = self.index.faiss_index.ntotal
        scores, ids = self.index.faiss_index.search(np.ascontiguousarray(vec, dtype=np.float32), n)
        out = np.full(n, -1.0, dtype=np.float64)
        valid = ids[0] >= 0
        out[ids[0][valid]] = scores[0][valid]
        return out

    def bm25_chunk_scores(self, query: str) -> np.ndarray:
        return self.bm25.scores(expand_query(tokenize(query), query))

    def _entry_max(self, chunk_scores: np.ndarray, floor: float) -> np.ndarray:
        out = np.full(len(self.entries), floor, dtype=np.float64)
        np.maximum.at(out, self._chunk_entry, chunk_scores)
        return out

    # -- search ----------------------------------------------------------------
    def search(
        self, query: str, k: int = 5, mode: Mode = "hybrid", *, query_vector: np.ndarray | None = None
    ) -> list[Hit]:
        """Top-k entries for the query, best first, each with its matching chunks.

        Pass ``query_vector`` when the caller already embedded the query (it is then not re-embedded).
        """
        if mode not in MODES:
            raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
        dense_c = self.dense_chunk_scores(query, query_vector) if mode != "bm25" else None
        sparse_c = self.bm25_chunk_scores(query) if mode != "dense" else None
        if mode == "dense":
            assert dense_c is not None
            entry_scores, chunk_scores = self._entry_max(dense_c, -1.0), dense_c
        elif mode == "bm25":
            assert sparse_c is not None
            entry_scores, chunk_scores = self._entry_max(sparse_c, 0.0), sparse_c
        else:
            assert dense_c is not None and sparse_c is not None
            entry_scores, chunk_scores = self._fuse(dense_c, sparse_c)
        return self._hits(entry_scores, chunk_scores, k)

    def _fuse(self, dense_c: np.ndarray, sparse_c: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        d_entry = self._entry_max(dense_c, -1.0)
        s_entry = self._entry_max(sparse_c, 0.0)
        if self.fusion == "rrf":
            fused = 1.0 / (self.rrf_k + _ranks(d_entry)) + 1.0 / (self.rrf_k + _ranks(s_entry))
            chunk = 1.0 / (self.rrf_k + _ranks(dense_c)) + 1.0 / (self.rrf_k + _ranks(sparse_c))
            return fused, chunk
        a = self.alpha
        fused = a * _minmax(d_entry) + (1 - a) * _minmax(s_entry)
        chunk = a * _minmax(dense_c) + (1 - a) * _minmax(sparse_c)
        return fused, chunk

    def _hits(self, entry_scores: np.ndarray, chunk_scores: np.ndarray, k: int) -> list[Hit]:
        k = max(1, min(k, len(self.entries)))
        top = np.argpartition(-entry_scores, k - 1)[:k] if k < len(entry_scores) else np.arange(len(entry_scores))
        top = top[np.argsort(-entry_scores[top], kind="stable")]
        hits = []
        for row in top:
            rows = self._entry_chunks[row]
            best = rows[np.argsort(-chunk_scores[rows], kind="stable")]
            chunks = tuple(ChunkHit(self.index.chunks[i], float(chunk_scores[i])) for i in best)
            hits.append(Hit(self.entries[row], float(entry_scores[row]), chunks))
        return hits


def expand_query(tokens: list[str], text: str = "") -> list[str]:
    """BM25 query tokens plus their forms in the other language: glossary words ("perplexity" also finds
    困惑度), and for each organisation the query names as a whole, its organisation token and its one-word
    aliases ("ByteDance" also finds 字节; "Zhipu AI" adds no "AI")."""
    lex = lexicon()
    forms = [f for t in tokens for f in sorted(lex.glossary.get(t, ()))]
    orgs = lex.orgs.names(text)
    out = list(tokens)
    seen = set(tokens)
    pieces = [p for form in forms for p in tokenize(form)]
    for name in orgs:
        for alias in lex.orgs.terms[name].aliases:
            words = tokenize(alias)
            if len(words) == 1:  # a one-word alias is the name itself; the words of "Tongyi Lab" are not
                pieces.append(words[0])
    for piece in pieces:
        if piece not in seen:
            seen.add(piece)
            out.append(piece)
    # An organisation the question names weighs more than one word (a repeated query term scores again).
    return out + [org_token(name) for name in orgs] * tuning.ORG_QUERY_WEIGHT


def _ranks(scores: np.ndarray) -> np.ndarray:
    """1-based rank of each score (best = 1)."""
    order = np.argsort(-scores, kind="stable")
    ranks = np.empty(len(scores), dtype=np.float64)
    ranks[order] = np.arange(1, len(scores) + 1)
    return ranks


def _minmax(x: np.ndarray) -> np.ndarray:
    lo, hi = float(x.min()), float(x.max())
    return (x - lo) / (hi - lo) if hi > lo else np.zeros_like(x)
