"""Citation markers in answers: parsing, and the checks that keep them honest."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from surveyqa.corpus import Entry
from surveyqa.text import split_sentences

MARKER = re.compile(r"\[([a-z0-9]+(?:-[a-z0-9]+)*)\]")
# A run of markers. It starts at a bracket, never at whitespace, so a scan over marker-free text is
# linear: an optional leading group here made long answers (or long blank runs) quadratic or worse.
_MARKER_RUN = re.compile(r"\[[a-z0-9]+(?:-[a-z0-9]+)*\](?:\s*\[[a-z0-9]+(?:-[a-z0-9]+)*\])*")
# Digits glued to a preceding letter ("X2", "Qwen2.5") belong to names; units after them ("560B") do not.
_NUMBER = re.compile(r"(?<![A-Za-z0-9.])\d+(?:[.,]\d+)*")
# A year written with two digits before 年 ("23 年" for 2023); not a count of years ("3 年", "10 年以上").
_SHORT_YEAR = re.compile(r"(?<![\d.])([12]\d)\s*年(?!以|多|来|间|内|左右)")


@dataclass(frozen=True)
class CitedSentence:
    """One answer sentence, its text without markers, and the ids it cites."""

    text: str
    ids: tuple[str, ...]


def split_cited(answer: str) -> list[CitedSentence]:
    """Split an answer into sentences, each with the ``[id]`` markers that close it.

    Lines are split first (list and ranking answers put one entry per line). A sentence not followed
    by markers (inside a run, or after the last marker) has no ids.
    """
    return [sent for line in answer.split("\n") for sent in _split_line(line)]


def _split_line(answer: str) -> list[CitedSentence]:
    out: list[CitedSentence] = []
    pos = 0
    for m in _MARKER_RUN.finditer(answer):
        text = answer[pos : m.start()].strip()
        ids = tuple(dict.fromkeys(MARKER.findall(m.group())))
        if text:
            # Markers cite the sentence they close; earlier sentences in the run cite nothing.
            *uncited, last = split_sentences(text) or [text]
            out.extend(CitedSentence(t, ()) for t in uncited)
            out.append(CitedSentence(last, ids))
        elif out:  # markers with no text of their own belong to the sentence before
            out[-1] = CitedSentence(out[-1].text, tuple(dict.fromkeys(out[-1].ids + ids)))
        pos = m.end()
    tail = answer[pos:].strip()
    if tail:
        out.extend(CitedSentence(t, ()) for t in split_sentences(tail))
    return out


def cited_ids(answer: str) -> list[str]:
    return list(dict.fromkeys(MARKER.findall(answer)))


def source_text(entry: Entry) -> str:
    """Everything a citation to ``entry`` can stand on: its survey line and its abstract."""
    return f"{entry.text()} {entry.abstract or ''}"


def numbers(text: str) -> set[str]:
    """Numbers as written (commas dropped), so 2,294 and 2294 agree."""
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


# A number with the word that scales it: "118 万" and "1.18 million" are the same quantity.
_QUANTITY = re.compile(
    r"(?<![A-Za-z0-9.])(\d+(?:[.,]\d+)*)\s*"
    r"(千万|百万|万亿|千亿|百亿|十亿|万|亿|千|thousand|million|billion|trillion|[KMB](?![A-Za-z])|(?-i:T)(?![A-Za-z0-9=]))?",
    re.I,
)
_SCALE = {
    "千万": 1e7,
    "百万": 1e6,
    "万亿": 1e12,
    "千亿": 1e11,
    "百亿": 1e10,
    "十亿": 1e9,
    "trillion": 1e12,
    "t": 1e12,
    "万": 1e4,
    "亿": 1e8,
    "千": 1e3,
    "thousand": 1e3,
    "million": 1e6,
    "billion": 1e9,
    "k": 1e3,
    "m": 1e6,
    "b": 1e9,
}


_YEAR = re.compile(r"(?:19|20)\d\d")


def quantities(text: str) -> list[tuple[str, float, bool]]:
    """Each number as written (commas dropped), its value scaled by a following 万/亿/million/B …, and
    whether such a word scaled it."""
    out = []
    for m in _QUANTITY.finditer(text):
        written = m.group(1).replace(",", "")
        try:
            value = float(written)
        except ValueError:  # "1.2.3": a version, not a quantity; it must be there as written
            value = float("nan")
        scale = m.group(2)
        if scale and scale.isalpha() and scale.isascii() and len(scale) > 1 and _YEAR.fullmatch(m.group(1)):
            scale = None  # "October 2025 trillion-parameter model": a date, then a word about the model
        out.append((written, value * _SCALE[scale.lower()] if scale else value, bool(scale)))
    return out


def scaled_quantity(text: str) -> float | None:
    """The value of a text that is nothing but a scaled number ("118 万", "200K", "1.18 million"); else None."""
    m = _QUANTITY.fullmatch(text.strip())
    if m is None or not m.group(2):
        return None
    return quantities(text)[0][1]


def missing_numbers(sentence: str, source: str) -> set[str]:
    """Numbers of the sentence the source does not back. A number with a scale word ("1.18 million") is
    backed by the same quantity however the source writes it ("118 万"), and only by that: "12.3 million"
    is not backed by "12.3 万". A bare number is backed by the same digits, or by the same quantity."""
    have = numbers(source)
    values = {round(v, 6) for _, v, _ in quantities(source)}
    # "23 年" is 2023 where the source gives 2023; only that occurrence is read as a year.
    sentence = _SHORT_YEAR.sub(lambda m: " " if f"20{m.group(1)}" in have else m.group(0), sentence)
    missing = set()
    for written, value, scaled in quantities(sentence):
        if round(value, 6) in values or (not scaled and written in have):
            continue
        missing.add(written)
    return missing


def numbers_supported(sentence: str, cited: Iterable[Entry]) -> bool:
    """Every number in the sentence appears in the text of an entry it cites (or the same quantity does)."""
    return not missing_numbers(sentence, " ".join(source_text(e) for e in cited))


def verbatim(sentence: str, entry: Entry) -> bool:
    """The sentence (markers removed) appears word for word in the entry's text or abstract."""
    return sentence.strip() in source_text(entry)
