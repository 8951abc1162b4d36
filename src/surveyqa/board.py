"""The survey as data: leaderboards from the facts table, and the entries as a timeline by month.

A leaderboard is one canonical benchmark of the lexicon (aliases resolve; versions such as "SWE-bench" and
"SWE-bench Verified" are separate boards, named as ``related``). Its rows are the benchmark facts that carry a
value, one per entry and value (the survey line's copy wins over the abstract's):

- an entry's own result names the entry as the ``system``; a number the text gives for another named system
  (``> Claude(22.0)``, ``人类 92%``) is a row too, with that name as ``system`` and ``own`` False;
- left out: gains (``+10``, percentage points), the "before" value of an improvement (``15.6%→71.0%``) and
  numbers for a compared system the text does not name, since no one could be credited with them.

Rows are never ranked across settings: they are grouped by (setting, scale), each group ranked best first.
A setting is what the facts table read next to the value (pass@1, voting, thinking mode, step budget, subset);
the scale keeps percentiles and ratings apart from scores. Higher is better unless the lexicon's benchmark
says ``better = "lower"``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

from surveyqa.catalog import Catalog
from surveyqa.facts import Fact, entry_texts, result_scale
from surveyqa.service import _did_you_mean, filter_entries

Scale = Literal["score", "percentile", "rating"]
MIN_ROWS = 2  # a benchmark is listed as a board from this many rows
_BOARDS_HINT = "GET /leaderboards (or `surveyqa leaderboard`) lists the boards"
_UNNAMED = ("before", "a compared system")
_MONTH = re.compile(r"(?P<y>[0-9]{4})-(?P<m>0[1-9]|1[0-2])")
# What may sit right before a value and belongs to it as written: "<50%", "约 30%", "over 72.36%".
_QUALIFIER = r"(?:[<>≤≥≈~＜＞]\s*|约\s*|over\s+|超过\s*)?"


class UnknownBenchmarkError(LookupError):
    """A benchmark name that no lexicon alias answers to, or one the survey reports no value on."""


@dataclass(frozen=True)
class Row:
    """One reported result, with the verbatim span it comes from."""

    entry_id: str
    title: str
    org: str
    date: str
    system: str
    own: bool
    value: str  # as written in the span ("77.6%", "<50%", "94th")
    number: float
    unit: str
    setting: str
    span: str
    source: str
    url: str | None = None  # the entry's first link, for clients that cite rows (the Slack bot)
    rank: int = 0


@dataclass(frozen=True)
class Group:
    """Rows that may be compared: one setting, one scale, ranked best first."""

    setting: str
    scale: Scale
    rows: tuple[Row, ...]

    @property
    def mixed_units(self) -> bool:
        """Do the rows write their values differently ("65.8" beside "72.5%")? Flagged, not converted."""
        return len({r.unit or "" for r in self.rows}) > 1

    @property
    def repeated_systems(self) -> bool:
        """Does one entry give one system several values here? Then the text tells apart settings (subsets,
        budgets) that the facts table did not name: flagged, so the values are not read as one ranking."""
        keys = [(r.entry_id, r.system) for r in self.rows]
        return len(keys) != len(set(keys))


@dataclass(frozen=True)
class Board:
    name: str
    aliases: tuple[str, ...]
    family: str
    related: tuple[str, ...]
    better: Literal["higher", "lower"]
    groups: tuple[Group, ...]

    @property
    def rows(self) -> list[Row]:
        return [r for g in self.groups for r in g.rows]

    @property
    def entries(self) -> int:
        return len({r.entry_id for r in self.rows})

    def record(self) -> dict[str, Any]:
        """The board as JSON data (GET /leaderboards/{benchmark}, ``surveyqa leaderboard --json``)."""
        groups = [
            {
                "setting": g.setting,
                "scale": g.scale,
                "mixed_units": g.mixed_units,
                "repeated_systems": g.repeated_systems,
                "rows": [{"id": r.entry_id, **{k: v for k, v in asdict(r).items() if k != "entry_id"}} for r in g.rows],
            }
            for g in self.groups
        ]
        return {
            "name": self.name,
            "aliases": list(self.aliases),
            "family": self.family,
            "related": list(self.related),
            "better": self.better,
            "rows": len(self.rows),
            "entries": self.entries,
            "groups": groups,
        }


@dataclass(frozen=True)
class Month:
    month: str | None  # None: the survey gives no date (add-on notes); listed last, and only without a range
    entries: tuple[str, ...]


# -- leaderboards ------------------------------------------------------------------------------------------
def resolve(catalog: Catalog, name: str) -> str:
    """The canonical benchmark a name means, through the lexicon's aliases (case and separators ignored)."""
    text = name.strip()
    terms = catalog.lex.benchmarks.terms
    if text in terms:
        return text
    found = catalog.lex.benchmarks.find(text)
    if len(found) == 1 and found[0].start == 0 and found[0].end == len(text):
        return found[0].name
    for term in terms.values():  # exact-case aliases ("HLE") asked in another case
        if any(a.lower() == text.lower() for a in (term.name, *term.aliases)):
            return term.name
    known = sorted({a for t in terms.values() for a in (t.name, *t.aliases)})
    hint = _did_you_mean(text, known, hint=_BOARDS_HINT)
    raise UnknownBenchmarkError(f"unknown benchmark {name!r}{hint}")


