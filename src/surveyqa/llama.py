"""surveyqa's hybrid retrieval as a llama-index ``BaseRetriever``, for users' own query engines."""

from __future__ import annotations

from typing import Any

from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from surveyqa.retrieval import Mode, Retriever


class SurveyRetriever(BaseRetriever):
    """Returns one node per retrieved entry: its best chunk, with the entry id and title as metadata."""

    def __init__(self, retriever: Retriever, *, top_k: int = 5, mode: Mode = "hybrid", **kwargs: Any) -> None:
        self._surveyqa = retriever
        self._top_k = top_k
        self._mode = mode
        super().__init__(**kwargs)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        hits = self._surveyqa.search(query_bundle.query_str, k=self._top_k, mode=self._mode)
        nodes = []
        for hit in hits:
            best = hit.chunks[0].chunk
            node = TextNode(
                id_=best.id,
                text=best.embed_text,
                metadata={
                    "entry_id": hit.entry.id,
                    "title": hit.entry.title,
                    "kind": best.kind,
                    "url": hit.entry.url or "",
                },
            )
            nodes.append(NodeWithScore(node=node, score=hit.score))
        return nodes
