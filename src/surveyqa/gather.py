"""Gather the evidence a question needs: hybrid retrieval, the facts table and entry metadata.

Lookups and comparisons get retrieved entries and their targets; survey-level questions (list, count,
ranking, earliest, latest) get every entry that qualifies, each with the fact or clause that qualifies it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np

from surveyqa import tuning
from surveyqa.catalog import Catalog, entry_aliases
from surveyqa.evidence import Candidate, Evidence
from surveyqa.facts import Fact, clause_around
from surveyqa.lexicon import Match
from surveyqa.measures import MULTIPLE_BOUND, fact_clause, measure_facts, shown_value, speedups, stating_facts
from surveyqa.model_mentions import (
    any_alias,
    base_candidates,
    base_models_asked,
    families_of,
    maker_of,
    model_pattern,
    models_scored,
    related_to,
    scoring_clause,
)
from surveyqa.prompts import MEASURES, measure_label
from surveyqa.reader import expand, focus_hits, tools_asked, tools_label, tools_matter, with_tools
from surveyqa.retrieval import Hit, Mode, Retriever
from surveyqa.text import STOPWORDS, has_cjk
from surveyqa.understand import JOINED, Question

# Concepts so common that they only narrow a list when nothing more specific is asked.
BROAD_CONCEPTS = {"reinforcement learning", "fine-tuning", "tool use", "open weights", "long context", "multimodal"}


def gather(
    question: Question,
    retriever: Retriever,
    catalog: Catalog,
    *,
    top_k: int = 5,
    mode: Mode = "hybrid",
    qvec: np.ndarray | None = None,
) -> Evidence:
    """Retrieve, then collect candidates or targets for the question's intent (``qvec``: the question text's
    vector, when the caller has it already)."""
    if qvec is None:
        qvec = retriever.embedder.embed_queries([question.text])[0]
    hits = retriever.search(question.text, k=max(top_k, tuning.RETRIEVE_K), mode=mode, query_vector=qvec)
    if question.intent == "lookup" and question.orgs and not question.entries:
        hits = _with_org_hit(question, hits, retriever, catalog, qvec, mode)
    ev = Evidence(question, qvec, hits)
    if question.intent in ("lookup", "comparison", "overview"):
        ev.targets = _targets(question, hits, catalog)
        if ev.targets:
            ev.coverage = coverage(question, ev.targets[0], catalog)
        return ev
    if question.intent == "ranking":
        _rank(ev, catalog)
    else:
        ev.candidates, ev.criteria = _qualifying(question, retriever, catalog, qvec)
    if question.survey_only:
        ev.candidates = _in_survey_lines(ev.candidates, catalog)
    if question.intent in ("earliest", "latest"):
        dated = [c for c in ev.candidates if catalog.by_id[c.entry_id].date]
        dated.sort(key=lambda c: (catalog.by_id[c.entry_id].date, catalog.order[c.entry_id]))
        ev.candidates = dated if question.intent == "earliest" else dated[::-1]
    return ev


def _in_survey_lines(candidates: list[Candidate], catalog: Catalog) -> list[Candidate]:
    """ "不算论文摘要", "not counting the abstracts": each candidate on the fact its survey line states; one that only
    its abstract qualifies is left out."""
    out = []
    for c in candidates:
        f = c.fact
        if f is None or f.source != "abstract":
            out.append(c)
            continue
        own = next(
            (
                g
                for g in catalog.facts_by_entry.get(c.entry_id, [])
                if (g.kind, g.name, g.own, g.subject) == (f.kind, f.name, f.own, f.subject) and g.source != "abstract"
            ),
            None,
        )
        if own is not None:
            out.append(replace(c, span=own.span, fact=own))
    return out


# The organisation as the maker of the work described: "Fudan's …", "复旦的那个…", "from Fudan", "由复旦…",
# "did Google DeepMind release …"; not "用了 Hugging Face 的模型" (a plain 的 owns anything). An org beside a
# date ("Google DeepMind's Dec 2024 launch") is taken as the maker.
_MAKER = re.compile(
    r"\s*(?:'s\b|’s\b|的?(?:那个|那篇|那款|那份)|出的|发布的|推出的|提出的)"
    r"|\s+(?:show(?:ed|s)?|release[sd]?|launch(?:ed|es)?|introduce[sd]?|publish(?:ed|es)?|ship(?:ped|s)?|"
    r"announce[sd]?|propose[sd]?|unveil(?:ed|s)?|open-?source[sd]?|buil[dt]s?|made|makes?|train(?:ed|s)?)\b",
    re.IGNORECASE,
)
_MAKER_BEFORE = re.compile(r"(?:\bfrom|\bby|\bat|由|来自)\s*$", re.IGNORECASE)
_WORK_DETERMINER = re.compile(r"(?:^|\b(?:a|an|the|which|what|that))\s*$", re.IGNORECASE)
_WORK_NOUN = re.compile(
    r"\s+(?:[\w\-]+\s+){0,2}?(?:work|paper|model|agent|system|framework|benchmark|report|release)s?\b", re.IGNORECASE
)


def _with_org_hit(
    question: Question, hits: list[Hit], retriever: Retriever, catalog: Catalog, qvec: np.ndarray, mode: Mode
) -> list[Hit]:
    """A described entry from a named organisation ("Fudan's open chat model …") that the first hits miss is
    looked for deeper and put first."""
    window = hits[: tuning.RERANK_HITS + tuning.DESCRIBED_EXTRA_HITS]
    fitting = [h for h in window if fits_slots(question, h.entry.id, catalog)]
    if len(hits) >= tuning.ORG_DEEP_K or any(described_by(question, h.entry.id, catalog) for h in fitting):
        return hits
    dated = bool(question.years or question.month)
    if (
        not dated
        and not any(
            _MAKER.match(question.text, m.end)
            or _MAKER_BEFORE.search(question.text[: m.start])
            # "Which Fudan work …", "A Fudan chat model that …": the org naming the kind of work asked for
            or (_WORK_DETERMINER.search(question.text[: m.start]) and _WORK_NOUN.match(question.text, m.end))
            for m in catalog.lex.orgs.find(question.text)
            if m.name == question.orgs[0]
        )
    ):
        return hits  # "dispatches Hugging Face models": the organisation is not the work's maker
    # With a date too ("Google DeepMind's Dec 2024 launch …") the maker and the date pick out a handful of
    # entries at most, so every entry may be looked at; a maker alone is looked for ORG_DEEP_K deep.
    depth = len(catalog.entries) if dated else tuning.ORG_DEEP_K
    deep = retriever.search(question.text, k=depth, mode=mode, query_vector=qvec)
    maker = [h for h in deep if fits_slots(question, h.entry.id, catalog)]
    # The maker's work that also does what the description says ("Fudan's plugin-capable chat model": the
    # Fudan entry about plugins, not Fudan's agent gym).
    found = next((h for h in maker if described_by(question, h.entry.id, catalog)), None)
    if found is None and question.benchmarks and question.concepts:
        found = _unreporting_work(question, window, deep, catalog)
    if found is None and not fitting:
        found = next(iter(maker), None)  # with none fitting in the first hits, the maker's first
    if found is None:
        return hits
    return [found, *(h for h in hits if h.entry.id != found.entry.id)]


def _unreporting_work(question: Question, window: Sequence[Hit], deep: Sequence[Hit], catalog: Catalog) -> Hit | None:
    """ "OpenAI's deep research agent on HLE": when none of the maker's works names the benchmark, its described
    work, though it reports no result there (the answer then says the survey does not state one), not another
    maker's work that does. None when an add-on note that states no maker fits and names the benchmark (it may
    be the org's own)."""
    if any(
        not catalog.orgs_of(h.entry.id)
        and described_by(question, h.entry.id, catalog)
        and names_benchmarks(question, h.entry.id, catalog)
        for h in window
    ):
        return None
    mine = [h for h in deep if from_first_org(question, h.entry.id, catalog)]
    if any(names_benchmarks(question, h.entry.id, catalog) for h in mine):
        return None
    return next(
        (
            h
            for h in mine
            if dated_as_asked(question, h.entry.id, catalog) and described_by(question, h.entry.id, catalog)
        ),
        None,
    )


def coverage(question: Question, entry_id: str, catalog: Catalog, *, single_chars: bool = True) -> float:
    """Idf-weighted share of the question's content tokens found in the entry (title, survey line, abstract).
    Without ``single_chars`` a one-character Chinese word ("做", "会") does not count: it says what is done, not
    about what."""
    tokens = {t for t in question.tokens if single_chars or len(t) > 1 or not has_cjk(t)}
    total = sum(catalog.idf(t) for t in tokens)
    have = catalog.entry_tokens.get(entry_id, set())
    found = sum(catalog.idf(t) for t in tokens if t in have)
    return found / total if total else 0.0


# -- lookups ---------------------------------------------------------------------------------------------
def _targets(question: Question, hits: Sequence[Hit], catalog: Catalog) -> list[str]:
    if question.intent == "overview":
        return [e for e in ("overview", "scope") if e in catalog.by_id]
    named = list(question.entries)
    if question.intent == "ranking":  # nothing to rank: the benchmark's own entry, if the question names one
        named = [e for e in question.mentioned if e in catalog.benchmark_entries] or named
    if question.intent == "comparison" and len(named) >= 2:
        return named[: tuning.MAX_TARGETS]
    if named:
        return named[:1] if question.intent == "lookup" else named[: tuning.MAX_TARGETS]
    window = hits[: tuning.RERANK_HITS + tuning.DESCRIBED_EXTRA_HITS]
    fitting = [h for h in window if fits_slots(question, h.entry.id, catalog)]
    if not fitting and question.benchmarks:
        # "ToolBench 数据集有多大？": no entry reports a result on it; the one whose text names it is the subject.
        fitting = [h for h in window if fits_slots(question, h.entry.id, catalog, mentions=True)]
    fitting = [h for h in fitting if described_by(question, h.entry.id, catalog)] or fitting
    return [(fitting or hits)[0].entry.id] if hits else []


def described_by(q: Question, entry_id: str, catalog: Catalog) -> bool:
    """Does the entry fit what a description says it does and is ("Anthropic's Feb 2026 system card"): every
    specific concept it names, and the kind of document it names?"""
    # "paper" is said of any work ("which Fudan paper …" may mean a GitHub release): only a specific kind binds.
    kinds = set(q.kinds) - ({"paper"} if not q.kind_stated else set())
    return holds_concepts(q, entry_id, catalog) and (not kinds or catalog.by_id[entry_id].kind in kinds)


def holds_concepts(q: Question, entry_id: str, catalog: Catalog) -> bool:
    """Does the entry's text hold every specific concept the question names ("plugin-capable" → tool use)?
    A family of models is matched in titles elsewhere, not here. True when it names none."""
    specific = [c for c in q.concepts if catalog.lex.concepts.terms[c].type != "family"]
    return all(catalog.concept_sources(entry_id, c) for c in specific)


def fits_slots(q: Question, entry_id: str, catalog: Catalog, *, mentions: bool = False) -> bool:
    """Does an entry fit what a question that names no entry says about it: the organisation it names first
    ("Zhipu's QA system that improves on OpenAI's …") and the benchmarks it asks about (a result on each, or
    with ``mentions`` its name in the entry's text)? False without either."""
    if not (q.orgs or q.benchmarks):
        return False
    if not from_first_org(q, entry_id, catalog) or not dated_as_asked(q, entry_id, catalog):
        return False
    if mentions:
        return names_benchmarks(q, entry_id, catalog)
    facts = catalog.facts_by_entry.get(entry_id, [])
    return all(any(f.kind == "benchmark" and f.name == b for f in facts) for b in q.benchmarks)


def names_benchmarks(q: Question, entry_id: str, catalog: Catalog) -> bool:
    """Does the entry's text (survey line or abstract) name every benchmark the question names?"""
    named = {m.name for src in catalog.benchmark_mentions[entry_id].values() for m in src}
    return set(q.benchmarks) <= named


def dated_as_asked(q: Question, entry_id: str, catalog: Catalog) -> bool:
    """Is the entry dated as the question says ("Google DeepMind's Dec 2024 launch …")? True when it says nothing."""
    if not (q.years or q.month):
        return True
    date, year = catalog.by_id[entry_id].date, catalog.year(entry_id)
    if year is None and q.notes_counted and q.years and not q.month and q.years[1] >= catalog.latest_year:
        return True  # "2025 年以来的…，文末增量补录里的也算": the undated add-on notes, the survey's newest, count
    if year is None or (q.years and not q.years[0] <= year <= q.years[1]):
        return False
    lo, _, hi = (q.month or "").partition("..")
    return not lo or lo <= date[:7] <= (hi or lo)


def from_first_org(q: Question, entry_id: str, catalog: Catalog) -> bool:
    """Is the entry from the organisation the question names first (the subject's, in "Zhipu's QA system that
    improves on OpenAI's …")? True when it names none."""
    return not q.orgs or bool(catalog.lex.org_family(q.orgs[0]) & catalog.orgs_of(entry_id))


