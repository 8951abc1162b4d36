"""Split entries into embeddable chunks with llama-index-core's sentence splitter.

The stock splitter finds sentences with NLTK punkt, which does not know 。？！ and leaves a
whole Chinese paragraph as one "sentence", then falls back to a regex that cuts ``Qwen2.5``
at the dot. Here it is given surveyqa's bilingual sentence splitter and a clause-level
fallback that only cuts at CJK/Latin commas and semicolons.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from surveyqa.corpus import Entry
from surveyqa.text import count_tokens, split_sentences_lossless

if TYPE_CHECKING:
    from llama_index.core.node_parser import SentenceSplitter

ChunkKind = Literal["summary", "abstract"]
CLAUSE_REGEX = r"[^，,；;：]+[，,；;：]?|[，,；;：]"


@dataclass(frozen=True)
class Chunk:
    """A piece of one entry's text; ``embed_text`` is what the embedders see (title first)."""

    id: str
    entry_id: str
    kind: ChunkKind
    text: str
    embed_text: str


def make_splitter(chunk_size: int = 200, chunk_overlap: int = 20) -> SentenceSplitter:
    """A CJK-aware llama-index SentenceSplitter; sizes count CJK chars and Latin words."""
    from llama_index.core.node_parser import SentenceSplitter  # heavy import: only when chunking

    return SentenceSplitter(
        chunk_size=chunk_size,
        chunk_overlap=chunk_overlap,
        tokenizer=_token_list,
        chunking_tokenizer_fn=split_sentences_lossless,
        secondary_chunking_regex=CLAUSE_REGEX,
        paragraph_separator="\n\n",
        include_metadata=False,
        include_prev_next_rel=False,
    )


def _token_list(text: str) -> list[int]:
    # SentenceSplitter only takes len() of what its tokenizer returns.
    return [0] * count_tokens(text)


def chunk_entries(entries: Iterable[Entry], *, chunk_size: int = 200, chunk_overlap: int = 20) -> list[Chunk]:
    """Chunk each entry's summary and (separately) its abstract, in entry order."""
    splitter = make_splitter(chunk_size, chunk_overlap)
    chunks: list[Chunk] = []
    for entry in entries:
        sources: list[tuple[ChunkKind, str]] = [("summary", entry.summary)]
        if entry.abstract:
            sources.append(("abstract", entry.abstract))
        for kind, text in sources:
            pieces = splitter.split_text(text) if text.strip() else []
            if not pieces:
                pieces = [entry.title]  # a bare entry is still findable by its title
            for n, piece in enumerate(pieces):
                chunks.append(
                    Chunk(
                        id=f"{entry.id}#{kind}-{n}",
                        entry_id=entry.id,
                        kind=kind,
                        text=piece,
                        embed_text=f"{entry.title}\n{piece}",
                    )
                )
    return chunks
