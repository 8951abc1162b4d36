"""A support judge that needs no LLM: is a sentence backed by the entries it cites?

Rules, in order:

1. **Verbatim.** The sentence (markers removed) occurs word for word in a cited entry's survey
   line or abstract: supported.
2. **Framed** (extractive answers' own lines, e.g. ``- DeepSeek-R1 (2025-01): <quote>`` or
   ``Highest SWE-bench Verified score in the survey: <title> — <quote>``): the part after a ``: `` /
   ``：`` / `` — `` that is verbatim in the cited text is the quote; every number and every name in
   the rest (the frame) occurs in the cited text. A frame with no quote must name something.
   Extractive answers are judged by rules 1 and 2 only.
3. **Paraphrase** (LLM answers), all of:
   - every number in the sentence appears in the cited text (``2,294`` = ``2294``);
   - every named model or dataset in the sentence (a Latin word with a digit or an inner capital,
     e.g. ``GPT-4o``, ``Qwen2.5-7B``, ``OSWorld``) appears in the cited text;
   - no number is misstated (:func:`misstated`): bound to a name the cited text gives another number for
     (each end of "from CoT 4% to ToT 74%" is its own name's; a benchmark holds for the models after it),
     a size given for another measure (total / active parameters, context), one end of a range given as
     the value, or a count in words the cited text never gives;
   - ``OVERLAP_WEIGHT · overlap + (1 − OVERLAP_WEIGHT) · similarity ≥ SUPPORT_THRESHOLD``, where
     *overlap* is the share of the sentence's content tokens (jieba for Chinese, stop words
     removed) found in the cited text, in either language (the phrasebook's forms, a lexicon name under
     another alias), and *similarity* is the best cosine between the sentence and a sentence of the
     cited text, rescaled from [SIM_FLOOR, 1] to [0, 1].

   A model's framed sentence ("分三步：a→b→c→d") gets the same number checks on top of rule 2.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from surveyqa.citations import missing_numbers, numbers, quantities, source_text
from surveyqa.corpus import Entry
from surveyqa.embedding import Embedder
from surveyqa.lexicon import Match, lexicon
from surveyqa.prompts import LEAD
from surveyqa.text import SMALL_NUMBERS, count_value, has_cjk, number_words, split_sentences, tokenize

OVERLAP_WEIGHT = 0.6
SUPPORT_THRESHOLD = 0.6
SIM_FLOOR = 0.75  # e5 cosines between unrelated texts sit around 0.75-0.80

_FRAME_SEPARATOR = re.compile(r":\s|：|\s—\s")
# Latin letters only: a name glued to Chinese ("top8路由") is "top8", not the Chinese after it.
_W = r"[A-Za-z0-9_.\-]"
_NAMED = re.compile(
    rf"(?<![A-Za-z0-9_])(?:[A-Za-z]{_W}*\d{_W}*|[A-Za-z]+[a-z][A-Z]{_W}*|[A-Z]{{2,}}{_W}*)(?![A-Za-z0-9_])"
)


@dataclass(frozen=True)
class Verdict:
    supported: bool
    reason: str
    score: float = 1.0


_MONTH_YEAR = re.compile(
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?"
    r"|nov(?:ember)?|dec(?:ember)?)[-.]?(?:19|20)\d{2}",
    re.I,
)


def named_terms(text: str) -> set[str]:
    """Model and dataset names: words with a digit, an inner capital, or in capitals; not a date ("January-2025")."""
    return {m.group().lower().rstrip(".-") for m in _NAMED.finditer(text) if not _MONTH_YEAR.fullmatch(m.group())}


def missing_names(text: str, source: str) -> set[str]:
    """The names of ``text`` the cited ``source`` does not give. An organisation or benchmark counts as given
    when the source names it under another alias (ByteDance / 字节; SWE-Bench Verified / SWE-bench Verified),
    and an organisation also when the source names a lab under it (ByteDance for "ByteDance Seed")."""
    lowered = source.lower()
    squeezed = _squeeze(source)
    # "Kimi-K2" / "Kimi K2", "GLM4.5" / "GLM-4.5", "GPT4o" / "GPT-4o": the same name spelled another way.
    missing = {n for n in named_terms(text) if n not in lowered and _squeeze(n) not in squeezed}
    lex = lexicon()
    said_orgs = {m.name for m in lex.orgs.find(source)}
    for m in lex.orgs.find(text):
        if said_orgs & lex.org_family(m.name):
            missing -= named_terms(m.text)  # named under another alias, or through a lab under it
        elif not (
            lex.is_org_group(m.name) or m.text.lower() in lowered or any(m.name in lex.org_family(o) for o in said_orgs)
        ):
            missing.add(m.text.lower())  # an organisation the text does not name ("Google built GAIA")
    if missing:
        said_benchmarks = {m.name for m in lex.benchmarks.find(source)}
        for m in lex.benchmarks.find(text):
            if m.name in said_benchmarks:
                missing -= named_terms(m.text)
    if missing:
        # A concept the source gives in words only: "SFT" for 监督微调 / supervised fine-tuning. Not one it gives by
        # a name ("o3" where it says "o1", "FP8" where it says "NVFP4"): those are other things.
        source_concepts = _concept_matches(source)
        by_name = {m.name for m in source_concepts if named_terms(m.text)}
        in_words = {m.name for m in source_concepts} - by_name
        for m in _concept_matches(text):
            if m.name in in_words:
                missing -= named_terms(m.text)
    return missing


# -- numbers in context ----------------------------------------------------------------------------------
# Clauses: a number belongs with the names of its own clause. Brackets and "and" inside one clause qualify it
# ("AIME 2024 71.0%（投票 86.7%）", "on API-Bank and a new benchmark … up to 20%"), so they do not split; nor
# does a thousands comma ("2,294").
_CLAUSE = re.compile(
    r"[、，;；]\s*|,(?!\d{3}(?!\d))\s*|\s+(?:while|whereas|but|vs\.?|versus|compared (?:with|to))\s+|\s[—–-]\s"
)
_AND = re.compile(r"\s+and\s+")
# A clause whose subject is the cited work itself ("our method", "we", "本文"); not "it" / "该模型", which may be
# the model just named.
_SELF = re.compile(
    r"\s*(?:and\s+|while\s+|but\s+)?"
    r"(?:(?:our|we|this (?:work|paper))\b|本文|我们)",
    re.I,
)
_RESPECTIVELY = re.compile(r"\brespectively\b|分别", re.I)
_YEAR = re.compile(r"\b(?:19|20)\d{2}(?:-\d{2})?\b(?!\s*%)")
_RESULT = re.compile(
    r"(?<![A-Za-z0-9.])(\d+(?:[.,]\d+)*)\s*(万|亿|千|thousand|million|billion|[KMB](?![A-Za-z]))?\s*([%％])?", re.I
)
_RANGE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:\$\\times\$|×|x|%|倍)?\s*(?:–|~|～|至)\s*(\d+(?:\.\d+)?)")
_BOUND_WORDS = re.compile(
    r"up to|as (?:much|many|high|low|little) as|at (?:least|most|minimum|maximum)|between|\brang(?:e|es|ing)\b"
    r"|\b(?:minimum|maximum|peak|lowest|highest)\b|最[高多低少大小]|至少|至多|[高多]达|之间|区间",
    re.I,
)
_EN_COUNTED = re.compile(
    rf"\b({'|'.join(SMALL_NUMBERS)})\s+(?:[a-z-]+\s+){{0,2}}?"
    r"(?:stages|steps|phases|levels|tiers|modes|types|kinds|components|parts|categories|rounds|dimensions|tasks"
    r"|environments|benchmarks|sizes|variants|versions|agents|modules)\b",
    re.I,
)
# A lone numeral before a measure word: not an ordinal (第三步), a vague count (数十个, 几十个) or part of a
# larger numeral (二十个, 十二个).
_ZH_COUNTED = re.compile(
    r"(?<![第数几十百千万\d一二三四五六七八九两])([两二三四五六七八九十])(?![十百千万])\s*"
    r"(?:个|种|步|阶段|类|档|项|条|款|层|轮|维|级|部分|大|套|期)"
)
# "(3)", "（3）", or "3)" opening a clause: an item's number in a list, not a count.
_LIST_MARKER = re.compile(r"[(（]\s*\d+\s*[)）]|(?:^|(?<=[\s:：;；,，。.]))\d+\)")


def result_values(clause: str) -> set[float]:
    """The clause's result-like numbers: a percentage, or a decimal of 10 or more; not a number inside a name
    ("Qwen2.5-7B"), a year or date, a version ("Claude 3.5") or a bare count ("17 LLMs")."""
    return set(_result_values(clause))


@lru_cache(maxsize=8192)
def _result_values(clause: str) -> frozenset[float]:
    clause = _YEAR.sub(" ", _NAMED.sub(" ", clause))
    out = set()
    for m in _RESULT.finditer(clause):
        for _, value, _ in quantities(m.group(0)):
            if value == value and (m.group(3) or ("." in m.group(1) and value >= 10)):
                out.add(round(value, 6))
    return frozenset(out)


# "from CoT 4% to ToT 74%", "从 CoT 4% 提到 ToT 74%": where each end has a name of its own, each value is its own.
_FROM_TO = re.compile(
    r"(?:\bfrom\b|从)(?P<head>[^→]*?)(?:→|->|提[高升]?[到至]了?|升[到至]|增[加长]?[到至]|降[到至]|\bto\b|到)(?P<tail>.*)",
    re.I,
)


def _names_before_value(text: str) -> bool:
    """Does the text name something before its first value ("CoT 4%", "ToT 74%"; not "4%", "43% for GLM")?"""
    # The first number that is a result, not one like "Game of 24".
    m = next((m for m in _RESULT.finditer(text) if _result_values(m.group(0))), None)
    if m is None:
        return False
    lead = text[: m.start()]
    return bool(_NAMED.search(lead) or _benchmark_matches(lead) or _concept_matches(lead))


def _split_to(clause: str) -> list[str]:
    """ "from CoT 4% to ToT 74%": when each end names its own system before its value, each value is its own;
    what the clause says before "from" holds for both halves."""
    m = _FROM_TO.search(clause)
    if m is None:
        return [clause]
    head, tail = m.group("head"), m.group("tail")
    if not (result_values(head) and result_values(tail) and _names_before_value(head) and _names_before_value(tail)):
        return [clause]
    prefix = clause[: m.start()]
    return [f"{prefix}{head}", f"{prefix}{tail}"]


@lru_cache(maxsize=8192)
def clauses(text: str) -> tuple[str, ...]:
    """Split at commas, semicolons and contrast words, at "and" between two clauses that each give a value,
    and at "from … to" between two values that each belong to a name of their own."""
    out = []
    for clause in _CLAUSE.split(text):
        first, *rest = _AND.split(clause)
        for part in rest:
            if result_values(first) and result_values(part):
                out.append(first)
                first = part
            else:
                first = f"{first} and {part}"
        out.append(first)
    return tuple(part for clause in out for part in _split_to(clause))


def _mentions(clause: str, titles: str) -> set[tuple[str, str]]:
    """Names a number can belong to: model and dataset names and lexicon benchmarks and concepts, but not the
    cited entries' own names (an entry's numbers all belong to it) nor a term inside a longer name."""
    named = [m.span() for m in _NAMED.finditer(clause)]
    out = {("name", n) for n in named_terms(clause) if n not in titles}
    for kind, matches in (("benchmark", _benchmark_matches(clause)), ("concept", _concept_matches(clause))):
        for m in matches:
            inside = any(a <= m.start and m.end <= b and (a, b) != (m.start, m.end) for a, b in named)
            if not inside and m.text.lower() not in titles:
                out.add((kind, m.name))
    return out


@lru_cache(maxsize=8192)
def _benchmark_matches(text: str) -> tuple[Match, ...]:
    return tuple(lexicon().benchmarks.find(text))


@lru_cache(maxsize=8192)
def _concept_matches(text: str) -> tuple[Match, ...]:
    return tuple(lexicon().concepts.find(text))


@lru_cache(maxsize=8192)
def _org_matches(text: str) -> tuple[Match, ...]:
    return tuple(lexicon().orgs.find(text))


def _mentioned(mention: tuple[str, str], clause: str) -> bool:
    kind, name = mention
    if kind == "name":
        return name in clause.lower() or _squeeze(name) in _squeeze(clause)
    matches = _benchmark_matches(clause) if kind == "benchmark" else _concept_matches(clause)
    return any(m.name == name for m in matches)


@lru_cache(maxsize=1024)
def _bound_clauses(source: str) -> tuple[tuple[tuple[str, frozenset[float]], ...], ...]:
    """The source's clauses with their values, sentence by sentence. A clause with no model, dataset or benchmark
    name of its own carries the names of the clause before it ("AIME 67%（…），扩展设置 72.5%": both are AIME's),
    so it is given that clause's text too; sentences that bind "respectively" are left out (their order, not
    their clauses, binds names to values)."""
    out = []
    for sentence in split_sentences(source):
        if _RESPECTIVELY.search(sentence):
            continue
        parts = []
        before = scope = ""
        for clause in clauses(sentence):
            # A concept or a short acronym ("with RL", "较 SFT") is no name of its own.
            own = [n for n in _NAMED.findall(clause) if not re.fullmatch(r"[A-Z]{2,3}s?[.-]?", n)]
            benchmarks = _benchmark_matches(clause)
            nameless = not (own or benchmarks)
            if nameless and before:
                # "…，扩展设置 72.5%" belongs to the clause before; "our method achieved 74%" to the cited work itself.
                text = f"{scope} {clause}" if _SELF.match(clause) else f"{before} {clause}"
            else:
                text = clause
            if benchmarks:
                scope = " ".join(m.text for m in benchmarks)
            elif scope and not nameless:
                # "WebArena-Lite 上 Llama-3.1-8B 4.8%→42.4%、GLM-4-9B 6.1%→43%": the benchmark holds for the
                # models that follow it until another benchmark is named.
                text = f"{scope} {text}"
            parts.append((text, _result_values(clause)))
            before = text
        out.append(tuple(parts))
    return tuple(out)


def misbound(sentence: str, cited: Sequence[Entry], source: str) -> list[tuple[float, str]]:
    """(value, name) pairs of the sentence that the source binds otherwise: where a source sentence gives both,
    the name's clauses hold another value and never this one ("比 SFT 好 17%" against "较 base +17%、较 SFT +15%").
    Sentences that bind names and values "respectively" are not checked."""
    if _RESPECTIVELY.search(sentence):
        return []
    titles = " ".join(e.title.lower() for e in cited)
    source_sentences = _bound_clauses(source)
    bad: dict[tuple[float, str], str] = {}  # one pair per value and name, however it was found
    for clause in clauses(sentence):
        values = result_values(clause)
        change = _FROM_TO.search(clause)
        if change is not None and result_values(change.group("tail")):
            # "ToT raises it from 4% to 74%": the change is the name's, so only where it ends is checked.
            values -= result_values(change.group("head"))
        if not values:
            continue
        for mention in _mentions(clause, titles):
            for value in values:
                bound = other = False
                for parts in source_sentences:
                    if not any(value in held for _, held in parts):
                        continue
                    holding = [held for text, held in parts if _mentioned(mention, text)]
                    bound |= any(value in held for held in holding)
                    other |= any(held - {value} for held in holding)
                key = (value, mention[1].lower())
                if other and not bound and (mention[0] != "name" or key not in bad):
                    bad[key] = mention[1]  # the lexicon's spelling ("SFT") over the raw name ("sft")
    return [(value, name) for (value, _), name in bad.items()]


def range_ends(sentence: str, source: str) -> set[str]:
    """Numbers the source gives only as one end of a range ("1.53×~20.57×") that the sentence states alone,
    with neither the other end nor a bound word ("up to", "至少", "minimum"). Years are no range ends."""
    if _BOUND_WORDS.search(sentence):
        return set()
    ends: dict[str, set[str]] = {}
    in_ranges: dict[str, int] = {}
    for m in _RANGE.finditer(source):
        if any(_YEAR.fullmatch(g) for g in m.groups()):
            continue  # "2022–2023"
        for a, b in ((m.group(1), m.group(2)), (m.group(2), m.group(1))):
            ends.setdefault(a, set()).add(b)
            in_ranges[a] = in_ranges.get(a, 0) + 1
    said = set(re.findall(r"\d+(?:\.\d+)?", sentence))
    out = set()
    for n in said & set(ends):
        everywhere = len(re.findall(rf"(?<![\d.]){re.escape(n)}(?!\d)", source))
        if everywhere <= in_ranges[n] and not ends[n] & said:
            out.add(n)
    return out


def counts_in_words(text: str) -> set[int]:
    """Counts written as words before what they count: "three stages", "分三步", "两种"; not one followed by
    the list of as many items as it says ("three benchmarks: AIME, GPQA and LiveCodeBench")."""
    found = [(count_value(m.group(1)), m.end()) for m in (*_EN_COUNTED.finditer(text), *_ZH_COUNTED.finditer(text))]
    out = set()
    for n, end in found:
        listed = re.match(r"[^:：。.;；]{0,6}[:：]\s*((?:[^。.;；!?！？]|\.(?=\d))+)", text[end:])
        if listed and len(re.split(r"\s*(?:,|，|、|→|->|/|\band\b|和|与)\s*", listed.group(1).strip())) == n:
            continue  # the sentence lists its own n items
        out.add(n)
    return out


def missing_counts(sentence: str, source: str) -> set[int]:
    """Counts the sentence gives in words that the source gives nowhere, in digits (not a list item's number
    "(3)") or in words of either language."""
    source = _LIST_MARKER.sub(" ", source)
    missing = set()
    for n in counts_in_words(sentence):
        words, chars = number_words(n)
        if re.search(rf"(?<![\d.]){n}(?![\d.])", source):
            continue
        if any(re.search(rf"\b{w}\b", source, re.I) for w in words) or any(c in source for c in chars):
            continue
        missing.add(n)
    return missing


# Sizes and what they measure: "1.02T 总参/42B 激活", "42B active", "context length of 128K", "上下文 1M".
_SIZE = re.compile(r"(?<![A-Za-z0-9.\-])(\d+(?:\.\d+)?)\s*([KMBT])(?![A-Za-z])", re.I)
_MEASURES = {
    "active": r"激活(?:参数)?|activ(?:e|ated)(?:\s+param(?:eter)?s)?",
    "total": r"总参(?:数(?:量)?)?|total(?:\s+param(?:eter)?s)?",
    "context": r"上下文(?:窗口|长度)?|context(?:\s+(?:window|length))?",
}
_MEASURE = "|".join(f"(?P<{name}>{words})" for name, words in _MEASURES.items())
_MEASURE_AFTER = re.compile(rf"\s*(?:param(?:eter)?s?\s+|参数\s*)?(?:{_MEASURE})", re.I)
_MEASURE_BEFORE = re.compile(rf"(?:{_MEASURE})\s*(?:[:：=]|是|为|达|of|is|up to|最高|最长)?\s*(?:of\s+)?$", re.I)


def _size_measures(text: str) -> dict[str, set[str]]:
    """Each size written in the text ("42B", "1M"), normalised, with the measures it is bound to: the measure word
    right after it ("42B 激活") and the one right before it ("上下文窗口是 11B"). A measure word between two sizes
    ("1T 总参 32B 激活" / "总参 671B 激活 37B") could be either's, so it binds neither."""
    out: dict[str, set[str]] = {}
    bindings: list[tuple[str, str, tuple[int, int]]] = []
    for m in _SIZE.finditer(text):
        key = f"{float(m.group(1)):g}{m.group(2).upper()}"
        out.setdefault(key, set())
        start = max(0, m.start() - 24)
        for hit, offset in (
            (_MEASURE_AFTER.match(text, m.end()), 0),
            (_MEASURE_BEFORE.search(text[start : m.start()]), start),
        ):
            if hit:
                measure = next(k for k, v in hit.groupdict().items() if v)
                bindings.append((key, measure, (hit.start(measure) + offset, hit.end(measure) + offset)))
    uses = Counter(span for _, _, span in bindings)
    for key, measure, span in bindings:
        if uses[span] == 1:
            out[key].add(measure)
    return out