# -- survey-level candidates -----------------------------------------------------------------------------
def passes_filters(entry_id: str, q: Question, catalog: Catalog, *, kinds: bool = True) -> bool:
    """Metadata filters: orgs (with their labs), years, month, kinds, section, role, named works left out."""
    entry = catalog.by_id[entry_id]
    if not catalog.is_item(entry_id) or entry_id in q.exclude_entries:
        return False
    if q.not_own_benchmark and entry_id in catalog.benchmark_entries and entry_id in q.mentioned:
        return False  # "which models report an OSWorld number?": OSWorld's own entry is no such model
    if q.orgs:
        # an add-on note's org by its model family, except in a count that leaves the notes out
        makers = catalog.orgs_of(entry_id) if q.intent == "count" and not q.notes_counted else catalog.makers(entry_id)
        families = [catalog.lex.org_family(o) for o in q.orgs]
        if q.orgs_joint and not all(family & makers for family in families):
            return False  # "字节和清华一起做的": made by both
        if not set().union(*families) & makers:
            return False
        if q.orgs_only:
            allowed = set(families[0]).intersection(*families) if q.orgs_joint else set().union(*families)
            if makers - allowed:
                return False  # "made purely by companies": a university among its makers leaves it out
    if q.exclude_orgs:
        unwanted = set().union(*(catalog.lex.org_family(o) for o in q.exclude_orgs))
        if unwanted & catalog.makers(entry_id):
            return False
    if q.exclude_kinds and entry.kind in q.exclude_kinds:
        return False
    if q.exclude_concepts:
        left_out = set().union(*(catalog.lex.concept_family(c) for c in q.exclude_concepts))
        # A technique is left out wherever the entry states it ("稠密（非 MoE）"); a topic where the survey's line
        # does: an abstract's passing mention of web browsing does not make a tool-calling benchmark a web one.
        terms = catalog.lex.concepts.terms
        if any(
            f.source != "abstract" or terms[c].type != "topic"
            for c in left_out
            for f in catalog.concept_sources(entry_id, c)
        ):
            return False
    if not dated_as_asked(q, entry_id, catalog):
        return False
    if kinds and q.kinds and entry.kind not in q.kinds:
        return False
    if q.section and not entry.section.startswith(q.section):
        return False
    if q.role == "benchmark" and entry_id not in catalog.benchmark_entries:
        return False
    if q.role == "framework" and entry_id not in catalog.framework_entries:
        return False
    return not (q.exclude_role == "benchmark" and entry_id in catalog.benchmark_entries)


def filter_criteria(q: Question, catalog: Catalog, *, kinds: bool = True) -> list[tuple[str, str]]:
    """The metadata filters :func:`passes_filters` applies, as (slot, value) pairs an answer's header names."""
    criteria: list[tuple[str, str]] = []
    for slot, values in (
        ("org", q.orgs),
        ("kind", q.kinds if kinds else ()),
        ("not_org", q.exclude_orgs),
        ("not_kind", q.exclude_kinds if not (kinds and q.kinds) else ()),  # "of kind blog" already leaves papers out
        ("not_concept", q.exclude_concepts),
        ("not_entry", tuple(catalog.short_title(e) for e in q.exclude_entries)),
    ):
        criteria += [(slot, v) for v in values]
    month_years = (int(q.month[:4]), int(q.month[-7:-3])) if q.month else None
    if q.years and q.years != month_years:  # "2024-12" already says 2024
        criteria.append(_year_words(q.years, q.lang))
    if q.month:
        criteria.append(("month", _month_words(q.month, q.lang)))
    if q.section:
        heading = next((e.section for e in catalog.entries if e.section.startswith(q.section)), q.section)
        criteria.append(("section", re.split(r"[（(]", heading, maxsplit=1)[0].strip()))
    if q.role:
        criteria.append(("role", q.role))
    return criteria


def _year_words(years: tuple[int, int], lang: str) -> tuple[str, str]:
    """Years as a header says them: "2024", "2023–2024"; open-ended as words ("2024 or earlier", "2025 年及以后")."""
    lo, hi = years
    if lo == hi:
        return "years", str(lo)
    if lo <= 1900:
        return "years_open", f"{hi} or earlier" if lang == "en" else f"{hi} 年及以前"
    if hi >= 2100:
        return "years_open", f"{lo} or later" if lang == "en" else f"{lo} 年及以后"
    return "years", f"{lo}–{hi}"


def _month_words(month: str, lang: str) -> str:
    """A month or a span of months as a header says it: "2024-03", "2024-01 to 2024-06", "2025-03 or later"."""
    lo, _, hi = month.partition("..")
    if not hi:
        return lo
    if hi.startswith("2100"):
        return f"{lo} or later" if lang == "en" else f"{lo} 及以后"
    if lo.startswith("1900"):
        return f"{hi} or earlier" if lang == "en" else f"{hi} 及以前"
    return f"{lo} to {hi}" if lang == "en" else f"{lo} 至 {hi}"


def _pool(q: Question, catalog: Catalog, kinds: bool) -> tuple[list[str], list[tuple[str, str]]]:
    """The entries that pass the question's filters, and those filters as criteria."""
    pool = [e.id for e in catalog.entries if passes_filters(e.id, q, catalog, kinds=kinds)]
    return pool, filter_criteria(q, catalog, kinds=kinds)


