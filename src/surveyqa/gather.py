"""Gather the evidence a question needs: hybrid retrieval, the facts table and entry metadata.

Lookups and comparisons get retrieved entries and their targets; survey-level questions (list, count,
ranking, earliest, latest) get every entry that qualifies, each with the fact or clause that qualifies it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from surveyqa import tuning
from surveyqa.catalog import Catalog
from surveyqa.facts import Fact, clause_around
from surveyqa.reader import focus_hits
from surveyqa.retrieval import Hit, Mode, Retriever
from surveyqa.understand import Question

# Concepts so common that they only narrow a list when nothing more specific is asked.
_BROAD_CONCEPTS = {"reinforcement learning", "fine-tuning", "tool use", "open weights", "long context", "multimodal"}


@dataclass(frozen=True)
class Candidate:
    """An entry that qualifies for a survey-level answer, with the verbatim span that shows why."""

    entry_id: str
    span: str
    score: float = 0.0
    fact: Fact | None = None


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


def gather(
    question: Question, retriever: Retriever, catalog: Catalog, *, top_k: int = 5, mode: Mode = "hybrid"
) -> Evidence:
    """Retrieve, then collect candidates or targets for the question's intent."""
    qvec = retriever.embedder.embed_queries([question.text])[0]
    hits = retriever.search(question.text, k=max(top_k, tuning.RETRIEVE_K), mode=mode, query_vector=qvec)
    ev = Evidence(question, qvec, hits)
    if question.intent in ("lookup", "comparison", "overview"):
        ev.targets = _targets(question, hits, catalog)
        if ev.targets:
            ev.coverage = coverage(question, ev.targets[0], catalog)
        return ev
    if question.intent == "ranking":
        _rank(ev, catalog)
        return ev
    ev.candidates, ev.criteria = _qualifying(question, retriever, catalog, qvec)
    if question.intent in ("earliest", "latest"):
        dated = [c for c in ev.candidates if catalog.by_id[c.entry_id].date]
        dated.sort(key=lambda c: (catalog.by_id[c.entry_id].date, catalog.order[c.entry_id]))
        ev.candidates = dated if question.intent == "earliest" else dated[::-1]
    return ev


def coverage(question: Question, entry_id: str, catalog: Catalog) -> float:
    """Idf-weighted share of the question's content tokens found in the entry (title, survey line, abstract)."""
    tokens = set(question.tokens)
    total = sum(catalog.idf(t) for t in tokens)
    have = catalog.entry_tokens.get(entry_id, set())
    found = sum(catalog.idf(t) for t in tokens if t in have)
    return found / total if total else 0.0


# -- lookups ---------------------------------------------------------------------------------------------
def _targets(question: Question, hits: Sequence[Hit], catalog: Catalog) -> list[str]:
    if question.intent == "overview":
        return [e for e in ("overview", "scope") if e in catalog.by_id]
    named = list(question.entries)
    if question.intent == "comparison" and len(named) >= 2:
        return named[: tuning.MAX_TARGETS]
    if named:
        return named[:1] if question.intent == "lookup" else named[: tuning.MAX_TARGETS]
    return [hits[0].entry.id] if hits else []


# -- survey-level candidates -----------------------------------------------------------------------------
def passes_filters(entry_id: str, q: Question, catalog: Catalog, *, kinds: bool = True) -> bool:
    """Metadata filters: orgs (with their labs), years, month, kinds, section, role."""
    entry = catalog.by_id[entry_id]
    if not catalog.is_item(entry_id):
        return False
    if q.orgs:
        wanted = set().union(*(catalog.lex.org_family(o) for o in q.orgs))
        if not wanted & catalog.orgs_of(entry_id):
            return False
    if q.years:
        year = catalog.year(entry_id)
        if year is None or not q.years[0] <= year <= q.years[1]:
            return False
    if q.month and entry.date != q.month:
        return False
    if kinds and q.kinds and entry.kind not in q.kinds:
        return False
    if q.section and not entry.section.startswith(q.section):
        return False
    if q.role == "benchmark" and entry_id not in catalog.benchmark_entries:
        return False
    return not (q.exclude_role == "benchmark" and entry_id in catalog.benchmark_entries)


