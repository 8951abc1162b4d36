"""Reference rankers the eval compares surveyqa against (not used to answer questions)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np

from surveyqa.corpus import Entry
from surveyqa.sparse import BM25Index
from surveyqa.text import tokenize

if TYPE_CHECKING:
    from surveyqa.retrieval import Retriever


def entry_bm25_ranker(entries: Sequence[Entry]) -> Callable[[str], list[str]]:
    """Plain BM25 over jieba tokens with one document per entry (title, summary, abstract)."""
    docs = [tokenize(f"{e.text()} {e.abstract or ''}") for e in entries]
    bm25 = BM25Index(docs)
    ids = [e.id for e in entries]

    def rank(query: str) -> list[str]:
        scores = bm25.scores(tokenize(query))
        return [ids[i] for i in np.argsort(-scores, kind="stable")[:10]]

    return rank


def llama_index_fusion_ranker(retriever: Retriever, *, top_k: int = 20) -> Callable[[str], list[str]]:
    """The stock pipeline a llama-index user would assemble on the same chunks and embedder.

    A VectorStoreIndex (vectors reused from surveyqa's index, so both sides pay for the same
    embeddings), the llama-index BM25Retriever with its defaults, and QueryFusionRetriever in
    reciprocal-rank mode with ``num_queries=1``; chunk results are folded to entries.
    Needs the ``peer`` extra (llama-index-retrievers-bm25).
    """
    from llama_index.core import VectorStoreIndex
    from llama_index.core.embeddings import BaseEmbedding
    from llama_index.core.llms import MockLLM
    from llama_index.core.retrievers import QueryFusionRetriever
    from llama_index.core.retrievers.fusion_retriever import FUSION_MODES
    from llama_index.core.schema import TextNode
    from llama_index.retrievers.bm25 import BM25Retriever

    embedder = retriever.embedder

    class _Embedding(BaseEmbedding):
        def _get_query_embedding(self, query: str) -> list[float]:
            return [float(x) for x in embedder.embed_queries([query])[0]]

        def _get_text_embedding(self, text: str) -> list[float]:
            return [float(x) for x in embedder.embed_passages([text])[0]]

        async def _aget_query_embedding(self, query: str) -> list[float]:
            return self._get_query_embedding(query)

    nodes = [
        TextNode(id_=c.id, text=c.embed_text, metadata={"entry_id": c.entry_id}, embedding=[float(x) for x in v])
        for c, v in zip(retriever.index.chunks, retriever.index.vectors, strict=True)
    ]
    vector = VectorStoreIndex(nodes, embed_model=_Embedding()).as_retriever(similarity_top_k=top_k)
    bm25 = BM25Retriever.from_defaults(nodes=nodes, similarity_top_k=top_k)
    fusion = QueryFusionRetriever(
        [vector, bm25],
        llm=MockLLM(),
        similarity_top_k=top_k,
        num_queries=1,
        mode=FUSION_MODES.RECIPROCAL_RANK,
        use_async=False,
    )

    def rank(query: str) -> list[str]:
        seen: list[str] = []
        for hit in fusion.retrieve(query):
            entry_id = hit.node.metadata["entry_id"]
            if entry_id not in seen:
                seen.append(entry_id)
        return seen[:10]

    return rank