def _qualifying(
    q: Question, retriever: Retriever, catalog: Catalog, qvec: np.ndarray
) -> tuple[list[Candidate], list[tuple[str, str]]]:
    """Entries that qualify for a list / count / timeline answer, and the criteria used."""
    criteria: list[tuple[str, str]] = []
    if q.from_overview:
        named = _overview_named(q, retriever, catalog, qvec)
        if named:
            return named
    # "papers" narrows only a metadata question; a topical "which works use X" means works of any kind.
    q = _narrowed(q, catalog)
    if q.without:
        found = _doing_without(q, catalog)
        if found:
            return found, [*filter_criteria(q, catalog), *(("without", c) for c in q.without)]
        # No entry says it does without it: the works that do not mention it.
        q = replace(q, exclude_concepts=(*q.exclude_concepts, *q.without), without=())
    topical = bool(
        q.concepts or q.benchmarks or q.threshold or _topic_words(q, beyond=q.exclude_concepts, catalog=catalog)
    )
    strict_kinds = bool(q.kinds) and (not topical or "paper" not in q.kinds or q.kind_stated)
    pool, filtered = _pool(q, catalog, strict_kinds)
    criteria += filtered

    if q.literal:
        # "Which models literally have 'Thinking' in their name?", "哪些被写成“全开源”": the survey's own words.
        slot = "literal_prefix" if q.literal_prefix else "literal_name" if q.literal_in_name else "literal"
        joint = " + " if q.literal_all else " / "
        criteria.append((slot, joint.join(f"“{t}”" for t in q.literal)))
        criteria += [("not_literal", f"“{t}”") for t in q.literal_not]
        # "Which GLM models have 'Thinking' in their name?": the family's works only.
        family_names = {c for c, t in catalog.lex.concepts.terms.items() if t.type == "family"}
        if not q.literal_prefix:  # "names starting with 'GPT'": the term is the family itself
            pool = _within_concepts(q, pool, criteria, catalog, keep=family_names.__contains__)
        return [c for e in pool if (c := _literal_clause(e, q, catalog))], criteria
    if q.threshold and q.measure and not q.measure.startswith("benchmark:"):
        narrowing = list(dict.fromkeys([*_model_kinds(q, catalog), *_purpose_concepts(q, catalog)]))
        if narrowing:  # "哪些 MoE 模型超过 100B": the MoE entries among those over the bound
            pool = [e for e in pool if _mentions_any(e, narrowing, q, catalog)]
            criteria += [("concept", c) for c in narrowing]
        rivals = _rivals(q, catalog)
        if rivals:
            # "under 10B that claim to match GPT-4 or Claude": the works that name one, as those claiming so do
            forms = {m: model_pattern(m, catalog) for m in rivals}
            pool = [c.entry_id for c in _naming_candidates(forms, rivals, pool, q, catalog)]
            criteria += [("versus", m) for m in rivals]
        keep = _bounded(q.measure, q.threshold, q.threshold_op, pool, catalog, upper=q.threshold_hi)
        criteria.append(_bound_criterion(q, q.measure, catalog))
        found = [Candidate(e, fact_clause(f, catalog), f.value or 0.0, f) for e, f in keep.items()]
        if q.measure == "size:total" and q.threshold_op == "==" and q.threshold_hi is None:
            # "9B 这一档的模型": a model named by its size ("GLM-4-9B", "AgentLM-7B") is one of that size too.
            size = f"{q.threshold / 1e9:g}b"
            if _SIZE_WORD.fullmatch(size):
                # (not an active count in a name: "Qwen3-30B-A3B")
                size_said = re.compile(rf"(?<![\d.A-Za-z]){re.escape(size)}(?![\w.])(?!\s*(?:激活|activ))", re.I)
                for e in pool:
                    entry = catalog.by_id[e]
                    texts = [entry.summary, entry.abstract or ""]
                    hit = next(((t, m) for t in texts for m in [size_said.search(t)] if m), None)
                    if e not in keep and hit:
                        found.append(Candidate(e, clause_around(hit[0], hit[1].start(), hit[1].end()), q.threshold))
                found.sort(key=lambda c: catalog.order[c.entry_id])
        return found, criteria
    if q.benchmarks:
        bounded = q.threshold is not None and (q.measure or "").startswith("benchmark:")
        every = _every_family(q, catalog)
        if every and not bounded:
            # "both τ-bench (any version) and SWE-bench Verified": one criterion, its families joined by "and"
            joint = " and " if q.lang == "en" else " 和 "
            criteria.append(("benchmark", joint.join(" / ".join(group) for group in every)))
        else:
            criteria += [] if bounded else [("benchmark", b) for b in q.benchmarks]
        tools = _tools_setting(q, q.benchmarks, catalog)
        if tools is not None:
            criteria.append(("tools", tools_label(q.lang, tools)))
        if bounded:
            sign = {">=": "≥", "<=": "≤", "==": "="}[q.threshold_op]
            said = f"{q.threshold:g}–{q.threshold_hi:g}" if q.threshold_hi is not None else f"{sign} {q.threshold:g}"
            criteria.append(("threshold", f"{' / '.join(q.benchmarks)} {said}"))
        narrowing = _model_kinds(q, catalog, adjacent=True)
        if narrowing:  # "Which open-weight models report SWE-bench Verified?": those of them that say so
            pool = [e for e in pool if _mentions_any(e, narrowing, q, catalog)]
            criteria += [("concept", c) for c in narrowing]
        if q.size_bound:
            # "Which models under 10B parameters score above 40 on AIME?": only works of that size.
            measure, value, op = q.size_bound
            sized = _bounded(measure, value, op, pool, catalog)
            pool = [e for e in pool if e in sized]
            sign = {">=": "≥", "<=": "≤", "==": "="}[op]
            criteria.append(
                ("threshold", f"{MEASURES[q.lang].get(measure, measure)} {sign} {shown_value(value, measure)}")
            )
        found = _benchmark_candidates(q, pool, catalog, tools, every=bool(every))
        setting, found = _in_setting(q, found, catalog) if tools is None else (None, found)
        criteria += [("setting", setting)] if setting else []
        return found, criteria
    bound = _PERCENT_BOUND.search(q.text) if q.role == "benchmark" or q.measure == "human" else None
    one_model = any(catalog.lex.concepts.terms[c].type == "family" for c in q.concepts) or q.other_names
    if bound and q.measure == "human" and not one_model and not _MODELS_SCORE.search(q.text):
        # "Which benchmarks report humans scoring above 75%?": each benchmark's own human result, against the bound
        # (not "… easy for humans but where models score below 20%": that bound is the models').
        below, inclusive = _bound_reading(bound)
        sign = {(True, True): "≤", (True, False): "<", (False, True): "≥", (False, False): ">"}[(below, inclusive)]
        said = f"{MEASURES[q.lang].get('human', 'human')} {sign} {bound.group('v')}%"
        return _hardest_benchmarks(pool, bound, catalog, humans=True), [*criteria, ("threshold", said)]
    if bound and (re.search(r"\bhumans?\b|人类", q.text, re.IGNORECASE) or one_model):
        bound = None  # a human result, or one model's ("GPT-4 under 20%"), is not the best model's
    if bound:
        # "Which benchmarks saw even the best model score under 20%?": each benchmark's best model result in its
        # own entry (humans left out), against the bound.
        below, inclusive = _bound_reading(bound)
        phrase = {
            (True, True): ("at most", "不超过"),
            (True, False): ("under", "低于"),
            (False, True): ("at least", "不低于"),
            (False, False): ("over", "超过"),
        }[(below, inclusive)][q.lang == "zh"]
        said = f"{phrase} {bound.group('v')}%"
        return _hardest_benchmarks(pool, bound, catalog), [*criteria, ("best", said)]
    scored = models_scored(q, catalog)
    if scored:
        # "Which entries report an actual number for GPT-4o?", "quote a score for a Claude model": the works that
        # give the model a number, not every work that names it.
        criteria.append(("scored", " / ".join(scored)))
        return [c for e in pool if (c := scoring_clause(e, scored, q.lang, catalog))], criteria
    if _BEFORE_AFTER_ASKED.search(q.text) and not q.benchmarks:
        # "Which entries quote a before-and-after jump, a score going from X% to Y%?": the works that write one.
        criteria.append(("states", "before_after"))
        return _stating(pool, _BEFORE_AFTER, catalog), criteria
    licenses = [c for c in q.concepts if catalog.lex.concepts.terms[c].parent == "open weights"]
    if "license" in q.asks and not licenses:
        # "哪些写明了开源协议", "which Qwen models state their license?": the works (of the topic asked) whose text
        # names a license, whichever it is (not "which are MIT-licensed", a license named).
        topic = [c for c in q.concepts if c != "open weights"]
        if topic:
            pool = [e for e in pool if _mentions_any(e, topic, q, catalog)]
            criteria += [("concept", c) for c in topic]
        criteria.append(("states", "license"))
        return _stating(pool, catalog.lex.evidence["license"], catalog), criteria
    specific = [c for c in q.concepts if catalog.lex.concepts.terms[c].type != "family"]
    if _ANY_SCORE.search(q.text) and q.role != "benchmark" and not specific:
        # "Anthropic 的条目里，哪些给出了具体的 benchmark 分数？": the works with a benchmark result of their own.
        criteria.append(("states", "benchmark_score"))
        own = {f.entry_id: f for f in reversed(catalog.facts) if f.kind == "benchmark" and f.own}
        return [Candidate(e, fact_clause(own[e], catalog), 0.0, own[e]) for e in pool if e in own], criteria
    # "跟 GLM-4.5 有关系——基于它的、升级它的、拿它对比的都算", "related to X in any way": every work naming it, not
    # only those built on it.
    bases = base_models_asked(q, catalog)
    related = [b for b in bases if related_to(q.text, b)]
    if related:
        # Works related to the model in any way: its own releases too ("involve Mistral models at all")
        bases = []
        q = replace(q, uses_family=False)
        family_makers = {maker_of(b, catalog) for b in related}
        if q.orgs and set(q.orgs) <= family_makers:
            # "— Mistral's own releases, or work built on one": the maker's own works are some of those asked for,
            # not a filter on them.
            q = replace(q, orgs=())
            pool, criteria = _pool(q, catalog, strict_kinds)
    built_on = [e for e in q.mentioned if e not in catalog.benchmark_entries] if bases else []
    base_makers = {o for e in built_on for o in catalog.orgs_of(e)}
    if built_on and q.orgs and all(catalog.lex.org_family(o) & base_makers for o in q.orgs):
        # "拿阿里的推理模型 QwQ 当主干": the org makes the base model; the works built on it may be anyone's.
        pool, criteria = _pool(replace(q, orgs=()), catalog, strict_kinds)
    # "Which search agents are built on Qwen?": what else the works must be still holds, not the family itself.
    family = {f for b in bases for f in families_of(b, catalog)}
    narrowed = list(criteria)
    within = _within_concepts(q, pool, narrowed, catalog, keep=lambda c: c not in family) if bases else pool
    based = base_candidates(q, bases, within, catalog) if bases else []
    if based:
        criteria = narrowed
        # "Which works use GPT-3 or PaLM as their backbone?"; when no work is built on them, a topic below.
        return based, [*criteria, ("base", " / ".join(bases))]
    if built_on and not q.entries:
        # "哪些工作基于 DeepSeek-R1？" and none gives it as its base: the works that name it.
        criteria += [("about", catalog.short_title(e)) for e in built_on]
        return _named_topic_candidates(built_on, [e for e in pool if e not in built_on], catalog), criteria
    own_concepts = _measure_concepts(q.measure, catalog) if q.measure else set()
    if q.measure and not (set(q.concepts) - own_concepts or q.entries or q.role):
        # "哪些条目给出了美元金额/参数量？", "Which entries state a context length?": entries with such a fact.
        facts = stating_facts(q.measure, pool, catalog)
        if q.measure == "quantity:GPU" and _MACHINES_ASKED.search(q.text):
            # "Which entries give their hardware scale (GPUs, nodes, VMs)?": any count of machines states it.
            allowed = set(pool)
            facts += [
                f for f in catalog.facts if f.entry_id in allowed and f.kind == "quantity" and f.name in _MACHINES
            ]
            criteria.append(("states", "hardware"))
        elif q.measure == "speed" and _ASKS_SPEEDUP.search(q.text):
            # "Which works report a throughput speed-up / 吞吐提升几倍": multiples count too (above a bound, if given).
            # A bound on the multiple ("超过 5 倍") asks for speed-ups only.
            facts = (facts if not MULTIPLE_BOUND.search(q.text) else []) + speedups(q.text, pool, catalog)
            criteria.append(("states", "speed_or_speedup"))
        else:
            criteria.append(("states", q.measure))
        first: dict[str, Fact] = {}
        for f in sorted(facts, key=lambda f: catalog.order[f.entry_id]):
            first.setdefault(f.entry_id, f)
        return [Candidate(e, fact_clause(f, catalog), f.value or 0.0, f) for e, f in first.items()], criteria
    makers = _rivals(q, catalog)
    versus = list(makers)
    if versus or q.hosts:
        # Works that name a model they measure against, or a platform they use, other than its maker's own.
        criteria += [("versus", m) for m in versus] + [("hosts", o) for o in q.hosts]
        patterns = {m: model_pattern(m, catalog) for m in versus}
        # What else the works must do still holds ("fine-tuned Llama and compared against GPT-4"); not the family
        # of the model measured against, which the question named only as that model.
        rival = {f for m in versus for f in families_of(m, catalog)}
        pool = _within_concepts(q, pool, criteria, catalog, keep=lambda c: c not in rival)
        if q.versus_not_base:
            # "当比较对象，不是拿来当基座训练的那种": the works built on the model are left out
            built = {c.entry_id for c in base_candidates(q, versus, pool, catalog)}
            pool = [e for e in pool if e not in built]
            criteria += [("not_base", m) for m in versus]
        for org in q.hosts:
            patterns[org] = any_alias(catalog.lex.orgs.terms[org].aliases)
            makers[org] = org
        return _naming_candidates(patterns, makers, pool, q, catalog), criteria
    families = [c for c in q.concepts if catalog.lex.concepts.terms[c].type == "family"]
    named_topic = [e for e in q.entries if e in catalog.by_id and not (families and q.uses_family)]
    if named_topic:
        followers_asked = bool(_FOLLOWERS_ASKED.search(q.text))
        slot = "follows" if followers_asked else "about"
        criteria += [(slot, catalog.short_title(e)) for e in named_topic]
        found = _named_topic_candidates(named_topic, pool, catalog, followers_asked=followers_asked)
        if _OTHER_WORKS.search(q.text):
            # "Which other entries relate to GLM-4.5?": the works around it, not GLM-4.5's own entry.
            found = [c for c in found if c.entry_id not in named_topic]
        return found, criteria
    groups = _concept_groups(q, catalog)
    if groups:
        primary, *others = groups
        # Within a group any one concept qualifies ("GRPO or PPO"): the header says so.
        criteria += [("concept" if i == 0 else "or_concept", c) for i, c in enumerate(primary)]
        # Each further group the question joins with "and" ("synthetic data … for tool use") must hold too.
        for group in others:
            criteria += [("concept" if i == 0 else "or_concept", c) for i, c in enumerate(group)]
            pool = [e for e in pool if _mentions_any(e, group, q, catalog)]
        required = _required_broad(q, [c for g in groups for c in g])
        if required:
            pool = [e for e in pool if all(_mentions_any(e, [c], q, catalog) for c in required)]
        words = _topic_words(q, beyond=[*(c for g in groups for c in g), *q.exclude_concepts], catalog=catalog)
        variants = _variant_names(q, pool, catalog)
        shown = {e: clause for users in variants.values() for e, clause in users}
        if variants:
            # "GLM 系列的 Air 版本", "Which Qwen models come in a Coder variant?": the family's works that name it.
            pool = [e for e in pool if e in shown]
            if all("-" in v for v in variants):  # "GPT-J" says its family: the header names the model only
                criteria = [c for c in criteria if not (c[0] in ("concept", "or_concept") and c[1] in primary)]
            criteria.append(("about", " / ".join(variants)))
        sizes = [w for w in words if _SIZE_WORD.fullmatch(w)]
        if sizes:
            # "RL on a 7B/8B-class model": the works must give one of those sizes, whatever else decides.
            pool = [e for e in pool if any(_uses_term(catalog.full_text(e), w) for w in sizes)]
            criteria.append(("about", " / ".join(w.upper() for w in sizes)))
            words = [w for w in words if w not in sizes]
        # "papers" that means works (strict_kinds false) is no filter when a rare hyphenated term is the topic:
        # "Which papers do text-to-SQL with RL?" (not plain words: "papers that admit RL made them worse").
        papers_only = q.has_filters and not strict_kinds and not replace(q, kinds=()).has_filters
        if papers_only and not any("-" in t for t in _terms_of_art(words, catalog)):
            papers_only = False
        other_filters = q.has_filters and not papers_only
        if all(c in BROAD_CONCEPTS for c in primary) and words and not other_filters and not q.role:
            # Only a broad concept ("RL") and more words ("…training instability"): the words decide, within it.
            terms = _terms_of_art(words, catalog)
            criteria.append(("topic", _topic_label(terms or words)))
            return _topic_candidates(q, words, terms, pool, retriever, catalog, qvec), criteria
        found = _concept_candidates(primary, pool, q, catalog)
        if variants:
            found = [replace(c, span=shown[c.entry_id]) if shown.get(c.entry_id) else c for c in found]
        return found, criteria
    proper = _proper_terms(q, catalog) if q.has_filters else []
    if proper:
        # "Which entries mention xAI's Colossus supercomputer?": a name few entries use is the topic, filters or not.
        criteria.append(("topic", " ".join(proper)))
        low = [t.lower() for t in proper]
        users = [e for e in pool if any(_uses_term(catalog.full_text(e), t) for t in low)]
        return [Candidate(e, _best_clause(e, low, catalog)) for e in users], criteria
    # With metadata filters, leftover words are framing; words of a technique left out are not the topic. "Which
    # papers deal with hallucination?": "papers" that means works is no filter, so the topic words still decide.
    filtered_by = q if strict_kinds else replace(q, kinds=())
    words = [] if filtered_by.has_filters else _topic_words(q, beyond=q.exclude_concepts, catalog=catalog)
    if words:
        terms = _terms_of_art(words, catalog)
        criteria.append(("topic", _topic_label(terms or words)))
        return _topic_candidates(q, words, terms, pool, retriever, catalog, qvec), criteria
    found = [Candidate(e, _opening(catalog, e)) for e in pool]
    listed = q.intent == "list" or (q.notes_counted and q.intent == "count")
    if q.orgs and listed and not (q.kinds or q.years or q.month or q.section or q.role or q.orgs_joint):
        # Only an org asked for: the org's add-on notes, which state no kind or date, are listed apart.
        by_name = _notes_by_name(q, catalog)
        noted = {c.entry_id for c in by_name}
        found = [c for c in found if c.entry_id not in noted] + by_name
    return found, criteria


# An entry saying it does without a technique: "无 SFT 冷启动", "without supervised fine-tuning", "不用 MCTS/价值函数",
# "critic-free".
_NEGATED_BEFORE = re.compile(
    r"(?:无|不用|不需要?|没有|去掉|去除|省去|跳过|免去?|不依赖|不经过?|\bwithout|\bno|\bw/o|\bskip\w*|\bbypass\w*"
    r"|\bforgo\w*|\beliminat\w*|\bremov\w*)\s*(?:任何|any|the|an?|explicit)?\s*[（(]?"
    r"(?:[^，。；,;（）()]{1,24}[/、])?\s*$",
    re.IGNORECASE,
)
_FREE_AFTER = re.compile(r"^-?free\b", re.IGNORECASE)


def _doing_without(q: Question, catalog: Catalog) -> list[Candidate]:
    """Entries of the question's pool whose text says they do without what it asks them to skip."""
    skipped = set().union(*(catalog.lex.concept_family(c) for c in q.without))
    others = [c for c in q.concepts if c not in BROAD_CONCEPTS]
    out = []
    for e in catalog.entries:
        if not passes_filters(e.id, q, catalog) or not all(_mentions_any(e.id, [c], q, catalog) for c in others):
            continue
        texts = {"summary": e.summary, "abstract": e.abstract or ""}
        for src, text in texts.items():
            hit = next(
                (
                    m
                    for m in catalog.concept_mentions[e.id][src]
                    if m.name in skipped
                    and (_NEGATED_BEFORE.search(text[max(0, m.start - 40) : m.start]) or _FREE_AFTER.match(text, m.end))
                ),
                None,
            )
            if hit is not None:
                out.append(Candidate(e.id, clause_around(text, hit.start, hit.end), 1.0))
                break
    return out


def _notes_by_name(q: Question, catalog: Catalog) -> list[Candidate]:
    """Add-on notes with no org whose model family belongs to an org the question asks for (Kimi-K2.6 for Moonshot)."""
    wanted = set().union(*(catalog.lex.org_family(o) for o in q.orgs))
    return [
        Candidate(e, _opening(catalog, e), by_name=True) for e, makers in catalog.note_makers.items() if makers & wanted
    ]


def _side_by_side(q: Question, catalog: Catalog) -> bool:
    """Are the question's orgs named one beside the other ("阿里和智谱有哪些工作", "Alibaba and Zhipu works"): the
    makers asked for, every one, not a maker and another org its works are measured against?"""
    found = [m for m in catalog.lex.orgs.find(q.text) if m.name in q.orgs]
    return len(found) >= 2 and all(JOINED.fullmatch(q.text[a.end : b.start]) for a, b in itertools.pairwise(found))


def _narrowed(q: Question, catalog: Catalog) -> Question:
    """Slots as a list uses them: one org (with its labs) unless joined by "or"; no model family beside an
    org; no concept that merely repeats words of the section heading the question names."""
    orgs = q.orgs
    # ("or other Google teams" lets the parent's other labs in; "not other Tencent labs" does not)
    alternatives = re.search(r"\bor\b|(?<!\bnot )(?<!\bno )\bother\b|或|(?<!不是)(?<!不含)(?:其他|其它|别的)", q.text)
    if not (q.orgs_joint or _side_by_side(q, catalog) or alternatives):
        orgs = _lab_of_parent(q.text, orgs, catalog)
    if len(orgs) > 1 and not (
        q.orgs_joint or re.search(r"\bor\b|或", q.text, re.IGNORECASE) or _side_by_side(q, catalog)
    ):
        orgs = orgs[:1]
    concepts = [
        c
        for c in q.concepts
        if not (orgs and catalog.lex.concepts.terms[c].type == "family" and not _as_models(q.text, c, catalog))
    ]
    if q.section:
        heading = next((e.section for e in catalog.entries if e.section.startswith(q.section)), "")
        concepts = [
            c for c in concepts if not any(a.lower() in heading.lower() for a in catalog.lex.concepts.terms[c].aliases)
        ]
    return replace(q, orgs=orgs, concepts=tuple(concepts))


