"""The evidence an answer is built from: the retrieved hits, and the entries that qualify for a survey-level answer."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from surveyqa.facts import Fact
from surveyqa.retrieval import Hit
from surveyqa.understand import Question


@dataclass(frozen=True)
class Candidate:
    """An entry that qualifies for a survey-level answer, with the verbatim span that shows why."""

    entry_id: str
    span: str
    score: float = 0.0
    fact: Fact | None = None
    by_name: bool = False  # qualifies by its name only (an add-on note with no org stated)


@dataclass
class Evidence:
    """What the answer is built from."""

    question: Question
    qvec: np.ndarray
    hits: list[Hit]
    coverage: float = 0.0
    targets: list[str] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    mixed: list[str] = field(default_factory=list)  # what differs between ranked results (settings, versions)
    criteria: list[tuple[str, str]] = field(default_factory=list)  # (slot, value) the candidates were chosen by