def mismeasured(sentence: str, source: str) -> set[str]:
    """Sizes the sentence binds to another measure than the source does ("42B 总参" against "42B 激活")."""
    said = _size_measures(source)
    return {
        size
        for size, measures in _size_measures(sentence).items()
        if measures and said.get(size) and not measures <= said[size]
    }


def misstated(sentence: str, cited: Sequence[Entry], source: str) -> str | None:
    """Why a number of the sentence is misstated against its cited text, or None: bound to the wrong name,
    a size given for another measure, one end of a range given as the value, or a count the text never gives."""
    pairs = misbound(sentence, cited, source)
    if pairs:
        said = ", ".join(f"{v:g} / {n}" for v, n in pairs)
        return f"numbers bound to another name in the cited text: {said}"
    sizes = mismeasured(sentence, source)
    if sizes:
        return f"sizes given for another measure than in the cited text: {sorted(sizes)}"
    cut = range_ends(sentence, source)
    if cut:
        return f"one end of a range given as the value: {sorted(cut)}"
    counts = missing_counts(sentence, source)
    if counts:
        return f"counts not in the cited text: {sorted(counts)}"
    return None


def _squeeze(text: str) -> str:
    return re.sub(r"[\s\-_.]", "", text.lower())


def split_frame(text: str, sources: Sequence[str]) -> tuple[str, str] | None:
    """(frame, quote) at the first frame separator after which the rest is verbatim in one of ``sources``
    ("Kimi K2, in the survey's words (Chinese): <quote>"); None when there is no such separator."""
    for m in _FRAME_SEPARATOR.finditer(text):
        tail = text[m.end() :].strip()
        if len(tail) >= 4 and any(tail in src or tail.rstrip("。.；;") in src for src in sources):
            return text[: m.start()], tail
    return None