def _lab_of_parent(text: str, orgs: tuple[str, ...], catalog: Catalog) -> tuple[str, ...]:
    """ "Tencent's Hunyuan team", "腾讯的混元": one lab said as its parent's is the lab alone (not "Google (Google
    Research, DeepMind)", the parent with the labs it takes in)."""
    found = catalog.lex.orgs.find(text)
    for parent in orgs:
        labs = [m for m in found if m.name != parent and m.name in catalog.lex.org_family(parent)]
        if len({m.name for m in labs}) != 1:
            continue
        said = [m for m in found if m.name == parent]
        lab = labs[0].start
        if any(p.end <= lab and re.fullmatch(r"\s*(?:'s|’s|的)?\s*", text[p.end : lab]) for p in said):
            return tuple(o for o in orgs if o != parent)
    return orgs


def _as_models(text: str, family: str, catalog: Catalog) -> bool:
    """Does the question name the family as models ("谷歌 Gemini 模型本身", "Google's Gemini 2.5 models", "the Gemini
    family", "Gemini 系列"), not as the org's team ("阿里（Qwen 团队）", "字节（含 Seed）")?"""
    aliases = "|".join(re.escape(a) for a in catalog.lex.concepts.terms[family].aliases)
    # A version may come between ("Gemini 2.5 models"); a family or series is the models too ("Gemini 系列").
    return bool(
        re.search(
            rf"(?<![A-Za-z0-9])(?:{aliases})(?:[\s-]*[\d.]+)?\s*(?:models?\b|family\b|series\b|模型|系列|家族)",
            text,
            re.IGNORECASE,
        )
        or re.search(rf"\b(?:the|its|their)\s+(?:{aliases})\s+(?:family|series|line)\b", text, re.IGNORECASE)
    )


def _topic_label(words: Sequence[str]) -> str:
    """The topic as the answer names it: a hyphenated word once, not again as its parts ("self-play", not
    "self-play self play")."""
    parts = {p for w in words if "-" in w for p in w.split("-")}
    return " ".join(w for w in dict.fromkeys(words) if w not in parts)


def _topic_words(q: Question, beyond: Sequence[str] = (), catalog: Catalog | None = None) -> list[str]:
    """The question's topic words; with ``beyond``, those not already said by those concepts' aliases."""
    drop = {"哪些", "哪个", "which", "what", "one", "ones", "first", "earliest", "latest", "newest", "recent", "oldest"}
    drop |= {"some", "any", "come", "comes", "came", "own", "stuff", "thing", "things"}  # a reader's filler, no topic
    if catalog is not None and q.role:
        # "the earliest benchmark": the role word names the kind of entry, not a topic.
        for alias in catalog.lex.roles.terms[q.role].aliases:
            drop.update(a.lower() for a in re.findall(r"[\w\-]+", alias))
    said: list[str] = []  # Chinese aliases, which the tokenizer splits ("强化学习" → "强化", "学习")
    if catalog is not None:
        for c in beyond:
            for alias in catalog.lex.concepts.terms[c].aliases:
                # with the parts of a hyphenated alias, which the tokenizer also gives ("open-weight": "weight")
                drop.update(p.lower() for a in re.findall(r"[\w\-]+", alias) for p in (a, *a.split("-")))
                if re.search(r"[\u4e00-\u9fff]", alias):
                    said.append(alias)
    counting = re.compile(r"\d+|[a-z]|(?:几|多少)[个篇项条家款种位部]?")  # numbers and "几篇" are not topics
    return [
        t
        for t in q.focus
        if t not in drop
        and not counting.fullmatch(t)
        and len(t) > 1
        and not (not t.isascii() and any(t in alias for alias in said))
    ]


def _primary_concepts(q: Question, catalog: Catalog) -> list[str]:
    """The concepts a list is about: the most specific one, plus any joined to it by "or".

    A concept named together with its parent ("蒸馏（…在线策略蒸馏…）") means the parent."""
    terms = catalog.lex.concepts.terms
    order = {c: i for i, c in enumerate(q.concepts)}
    # Of a concept and its parent, the one named first leads: "蒸馏（…在线策略蒸馏…）" is about distillation,
    # "the Preparedness Framework (or a Preparedness safety evaluation)" about the framework.
    concepts = [
        c
        for c in q.concepts
        if not (
            terms[c].parent in order and order[terms[c].parent] < order[c] and terms[c].parent not in BROAD_CONCEPTS
        )
    ]
    concepts = [
        c
        for c in concepts
        if not any(terms[o].parent == c and order[o] < order[c] for o in concepts) or c in BROAD_CONCEPTS
    ]
    concepts = [c for c in concepts if c not in q.also_counted] or concepts
    specific = [c for c in concepts if c not in BROAD_CONCEPTS] or concepts
    if not specific:
        return []
    df = {c: sum(1 for f in catalog.facts if f.kind == "concept" and f.name == c) for c in specific}
    primary = min(specific, key=lambda c: (df[c], specific.index(c)))
    if re.search(r"\bor\b|或者|或|以及|and/or", q.text, re.IGNORECASE):
        return specific
    return [primary]


# The words that introduce examples of what a question asks for (not a filler opening the question: "比如说用了 …").
_EXAMPLES = re.compile(
    r"(?<=\S)\s*(?:比如|例如|譬如|诸如|\bsuch as\b|\be\.g\.|\bfor (?:example|instance)\b|\bincluding\b)", re.IGNORECASE
)
# Words that join two conditions that must both hold.
_BOTH_HOLD = re.compile(r"\band\b|\balso\b|\bwith\b|并且|而且|同时|还|并|和|且", re.IGNORECASE)


# The noun a technique's name is often followed by ("best-first search", "GRPO training"): no concept of its own.
_HEAD_NOUN = (
    r"(?:search|sampling|learning|training|tuning|decoding|methods?|approach(?:es)?|techniques?|algorithms?"
    r"|models?|frameworks?|agents?|pipelines?|style|based)"
)


def _concept_groups(q: Question, catalog: Catalog) -> list[list[str]]:
    """The question's concepts in groups: names joined by "or" / "/" / "、" form one group (either qualifies);
    separate groups must all hold. The most specific group comes first; broad concepts are left to
    :func:`_required_broad`; a concept named beside its parent joins the parent's group."""
    terms = catalog.lex.concepts.terms
    primary = _primary_concepts(q, catalog)
    if not primary:
        return []
    matches = [
        m
        for m in catalog.lex.concepts.find(q.text)
        if m.name in q.concepts and m.name not in BROAD_CONCEPTS and m.name not in q.also_counted
    ]
    # A narrower concept right before its parent qualifies it ("command-line coding agents"): the narrower one
    # is what the question asks for, not either of the two.
    modifiers = {
        a.name
        for a, b in itertools.pairwise(matches)
        if terms[a.name].parent == b.name and re.fullmatch(r"[\s\-]*", q.text[a.end : b.start])
    }
    qualified = {terms[name].parent for name in modifiers}
    matches = [m for m in matches if m.name not in qualified]
    groups: list[list[str]] = []
    previous_end = None
    examples = _EXAMPLES.search(q.text)
    for m in matches:
        parent = terms[m.name].parent
        joins_parent = parent in q.concepts and parent not in BROAD_CONCEPTS and m.name not in modifiers
        name = parent if joins_parent else m.name
        joined = previous_end is not None and bool(
            re.fullmatch(
                # (the first one's head noun may come between: "best-first search or best-of-n sampling")
                rf"(?:\s+{_HEAD_NOUN}(?=\s*,?\s+(?:or|and/or)\b))?"
                r"[\s/、,，（）()]*(?:or|and/or|或者?|及|以及|、|/|\(|（)?[\s/、,，（）()]*",
                q.text[previous_end : m.start],
                re.IGNORECASE,
            )
        )
        # Examples of what is asked ("比如稀疏注意力、线性注意力、或者跟 Mamba 混着用"): any one of them qualifies.
        # Only between items of the enumeration: not across an explicit "and" ("比如用了 GRPO 并且有沙盒的"), nor
        # within one example ("比如用 GRPO 训练搜索 agent"), nor after a comma that ends the examples.
        if not joined and examples and previous_end is not None and previous_end > examples.end():
            between = q.text[previous_end : m.start]
            either = re.search(r"或|\bor\b", between, re.IGNORECASE) is not None
            joined = (
                not re.search(r"[?？。!！;；，]", q.text[examples.end() : m.start])
                and (either or re.search(r"[、,/]", between) is not None)
                and (either or not _BOTH_HOLD.search(between))
            )
        if groups and (joined or name in groups[-1]):
            if name not in groups[-1]:
                groups[-1].append(name)
        elif not any(name in g for g in groups):
            groups.append([name])
        previous_end = m.end
    if not groups:
        return [primary]
    lead = next((g for g in groups if set(primary) & set(g)), groups[0])
    return [lead] + [g for g in groups if g is not lead]


def _mentions_any(entry_id: str, concepts: Sequence[str], q: Question, catalog: Catalog) -> bool:
    """Does the entry mention one of ``concepts``, a narrower one, or a broader one the question also names
    ("tool use or function calling")?"""
    terms = catalog.lex.concepts.terms
    wanted = set(concepts) | {t.name for t in terms.values() if t.parent in concepts}
    wanted |= {terms[c].parent for c in concepts if terms[c].parent in q.concepts}
    return any(catalog.concept_sources(entry_id, c) for c in wanted)


def _required_broad(q: Question, primary: Sequence[str]) -> list[str]:
    """Broad concepts the question also names ("use RL to …"): a qualifying entry must mention them too."""
    if re.search(r"\bor\b|或者|或", q.text, re.IGNORECASE):
        return []
    return [c for c in q.concepts if c in BROAD_CONCEPTS and c not in primary]


def _concept_candidates(concepts: Sequence[str], pool: Sequence[str], q: Question, catalog: Catalog) -> list[Candidate]:
    # A concept covers its narrower ones: "tool use" lists the function-calling entries too.
    terms = catalog.lex.concepts.terms
    concepts = list(dict.fromkeys([*concepts, *(t.name for t in terms.values() if t.parent in concepts)]))
    out = []
    for entry_id in pool:
        best: Fact | None = None
        for concept in concepts:
            for f in catalog.concept_sources(entry_id, concept):
                if (
                    f.source == "abstract"
                    and _mentions_in_abstract(entry_id, concept, catalog) < tuning.ABSTRACT_MENTIONS
                ):
                    continue
                better = best is None or (f.source != "abstract" and best.source == "abstract")
                if q.lang == "en" and f.source == "abstract" and best is not None and best.source == "summary":
                    better = True  # an English clause for an English question, when the abstract says it too
                if better:
                    best = f
        if best is not None:
            out.append(Candidate(entry_id, best.span, 1.0 if best.source != "abstract" else 0.7, best))
    families = [c for c in concepts if terms[c].type == "family"]
    # Models of the family named as such ("GPT-4 or ChatGPT", "GLM-4.5"): titles and mentions of those models, not of
    # any in the family (GPT-f's title does not mention GPT-4); the family's own name ("Qwen 系列") is all of it.
    said = [m for m in catalog.lex.concepts.find(q.text) if m.name in families]
    versioned = (
        []
        if any(m.text.lower() == m.name.lower() for m in said)
        else [re.compile(rf"(?<![\w.\-]){_spelled(m.text)}(?![\w.]|-\d)", re.IGNORECASE) for m in said]
    )
    if versioned:
        out = [
            c
            for c in out
            if c.fact is None
            or c.fact.name not in families
            or any(v.search(catalog.by_id[c.entry_id].title) for v in versioned)
        ]
    if families and q.uses_family:
        out = [c for c in out if c.fact is None or c.fact.source != "title"]  # its own releases do not count
    # "involve Mistral models at all": the works whose text uses the family as well as those named for it
    everywhere = any(related_to(q.text, a) for f in families for a in terms[f].aliases)
    if families and (not out or everywhere):
        # No title names the family ("works that fine-tune Llama models"): entries whose text uses it.
        titled = {c.entry_id for c in out}
        for entry_id in (e for e in pool if e not in titled):
            text = catalog.by_id[entry_id].summary + " " + (catalog.by_id[entry_id].abstract or "")
            summary_len = len(catalog.by_id[entry_id].summary) + 1
            mentions = catalog.concept_mentions[entry_id]
            found = [
                *mentions["summary"],
                *(Match(m.name, m.start + summary_len, m.end + summary_len, m.text) for m in mentions["abstract"]),
            ]
            wanted = [m for m in found if m.name in families]
            if versioned:
                wanted = [m for m in wanted if any(v.fullmatch(m.text) for v in versioned)]
            hit = next(iter(wanted), None)
            if hit is None and versioned:
                spots = [m for v in versioned if (m := v.search(text))]
                hit = Match(families[0], spots[0].start(), spots[0].end(), spots[0].group()) if spots else None
            elif hit is None:
                hit = next(
                    (
                        Match(f, at, at + len(a), a)
                        for f in families
                        for a in terms[f].aliases
                        if (at := text.find(a)) >= 0
                    ),
                    None,
                )
            if hit is not None:
                out.append(Candidate(entry_id, clause_around(text, hit.start, hit.end), 0.5))
    return out


