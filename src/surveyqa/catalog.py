"""What the loaded index knows, arranged for answering: entry names, vocabulary, facts by entry.

Built once per loaded index and shared, read-only, by the understand, gather and compose steps.
"""

from __future__ import annotations

import math
import re
import string
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from surveyqa.corpus import Entry
from surveyqa.facts import Fact, entry_texts, has_role, is_benchmark_entry
from surveyqa.lexicon import Lexicon, Match, Scanner, alias_pattern, lexicon, org_token
from surveyqa.sentences import Sentence
from surveyqa.text import STOPWORDS, squashed, tokenize

# Words a title head may start with that do not name the work.
_TITLE_VERBS = re.compile(r"^(?:Introducing(?: new capabilities to)?|The|Developing|Building)\s+", re.IGNORECASE)
_GENERIC_NAMES = {"system card", "risk report", "model card", "technical report", "agent", "agents", "the"}


@dataclass(frozen=True)
class NameHit:
    """An entry named in a question: where, and by which alias."""

    entry_id: str
    start: int
    end: int
    alias: str


def entry_aliases(entry: Entry) -> set[str]:
    """Names an entry goes by: its title head, a parenthetical alias, parts joined by & / and / slash."""
    if entry.kind in ("overview", "scope"):
        return set()
    head, _, rest = [p.strip() for p in [*re.split(r"(: | — )", entry.title, maxsplit=1), "", ""]][:3]
    if head.lower() in _GENERIC_NAMES and rest and not re.search(r"\b(?:19|20)\d\d\b", rest):
        head = (
            rest  # "System Card: Claude Opus 4.6" is named by what follows the genre (not "Risk Report: February 2026")
        )
    names = {head}
    # "Grok 3 Beta", "Hy3 preview", "Qwen3 Technical Report": the tag or genre is often left out, when
    # what remains still names one thing (a digit or an inner capital: not "Qwen").
    untagged = re.sub(
        r"\s+(?:Beta|beta|Preview|preview|Technical Report|Report|System Card|Model Card|Series|series)$", "", head
    )
    if untagged != head and (re.search(r"\d|[a-z][A-Z]", untagged) or untagged.endswith(("Beta", "Preview"))):
        names.add(untagged)
    alias = re.match(r"^(?P<base>.*?)\s*\((?P<alias>[^()]+)\)\s*(?P<rest>.*)$", head)
    if alias:
        names |= {alias.group("base"), re.sub(r"^原\s*", "", alias.group("alias"))}
        if alias.group("rest"):
            names.add(f"{alias.group('base')} {alias.group('rest')}")
    for name in list(names):
        stripped = _TITLE_VERBS.sub("", name)
        if stripped != name and _looks_like_name(stripped):
            names.add(stripped)
        for part in re.split(r"\s*(?:&| and | / |/)\s*", stripped):
            if part != stripped and _looks_like_name(part):
                names.add(part)  # "Claude 3.7 Sonnet and Claude Code", not "Function calling and other API updates"
    for name in list(names):
        # "gpt-oss-120b & gpt-oss-20b", "QwQ-32B": the family without its size is the name people use.
        family = re.fullmatch(r"(?P<fam>[A-Za-z][\w.\-]{2,}?)-\d+(?:\.\d+)?[bB]", name)
        if family and ("-" in family.group("fam") or _looks_like_name(family.group("fam"))):
            names.add(family.group("fam"))
    makers = lexicon().org_aliases | lexicon().family_aliases
    for name in list(names):
        # "OpenAI GPT-5 System Card" is also "GPT-5": a versioned model name after its maker's name.
        maker, _, model = name.partition(" ")
        if (
            maker.lower() in lexicon().org_aliases
            and re.match(r"[A-Za-z][\w.\-]*\d", model)
            and _looks_like_name(model)
        ):
            names.add(model)
        # "Tongyi DeepResearch" is also "通义 DeepResearch": the maker's name as Chinese readers write it.
        if maker.lower() in lexicon().org_aliases and _looks_like_name(model):
            for term in lexicon().orgs.terms.values():
                if maker.lower() in (a.lower() for a in term.aliases):
                    for cjk in (a for a in term.aliases if re.fullmatch(r"[\u4e00-\u9fff]{2,4}", a)):
                        names |= {f"{cjk} {model}", f"{cjk}{model}"}
        # "DeepSeek-R1-0528" is also "R1-0528", "DeepSeek-V3.1" "V3.1", "Kimi-K2.6" "K2.6": a dated or dotted
        # version after the maker or the family (not a bare "R1", which "Search-R1" and "R1-Searcher" also carry).
        for sep in ("-", " "):
            maker, _, model = name.partition(sep)
            if maker.lower() in makers and re.fullmatch(r"[A-Za-z]\d+(?:\.\d+|-\d{4})", model):
                names.add(model)
    # "ChatGLM: from GLM-130B to GLM-4 All Tools": the versioned model a subtitle arrives at is the one the entry is
    # about (not where it starts, GLM-130B; not "from Vibe Coding to Agentic Engineering"; not the family "GLM").
    span = re.fullmatch(r"from .+ to (?P<last>[^:]+)", rest, re.IGNORECASE)
    if span and re.search(r"\d", span.group("last")) and _looks_like_name(span.group("last")):
        names.add(span.group("last"))
    if re.search(r"\d", entry.id) and not entry.id.startswith(("system-card", "risk-report")):
        names.add(entry.id)  # "kimi-k2-5": an id typed as it is; plain-word ids are the title anyway
    if re.fullmatch(r"[a-z][a-z ]*", head) or re.fullmatch(r"[A-Z][a-z]+(?: [a-z]+)+", _TITLE_VERBS.sub("", head)):
        # A lower-case head ("deep research") is an ordinary phrase: it names the entry only after its org.
        generic = {n for n in names if n == n.lower() and not re.search(r"\d", n)}
        names -= generic
        names |= {f"{entry.org} {n}" for n in generic if entry.org}
    if ": " in entry.title and len(entry.title) <= 60:
        names.add(entry.title)  # the whole title as a reader copies it ("Risk Report: February 2026"), unsplit
    # "τ-bench" is typed "tau-bench".
    names |= {n.replace("τ", "tau") for n in names if "τ" in n}
    out = set()
    for n in names:
        n = n.strip(" -")
        # Two characters of Latin text ("o3") only count with a digit; a name must not be a genre word.
        if len(n) < 2 or n.lower() in _GENERIC_NAMES or (len(n) < 3 and not re.search(r"\d", n)):
            continue
        out.add(n)
    return out


