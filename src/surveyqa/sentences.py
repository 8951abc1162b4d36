"""Citable sentences: the units the extractive answerer picks, cut from summaries and abstracts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from surveyqa.chunking import Chunk
from surveyqa.corpus import Entry
from surveyqa.text import split_sentences, tokenize


@dataclass(frozen=True)
class Sentence:
    """One sentence (or ；-clause) of an entry, verbatim; ``vec`` indexes the sentence vectors (-1: none)."""

    entry_id: str
    kind: str
    pos: int
    text: str
    chunk: int
    vec: int = -1
    tokens: tuple[str, ...] = field(default=(), compare=False)


def cut_sentences(entries: Sequence[Entry], chunks: Sequence[Chunk]) -> list[Sentence]:
    """Split every summary and abstract into sentences, each tied to the chunk that holds it."""
    by_entry: dict[tuple[str, str], list[int]] = {}
    for row, c in enumerate(chunks):
        by_entry.setdefault((c.entry_id, c.kind), []).append(row)
    out: list[Sentence] = []
    for e in entries:
        header = e.header()
        if header != e.title:  # "Title (org, date, kind)": answers "who made it", verbatim in the entry line
            rows = by_entry.get((e.id, "summary"), [-1])
            out.append(Sentence(e.id, "summary", -1, header, rows[0], tokens=tuple(tokenize(header))))
        for kind, text in (("summary", e.summary), ("abstract", e.abstract or "")):
            rows = by_entry.get((e.id, kind), [])
            for pos, sent in enumerate(split_sentences(text)):
                # A sentence belongs to the first chunk that contains its start.
                chunk = next((r for r in rows if sent[:24] in chunks[r].text), rows[0] if rows else -1)
                out.append(Sentence(e.id, kind, pos, sent, chunk, tokens=tuple(tokenize(sent))))
    return out


def sentence_embed_text(sentence: Sentence, title: str) -> str:
    """What the embedder sees for a sentence: the entry title gives it its subject."""
    return f"{title}: {sentence.text}"