def _stating(pool: Sequence[str], pattern: re.Pattern[str], catalog: Catalog) -> list[Candidate]:
    """The entries whose text (survey line first) matches ``pattern``, each with the clause around the match."""
    found = []
    for e in pool:
        for text in catalog.texts(e).values():
            m = pattern.search(text)
            if m:
                found.append(Candidate(e, clause_around(text, m.start(), m.end())))
                break
    return found


def _spelled(name: str) -> str:
    """A pattern for a model name however its version is joined on: "GPT-4o", "gpt4o", "GPT 4o"; "Llama 2"."""
    return r"[\s\-_]?".join(re.escape(p) for p in re.findall(r"[^\W\d_]+|\d+(?:\.\d+)?[a-z]?|[^\w\s\-]", name, re.I))


def _mentions_in_abstract(entry_id: str, concept: str, catalog: Catalog) -> int:
    return sum(1 for m in catalog.concept_mentions[entry_id]["abstract"] if m.name == concept)


# "Which entries give a GPQA number / an OSWorld score?": a result, not a mention ("evaluated on GAIA/WebArena").
_SCORE_ASK = re.compile(
    r"\b(?:scores?|numbers?|figures?|accuracy|pass@1|success rates?)\b|分数|得分|成绩|数值|数字|多少分|准确率|成功率",
    re.IGNORECASE,
)

# "with or without a number", "number or not", "有没有分数都算": a mention is enough.
_RESULT_OPTIONAL = re.compile(
    r"\bwith or without (?:an? |any )?(?:scores?|numbers?|figures?|results?)\b|\b(?:scores?|numbers?|results?) or not\b"
    r"|\b(?:whether|even if) (?:it|they) (?:gives?|reports?|has|have) (?:an? |any )?(?:scores?|numbers?)\b"
    r"|(?:不管|无论|不论)有没有(?:具体)?(?:分数|成绩|数字|数值)|有没有(?:具体)?(?:分数|成绩|数字|数值)都(?:算|行|可以)",
    re.IGNORECASE,
)


def _bounded(
    measure: str, bound: float, op: str, pool: Sequence[str], catalog: Catalog, *, upper: float | None = None
) -> dict[str, Fact]:
    """Entries of ``pool`` whose value of ``measure`` meets the bound (and is at most ``upper``, for a range),
    each with the fact that states it. An entry counts by its largest value ("上下文 128K→200K" is a 200K
    context, not a 128K one), except for model sizes: a release of several sizes ("0.6B–235B") has a model at
    or under a bound, or within a range, when any one is."""
    facts = sorted(measure_facts(measure, pool, catalog), key=lambda f: f.value or 0)

    def meets(value: float) -> bool:
        return _within(value, bound, op) and (upper is None or value <= upper)

    if measure.startswith("size") and (op != ">=" or upper is not None):
        meeting = [f for f in facts if meets(f.value or 0.0)]
        return {f.entry_id: f for f in reversed(meeting)}  # each entry with its smallest size that meets it
    largest = {f.entry_id: f for f in facts}
    return {e: f for e, f in largest.items() if meets(f.value or 0.0)}


def _bound_criterion(q: Question, measure: str, catalog: Catalog) -> tuple[str, str]:
    """The bound as the answer's header says it: ("threshold", "context length ≥ 1M")."""
    assert q.threshold is not None
    label = measure_label(measure, q.lang, catalog.lex.phrasebook)
    if q.threshold_hi is not None:
        return "threshold", f"{label} {shown_value(q.threshold, measure)}–{shown_value(q.threshold_hi, measure)}"
    sign = {">=": "≥", "<=": "≤", "==": "="}[q.threshold_op]
    return "threshold", f"{label} {sign} {shown_value(q.threshold, measure)}"


def _within(value: float, bound: float, op: str) -> bool:
    """Does a stated value meet the question's bound (at least, at most, or equal to it)?"""
    if op == "<=":
        return 0 < value <= bound
    if op == "==":
        return abs(value - bound) <= 1e-6 * bound
    return value >= bound


# "the original AIME, not the variants", "AIME 本身", "原版 WebArena": the named version only, not its family. The
# cues stand next to the name ("只看综述条目本身", "exactly how many …", "in the original paper" say nothing of it).
_ONLY_THIS = re.compile(
    r"\bnot the\b.*\bvariants?\b|\bonly the original\b|\boriginal\s+(?:benchmark|version|one|release|set)\b", re.I
)
_ITSELF_AFTER = re.compile(r"\s*(?:的\s*)?(?:本身|原版|原始版)|\s+itself\b|\s*\(original\)", re.IGNORECASE)
_ORIGINAL_BEFORE = re.compile(r"(?:原版|原始|\b(?:original|vanilla|plain|exactly)\s+(?:the\s+)?)(?:的)?\s*$", re.I)


def only_this(q: Question, catalog: Catalog) -> bool:
    """Does the question ask for the named benchmark's own version only, not its family?"""
    if _ONLY_THIS.search(q.text):
        return True
    return any(
        _ITSELF_AFTER.match(q.text, m.end) or _ORIGINAL_BEFORE.search(q.text[max(0, m.start - 16) : m.start])
        for m in catalog.lex.benchmarks.find(q.text)
    )


def _tools_setting(q: Question, benchmarks: Sequence[str], catalog: Catalog) -> bool | None:
    """Results asked with (True) or without (False) tools, on benchmarks where the survey tells them apart."""
    tools = tools_asked(q)
    return tools if tools is not None and any(tools_matter(b, catalog) for b in benchmarks) else None


_EVERY_BENCHMARK = re.compile(r"\bboth\b|同时|都报|均报|两个都|两者都|三个都", re.I)
_EITHER = re.compile(r"\bor\b|或", re.I)


def _every_family(q: Question, catalog: Catalog) -> list[list[str]]:
    """The benchmarks named, by family, when the list asks for a result on each family ("both A and B"); else []."""
    groups: dict[str, list[str]] = {}
    for b in q.benchmarks:
        groups.setdefault(catalog.lex.benchmark_family(b), []).append(b)
    every = _EVERY_BENCHMARK.search(q.text) and not _EITHER.search(q.text)
    return list(groups.values()) if len(groups) > 1 and every else []


def _in_setting(q: Question, found: list[Candidate], catalog: Catalog) -> tuple[str | None, list[Candidate]]:
    """A setting of the benchmark the question names ("τ-bench retail", "the telecom domain") that some of the works
    found state a result in and others do not: those that do. The setting must be said whole ("thinking" is not
    "non-thinking", "15%" not "15步") and not set aside ("other than retail"). (None, all of them) otherwise."""
    lex = catalog.lex
    families = {lex.benchmark_family(b) for b in q.benchmarks}
    settings = {
        c.entry_id: {
            part.strip().lower()
            for f in catalog.facts_by_entry.get(c.entry_id, [])
            if f.kind == "benchmark" and f.setting and lex.benchmark_family(f.name) in families
            for part in re.split(r"[,，;；]", f.setting)
            if re.match(r"[^\W\d]", part.strip())
        }
        for c in found
    }
    text = q.text.lower()
    spots = []
    for phrase in set().union(*settings.values()):
        at = re.search(rf"(?<![\w\-]){re.escape(phrase)}(?![\w\-])", text)
        if at is None:
            continue
        if _SETTING_SET_ASIDE.search(text[max(0, at.start() - 25) : at.start()]):
            return None, found  # "outside the retail domain", "other than retail": not a setting to keep
        spots.append((at.start(), phrase))
    words = [phrase for _, phrase in sorted(spots)]  # as the question says them, whatever the sets' order
    said = [c for c in found if settings[c.entry_id] & set(words)]
    if said and len(said) < len(found):
        return " / ".join(words), said
    return None, found


_SETTING_SET_ASIDE = re.compile(
    r"\b(?:not|non|other than|outside|except|excluding|besides|apart from|without|beyond)\b"
    r"|不含|不算|除了|不是|以外|之外|非"
)


def _benchmark_candidates(
    q: Question, pool: Sequence[str], catalog: Catalog, tools: bool | None = None, *, every: bool = False
) -> list[Candidate]:
    """The works with a result on (or, unless only results are asked, a mention of) the benchmarks named; with
    ``every``, on each family named."""
    wanted = set(q.benchmarks)
    lex = catalog.lex
    roots = {b for b in wanted if lex.benchmark_family(b) == b}
    if roots and not only_this(q, catalog):
        # A family's own name ("WebArena", "SWE-bench") takes in its versions ("WebArena-Lite", "SWE-bench Verified").
        wanted |= {name for name in lex.benchmarks.terms if lex.benchmark_family(name) in roots}
        wanted -= set(q.benchmarks_aside)  # "WebArena, not counting WebArena-Lite"
    results_only = bool(_SCORE_ASK.search(q.text)) and not _RESULT_OPTIONAL.search(q.text)
    # "both GAIA and SWE-bench Verified", "同时报了 τ-bench 系列和 SWE-bench Verified": a result (or a mention) on
    # every family named, any version of each.
    families = {lex.benchmark_family(b) for b in q.benchmarks}
    out = []
    for entry_id in pool:
        facts = [f for f in catalog.facts_by_entry.get(entry_id, []) if f.kind == "benchmark" and f.name in wanted]
        if every:
            held = {lex.benchmark_family(f.name) for f in facts}
            if not results_only:
                held |= {
                    lex.benchmark_family(m.name) for ms in catalog.benchmark_mentions[entry_id].values() for m in ms
                }
            if not families <= held:
                continue
        if tools is not None:
            facts = [f for f in facts if with_tools(f, catalog) == tools]
            if not facts:
                continue  # a result in the other setting, or only a mention: not what was asked
        own = [f for f in facts if f.own] or facts
        if q.threshold is not None and q.measure and q.measure.startswith("benchmark:"):
            # A bound on the result ("90 分以上"): the entry's results that meet it, and only entries with one.
            hi = q.threshold_hi
            own = [
                f
                for f in own
                if f.own
                and f.value is not None
                and _within(f.value, q.threshold, q.threshold_op)
                and (hi is None or f.value <= hi)
            ]
            if not own:
                continue
        if own:
            best = max(own, key=lambda f: (f.source == "summary", f.value or 0))
            out.append(Candidate(entry_id, best.span, best.value or 0.0, best))
            continue
        if results_only:
            continue
        e = catalog.by_id[entry_id]
        for source, text in (("summary", e.summary), ("abstract", e.abstract or "")):
            m = next((m for m in catalog.benchmark_mentions[entry_id][source] if m.name in wanted), None)
            if m is not None:
                out.append(Candidate(entry_id, clause_around(text, m.start, m.end)))
                break
    return out


# A work's own line naming the works that came after it ("是后续 A/B 的前置工作", "深刻影响 A/B"), not those before it
# ("受 A 启发"); and a question asking for what followed a work ("follow-ups of", "later works", "的后续").
_SUCCESSORS = re.compile(
    r"后续|前置工作|(?<!受)影响了?|催生|\b(?:paved the way|precursor|successors?)\b", re.IGNORECASE
)
_FOLLOWERS_ASKED = re.compile(
    r"\bfollow(?:s|ed|ing)?[- ]?ups?\b|\bfollowing\s+up\b|\bsuccessors?\b|\blater\s+works?\b|\bcame\s+after\b"
    r"|\bprecursor\b|后续|前置|之后的工作|跟进",
    re.IGNORECASE,
)


def _named_topic_candidates(
    named: Sequence[str], pool: Sequence[str], catalog: Catalog, *, followers_asked: bool = False
) -> list[Candidate]:
    # Short names count when they carry a digit ("o1", "R1"), as whole words that do not run on into another
    # version ("o10"). Unlike naming an entry (catalog.named_entries: "o1-mini" is not the o1 entry), a list
    # of works that mention a model line takes its siblings in: "o1-preview", "o1-1217" mention o1.
    aliases = {
        a for e in named for a in entry_aliases(catalog.by_id[e]) if len(a) >= 3 or re.fullmatch(r"[A-Za-z]\d", a)
    }
    patterns = [
        re.compile(re.escape(a) if len(a) >= 3 else rf"(?<![\w.\-]){re.escape(a)}(?!\w|\.\d)", re.IGNORECASE)
        for a in aliases
    ]
    # In a title or an English abstract, a name is a whole word of its own ("verl" is not in "overlap", "V3.2" not in
    # "V3.2.1"); a sibling after a hyphen still counts ("o1-1217", "o1-preview").
    bounded = [re.compile(rf"(?<![A-Za-z0-9]){re.escape(a)}(?![A-Za-z0-9]|\.\d)", re.IGNORECASE) for a in aliases]
    out = [Candidate(e, _opening(catalog, e)) for e in named if e in pool]
    # Asked what followed a named work: the works its own line calls its successors ("是后续 Search-R1/R1-Searcher
    # 的前置工作") join the list, that clause shown for the named work (listed first), each successor with its own.
    followers: list[str] = []
    for e in named if followers_asked else ():
        for clause in re.split(r"(?<=[。；;])|(?<=\.)\s", catalog.by_id[e].summary):
            later = [n.entry_id for n in catalog.named_entries(clause) if n.entry_id not in named]
            if later and e in pool and _SUCCESSORS.search(clause) and not re.search(r"受|inspired by", clause):
                out = [Candidate(e, clause.strip()) if c.entry_id == e else c for c in out]
                followers += later
    for entry_id in pool:
        if entry_id in named:
            continue
        entry = catalog.by_id[entry_id]
        for p in patterns:
            m = p.search(entry.summary)
            if m:
                out.append(Candidate(entry_id, clause_around(entry.summary, m.start(), m.end())))
                break
            if p.search(entry.org):  # made by the named work's team ("Microsoft Research/AutoGen")
                out.append(Candidate(entry_id, entry.header()))
                break
        else:
            # named in its title ("Developing a computer use model / Claude 3.5 Sonnet computer use"), or only in the
            # linked abstract ("outperforming … GPT-4o and Claude 3.5 Sonnet")
            abstract = entry.abstract or ""
            if any(b.search(entry.title) for b in bounded):
                out.append(Candidate(entry_id, entry.header()))
            elif hit := next((found for b in bounded if (found := b.search(abstract))), None):
                out.append(Candidate(entry_id, clause_around(abstract, hit.start(), hit.end())))
    listed = {c.entry_id for c in out}
    return out + [Candidate(e, _opening(catalog, e)) for e in dict.fromkeys(followers) if e in pool and e not in listed]


