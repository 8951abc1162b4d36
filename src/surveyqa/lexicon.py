"""The domain lexicon (``data/lexicon.toml``): benchmarks, concepts, orgs, kinds, answer types, intent cues.

Every table becomes a :class:`Matcher` that finds its terms in a text: Latin aliases as whole words,
case-insensitive unless marked exact, with spaces, dashes, underscores and ``~`` between their parts
interchangeable; Chinese aliases as substrings; the longest match wins where two overlap.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

_SEPARATORS = r"[\s\-_~]*"
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")
# How many recent texts each matcher keeps its matches for: one answer looks up its question's text (and a few
# pieces of it) several times, several answers may run at once, and a corpus text is scanned once at load.
_RECENT_TEXTS = 256


@dataclass(frozen=True)
class Term:
    """One named thing with its aliases: a benchmark, concept, org, kind, role or answer type."""

    name: str
    aliases: tuple[str, ...]
    exact: frozenset[str] = frozenset()
    family: str = ""
    type: str = ""
    scope: str = "text"
    parent: str = ""
    kinds: tuple[str, ...] = ()
    literal: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Match:
    """Where a term occurs in a text: the canonical name and the verbatim span."""

    name: str
    start: int
    end: int
    text: str


def alias_pattern(
    alias: str,
    *,
    exact: bool = False,
    literal: bool = False,
    versioned: bool = False,
    apart: bool = False,
    plural: bool = False,
) -> str:
    """Regex for one alias: flexible separators, word boundaries on Latin ends, case-insensitive unless exact.

    A literal alias keeps its own separators ("technical-report" is not "technical report"). An ``apart`` one (a
    benchmark's) may also be written apart before a closing run of capitals ("HotpotQA" as "hotpot qa"), not
    between words ("web arena" is no WebArena); an entry or an org never ("agent tuning" is no AgentTuning). A
    ``versioned`` one (a
    model family's name marked so in the lexicon, ending in a letter) also takes a version number written onto it:
    "Qwen2.5", "Llama3", "GPT-4o" (not "step2" or "seed1", ordinary words that are family names too)."""
    parts = [p for p in re.split(r"[\s\-_~]+", alias.strip()) if p]
    if apart:
        parts = [c for p in parts for c in re.split(r"(?<=[a-z])(?=[A-Z0-9]+$)", p)]
    body = re.escape(alias) if literal else _SEPARATORS.join(re.escape(p) for p in parts)
    if versioned and alias[-1].isalpha():
        # "GPT-4o", "GPT 4o", "Llama 2" too; never a size ("LLaMA-7B" is the family at 7B)
        body += r"(?:[\-\s]?\d+(?:\.\d+)?(?:[ac-z](?![A-Za-z]))?)?"
    # (only a phrase or an acronym: a single plain word in the plural is often another thing — "rollouts",
    # "simulations", "images", "Sciences")
    phrase = len(parts) > 1 or re.fullmatch(r"[A-Z]{2,}[a-z]?", alias) is not None
    if plural and phrase and not literal and re.search(r"[a-z]{2}$", alias, re.IGNORECASE):
        body = _plural(body)
    left = r"(?<![A-Za-z0-9])" if _ASCII_ALNUM.match(alias[0]) else ""
    right = r"(?![A-Za-z0-9])" if _ASCII_ALNUM.match(alias[-1]) else ""
    return f"{left}{body}{right}" if exact else f"{left}(?i:{body}){right}"


def _plural(body: str) -> str:
    """A term's name with its English plural allowed: "agents", "searches", "penalties"."""
    if re.search(r"[^aeiou]y$", body, re.IGNORECASE):
        return body[:-1] + r"(?:y|ies)"
    if re.search(r"(?:s|x|ch|sh)$", body, re.IGNORECASE):
        return body + r"(?:es)?"
    return body + r"s?"


class Scanner:
    """Finds the leftmost, longest, non-overlapping matches of many alternatives, fast.

    ``alternatives`` are (first character, named-group pattern) pairs, longest alias first. They are grouped by
    their first character, one regex per group; the scan jumps to the positions where some alternative can
    start (a word start for Latin ones, which carry a left boundary anyway; the character itself otherwise)
    and tries that character's group only. Within a group the longest-first order holds, so the longest
    alternative still wins at each position. (One alternation over every alias was 100x slower.)
    """

    def __init__(self, alternatives: Iterable[tuple[str, str]]) -> None:
        groups: dict[str, list[str]] = {}
        for first, pattern in alternatives:
            groups.setdefault(first.lower(), []).append(pattern)
        self._groups = {first: re.compile("|".join(alts)) for first, alts in groups.items()}
        starts = []
        if any(_ASCII_ALNUM.match(first) for first in groups):
            starts.append(r"(?<![A-Za-z0-9])[A-Za-z0-9]")
        others = sorted({c for first in groups if not _ASCII_ALNUM.match(first) for c in (first, first.upper())})
        if others:
            starts.append("[" + "".join(re.escape(c) for c in others) + "]")
        self._starts = re.compile("|".join(starts)) if starts else None

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        if self._starts is None:
            return
        pos = 0
        while (start := self._starts.search(text, pos)) is not None:
            at = start.start()
            group = self._groups.get(text[at].lower())
            m = group.match(text, at) if group is not None else None
            if m is None:
                pos = at + 1
                continue
            yield m
            pos = max(m.end(), at + 1)


class Matcher:
    """Finds the terms of one table in text; longest non-overlapping matches, left to right. ``apart``: a
    camel-cased alias also matches written apart (see :func:`alias_pattern`)."""

    def __init__(self, terms: Iterable[Term], *, apart: bool = False, plural: bool = False) -> None:
        self._apart = apart
        self._plural = plural
        self.terms = {t.name: t for t in terms}
        pairs = [(alias, t) for t in self.terms.values() for alias in t.aliases]
        # Longer aliases first, so at one position "SWE-bench Verified" is tried before "SWE-bench";
        # at equal length a literal one ("technical-report") before a flexible one.
        pairs.sort(key=lambda p: (-len(p[0]), not p[1].literal))
        self._names = [term.name for _, term in pairs]
        self._scanner = Scanner(
            (alias[0], f"(?P<a{n}>{self._pattern(alias, term)})") for n, (alias, term) in enumerate(pairs)
        )
        # One question's text is looked up by several steps of its answer: the last few texts' matches are kept.
        self._recent = lru_cache(maxsize=_RECENT_TEXTS)(self._find)
        # A term's false friends: phrases its alias occurs in without meaning it ("memory usage" is no agent memory).
        self._not_in = {
            t.name: re.compile("|".join(alias_pattern(p) for p in t.extra["not_in"]))
            for t in self.terms.values()
            if t.extra.get("not_in")
        }

    def _pattern(self, alias: str, term: Term) -> str:
        versioned = bool(term.extra.get("versioned"))
        # a topic or technique read in the plural too ("search agents", "tool calls"); never a family's name
        # ("Seeds", "Steps" are no models)
        plural = self._plural and term.type != "family"
        return alias_pattern(
            alias,
            exact=alias in term.exact,
            literal=term.literal,
            versioned=versioned,
            apart=self._apart,
            plural=plural,
        )

    def find(self, text: str) -> list[Match]:
        """Every match in order, not overlapping; at one position the longest alias wins."""
        return list(self._recent(text))

    def _find(self, text: str) -> tuple[Match, ...]:
        out = []
        friends: dict[str, list[tuple[int, int]]] = {}  # each term's false-friend spans, found once per text
        for m in self._scanner.finditer(text):
            assert m.lastgroup is not None
            name = self._names[int(m.lastgroup[1:])]
            if name in self._not_in:
                if name not in friends:
                    friends[name] = [f.span() for f in self._not_in[name].finditer(text)]
                if any(a <= m.start() and m.end() <= b for a, b in friends[name]):
                    continue
            out.append(Match(name, m.start(), m.end(), m.group()))
        return tuple(out)

    def names(self, text: str) -> list[str]:
        """Canonical names found, in order of first occurrence."""
        return list(dict.fromkeys(m.name for m in self.find(text)))


@dataclass(frozen=True)
class Lexicon:
    """The loaded lexicon; build once with :func:`lexicon`."""

    raw: dict[str, Any]
    sha256: str

    def _terms(self, table: str) -> list[Term]:
        out = []
        for row in self.raw.get(table, []):
            exact_field = row.get("exact", False)
            aliases = tuple(row.get("aliases") or row.get("cues") or row.get("question") or (row["name"],))
            exact = frozenset(aliases if exact_field is True else (exact_field or ()))
            known = {
                "name",
                "aliases",
                "exact",
                "family",
                "type",
                "scope",
                "parent",
                "kinds",
                "cues",
                "question",
                "literal",
            }
            out.append(
                Term(
                    name=row["name"],
                    aliases=aliases,
                    exact=exact,
                    family=row.get("family", row["name"]),
                    type=row.get("type", ""),
                    scope=row.get("scope", "text"),
                    parent=row.get("parent", ""),
                    kinds=tuple(row.get("kinds", ())),
                    literal=bool(row.get("literal", False)),
                    extra={k: v for k, v in row.items() if k not in known},
                )
            )
        return out

    @cached_property
    def benchmarks(self) -> Matcher:
        return Matcher(self._terms("benchmark"), apart=True)

    @cached_property
    def concepts(self) -> Matcher:
        return Matcher(self._terms("concept"), plural=True)

    @cached_property
    def orgs(self) -> Matcher:
        return Matcher(self._terms("org"))

    @cached_property
    def known_aliases(self) -> frozenset[str]:
        """Every alias of a benchmark, organisation or concept, lower-cased."""
        tables = (self.benchmarks, self.orgs, self.concepts)
        return frozenset(a.lower() for table in tables for t in table.terms.values() for a in t.aliases)

    @cached_property
    def name_aliases(self) -> frozenset[str]:
        """Every alias of a benchmark or organisation (names, not topics), lower-cased."""
        return frozenset(
            a.lower() for table in (self.benchmarks, self.orgs) for t in table.terms.values() for a in t.aliases
        )

    @cached_property
    def model_families(self) -> tuple[Term, ...]:
        """The concepts that are model families ("GPT", "Claude", "Qwen"), each with its maker as ``extra["org"]``."""
        return tuple(t for t in self.concepts.terms.values() if t.type == "family")

    @cached_property
    def family_aliases(self) -> frozenset[str]:
        """Every alias of a model family, lower-cased."""
        return frozenset(a.lower() for t in self.model_families for a in t.aliases)

    @cached_property
    def org_aliases(self) -> frozenset[str]:
        return frozenset(a.lower() for t in self.orgs.terms.values() for a in t.aliases)

    @cached_property
    def kinds(self) -> Matcher:
        return Matcher(self._terms("kind"))

    @cached_property
    def roles(self) -> Matcher:
        return Matcher(self._terms("role"))

    @cached_property
    def sections(self) -> Matcher:
        return Matcher(self._terms("section"))

    @cached_property
    def section_cues(self) -> Matcher:
        return self.words("section_cues")

    @cached_property
    def answer_types(self) -> Matcher:
        return Matcher(self._terms("answer_type"))

    @cached_property
    def evidence(self) -> dict[str, re.Pattern[str]]:
        """Answer type → the regex a sentence must match to state that kind of fact."""
        return {t.name: re.compile(t.extra["evidence"], re.IGNORECASE) for t in self._terms("answer_type")}

    @cached_property
    def glossary(self) -> dict[str, frozenset[str]]:
        """Each word (lower-cased) → every form of it in either language, itself included."""
        return _word_groups(self.raw.get("glossary", {}))

    @cached_property
    def abbreviations(self) -> frozenset[str]:
        """The glossary's forms written in capitals ("DB"), as written: abbreviations it spells out."""
        forms = (f for key, group in self.raw.get("glossary", {}).items() for f in (key, *group))
        return frozenset(f for f in forms if f.isascii() and f.isalpha() and f.isupper() and len(f) >= 2)

    @cached_property
    def phrasebook(self) -> dict[str, frozenset[str]]:
        """The glossary plus everyday words of the field, for the reader (not for retrieval's query expansion)."""
        return _word_groups({**self.raw.get("glossary", {}), **self.raw.get("phrasebook", {})})

    @cached_property
    def spelled_words(self) -> frozenset[str]:
        """Every Latin word the lexicon writes (its names, cues and glossary), lower-case: the words a question's
        typo may be read as, whatever the index holds."""

        def strings(value: Any) -> Iterator[str]:
            if isinstance(value, str):
                yield value
            elif isinstance(value, dict):
                for v in value.values():
                    yield from strings(v)
            elif isinstance(value, list):
                for v in value:
                    yield from strings(v)

        # (a cue's regex escapes are no words: "\\bhighest" holds "highest")
        plain = (re.sub(r"\\[A-Za-z]", " ", s) for s in strings(self.raw))
        return frozenset(w.lower() for s in plain for w in re.findall(r"[A-Za-z]{4,}", s))

    @cached_property
    def ordinary_capitals(self) -> frozenset[str]:
        """Capitalised words of ordinary English that name no work (months, weekdays), lower-case."""
        return frozenset(w.lower() for w in self.raw.get("names", {}).get("ordinary_capitals", []))

    @cached_property
    def countable(self) -> frozenset[str]:
        """Glossary words a "how many X" question counts (with their forms in both languages)."""
        words = self.raw.get("counting", {}).get("nouns", [])
        return frozenset(f for w in words for f in self.glossary.get(w, frozenset({w})))

    def answer_label(self, name: str, lang: str) -> str:
        """How the answer names a missing fact ("its parameter count" / "参数量")."""
        term = self.answer_types.terms[name]
        return str(term.extra.get(f"label_{lang}", name))

    @cached_property
    def intents(self) -> dict[str, re.Pattern[str]]:
        table = self.raw["intent"]
        return {
            name: re.compile("|".join(f"(?:{p})" for p in patterns), re.IGNORECASE)
            for name, patterns in table.items()
            if name in ("count", "list", "list_weak", "ranking", "earliest", "latest", "comparison", "overview")
        }

    def words(self, key: str) -> Matcher:
        """A plain word list of the intent table (item nouns, max/min words) as a matcher."""
        return Matcher(Term(w, (w,)) for w in self.raw["intent"][key])

    @cached_property
    def item_nouns(self) -> Matcher:
        return self.words("item_nouns")

    @cached_property
    def max_words(self) -> Matcher:
        return self.words("max_words")

    @cached_property
    def min_words(self) -> Matcher:
        return self.words("min_words")

    @cached_property
    def settings(self) -> dict[str, re.Pattern[str]]:
        return {k: re.compile(v, re.IGNORECASE) for k, v in self.raw["settings"].items()}

    def is_org_group(self, name: str) -> bool:
        """A group of organisations a question may name ("Chinese labs", "高校"); never an entry's own org."""
        term = self.orgs.terms.get(name)
        return bool(term and term.extra.get("members"))

    def org_family(self, name: str) -> frozenset[str]:
        """An org and every lab under it (Google → Google, Google DeepMind, Google Research)."""
        return self._org_families.get(name, frozenset({name}))

    def concept_family(self, name: str) -> frozenset[str]:
        """A concept and every narrower one, at any depth (RL → RLHF, GRPO, PPO, …)."""
        return self._concept_families.get(name, frozenset({name}))

    @cached_property
    def _org_families(self) -> dict[str, frozenset[str]]:
        return _families(self.orgs)

    @cached_property
    def _concept_families(self) -> dict[str, frozenset[str]]:
        return _families(self.concepts)

    @cached_property
    def measure_concepts(self) -> dict[str, frozenset[str]]:
        """Per ranking measure ("context"), the concepts that only restate it ("long context")."""
        table = self.raw.get("measure_concepts", {})
        return {kind: frozenset(names) for kind, names in table.items()}

    def benchmark_family(self, name: str) -> str:
        term = self.benchmarks.terms.get(name)
        return term.family if term else name


def model_alias_flags(alias: str) -> int:
    """How a model family's alias is matched in text: a plain-word name ("Step", "Ring", "Intern") only as written;
    one with a digit or in capitals ("o1", "GPT", "GLM") in any case."""
    return re.IGNORECASE if re.search(r"\d|^[A-Z]{3,}$", alias) else 0


def org_token(name: str) -> str:
    """The BM25 token for one whole organisation, by its canonical name ("org:moonshot ai").

    An organisation is matched as one name, never word by word: "Moonshot AI" must not make every question
    with "AI" in it look like a question about Moonshot. Tokens from text never hold a colon, so this one
    matches only another organisation token."""
    return f"org:{name.lower()}"


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The packaged lexicon, parsed once."""
    data = (resources.files("surveyqa") / "data" / "lexicon.toml").read_bytes()
    return Lexicon(tomllib.loads(data.decode("utf-8")), hashlib.sha256(data).hexdigest())


def spans_overlap(a: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    """Does the half-open span ``a`` overlap any of ``spans``?"""
    return any(a[0] < e and s < a[1] for s, e in spans)


def _word_groups(table: dict[str, list[str]]) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for key, forms in table.items():
        group = {key.lower(), *(f.lower() for f in forms)}
        for word in group:
            out.setdefault(word, set()).update(group)
    return {k: frozenset(v) for k, v in out.items()}


def _families(matcher: Matcher) -> dict[str, frozenset[str]]:
    """Each term with every term under it through ``parent`` or a group's ``members``, at any depth."""
    children: dict[str, list[str]] = {}
    for term in matcher.terms.values():
        if term.parent:
            children.setdefault(term.parent, []).append(term.name)
        children.setdefault(term.name, []).extend(term.extra.get("members", ()))
    out = {}
    for name in matcher.terms:
        family, todo = {name}, [name]
        while todo:
            for child in children.get(todo.pop(), []):
                if child not in family:
                    family.add(child)
                    todo.append(child)
        out[name] = frozenset(family)
    return out