def _squash(alias: str) -> str:
    """An alias reduced to its letters and digits: "OpenAI o1" and "openai-o1" are one name."""
    return re.sub(r"[\W_]+", "", alias.lower())


def _looks_like_name(text: str) -> bool:
    """A piece of a title that names something: a digit, an inner capital, or capitalised words throughout
    ("Claude Code", "o4-mini", "CUA"), not a sentence-case phrase ("Function calling", "a computer use model")."""
    words = text.split()
    if not words:
        return False
    if re.search(r"\d", text) or any(re.search(r"[a-z][A-Z]|[A-Z]{2}", w) for w in words):
        return True
    return all(w[0].isupper() for w in words if len(w) > 3) and words[0][0].isupper()


def _name_pattern(alias: str) -> str:
    """An entry name as a regex: like a lexicon alias, but a possessive may sit between its words
    ("Claude 3.5 Sonnet's computer use", "Claude 3.5 Sonnet 的 computer use", "MiniMax says its M2 family")."""
    pattern = alias_pattern(alias)
    return pattern.replace(r"[\s\-_~]*", r"(?:[\s\-_~]|'s\b|’s\b|的|(?<=\w )(?:says|said|claims|claimed) its(?= ))*")


# A typo is read as the word it misspells only in words this long ("teh", "taks" stay as typed); two letters
# swapped from this length ("scroe" is "score").
_TYPO_MIN_LENGTH = 6
_SWAP_MIN_LENGTH = 5
_VOWELS = "aeiouy"