def _topic_candidates(
    q: Question,
    words: Sequence[str],
    terms: Sequence[str],
    pool: Sequence[str],
    retriever: Retriever,
    catalog: Catalog,
    qvec: np.ndarray,
) -> list[Candidate]:
    if (
        len(words) <= _SHORT_TOPIC
        and not terms
        and any(_unused_word(w, catalog) and not _alternative(q.text, w) for w in words)
    ):
        # A short topic with an English word no entry writes in any form or language ("music generation"): the
        # survey has no such works, whatever its other word ("generation") finds.
        return []
    # The whole question ranks (its vector says more than its topic words); the words then decide who qualifies.
    hits = retriever.search(q.text, k=len(catalog.entries), query_vector=qvec)
    if not hits:
        return []
    top = hits[0].score or 1.0
    allowed = set(pool)
    weight = {w: catalog.idf(w) for w in words}
    total = sum(weight.values()) or 1.0
    out = []
    for h in hits:
        if h.entry.id not in allowed:
            continue
        text = catalog.full_text(h.entry.id)
        # A term of art decides by itself: a work using it qualifies however the rest of the question ranks it.
        if h.score < tuning.TOPIC_CUTOFF * top and not (terms and any(_uses_term(text, w) for w in terms)):
            continue
        # The entry must say a fair share of what the topic says (rare words weigh more): "evaluating" alone
        # does not put a web benchmark on a list about CBRN misuse evaluations.
        # (A word inside another one says nothing: "ship" in "relationship".)
        said = sum(
            weight[w]
            for w in words
            if focus_hits(text, [w], catalog, word_starts=True) or (w in terms and _uses_term(text, w))
        )
        if not said or said < tuning.TOPIC_WORD_SHARE * total:
            continue
        if terms and not any(_uses_term(text, w) for w in terms):
            continue
        roots = [_word_stem(t) for t in terms if "-" not in t]  # "MuonClip" shows for "clipping"
        out.append(Candidate(h.entry.id, _best_clause(h.entry.id, [*words, *roots], catalog), h.score))
    return out


# A topic of at most this many words is a name for it, each word needed ("music generation"); a longer one describes
# it in words an entry need not all use.
_SHORT_TOPIC = 4
# Words about the entries themselves, not a topic ("whose name begins with 'Web'", "titles containing the phrase").
_ABOUT_ENTRIES = frozenset(
    re.findall(
        r"\S+",
        "name names named title titles titled phrase phrases word words begin begins start starts end ends contain "
        "contains containing letter letters",
    )
)


def _alternative(text: str, word: str) -> bool:
    """Is ``word`` one of alternatives ("a terminal or shell", "终端或者 shell"): the others may still be said?"""
    w = re.escape(word)
    return bool(
        re.search(
            rf"(?:\bor|或者?|/)\s*(?:an?\s+|the\s+)?{w}(?![a-z])|(?<![a-z]){w}s?\s*(?:\bor\b|或者?|/)", text, re.I
        )
    )


def _unused_word(word: str, catalog: Catalog) -> bool:
    """Is ``word`` a content word no entry writes, in any of its forms: not an adverb ("lately") or a short word,
    which may only frame the question?"""
    if word in catalog.vocabulary or word in STOPWORDS or word in catalog.lex.spelled_words:
        return False  # (a word the lexicon spells, "give", "restaurants", is one its rules read)
    if word.isascii() and (len(word) < 4 or word.endswith("ly") or not word.isalpha() or word in _ABOUT_ENTRIES):
        return False
    if not word.isascii():
        # A Chinese term is often written in English in the survey (图形界面 as GUI): never taken as unused.
        return False
    cache = catalog.__dict__.setdefault("_unused_words", {})
    if word not in cache:
        if len(cache) > 4096:  # questions' words: kept for a while, not for ever
            cache.clear()
        # As a whole word ("sign" is not in "significant"), a longer one by its opening in American spelling
        # ("calculators": "calculator", "optimisation": "optimization", "curricula": "curriculum"), or in another
        # language's form the glossary knows.
        spelled = re.sub(r"is(at|e|ing)", r"iz\1", word).replace("lling", "ling")
        opening = spelled if len(spelled) <= 5 else spelled[: max(5, int(len(spelled) * 0.6))]
        ending = r"(?:s|es|ed|ing)?(?![a-z])" if opening == spelled else ""
        whole = re.compile(rf"(?<![a-z]){re.escape(opening)}{ending}")
        other = [f for f in expand([word], catalog) if f and not f.isascii()]
        text = catalog.corpus_lower  # every entry's line, abstract and title
        cache[word] = not (whole.search(text) or any(f in text for f in other))
    return cache[word]  # type: ignore[no-any-return]


def _naming_candidates(
    forms: dict[str, re.Pattern[str]], makers: dict[str, str], pool: Sequence[str], q: Question, catalog: Catalog
) -> list[Candidate]:
    """Entries whose text names one of ``forms``, other than an entry its title names and its maker's entries
    (OpenAI's GPT-5.5 post naming GPT-5 is a successor, not a work measured against it)."""
    out = []
    for entry_id in pool:
        entry = catalog.by_id[entry_id]
        if any(p.search(entry.title) for p in forms.values()):
            continue
        texts = [entry.summary, entry.abstract or ""]
        if q.lang == "en":
            texts.reverse()  # an English clause for an English question, when the abstract names it too
        for model, pattern in forms.items():
            if makers[model] and makers[model] in catalog.orgs_of(entry_id):
                continue
            hit = next(((t, m) for t in texts for m in pattern.finditer(t) if not _link_label(t, m)), None)
            if hit:
                text, m = hit
                out.append(Candidate(entry_id, clause_around(text, m.start(), m.end())))
                break
    return out


def _link_label(text: str, m: re.Match[str]) -> bool:
    """A name that only labels or sits in a link ("Hugging Face: https://…", "huggingface.co/…")."""
    return bool(re.match(r"\s*[:：]\s*https?://", text[m.end() :]) or re.search(r"https?://\S*$", text[: m.start()]))


_PERCENT_BOUND = re.compile(
    r"(?P<neg>\bno\b[^?？]{0,20}?|\bnot\s+|\bnever\s+|不|没有?)?"
    r"(?P<op>under|below|less than|lower than|at most|not even|over|above|more than|higher than|at least|beyond"
    r"|exceed\w*"
    r"|不到|低于|少于|不足|小于|超过|高于|大于|至少|不低于|<|>)\s*(?P<v>\d+(?:\.\d+)?)\s*%",
    re.IGNORECASE,
)
_BELOW = re.compile(r"under|below|less|lower|at most|not even|不到|低于|少于|不足|小于|<", re.IGNORECASE)
_INCLUSIVE = re.compile(r"at most|at least|不低于|至少", re.IGNORECASE)
_HUMANS = ("人类", "human", "humans")


def _bound_reading(bound: re.Match[str]) -> tuple[bool, bool]:
    """(below, inclusive) for a percentage bound; "no model scored more than 20%", "都不超过 20%" are at most."""
    below, inclusive = bool(_BELOW.match(bound.group("op"))), bool(_INCLUSIVE.match(bound.group("op")))
    if bound.group("neg"):
        below, inclusive = not below, not inclusive
    return below, inclusive


# Models scored beside humans: a percentage bound in the question may be theirs.
_MODELS_SCORE = re.compile(r"\b(?:models?|LLMs?|agents?\s+(?:score|achieve|reach|get))\b|模型", re.IGNORECASE)


def _hardest_benchmarks(
    pool: Sequence[str], bound: re.Match[str], catalog: Catalog, *, humans: bool = False
) -> list[Candidate]:
    """The benchmarks whose best reported model result (``humans``: humans' result), in their own entry, is below
    (or above) the bound."""
    value = float(bound.group("v"))
    below, inclusive = _bound_reading(bound)
    out = []
    for entry_id in pool:
        if entry_id not in catalog.benchmark_entries:
            continue
        results = [
            f
            for f in catalog.facts_by_entry.get(entry_id, [])
            if f.kind == "benchmark"
            and f.unit == "%"
            and f.value is not None
            and (f.subject.lower() in _HUMANS) == humans
        ]
        if not results:
            continue
        best = max(results, key=lambda f: (f.value or 0.0, f.source == "summary"))
        top = best.value or 0.0
        if (top < value or (inclusive and top == value)) if below else (top > value or (inclusive and top == value)):
            out.append(Candidate(entry_id, fact_clause(best, catalog), best.value or 0.0, best))
    return out


def _human_gaps(pool: Sequence[str], catalog: Catalog) -> list[Candidate]:
    """Each benchmark's gap between humans and its best model, both as its own entry reports them ("人类 92% vs
    GPT-4+plugins 15%"), with the clause that gives the human result."""
    out = []
    for entry_id in pool:
        if entry_id not in catalog.benchmark_entries:
            continue
        results = [
            f
            for f in catalog.facts_by_entry.get(entry_id, [])
            if f.kind == "benchmark" and f.unit == "%" and f.value is not None
        ]
        humans = [f for f in results if f.subject.lower() in _HUMANS]
        models = [f for f in results if f.subject.lower() not in _HUMANS]
        if not humans or not models:
            continue
        human = max(humans, key=lambda f: (f.value or 0.0, f.source == "summary"))
        model = max(models, key=lambda f: (f.value or 0.0, f.source == "summary"))
        gap = (human.value or 0.0) - (model.value or 0.0)
        text = catalog.texts(entry_id).get(human.source, "")
        at = text.find(human.span)
        clause = clause_around(text, at, at + len(human.span)) if at >= 0 else fact_clause(human, catalog)
        out.append(Candidate(entry_id, clause, gap, human))
    return out


_OTHER_WORKS = re.compile(
    r"\b(?:which|what|any)\s+other\s+(?:[\w\-]+\s+){0,2}?(?:entries|works|papers|models|reports|systems|projects)\b",
    re.IGNORECASE,
)


def _spellings(term: str) -> tuple[str, ...]:
    """A hyphenated term as texts write it: "mid-training", "mid training", "midtraining"."""
    return (term, term.replace("-", " "), term.replace("-", ""))


def _terms_of_art(words: Sequence[str], catalog: Catalog) -> list[str]:
    """Topic words only a few entries use: hyphenated ones in any spelling ("mid-training"), and inflected
    English ones by their root ("rubrics", "clipping"). The list is about them, so a listed entry must use one,
    and the header names them alone. A concept the lexicon knows in both languages ("cold-start", also 冷启动)
    is matched as a concept, not as a term."""
    out = []
    for w in words:
        if w not in catalog.vocabulary or catalog.lex.concepts.find(w):
            continue
        if re.fullmatch(r"[a-z]+(?:-[a-z]+)+", w):
            limit = tuning.TERM_OF_ART_ENTRIES
        elif _NOTATION.fullmatch(w):
            limit = tuning.SINGLE_TERM_ENTRIES  # a metric's notation ("pass@1", "pass^k"): said as written
        elif _SIZE_WORD.fullmatch(w):
            limit = len(catalog.entries)  # a model size ("7B/8B-class", "a 70B model"): the works must give it
        elif re.fullmatch(r"[a-z]{5,}", w) and _word_stem(w) != w and expand([w], catalog) <= {w, w[:-1]}:
            # An inflected English word the glossary has no other-language form of ("rubrics", "clipping"):
            # an entry saying it in Chinese could not be told apart, so only such words count.
            limit = tuning.SINGLE_TERM_ENTRIES
        else:
            continue
        if 0 < _term_users(w, catalog) <= limit:
            out.append(w)
    return out


def _proper_terms(q: Question, catalog: Catalog) -> list[str]:
    """Capitalised names in a question that no slot took and only a few entries use ("Colossus")."""
    lex = catalog.lex
    # a word inside a name a slot took ("Group" in "Ant Group's") is that name's, not a term of its own
    taken = [(n.start, n.end) for matcher in (lex.orgs, lex.benchmarks, lex.concepts) for n in matcher.find(q.text)]
    out = []
    for m in re.finditer(r"(?<![\w\-])[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9\-]*", q.text):
        word = m.group()
        if m.start() == 0 or word.lower() in lex.ordinary_capitals or word.lower() not in catalog.vocabulary:
            continue
        if any(a <= m.start() and m.end() <= b for a, b in taken):
            continue
        if lex.orgs.find(word) or lex.concepts.find(word) or lex.benchmarks.find(word) or catalog.named_entries(word):
            continue
        if 0 < _term_users(word.lower(), catalog) <= tuning.SINGLE_TERM_ENTRIES:
            out.append(word)
    return list(dict.fromkeys(out))