def names_entry(name: str, entry: Entry) -> bool:
    """Is ``name`` the entry's own name: its title, the title up to a colon, slash or bracket, or the name in
    the title's brackets ("GPT-f", "verl")? Not a word inside it ("K2"), nor a longer name ("Kimi K2.5")."""
    title = entry.title
    if title.startswith(name) and re.match(r"$|\s*[:/(（]|\s+[/—–-]\s", title[len(name) :]):
        return True
    return f"({name})" in title or f"（{name}）" in title


class SupportJudge:
    """Judges sentence support; the embedder is optional (without it, overlap alone decides)."""

    def __init__(
        self,
        embedder: Embedder | None = None,
        *,
        overlap_weight: float = OVERLAP_WEIGHT,
        threshold: float = SUPPORT_THRESHOLD,
        sim_floor: float = SIM_FLOOR,
    ) -> None:
        self.embedder = embedder
        self.overlap_weight = overlap_weight
        self.threshold = threshold
        self.sim_floor = sim_floor
        self._sentence_cache: dict[str, tuple[list[str], np.ndarray]] = {}
        self._query_cache: dict[str, np.ndarray] = {}

    def judge(self, sentence: str, cited: Sequence[Entry], *, allow_paraphrase: bool = True) -> Verdict:
        """Is ``sentence`` supported by the union of the ``cited`` entries?"""
        if not cited:
            return Verdict(False, "no citation", 0.0)
        text = sentence.strip()
        if not text:
            return Verdict(False, "empty sentence", 0.0)
        if any(text in source_text(e) for e in cited):
            return Verdict(True, "verbatim")
        source = " ".join(source_text(e) for e in cited)
        framed = self.framed(text, cited, source)
        if framed is not None and framed.supported and allow_paraphrase:
            # A model's frame is its own words: its numbers are checked as a paraphrase's are ("分三步：a→b→c→d").
            wrong = self.misframed(text, cited, source)
            if wrong:
                return Verdict(False, f"framed: {wrong}", 0.0)
        if framed is not None and (framed.supported or not allow_paraphrase):
            return framed
        if not allow_paraphrase:
            return Verdict(False, "not verbatim in the cited text", 0.0)
        missing = missing_numbers(text, source)
        if missing:
            return Verdict(False, f"numbers not in the cited text: {sorted(missing)}", 0.0)
        unnamed = missing_names(text, source)
        if unnamed:
            return Verdict(False, f"names not in the cited text: {sorted(unnamed)}", 0.0)
        wrong = misstated(text, cited, source)
        if wrong:
            return Verdict(False, wrong, 0.0)
        w = self.overlap_weight
        score = w * self.overlap(text, source) + (1 - w) * self.similarity(text, cited)
        if score >= self.threshold:
            return Verdict(True, "paraphrase", score)
        return Verdict(False, f"weak support (score {score:.2f} < {self.threshold})", score)

    @staticmethod
    def misframed(text: str, cited: Sequence[Entry], source: str) -> str | None:
        """What the frame of a model's framed sentence misstates (its quote is verbatim): a number bound to
        another name or measure, one end of a range, or a count the text never gives — a count read over the
        whole sentence, so that "三个基准上：a、b、c" lists its own three."""
        body = re.sub(r"^[-•]\s*", "", text).strip()
        frame = (split_frame(body, [source_text(e) for e in cited]) or (body, ""))[0]
        wrong = misstated(frame, cited, source)
        if wrong and wrong.startswith("counts") and not missing_counts(body, source):
            return None
        return wrong

    @staticmethod
    def framed(text: str, cited: Sequence[Entry], source: str) -> Verdict | None:
        """Rule 2: a frame of verbatim tokens around a verbatim quote; None when the sentence has no frame."""
        body = re.sub(r"^[-•]\s*", "", text).strip()
        frame, quote = split_frame(body, [source_text(e) for e in cited]) or (body, "")
        if not quote:
            if _FRAME_SEPARATOR.search(body):
                return Verdict(False, "framed: the quote is not verbatim in the cited text", 0.0)
            if not text.startswith(("-", "•")):
                return None  # neither verbatim nor framed: leave it to the paraphrase rules
        missing_numbers = numbers(frame) - numbers(source)
        if missing_numbers:
            return Verdict(False, f"framed: numbers not in the cited text: {sorted(missing_numbers)}", 0.0)
        if text.startswith(("-", "•")):
            # A list line's frame is the entry's name (and date): it must be the cited entry's own words.
            name = re.sub(r"\s*[(（]\d{4}-\d{2}[)）]\s*$", "", frame).strip()
            if name and not any(name in e.title or name in source_text(e) for e in cited):
                return Verdict(False, f"framed: {name!r} is not the cited entry's name", 0.0)
        lead = LEAD.match(body)
        if lead is not None:
            # A lead ("Kimi K2 — SWE-Bench Verified 65.8, in the survey's words (Chinese):") names the cited entry
            # itself, and each result it gives is a stretch of the cited text, benchmark and value together.
            name = lead.group("name").strip()
            if not any(names_entry(name, e) for e in cited):
                return Verdict(False, f"framed: {name!r} is not the cited entry's name", 0.0)
            for result in (lead.group("values") or "").split(", "):
                if result and not any(result in source_text(e) for e in cited):
                    return Verdict(False, f"framed: {result!r} is not in the cited text", 0.0)
        names = named_terms(frame)
        unnamed = missing_names(frame, source)
        if unnamed:
            return Verdict(False, f"framed: names not in the cited text: {sorted(unnamed)}", 0.0)
        if not quote and not names and not numbers(frame):
            return Verdict(False, "framed: neither a quote nor a name from the cited text", 0.0)
        return Verdict(True, "framed")

    @staticmethod
    def overlap(sentence: str, source: str) -> float:
        """The share of the sentence's content words the source gives, in either language: as a token, as a
        Chinese run (jieba may cut it otherwise), in another form from the phrasebook (改善 ↔ improves), or as
        part of a name the source gives under another alias (监督微调 ↔ SFT, 智谱 ↔ Zhipu)."""
        tokens = {t for t in tokenize(sentence) if not re.fullmatch(r"[a-z]", t)}  # not the "s" of "'s"
        if not tokens:
            return 0.0
        have = set(tokenize(source))
        book = lexicon().phrasebook
        covered: set[str] = set()
        for find in (_org_matches, _benchmark_matches, _concept_matches):
            said = {m.name for m in find(source)}
            for m in find(sentence):
                if m.name in said:
                    covered.update(tokenize(m.text))

        def given(word: str) -> bool:
            if word in have:
                return True
            return len(word) >= 2 and has_cjk(word) and word in source

        def found(token: str) -> bool:
            if given(token) or token in covered:
                return True
            forms = book.get(token, frozenset()) | (book.get(token[:-1], frozenset()) if token.endswith("s") else set())
            return any(given(f) for f in forms)

        return sum(1 for t in tokens if found(t)) / len(tokens)

    def similarity(self, sentence: str, cited: Sequence[Entry]) -> float:
        """Best cosine to any sentence of the cited entries, rescaled to [0, 1]; overlap-only without an embedder."""
        if self.embedder is None:
            return self.overlap(sentence, " ".join(source_text(e) for e in cited))
        qvec = self._query_cache.get(sentence)
        if qvec is None:
            qvec = self._query_cache[sentence] = self.embedder.embed_queries([sentence])[0]
        best = -1.0
        for entry in cited:
            _, vectors = self._sentences(entry)
            if len(vectors):
                best = max(best, float((vectors @ qvec).max()))
        return max(0.0, (best - self.sim_floor) / (1 - self.sim_floor))

    def _sentences(self, entry: Entry) -> tuple[list[str], np.ndarray]:
        if entry.id not in self._sentence_cache:
            assert self.embedder is not None
            sents = split_sentences(source_text(entry))
            vectors = self.embedder.embed_queries(sents) if sents else np.zeros((0, 1), dtype=np.float32)
            self._sentence_cache[entry.id] = (sents, vectors)
        return self._sentence_cache[entry.id]