class Catalog:
    """Entries, their names and facts, the vocabulary and idf: the answering steps' shared lookups."""

    def __init__(
        self,
        entries: Sequence[Entry],
        facts: Sequence[Fact],
        sentences: Sequence[Sentence],
        chunk_tokens: dict[str, set[str]],
        lex: Lexicon | None = None,
    ) -> None:
        self.lex = lex or lexicon()
        self.entries = list(entries)
        self.by_id = {e.id: e for e in entries}
        self.order = {e.id: i for i, e in enumerate(entries)}
        self.facts = list(facts)
        self.facts_by_entry: dict[str, list[Fact]] = {}
        for f in facts:
            self.facts_by_entry.setdefault(f.entry_id, []).append(f)
        self.sentences: dict[str, list[Sentence]] = {}
        for s in sentences:
            self.sentences.setdefault(s.entry_id, []).append(s)
        self.entry_tokens = chunk_tokens
        self.vocabulary: set[str] = set().union(*chunk_tokens.values()) if chunk_tokens else set()
        # The words of the organisation fields are words the survey uses ("Ohio State" is no unknown name),
        # though retrieval matches an organisation only as a whole name.
        self.vocabulary.update(t for e in entries for t in tokenize(e.org))
        df: dict[str, int] = {}
        for token_set in chunk_tokens.values():
            for t in token_set:
                df[t] = df.get(t, 0) + 1
        n = max(len(chunk_tokens), 1)
        self._idf = {t: math.log(1 + n / (1 + c)) for t, c in df.items()}
        self._idf_unknown = math.log(1 + n)
        self.benchmark_entries = {e.id for e in entries if is_benchmark_entry(e, self.lex)}
        self.framework_entries = {e.id for e in entries if has_role(e, "framework", self.lex)}

    @classmethod
    def from_entries(cls, entries: Sequence[Entry], lex: Lexicon | None = None) -> Catalog:
        """A catalog straight from parsed entries (no index: facts extracted now, no sentences), for tests and tools."""
        from surveyqa.facts import extract_facts

        facts = extract_facts(entries, lex)
        # Tokens as the index has them: title and text word by word, organisations as whole names.
        tokens = {e.id: set(tokenize(f"{e.title} {e.summary} {e.abstract or ''}")) for e in entries}
        for f in facts:
            if f.kind == "org":
                tokens[f.entry_id].add(org_token(f.name))
        return cls(entries, facts, [], tokens, lex)

    @cached_property
    def concept_mentions(self) -> dict[str, dict[str, list[Match]]]:
        """Concept matches in each entry's summary, abstract and title, found once."""
        return {
            e.id: {src: self.lex.concepts.find(text) for src, text in entry_texts(e).items() if src != "header"}
            for e in self.entries
        }

    @cached_property
    def benchmark_mentions(self) -> dict[str, dict[str, list[Match]]]:
        """Benchmark matches in each entry's summary and abstract, found once."""
        return {
            e.id: {src: self.lex.benchmarks.find(entry_texts(e)[src]) for src in ("summary", "abstract")}
            for e in self.entries
        }

    @cached_property
    def benchmark_home(self) -> dict[str, str]:
        """Each benchmark a benchmark entry names in its own text and whose name it starts ("WebWalkerQA" in
        WebWalker's, "SWE-bench Lite" in SWE-bench's): that entry (the longest such name)."""
        homes: dict[str, str] = {}
        for term in self.lex.benchmarks.terms.values():
            best = ""
            for eid in sorted(self.benchmark_entries):
                head = squashed(self.short_title(eid))
                spelled = [squashed(a) for a in term.aliases]
                mentioned = any(m.name == term.name for ms in self.benchmark_mentions[eid].values() for m in ms)
                if len(head) >= 4 and mentioned and any(a.startswith(head) for a in spelled) and len(head) > len(best):
                    best, homes[term.name] = head, eid
        return homes

    @cached_property
    def lines_lower(self) -> str:
        """Every entry's survey line and title, lower-cased, in one text."""
        return " ".join(e.summary + " " + e.title for e in self.entries).lower()

    @cached_property
    def corpus_text(self) -> str:
        """Every entry's text (survey line and abstract) and title, as written, in one text."""
        return " ".join(self.full_text(e.id) + " " + e.title for e in self.entries)

    @cached_property
    def corpus_lower(self) -> str:
        """``corpus_text`` lower-cased: where a name is looked for in any case, even inside a longer one."""
        return self.corpus_text.lower()

    @cached_property
    def squashed_names(self) -> frozenset[str]:
        """Every Latin name-like token of the survey, squashed ("GPT-4" → "gpt4", "Qwen2.5-Max" → "qwen25max")."""
        return frozenset(squashed(w) for w in re.findall(r"[A-Za-z0-9]+(?:[\-.][A-Za-z0-9]+)*", self.corpus_text))

    def idf(self, token: str) -> float:
        return self._idf.get(token, self._idf_unknown)

    @cached_property
    def spelled_words(self) -> frozenset[str]:
        """Every Latin word the survey, the lexicon or everyday English (stopwords) writes, lower-case."""
        words = self.vocabulary | STOPWORDS | self.lex.spelled_words
        return frozenset(w for w in words if w.isascii() and w.isalpha())

    def respelled(self, word: str) -> str | None:
        """The one word of the survey (or a common English word) ``word`` is a typo of: one letter left out,
        one too many or two swapped, never at the first letter or the last ("mergeing" → "merging",
        "webvoyger" → "webvoyager", "higest" → "highest", "verison" → "version"). A different letter is no
        typo here ("bitter" is not "better"), nor a different ending ("papers" is not "paper"). None for a word
        the survey uses, a short word, or when nothing is that close."""
        if len(word) < _TYPO_MIN_LENGTH and not word.islower():
            return None  # a short capitalised word is more often a name ("Brian") than a slip
        word = word.lower()
        if len(word) < _SWAP_MIN_LENGTH or not (word.isascii() and word.isalpha()) or word in self.spelled_words:
            return None
        head, tail = word[0], word[-1]
        inner = [(word[:i], word[i:]) for i in range(1, len(word) - 1)]
        letters = string.ascii_lowercase
        # The commonest slips: a letter typed twice or a stray vowel ("trainning", "mergeing"), a vowel, an "h" or
        # one of a double letter left out ("averge", "higest", "comit"), two letters swapped ("verison"). A
        # consonant too many or too few is more often another word ("turned" / "tuned", "compete" / "complete").
        edits = {a + b[1] + b[0] + b[2:] for a, b in inner if len(b) > 2}
        if len(word) >= _TYPO_MIN_LENGTH:
            edits |= {a + b[1:] for a, b in inner if b[0] in _VOWELS or b[0] == a[-1] or b[0] == b[1:2]}
            edits |= {a + c + b for a, b in inner for c in letters if c in _VOWELS + "h" or c in (a[-1], b[0])}
        close = sorted(w for w in edits & self.spelled_words if w != word and w[0] == head and w[-1] == tail)
        if not close:
            return None
        # Several words that close: the one most entries use.
        return max(close, key=lambda w: (-self.idf(w), w))

    @cached_property
    def _name_regex(self) -> tuple[Scanner, list[tuple[str, str]]]:
        pairs = sorted(((alias, e.id) for e in self.entries for alias in entry_aliases(e)), key=lambda p: -len(p[0]))
        # A name ending in a digit must not run on into a longer version or a sibling model: "Kimi K2" is not
        # "Kimi K2.5", "o1" is not "o1-mini".
        version_guard = r"(?![.\-]?\d)(?!-(?:mini|nano|preview|pro|flash|turbo|lite|max|plus)\b)"
        scanner = Scanner(
            (a[0], f"(?P<n{i}>{_name_pattern(a)}{version_guard if a[-1].isdigit() else ''})")
            for i, (a, _) in enumerate(pairs)
        )
        return scanner, pairs

    def names_of(self, entry_id: str) -> tuple[str, ...]:
        """The names an entry goes by as written (:func:`entry_aliases`, not its id typed as a slug), read once."""
        return self._names[entry_id]

    @cached_property
    def _names(self) -> dict[str, tuple[str, ...]]:
        return {
            e.id: tuple(sorted(n for n in entry_aliases(e) if not re.fullmatch(r"[a-z0-9\-]+", n)))
            for e in self.entries
        }

    @cached_property
    def _alias_entries(self) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for e in self.entries:
            for alias in entry_aliases(e):
                key = _squash(alias)
                if e.id not in out.get(key, []):
                    out.setdefault(key, []).append(e.id)
        return out

    def named_entries(self, text: str, kinds: Sequence[str] = ()) -> list[NameHit]:
        """Entries the text names, in order, longest name first where two overlap. A name two entries share
        ("OpenAI o1": the blog and the system card) goes to the one of the kind the text asks for, else the first."""
        regex, pairs = self._name_regex
        hits = []
        for m in regex.finditer(text):
            assert m.lastgroup is not None
            alias, entry_id = pairs[int(m.lastgroup[1:])]
            sharing = self._alias_entries.get(_squash(alias), [entry_id])
            if len(sharing) > 1 and kinds:
                entry_id = next((e for e in sharing if self.by_id[e].kind in kinds), sharing[0])
            hits.append(NameHit(entry_id, m.start(), m.end(), alias))
        return hits

    def texts(self, entry_id: str) -> dict[str, str]:
        return {str(k): v for k, v in entry_texts(self.by_id[entry_id]).items()}

    def full_text(self, entry_id: str) -> str:
        """Survey line and abstract: everything a citation to the entry may stand on."""
        e = self.by_id[entry_id]
        return f"{e.text()} {e.abstract or ''}"

    @cached_property
    def entry_kinds(self) -> frozenset[str]:
        """The kinds the survey gives its entries ("paper", "blog", "technical-report", …)."""
        return frozenset(e.kind for e in self.entries if e.kind)

    @cached_property
    def section_titles(self) -> list[str]:
        """The survey's section headings, in order."""
        return list(dict.fromkeys(e.section for e in self.entries if e.section))

    def uses_name(self, entry_id: str, name: str) -> bool:
        """Does the entry's text use the name as a whole word ("GPT-5" is not inside "GPT-5.5" or "GPT-5-1"; a dated
        snapshot, "gpt-3.5-turbo-0613", is the model named)?"""
        pattern = rf"(?<![\w.\-]){re.escape(name)}(?!\w|\.\d|-(?!\d{{4}}(?![\w.]))\d)"
        return re.search(pattern, self.full_text(entry_id), re.IGNORECASE) is not None

    def orgs_of(self, entry_id: str) -> set[str]:
        return {f.name for f in self.facts_by_entry.get(entry_id, []) if f.kind == "org"}

    @cached_property
    def latest_year(self) -> int:
        """The year of the survey's newest dated entry."""
        return max((y for e in self.entries if (y := self.year(e.id)) is not None), default=0)

    def makers(self, entry_id: str) -> set[str]:
        """The entry's orgs; for an add-on note, which gives none, the org of the model family its title names
        (Kimi-K2.6: Moonshot AI). A list by org lets such a note in."""
        return self.orgs_of(entry_id) or set(self.note_makers.get(entry_id, ()))

    @cached_property
    def note_makers(self) -> dict[str, frozenset[str]]:
        """The items that give no org (the add-on notes), each with the orgs of the model families its title names."""
        terms = self.lex.concepts.terms
        return {
            e.id: frozenset(
                str(terms[m.name].extra["org"])
                for m in self.lex.concepts.find(e.title)
                if terms[m.name].type == "family" and terms[m.name].extra.get("org")
            )
            for e in self.entries
            if not e.org and self.is_item(e.id) and not self.orgs_of(e.id)
        }

    def concept_sources(self, entry_id: str, concept: str) -> list[Fact]:
        return [f for f in self.facts_by_entry.get(entry_id, []) if f.kind == "concept" and f.name == concept]

    def year(self, entry_id: str) -> int | None:
        date = self.by_id[entry_id].date
        return int(date[:4]) if date[:4].isdigit() else None

    def is_item(self, entry_id: str) -> bool:
        """A survey item (not the overview or scope paragraph)."""
        return self.by_id[entry_id].kind not in ("overview", "scope")

    def short_title(self, entry_id: str) -> str:
        """The title head, verbatim: how an answer line names the entry."""
        title = self.by_id[entry_id].title
        head = re.split(r": | — ", title, maxsplit=1)[0].strip()
        return title if head.lower() in _GENERIC_NAMES or len(head) < 3 else head
