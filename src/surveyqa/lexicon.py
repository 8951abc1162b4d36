"""The domain lexicon (``data/lexicon.toml``): benchmarks, concepts, orgs, kinds, answer types, intent cues.

Every table becomes a :class:`Matcher` that finds its terms in a text: Latin aliases as whole words,
case-insensitive unless marked exact, with spaces, dashes, underscores and ``~`` between their parts
interchangeable; Chinese aliases as substrings; the longest match wins where two overlap.
"""

from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from importlib import resources
from typing import Any

_SEPARATORS = r"[\s\-_~]*"
_ASCII_ALNUM = re.compile(r"[A-Za-z0-9]")


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


def alias_pattern(alias: str, *, exact: bool = False, literal: bool = False) -> str:
    """Regex for one alias: flexible separators, word boundaries on Latin ends, case-insensitive unless exact.

    A literal alias keeps its own separators ("technical-report" is not "technical report")."""
    parts = [p for p in re.split(r"[\s\-_~]+", alias.strip()) if p]
    body = re.escape(alias) if literal else _SEPARATORS.join(re.escape(p) for p in parts)
    left = r"(?<![A-Za-z0-9])" if _ASCII_ALNUM.match(alias[0]) else ""
    right = r"(?![A-Za-z0-9])" if _ASCII_ALNUM.match(alias[-1]) else ""
    return f"{left}{body}{right}" if exact else f"{left}(?i:{body}){right}"


def _first_char_class(first: str) -> str:
    """A character class matching ``first`` in either case."""
    upper = first.upper()
    return re.escape(first) if upper == first else f"[{re.escape(first)}{re.escape(upper)}]"


class Matcher:
    """Finds the terms of one table in text; longest non-overlapping matches, left to right."""

    def __init__(self, terms: Iterable[Term]) -> None:
        self.terms = {t.name: t for t in terms}
        pairs = [(alias, t) for t in self.terms.values() for alias in t.aliases]
        # Longer aliases first, so at one position "SWE-bench Verified" is tried before "SWE-bench";
        # at equal length a literal one ("technical-report") before a flexible one.
        pairs.sort(key=lambda p: (-len(p[0]), not p[1].literal))
        self._names: list[str] = []
        # Alternatives grouped by their first character behind a one-character lookahead: at each position
        # the engine tries a few dozen groups instead of every alias. The longest-first order still holds,
        # since every alias that can match at one position starts with the same character.
        groups: dict[str, list[str]] = {}
        for n, (alias, term) in enumerate(pairs):
            pattern = alias_pattern(alias, exact=alias in term.exact, literal=term.literal)
            groups.setdefault(alias[0].lower(), []).append(f"(?P<a{n}>{pattern})")
            self._names.append(term.name)
        alternatives = [f"(?={_first_char_class(first)})(?:{'|'.join(alts)})" for first, alts in groups.items()]
        self._regex = re.compile("|".join(alternatives)) if alternatives else None

    def find(self, text: str) -> list[Match]:
        """Every match in order; at one position the longest alias wins."""
        if self._regex is None:
            return []
        out = []
        for m in self._regex.finditer(text):
            assert m.lastgroup is not None
            out.append(Match(self._names[int(m.lastgroup[1:])], m.start(), m.end(), m.group()))
        return out

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
        return Matcher(self._terms("benchmark"))

    @cached_property
    def concepts(self) -> Matcher:
        return Matcher(self._terms("concept"))

    @cached_property
    def orgs(self) -> Matcher:
        return Matcher(self._terms("org"))

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
        out: dict[str, set[str]] = {}
        for key, forms in self.raw.get("glossary", {}).items():
            group = {key.lower(), *(f.lower() for f in forms)}
            for word in group:
                out.setdefault(word, set()).update(group)
        return {k: frozenset(v) for k, v in out.items()}

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
            if name in ("count", "list", "ranking", "earliest", "latest", "comparison", "overview")
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

    def org_family(self, name: str) -> set[str]:
        """An org and every lab under it (Google → Google, Google DeepMind, Google Research)."""
        out = {name}
        changed = True
        while changed:
            changed = False
            for term in self.orgs.terms.values():
                if term.parent in out and term.name not in out:
                    out.add(term.name)
                    changed = True
        return out

    def benchmark_family(self, name: str) -> str:
        term = self.benchmarks.terms.get(name)
        return term.family if term else name


@lru_cache(maxsize=1)
def lexicon() -> Lexicon:
    """The packaged lexicon, parsed once."""
    data = (resources.files("surveyqa") / "data" / "lexicon.toml").read_bytes()
    return Lexicon(tomllib.loads(data.decode("utf-8")), hashlib.sha256(data).hexdigest())


def spans_overlap(a: tuple[int, int], spans: Sequence[tuple[int, int]]) -> bool:
    """Does the half-open span ``a`` overlap any of ``spans``?"""
    return any(a[0] < e and s < a[1] for s, e in spans)