def rows_for(catalog: Catalog, benchmark: str) -> list[Row]:
    """Every row of one canonical benchmark, in survey order, before grouping."""
    chosen: dict[tuple[str, float], Fact] = {}
    for f in catalog.facts:
        if f.kind != "benchmark" or f.name != benchmark or f.value is None or not _credited(f):
            continue
        if _improved_on(catalog, f):
            continue
        key = (f.entry_id, f.value)
        current = chosen.get(key)
        if current is None or _preferred(f, current):
            chosen[key] = f
    ordered = sorted(chosen.values(), key=lambda f: catalog.order[f.entry_id])
    return [_row(catalog, f) for f in ordered]


def _credited(f: Fact) -> bool:
    if f.unit in ("gain", "pp"):
        return False
    return f.own or (bool(f.subject) and f.subject not in _UNNAMED)


def _improved_on(catalog: Catalog, f: Fact) -> bool:
    """Is the value the starting point of an improvement ("GLM-4-9B 6.1%→43%")? Then it is not the result."""
    text = entry_texts(catalog.by_id[f.entry_id]).get(f.source, "")
    at = text.find(f.span)
    return f.span.endswith(f.raw) and at >= 0 and re.match(r"\s*(?:→|->)", text[at + len(f.span) :]) is not None


def _preferred(f: Fact, current: Fact) -> bool:
    """The survey line's copy of a result over the abstract's; then the one that states its setting."""
    return (f.source == "summary", bool(f.setting)) > (current.source == "summary", bool(current.setting))


def _row(catalog: Catalog, f: Fact) -> Row:
    e = catalog.by_id[f.entry_id]
    written = re.search(_QUALIFIER + re.escape(f.raw), f.span)
    return Row(
        entry_id=e.id,
        title=e.title,
        org=e.org,
        date=e.date,
        system=catalog.short_title(e.id) if f.own else f.subject,
        own=f.own,
        value=written.group() if written else f.raw,
        number=float(f.value or 0.0),
        unit=f.unit,
        setting=f.setting,
        span=f.span,
        source=f.source,
        url=e.url,
    )


def _scale(row: Row) -> Scale:
    return result_scale(row.unit, row.number)