@dataclass(frozen=True)
class _OverviewClause:
    text: str
    years: tuple[int, int] | None  # the years of the overview's stretch it is in ("2024 转向…"), if it opens with them
    named: tuple[str, ...]  # the entries it names, in order
    vector: np.ndarray


# A stretch of the overview opens with its years, perhaps after a lead-in ("其脉络大致是：2020–2021 用…").
_OVERVIEW_YEARS = re.compile(r"^(?:[^：:，]{0,12}[：:])?\s*(20\d\d)(?:\s*[–\-~至到]\s*(20\d\d))?")
# Words that only frame a question about the overview ("Which works does the overview name?"): no topic.
_OVERVIEW_FRAME = frozenset(
    re.findall(
        r"\S+",
        "overview survey s intro introduction opening name names named mention mentions mentioned list lists give "
        "gives cite cites point points highlight highlights say says other than 综述 调研 概述 开头 引言 导语 总览 "
        "点名 提到 提及 列举 列出 举 说 年",
    )
)


def _overview_clauses(retriever: Retriever, catalog: Catalog) -> list[_OverviewClause]:
    """The clauses of the survey's overview paragraph, each with the years of its stretch, the works it names
    and a vector; embedded once per loaded index."""
    cache = catalog.__dict__.setdefault("_overview_clauses", {})
    if "clauses" not in cache:
        out: list[tuple[str, tuple[int, int] | None, tuple[str, ...]]] = []
        openings = _unique_openings(catalog)
        for stretch in re.split(r"[；;。]", catalog.by_id["overview"].summary):
            m = _OVERVIEW_YEARS.match(stretch)
            years = (int(m.group(1)), int(m.group(2) or m.group(1))) if m else None
            for clause in re.split(r"，|——|,\s", stretch):
                if clause.strip():
                    hits = [(h.start, h.entry_id) for h in catalog.named_entries(clause)]
                    hits += _title_openings(clause, openings)
                    named = tuple(dict.fromkeys(e for _, e in sorted(hits)))
                    out.append((clause.strip(), years, named))
        vectors = retriever.embedder.embed_passages([c for c, _, _ in out]) if out else np.zeros((0, 1))
        cache["clauses"] = [_OverviewClause(c, y, n, v) for (c, y, n), v in zip(out, vectors, strict=True)]
    return cache["clauses"]  # type: ignore[no-any-return]


def _unique_openings(catalog: Catalog) -> dict[str, str]:
    """Each work's shortest title opening of three or more words that opens no other title ("learning to summarize"
    for "Learning to summarize from human feedback"), lower-cased; works whose title has none are left out."""
    titles = {e.id: e.title.lower().split() for e in catalog.entries if e.kind not in ("overview", "scope")}
    out = {}
    for entry_id, words in titles.items():
        for n in range(3, len(words)):
            opening = words[:n]
            if not any(w[:n] == opening for other, w in titles.items() if other != entry_id):
                out[entry_id] = " ".join(opening)
                break
    return out


def _title_openings(text: str, openings: dict[str, str]) -> list[tuple[int, str]]:
    """Works an enumeration names by the opening words of their titles ("（Learning to summarize、WebGPT、GPT-f）"),
    each opening (see :func:`_unique_openings`) as one item of the enumeration; (position, entry id)."""
    out = []
    for entry_id, opening in openings.items():
        m = re.search(rf"(?:^|(?<=[（(、,，/]))\s*{re.escape(opening)}\s*(?=[、,，)）/]|$)", text, re.IGNORECASE)
        if m:
            out.append((m.start(), entry_id))
    return out


def _overview_named(
    q: Question, retriever: Retriever, catalog: Catalog, qvec: np.ndarray
) -> tuple[list[Candidate], list[tuple[str, str]]] | None:
    """ "The survey's overview says 2024 moved evaluation onto real OSes: which benchmarks does it name?": the
    works named by the overview clause closest to the question, within the years asked (the overview's own
    stretches, not the works' dates) and passing the question's other filters, each with its own opening; with
    no topic beyond the overview ("Which works does the overview name?"), every clause of those years. None
    when the closest clause names no such work (the question is about something else)."""
    if "overview" not in catalog.by_id:
        return None
    clauses = _overview_clauses(retriever, catalog)
    if q.years:
        lo, hi = q.years
        clauses = [c for c in clauses if c.years is not None and c.years[0] <= hi and lo <= c.years[1]]
    # The overview's years are its stretches; the works named there may be dated earlier ("DeepSeekMath 的 GRPO").
    plain = replace(q, years=None, month=None, exclude_concepts=())
    kinds = bool(q.kinds) and ("paper" not in q.kinds or q.kind_stated)

    def qualifying(c: _OverviewClause) -> list[str]:
        return [e for e in c.named if passes_filters(e, plain, catalog, kinds=kinds)]

    topic = [t for t in q.focus if t.lower() not in _OVERVIEW_FRAME and not re.fullmatch(r"\d+", t)]
    if topic:
        # A stretch's head that names nothing ("2025 是“agentic RL”元年") only frames the works that follow.
        heads = {c.text for c in clauses if not c.named and _OVERVIEW_YEARS.match(c.text)}
        scored = [c for c in clauses if c.text not in heads]
        if not scored:
            return None
        best = max(scored, key=lambda c: float(c.vector @ qvec))
        chosen, said = qualifying(best), best.text
    else:
        chosen = list(dict.fromkeys(e for c in clauses for e in qualifying(c)))
        said = ""
    if not chosen:
        return None
    criteria = filter_criteria(plain, catalog, kinds=kinds)
    if said:
        criteria.append(("overview", said))
    elif q.years:
        years = f"{q.years[0]}" if q.years[0] == q.years[1] else f"{q.years[0]}–{q.years[1]}"
        criteria.append(("overview_years", years))
    else:
        criteria.append(("overview_all", ""))
    return [Candidate(e, _opening(catalog, e)) for e in chosen], criteria


def _variant_names(q: Question, pool: Sequence[str], catalog: Catalog) -> dict[str, list[tuple[str, str]]]:
    """Capitalised words beside a model family that no slot took, written by some of its works right after the
    family's name ("GLM-4.5-Air", "GLM-4 / Air", "Qwen3-Coder"): the variant asked for, with the works that write
    it (entry id, clause). Not a word that opens a sentence ("… List Them.") or a rival's ("Gemini-2.5-Flash")."""
    lex = catalog.lex
    families = [c for c in q.concepts if lex.concepts.terms[c].type == "family"]
    out: dict[str, list[tuple[str, str]]] = {}
    if not families:
        return out
    aliases = "|".join(re.escape(a) for c in families for a in sorted(lex.concepts.terms[c].aliases, key=len)[::-1])
    family = re.compile(aliases)
    for m in re.finditer(r"(?<![\w\-])[A-Z][A-Za-z]{1,7}(?![\w\-])", q.text):
        word = m.group()
        if re.search(r"(?:^|[.?!。？！:：]\s*)$", q.text[: m.start()]) or word.lower() in lex.ordinary_capitals:
            continue
        if lex.orgs.find(word) or lex.concepts.find(word) or lex.benchmarks.find(word) or catalog.named_entries(word):
            continue
        # The family's name, its version, and at most a few joining characters before the word, as written.
        joined = re.compile(rf"(?:{aliases})[\w.\-]*(?:\s*[/、,]\s*[\w.\-]+)*?[\s/、,\-]{{0,3}}{_as_word(word)}")
        # In a work of the family's own (its title names it): the word standing alone ("另 Air 106B").
        alone = re.compile(rf"(?<![\w.\-]){re.escape(word)}(?![\w\-])")
        users = []
        for e in pool:
            entry = catalog.by_id[e]
            own = family.search(entry.title) is not None
            hit = joined.search(entry.summary) or (alone.search(entry.summary) if own else None)
            if hit:
                users.append((e, clause_around(entry.summary, hit.start(), hit.end())))
            elif joined.search(entry.title):
                users.append((e, ""))
        if 0 < len(users) < len(pool):
            out[word] = users
    # A letter-led suffix joined to the family's name in the question ("GPT-J", "Qwen-VL", "GLM-Z1"): the model so
    # named, in any work that writes it (with a version between or not: "Qwen2.5-VL-72B"), not the family's other
    # models; none when no work writes it.
    joined_name = rf"(?<![\w\-])({aliases})([\-\s]?\d[\d.]*[a-z]?)?-([A-Za-z][A-Za-z0-9]{{0,7}})(?![\w\-])"
    for m in re.finditer(joined_name, q.text, re.IGNORECASE):
        name = m.group()
        if not m.group(3)[0].isupper():
            continue  # "Qwen-based", "GPT-style": a description of the family's models, no model's name
        if catalog.named_entries(name) or lex.benchmarks.find(name) or lex.orgs.find(name):
            continue
        if any(c.name not in families for c in lex.concepts.find(name)):
            continue
        version = re.escape(m.group(2)) if m.group(2) else r"(?:[\-\s]?\d[\d.]*[a-z]?)?"
        # (a space for the hyphen too: "Claude 3.5 Sonnet", "Claude Sonnet 4" for "Claude-Sonnet")
        suffix = re.escape(m.group(3))
        written = re.compile(rf"(?<![\w\-])(?:{aliases}){version}[\-\s]{suffix}(?![A-Za-z])", re.IGNORECASE)
        users = []
        for e in pool:
            text = catalog.full_text(e)
            hit = written.search(text)
            if hit:
                users.append((e, clause_around(text, hit.start(), hit.end())))
        if len(users) < len(pool):
            out[name] = users
    return out


def _term_users(term: str, catalog: Catalog) -> int:
    """How many entries use a term, counted once per term for the loaded index."""
    cache = catalog.__dict__.setdefault("_term_users", {})
    if term not in cache:
        cache[term] = sum(1 for e in catalog.entries if _uses_term(catalog.full_text(e.id), term))
    return cache[term]  # type: ignore[no-any-return]


def _word_stem(word: str) -> str:
    """An inflected English word's root as texts write it inside others ("clipping" → "clip", "Clip-Higher")."""
    stem = re.sub(r"(?:ing|ed|es|s)$", "", word)
    if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
        stem = stem[:-1]
    return stem if len(stem) >= 4 else word


# A notation written with a symbol: "pass@1", "pass^k", "maj@64".
_NOTATION = re.compile(r"[a-z]+[@^]\w+")
_SIZE_WORD = re.compile(r"\d+(?:\.\d+)?[bmt]")


def _within_concepts(
    q: Question, pool: list[str], criteria: list[tuple[str, str]], catalog: Catalog, *, keep: Callable[[str], bool]
) -> list[str]:
    """The pool narrowed to the works that mention each of the question's concept groups (its concepts that
    ``keep`` accepts); a criterion is added to ``criteria`` for each concept that narrows it."""
    for group in _concept_groups(q, catalog):
        kept = [c for c in group if keep(c)]
        if kept:
            criteria += [("concept", c) for c in kept]
            pool = [e for e in pool if _mentions_any(e, kept, q, catalog)]
    return pool


def _as_word(term: str) -> str:
    """A pattern for ``term`` as a word of its own: "Air" in "GLM-4.5-Air", not in "repair"; "RL" not in "RLHF"."""
    left = r"(?<![A-Za-z])" if term[:1].isascii() and term[:1].isalpha() else ""
    right = r"(?![A-Za-z])" if term[-1:].isascii() and term[-1:].isalpha() else ""
    return left + re.escape(term) + right


def _written(term: str, entry_id: str, in_name: bool, catalog: Catalog) -> tuple[str, re.Match[str]] | None:
    """Where an entry writes ``term``: (the text, the match), or None. In a name: a word of the entry's title, or
    joined to one of the entry's own names in its survey line ("gpt-5-thinking", "GPT-5.5 Thinking"), not a
    rival's ("Gemini-2.5-Flash" in a GLM entry) or a plain word ("non-thinking", "美国 Pro")."""
    e = catalog.by_id[entry_id]
    word = re.compile(_as_word(term), re.IGNORECASE)
    if not in_name:
        for text in (e.summary, e.title):
            m = word.search(text)
            if m:
                return text, m
        return None
    # a word of the title, or one part of a name written in camel case ("Bench" in "AgentBench")
    m = word.search(e.title) or re.search(rf"(?<=[a-z]){re.escape(term[:1].upper() + term[1:])}(?![a-z])", e.title)
    if m:
        return e.title, m
    title_words = {w.lower() for w in re.findall(r"[A-Za-z]+", e.title)}
    for m in word.finditer(e.summary):
        before = e.summary[: m.start()]
        name = re.search(r"([A-Za-z][\w.]*)[-_]?(?:[\w.]*[-_])*$", before) or re.search(
            r"([A-Za-z][\w.\-]*\d[\w.\-]*)\s$", before
        )
        if name and name.group(1).split("-")[0].split(".")[0].rstrip("0123456789").lower() in title_words:
            return e.summary, m
    return None


