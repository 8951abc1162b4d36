"""What an answer is, as data: the text with ``[id]`` markers, its citations, items, kind and notes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

AnswerKind = Literal["lookup", "comparison", "list", "ranking", "timeline", "count", "not_stated", "not_covered"]
ANSWER_KINDS: tuple[AnswerKind, ...] = (
    "lookup",
    "comparison",
    "list",
    "ranking",
    "timeline",
    "count",
    "not_stated",
    "not_covered",
)


@dataclass(frozen=True)
class Citation:
    """An entry the answer cites, with the verbatim text it draws on."""

    id: str
    title: str
    url: str | None
    arxiv_id: str | None
    snippet: str


@dataclass(frozen=True)
class Retrieved:
    """An entry retrieval found for the question (cited or not)."""

    id: str
    title: str
    score: float


@dataclass(frozen=True)
class Item:
    """One row of a list, count, ranking or timeline answer: clients render these without parsing text."""

    id: str
    title: str
    snippet: str
    value: str | None = None
    date: str = ""
    org: str = ""
    setting: str = ""


@dataclass
class Answer:
    """An answer with its citations as data; ``answer`` carries the same ids as ``[id]`` markers.

    ``abstained`` is true when the survey does not answer the question: it does not cover it
    (``kind`` "not_covered") or does not state the fact asked for (``kind`` "not_stated").
    """

    answer: str
    abstained: bool
    citations: list[Citation]
    retrieved: list[Retrieved]
    mode: str = "extractive"
    kind: AnswerKind = "lookup"
    items: list[Item] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    # LLM mode only, for the eval and the logs (not part of the HTTP response): seconds to the first
    # streamed token and for the whole call, and the model's reply before validation.
    timings: dict[str, float] = field(default_factory=dict)
    raw: str = ""