def board(catalog: Catalog, name: str) -> Board:
    """The leaderboard of a benchmark (any alias); UnknownBenchmarkError if unknown or with no values."""
    canonical = resolve(catalog, name)
    term = catalog.lex.benchmarks.terms[canonical]
    rows = rows_for(catalog, canonical)
    if not rows:
        raise UnknownBenchmarkError(f"the survey reports no value on {canonical}; {_BOARDS_HINT}")
    better: Literal["higher", "lower"] = "lower" if term.extra.get("better") == "lower" else "higher"
    sign = 1 if better == "lower" else -1
    buckets: dict[tuple[str, Scale], list[Row]] = {}
    for r in rows:
        buckets.setdefault((r.setting, _scale(r)), []).append(r)
    groups = []
    for (setting, scale), members in buckets.items():
        ranked = sorted(members, key=lambda r: (sign * r.number, not r.own))  # stable: ties keep survey order
        groups.append(Group(setting, scale, tuple(_ranked(ranked))))
    # The biggest group first; at equal size the one with no stated setting, then by name.
    groups.sort(key=lambda g: (-len(g.rows), g.scale != "score", g.setting != "", g.setting))
    related = tuple(
        n
        for n, t in catalog.lex.benchmarks.terms.items()
        if n != canonical and t.family == term.family and rows_for(catalog, n)
    )
    return Board(canonical, term.aliases, term.family, related, better, tuple(groups))


def _ranked(rows: Sequence[Row]) -> list[Row]:
    """Ranks 1, 2, 2, 4 …: equal values share a rank."""
    out: list[Row] = []
    for i, r in enumerate(rows):
        rank = out[-1].rank if out and out[-1].number == r.number else i + 1
        out.append(Row(**{**r.__dict__, "rank": rank}))
    return out


@dataclass(frozen=True)
class BoardSummary:
    name: str
    aliases: tuple[str, ...]
    rows: int
    entries: int
    groups: int


def boards(catalog: Catalog, min_rows: int = MIN_ROWS) -> list[BoardSummary]:
    """Every benchmark with at least ``min_rows`` rows, most rows first (then by name)."""
    out = []
    for name, term in catalog.lex.benchmarks.terms.items():
        rows = rows_for(catalog, name)
        if len(rows) < min_rows:
            continue
        b = board(catalog, name)
        out.append(BoardSummary(name, term.aliases, len(rows), b.entries, len(b.groups)))
    return sorted(out, key=lambda s: (-s.rows, s.name.lower()))


def verbatim(catalog: Catalog, row: Row) -> bool:
    """Is the row traceable: its span in its entry's text, its value in its span?"""
    text = entry_texts(catalog.by_id[row.entry_id]).get(row.source, "")  # type: ignore[call-overload]
    return bool(row.span) and row.span in text and row.value in row.span


# -- timeline ----------------------------------------------------------------------------------------------
def parse_month(value: str | None, field: str) -> str | None:
    """A YYYY-MM month, or None; a ValueError that names the field otherwise."""
    if value is None:
        return None
    if not _MONTH.fullmatch(value.strip()):
        raise ValueError(f"{field} must be a month written YYYY-MM, e.g. 2025-01 (got {value!r})")
    return value.strip()


def timeline(
    catalog: Catalog,
    *,
    start: str | None = None,
    end: str | None = None,
    org: str | None = None,
    kind: str | None = None,
    section: str | None = None,
) -> list[Month]:
    """Entries by month, oldest first (survey order within a month), filtered like ``filter_entries``.

    ValueError for a malformed month or ``start`` after ``end``; UnknownOrgError for an unknown organisation.
    """
    lo, hi = parse_month(start, "from"), parse_month(end, "to")
    if lo and hi and lo > hi:
        raise ValueError(f"from ({lo}) is after to ({hi})")
    found = [e for e in filter_entries(catalog, org=org, kind=kind, section=section) if catalog.is_item(e.id)]
    months: dict[str | None, list[str]] = {}
    for e in found:
        month = e.date if _MONTH.fullmatch(e.date or "") else None
        if month is None and (lo or hi):
            continue
        if month is not None and ((lo and month < lo) or (hi and month > hi)):
            continue
        months.setdefault(month, []).append(e.id)
    dated = sorted((m for m in months if m is not None), key=str)
    order = [*dated, *([None] if None in months else [])]
    return [Month(m, tuple(months[m])) for m in order]