def _literal_clause(entry_id: str, q: Question, catalog: Catalog) -> Candidate | None:
    """The entry, with its clause holding the question's literal terms as written (any of them, or every one
    when it asks for all, and none it leaves out), if it qualifies."""
    in_name = q.literal_in_name
    if q.literal_prefix:  # "names starting with 'Web'": a name of the entry opens with it ("WebShop", "GPT-5.5")
        names = [n.lower() for n in catalog.names_of(entry_id)]
        opens = [t for t in q.literal if any(n.startswith(t.lower()) for n in names)]
        closed = [t for t in q.literal_not if any(n.startswith(t.lower()) for n in names)]
        return Candidate(entry_id, _opening(catalog, entry_id)) if opens and not closed else None
    if any(_written(t, entry_id, in_name, catalog) for t in q.literal_not):
        return None
    found = [w for t in q.literal if (w := _written(t, entry_id, in_name, catalog))]
    if not found or (q.literal_all and len(found) < len(q.literal)):
        return None
    text, m = found[0]
    if text == catalog.by_id[entry_id].title:
        return Candidate(entry_id, _opening(catalog, entry_id))
    return Candidate(entry_id, clause_around(text, m.start(), m.end()))


def _uses_term(text: str, term: str) -> bool:
    low = text.lower()
    if _SIZE_WORD.fullmatch(term):  # "7b" in "Qwen2.5-7B", "7B/13B", not in "17B" or "7.5B"
        # ... and a model's size, not its active parameters ("32B 激活", "32B activated")
        return re.search(rf"(?<![\d.]){re.escape(term)}(?![\w.])(?!\s*(?:激活|activ))", low) is not None
    if _NOTATION.fullmatch(term):
        return re.search(rf"(?<![\w@^]){re.escape(term)}(?![\w])", low) is not None  # "pass@1" is not "pass@16"
    if "-" not in term:
        return _word_stem(term) in low
    return any(s in low for s in _spellings(term))


def _best_clause(entry_id: str, words: Sequence[str], catalog: Catalog) -> str:
    """The summary clause holding the most topic words, else the abstract's sentence (or the summary's opening)."""
    entry = catalog.by_id[entry_id]
    best, best_hits = "", 0
    for clause in re.split(r"(?<=[。；;])", entry.summary):
        hits = focus_hits(clause, words, catalog)
        if hits > best_hits and clause.strip():
            best, best_hits = clause.strip(), hits
    if not best and entry.abstract:
        # Only the abstract says it ("CogAgent-9B-20241220"): its sentence, not the summary's unrelated opening.
        # (a size or a hyphenated term it names, or a fair share of the words: one filler word of a long description
        # does not pick a sentence)
        named = [w for w in words if _SIZE_WORD.fullmatch(w) or "-" in w]
        enough = -(-len(words) // 3)
        for sentence in re.split(r"(?<=[.!?])\s+", entry.abstract):
            hits = focus_hits(sentence, words, catalog)
            if hits > best_hits and (hits >= enough or (named and focus_hits(sentence, named, catalog))):
                best, best_hits = sentence.strip(), hits
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
    first = first if len(first) <= 120 else clause_around(summary, 0, 1)
    return first.rstrip("：:；;，,").strip()


# -- rankings --------------------------------------------------------------------------------------------

# A result before and after, written with an arrow ("15.6%→71.0%", "55.3→75.9") or "from 4.8% to 42.4%" (a span
# of sizes or counts, "from 0.6 to 235", is none).
_BEFORE_AFTER = re.compile(
    r"\d+(?:\.\d+)?%?\s*(?:→|->|⇒)\s*\d+(?:\.\d+)?%?|\bfrom \d+(?:\.\d+)?% to \d+(?:\.\d+)?%"
    r"|从\s*\d+(?:\.\d+)?%\s*(?:提升|提高|涨|升)?到\s*\d+(?:\.\d+)?%"
)
_BEFORE_AFTER_ASKED = re.compile(
    r"\bbefore[- ](?:and|vs\.?|versus|to)[- ]after\b|\bfrom (?:x\s*%?|\d+(?:\.\d+)?\s*%) to (?:y|\d+(?:\.\d+)?)\s*%"
    r"|\bjump(?:s|ed)? from\b|前后(?:对比|提升|变化)|从\s*(?:x|X|\d+)\s*%?\s*(?:提升|提高|涨|升)到",
    re.IGNORECASE,
)
# A benchmark result of any kind, no benchmark named: "给出了具体的 benchmark 分数", "concrete benchmark numbers".
_ANY_SCORE = re.compile(
    r"\b(?:benchmark|eval(?:uation)?)\s+(?:scores?|results?|numbers?|figures?)\b|\b(?:scores?|results?|numbers?) on "
    r"(?:any|a|some) benchmarks?\b|(?:benchmark|基准|评测)\s*(?:分数|成绩|结果|得分|数字)|跑分",
    re.IGNORECASE,
)
_MACHINES = ("node", "VM")
_MACHINES_ASKED = re.compile(
    r"\bnodes?\b|\bVMs?\b|virtual machine|节点|虚拟机|硬件规模|hardware scale|集群规模", re.IGNORECASE
)
_ASKS_SPEEDUP = re.compile(r"speed-?ups?|throughput|faster|times|吞吐|加速|提速|倍|×|\d\s*x\b", re.IGNORECASE)


# A ranking of improvements, not of scores: "the biggest improvement on ALFWorld", "提升幅度最大".
_GAIN_RANKED = re.compile(
    r"\b(?:biggest|largest|greatest|most|highest|top)\s+(?:\w+\s+)?(?:improvements?|gains?|boosts?|jumps?|increases?)\b"
    r"|\bimproves?\s+(?:[\w\-]+\s+){0,3}?(?:the\s+)?most\b|(?:提升|提高|增幅|涨幅|改进)(?:幅度|得)?\s*最(?:大|多|高)",
    re.IGNORECASE,
)


def _rank(ev: Evidence, catalog: Catalog) -> None:
    q = ev.question
    assert q.measure is not None
    pool = [e.id for e in catalog.entries if passes_filters(e.id, q, catalog)]
    ev.criteria = filter_criteria(q, catalog)
    if q.measure == "gap:human":
        gaps = _human_gaps(pool, catalog)
        ev.candidates = sorted(gaps, key=lambda c: -c.score if q.direction == "max" else c.score)
        return
    # "Among the multimodal models …": the concepts the question narrows to (not those that restate the measure).
    implied = {"MoE"} if q.measure in ("size:active", "size:ratio") else set()  # only an MoE has an active size
    narrowing = [c for c in q.concepts if c not in _measure_concepts(q.measure, catalog) and c not in implied]
    if narrowing:
        # When no entry with those concepts reports the measure, the answer says so (rank_none with the criteria)
        # rather than ranking the whole survey.
        pool = [e for e in pool if _mentions_any(e, narrowing, q, catalog)]
        ev.criteria += [("concept", c) for c in narrowing]
    if q.threshold and q.bound_measure and q.bound_measure != q.measure:
        # "Which model under 10B parameters scores best on GPQA?": rank only the entries within the bound.
        bounded = _bounded(q.bound_measure, q.threshold, q.threshold_op, pool, catalog, upper=q.threshold_hi)
        pool = [e for e in pool if e in bounded]
        ev.criteria.append(_bound_criterion(q, q.bound_measure, catalog))
    facts = measure_facts(q.measure, pool, catalog)
    kind, _, name = q.measure.partition(":")
    only = only_this(q, catalog)
    family_root = kind == "benchmark" and catalog.lex.benchmark_family(name) == name and not only
    if kind == "benchmark" and (not facts or family_root):
        # No result on the named version, or the family's own name ("AIME"): rank every version, with a note.
        family = catalog.lex.benchmark_family(name)
        facts = [
            f
            for e in pool
            for f in catalog.facts_by_entry.get(e, [])
            if f.kind == "benchmark"
            and f.own
            and f.value is not None
            and catalog.lex.benchmark_family(f.name) == family
            and f.name not in q.benchmarks_aside  # "(不算 VAB-WebArena-Lite)": not that version
        ]
    if kind == "benchmark" and len(q.benchmarks) > 1:
        wanted = set(q.benchmarks)
        facts += [
            f
            for e in pool
            for f in catalog.facts_by_entry.get(e, [])
            if f.kind == "benchmark" and f.own and f.value is not None and f.name in wanted and f not in facts
        ]
    tools = _tools_setting(q, [name], catalog) if kind == "benchmark" else None
    if tools is not None:
        facts = [f for f in facts if with_tools(f, catalog) == tools]
        ev.criteria.append(("tools", tools_label(q.lang, tools)))
    gains = kind == "benchmark" and bool(_GAIN_RANKED.search(q.text))
    if gains:
        # Gains a work reports for itself, or with no other subject named ("HotpotQA +约 20%"), on any version.
        family = catalog.lex.benchmark_family(name)
        gained = [
            f
            for e in pool
            for f in catalog.facts_by_entry.get(e, [])
            if f.kind == "benchmark"
            and f.unit in ("gain", "pp")
            and f.value is not None
            and (f.own or not f.subject)
            and catalog.lex.benchmark_family(f.name) == family
        ]
        if gained:
            facts = gained
        else:
            gains = False  # no gain reported on it: its scores rank instead, as for "the best score"
    best: dict[str, Fact] = {}
    for f in facts:
        if (f.unit in ("gain", "pp")) != gains:
            continue  # a gain ranks only among gains ("提升幅度最大", "the biggest improvement"), a score among scores
        current = best.get(f.entry_id)
        better = current is None or (
            (f.value or 0) > (current.value or 0) if q.direction == "max" else (f.value or 0) < (current.value or 0)
        )
        if current is not None and (f.value == current.value) and f.source == "summary" and current.source != "summary":
            better = True
        if better:
            best[f.entry_id] = f
    ranked = sorted(best.values(), key=lambda f: (f.value or 0) * (-1 if q.direction == "max" else 1))
    ev.candidates = [Candidate(f.entry_id, fact_clause(f, catalog), f.value or 0.0, f) for f in ranked]
    settings = {f.setting for f in ranked if f.setting}
    names = {f.name for f in ranked if f.kind == "benchmark"}
    units = {f.unit or "%" for f in ranked} if kind == "benchmark" else {f.unit for f in ranked}
    if settings and len(ranked) > 1:
        ev.mixed.append("settings")
    if len(names) > 1:
        ev.mixed.append("versions")
    if len(units) > 1:
        ev.mixed.append("units")
    ev.criteria.append(("measure", q.measure))


_MODEL_WORD = r"(?:models?\b|LLMs?\b|模型|大模型)"
_MODEL_NOUN = re.compile(rf"\s*(?:[\w\-]+\s+)?{_MODEL_WORD}", re.IGNORECASE)
_MODEL_NOUN_RIGHT_AFTER = re.compile(rf"\s*{_MODEL_WORD}", re.IGNORECASE)


def _model_kinds(q: Question, catalog: Catalog, *, adjacent: bool = False) -> list[str]:
    """Concepts the question puts before "models" ("MoE models", "多模态模型") that a bound list narrows to; not
    "trained, released, or distilled" about the models, nor MoE for an active size (only an MoE has one). With
    ``adjacent`` (a benchmark list), only a kind of model written right before the noun, never a family ("GPT
    models" are those a work tests, not those that mention GPT)."""
    implied = (
        _measure_concepts(q.measure, catalog) | ({"MoE"} if q.measure in ("size:active", "size:ratio") else set())
        if q.measure
        else frozenset()
    )
    return list(
        dict.fromkeys(
            m.name
            for m in catalog.lex.concepts.find(q.text)
            if m.name in q.concepts
            and m.name not in implied
            and (_MODEL_NOUN_RIGHT_AFTER if adjacent else _MODEL_NOUN).match(q.text, m.end)
            and not (adjacent and catalog.lex.concepts.terms[m.name].type == "family")
        )
    )


# What models are said to be for, right before a concept: "专门为工具 / 函数调用训练", "built for function calling".
_PURPOSE_BEFORE = re.compile(
    r"(?:(?:专门|专)?(?:为|给|面向|针对|用于)|\b(?:built|trained|made|designed|tuned|fine-tuned|meant|models?|are|is)\s+for"
    r"|\bspeciali[sz]ed\s+(?:in|for)|\baimed\s+at|\bfocused\s+on)\s*(?:[^，,。；;？?\s]{1,12}\s*[/／或、]\s*)?$",
    re.IGNORECASE,
)
# ... unless the purpose is denied ("not built for function calling", "不是专门为…"): no narrowing to it.
_PURPOSE_DENIED = re.compile(
    r"(?:\bnot\b|n't\b|\bnever\b)[^,，.。;；?？]{0,24}$|(?:不是|并非|非)[^，。；？]{0,12}$", re.IGNORECASE
)


def _purpose_concepts(q: Question, catalog: Catalog) -> list[str]:
    """Concepts the question says the models are for ("专门为函数调用训练的 8B 以下模型", "models built for tool use
    under 10B"), which a bound list narrows to wherever they stand; never a family, nor the measure's own."""
    implied = _measure_concepts(q.measure, catalog) if q.measure else frozenset()
    out = []
    for m in catalog.lex.concepts.find(q.text):
        if m.name not in q.concepts or m.name in implied or catalog.lex.concepts.terms[m.name].type == "family":
            continue
        before = q.text[max(0, m.start - 40) : m.start]
        if _PURPOSE_BEFORE.search(before) and not _PURPOSE_DENIED.search(before):
            out.append(m.name)
    return out


def _rivals(q: Question, catalog: Catalog) -> dict[str, str]:
    """The models the question measures works against, each with its maker; a model whose maker the question
    asks for ("Anthropic's works that mention Claude") is their own, not a rival."""
    makers = {m: maker_of(m, catalog) for m in q.versus}
    return {m: maker for m, maker in makers.items() if maker not in q.orgs}


def _measure_concepts(measure: str, catalog: Catalog) -> frozenset[str]:
    """Concepts that only restate the measure ("long context" for a context length)."""
    return catalog.lex.measure_concepts.get(measure.partition(":")[0], frozenset())
