"""Reference rankers the eval compares surveyqa against (not used to answer questions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from surveyqa.corpus import Entry
from surveyqa.sparse import BM25Index
from surveyqa.text import tokenize


def entry_bm25_ranker(entries: Sequence[Entry]) -> Callable[[str], list[str]]:
    """Plain BM25 over jieba tokens with one document per entry (title, summary, abstract)."""
    docs = [tokenize(f"{e.text()} {e.abstract or ''}") for e in entries]
    bm25 = BM25Index(docs)
    ids = [e.id for e in entries]

    def rank(query: str) -> list[str]:
        scores = bm25.scores(tokenize(query))
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:10]]

    return rank