def _qualifying(
    q: Question, retriever: Retriever, catalog: Catalog, qvec: np.ndarray
) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Entries that qualify for a list / count / timeline answer, and the criteria used."""
    criteria: list[tuple[str, str]] = []
    # "papers" narrows only a metadata question; a topical "which papers use X" means works of any kind.
    topical = bool(q.concepts or q.benchmarks or q.threshold or _topic_words(q))
    strict_kinds = bool(q.kinds) and (not topical or "paper" not in q.kinds)
    pool = [e.id for e in catalog.entries if passes_filters(e.id, q, catalog, kinds=strict_kinds)]
    for slot, values in (("org", q.orgs), ("kind", q.kinds if strict_kinds else ())):
        criteria += [(slot, v) for v in values]
    if q.years:
        criteria.append(("years", f"{q.years[0]}" if q.years[0] == q.years[1] else f"{q.years[0]}–{q.years[1]}"))
    if q.month:
        criteria.append(("month", q.month))
    if q.section:
        criteria.append(("section", next((e.section for e in catalog.entries if e.section.startswith(q.section)), q.section)))
    if q.role:
        criteria.append(("role", q.role))

    if q.threshold and q.measure:
        facts = _measure_facts(q.measure, pool, catalog)
        keep = {f.entry_id: f for f in sorted(facts, key=lambda f: f.value or 0) if (f.value or 0) >= q.threshold}
        criteria.append(("threshold", f"{q.measure} ≥ {_human(q.threshold, q.measure)}"))
        return [Candidate(e, f.span, f.value or 0.0, f) for e, f in keep.items()], criteria
    if q.benchmarks:
        criteria += [("benchmark", b) for b in q.benchmarks]
        return _benchmark_candidates(q, pool, catalog), criteria
    named_topic = [e for e in q.entries if e in catalog.by_id]
    if named_topic:
        criteria += [("about", catalog.short_title(e)) for e in named_topic]
        return _named_topic_candidates(named_topic, pool, catalog), criteria
    concepts = _primary_concepts(q, catalog)
    if concepts:
        criteria += [("concept", c) for c in concepts]
        return _concept_candidates(concepts, pool, q, catalog), criteria
    words = _topic_words(q)
    if words:
        criteria.append(("topic", " ".join(words)))
        return _topic_candidates(q, words, pool, retriever, catalog, qvec), criteria
    return [Candidate(e, _opening(catalog, e)) for e in pool], criteria


def _topic_words(q: Question) -> list[str]:
    drop = {"哪些", "哪个", "which", "what", "one", "ones", "first", "earliest", "latest", "newest", "recent", "oldest"}
    return [t for t in q.focus if t not in drop and not re.fullmatch(r"\d+|[a-z]", t) and len(t) > 1]


def _primary_concepts(q: Question, catalog: Catalog) -> list[str]:
    """The concepts a list is about: the most specific one, plus any joined to it by "or"."""
    concepts = list(q.concepts)
    specific = [c for c in concepts if c not in _BROAD_CONCEPTS] or concepts
    if not specific:
        return []
    df = {c: sum(1 for f in catalog.facts if f.kind == "concept" and f.name == c) for c in specific}
    primary = min(specific, key=lambda c: (df[c], specific.index(c)))
    if re.search(r"\bor\b|或者|或|以及|and/or", q.text, re.IGNORECASE):
        return specific
    return [primary]


def _concept_candidates(concepts: Sequence[str], pool: Sequence[str], q: Question, catalog: Catalog) -> list[Candidate]:
    out = []
    for entry_id in pool:
        best: Fact | None = None
        for concept in concepts:
            for f in catalog.concept_sources(entry_id, concept):
                if f.source == "abstract" and _mentions_in_abstract(entry_id, concept, catalog) < tuning.ABSTRACT_MENTIONS:
                    continue
                better = best is None or (f.source != "abstract" and best.source == "abstract")
                if q.lang == "en" and f.source == "abstract" and best is not None and best.source == "summary":
                    better = True  # an English clause for an English question, when the abstract says it too
                if better:
                    best = f
        if best is not None:
            out.append(Candidate(entry_id, best.span, 1.0 if best.source != "abstract" else 0.7, best))
    return out


def _mentions_in_abstract(entry_id: str, concept: str, catalog: Catalog) -> int:
    abstract = catalog.by_id[entry_id].abstract or ""
    return sum(1 for m in catalog.lex.concepts.find(abstract) if m.name == concept)


def _benchmark_candidates(q: Question, pool: Sequence[str], catalog: Catalog) -> list[Candidate]:
    wanted = set(q.benchmarks)
    out = []
    for entry_id in pool:
        facts = [f for f in catalog.facts_by_entry.get(entry_id, []) if f.kind == "benchmark" and f.name in wanted]
        own = [f for f in facts if f.own] or facts
        if own:
            best = max(own, key=lambda f: (f.source == "summary", f.value or 0))
            out.append(Candidate(entry_id, best.span, best.value or 0.0, best))
            continue
        text = catalog.by_id[entry_id].summary
        for m in catalog.lex.benchmarks.find(text):
            if m.name in wanted:
                out.append(Candidate(entry_id, clause_around(text, m.start, m.end)))
                break
    return out


def _named_topic_candidates(named: Sequence[str], pool: Sequence[str], catalog: Catalog) -> list[Candidate]:
    from surveyqa.catalog import entry_aliases

    aliases = {a for e in named for a in entry_aliases(catalog.by_id[e]) if len(a) >= 3}
    patterns = [re.compile(re.escape(a), re.IGNORECASE) for a in aliases]
    out = [Candidate(e, _opening(catalog, e)) for e in named if e in pool]
    for entry_id in pool:
        if entry_id in named:
            continue
        text = catalog.by_id[entry_id].summary
        for p in patterns:
            m = p.search(text)
            if m:
                out.append(Candidate(entry_id, clause_around(text, m.start(), m.end())))
                break
    return out


def _topic_candidates(
    q: Question, words: Sequence[str], pool: Sequence[str], retriever: Retriever, catalog: Catalog, qvec: np.ndarray
) -> list[Candidate]:
    hits = retriever.search(" ".join(words), k=len(catalog.entries))
    if not hits:
        return []
    top = hits[0].score or 1.0
    allowed = set(pool)
    out = []
    for h in hits:
        if h.entry.id not in allowed or h.score < tuning.TOPIC_CUTOFF * top:
            continue
        text = catalog.full_text(h.entry.id)
        if not focus_hits(text, words, catalog):
            continue
        out.append(Candidate(h.entry.id, _best_clause(h.entry.id, words, catalog), h.score))
    return out


def _best_clause(entry_id: str, words: Sequence[str], catalog: Catalog) -> str:
    """The summary clause holding the most topic words (or the summary's opening)."""
    summary = catalog.by_id[entry_id].summary
    best, best_hits = "", 0
    for clause in re.split(r"(?<=[。；;])", summary):
        hits = focus_hits(clause, words, catalog)
        if hits > best_hits and clause.strip():
            best, best_hits = clause.strip(), hits
    if best and len(best) > tuning.CHAR_BUDGET // 2:
        low = best.lower()
        for w in words:
            at = low.find(w.lower())
            if at >= 0:
                return clause_around(best, at, at + len(w))
    return best or _opening(catalog, entry_id)


def _opening(catalog: Catalog, entry_id: str) -> str:
    """The summary's first clause: what the survey says the entry is."""
    summary = catalog.by_id[entry_id].summary
    first = re.split(r"(?<=[。；;：:])", summary, maxsplit=1)[0].strip()
    return first if len(first) <= 120 else clause_around(summary, 0, 1)


# -- rankings --------------------------------------------------------------------------------------------
def _measure_facts(measure: str, pool: Sequence[str], catalog: Catalog) -> list[Fact]:
    kind, _, name = measure.partition(":")
    allowed = set(pool)
    out: list[Fact] = []
    for entry_id in allowed:
        for f in catalog.facts_by_entry.get(entry_id, []):
            if f.value is None:
                continue
            if kind == "benchmark" and f.kind == "benchmark" and f.name == name and f.own:
                out.append(f)
            elif kind == "human" and f.kind == "benchmark" and f.subject.lower() in ("人类", "human", "humans"):
                out.append(f)
            elif kind == "size" and f.kind == "size" and (f.name == name or (name == "total" and f.name == "params")):
                out.append(f)
            elif kind == "context" and f.kind == "context":
                out.append(f)
            elif kind == "tokens" and f.kind == "quantity" and f.name == "token":
                out.append(f)
            elif kind == "speed" and f.kind == "quantity" and f.name == "tok/s":
                out.append(f)
            elif kind == "quantity" and f.kind == "quantity" and f.name == name:
                out.append(f)
    return out


def _rank(ev: Evidence, catalog: Catalog) -> None:
    q = ev.question
    assert q.measure is not None
    pool = [e.id for e in catalog.entries if passes_filters(e.id, q, catalog)]
    facts = _measure_facts(q.measure, pool, catalog)
    kind, _, name = q.measure.partition(":")
    if kind == "benchmark" and len({f.entry_id for f in facts}) < 2:
        family = catalog.lex.benchmark_family(name)
        facts = [
            f
            for e in pool
            for f in catalog.facts_by_entry.get(e, [])
            if f.kind == "benchmark" and f.own and f.value is not None and catalog.lex.benchmark_family(f.name) == family
        ]
    if kind == "benchmark" and len(q.benchmarks) > 1:
        wanted = set(q.benchmarks)
        facts += [
            f
            for e in pool
            for f in catalog.facts_by_entry.get(e, [])
            if f.kind == "benchmark" and f.own and f.value is not None and f.name in wanted and f not in facts
        ]
    best: dict[str, Fact] = {}
    for f in facts:
        if f.unit in ("gain", "pp"):
            continue
        current = best.get(f.entry_id)
        better = current is None or (
            (f.value or 0) > (current.value or 0) if q.direction == "max" else (f.value or 0) < (current.value or 0)
        )
        if current is not None and (f.value == current.value) and f.source == "summary" and current.source != "summary":
            better = True
        if better:
            best[f.entry_id] = f
    ranked = sorted(best.values(), key=lambda f: (f.value or 0) * (-1 if q.direction == "max" else 1))
    ev.candidates = [Candidate(f.entry_id, f.span, f.value or 0.0, f) for f in ranked]
    settings = {f.setting for f in ranked if f.setting}
    names = {f.name for f in ranked if f.kind == "benchmark"}
    units = {f.unit or "%" for f in ranked} if kind == "benchmark" else {f.unit for f in ranked}
    if settings:
        ev.mixed.append("settings")
    if len(names) > 1:
        ev.mixed.append("versions")
    if len(units) > 1:
        ev.mixed.append("units")
    ev.criteria = [("measure", q.measure)]


def _human(value: float, measure: str) -> str:
    if measure.startswith("context"):
        return f"{value / 1e6:g}M" if value >= 1e6 else f"{value / 1e3:g}K"
    if measure.startswith("size"):
        return f"{value / 1e12:g}T" if value >= 1e12 else f"{value / 1e9:g}B"
    return f"{value:g}"
