"""Names a question uses that the index never saw: Latin names, products, Chinese proper nouns (jieba)."""

from __future__ import annotations

import re
from functools import lru_cache

from surveyqa.catalog import Catalog
from surveyqa.lexicon import Lexicon
from surveyqa.text import STOPWORDS, has_cjk, squashed

# A Latin word; Chinese around it is not part of it ("KPop是什么的缩写" names KPop).
_LATIN_NAME = re.compile(
    r"(?<![A-Za-z0-9_.\-])[A-Za-z0-9][A-Za-z0-9_.\-]*[A-Za-z0-9_]|(?<![A-Za-z0-9_.\-])[A-Za-z](?![A-Za-z0-9_])"
)


_PROPER_NOUN_TAGS = ("nr", "ns", "nt", "nz")
_FORMER = re.compile(r"(?:ex|former|formerly)-(?=[A-Za-z0-9])", re.IGNORECASE)


_MONTH_YEAR = re.compile(  # "January-2025", "Dec-2024", "spring-2025", "late-2024", "Q3-2025": a date, not a name
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*[-/]?\d{4}"
    r"|(?:spring|summer|autumn|fall|winter|early|mid|late|q[1-4]|h[12])-?\d{4}",
    re.I,
)


@lru_cache(maxsize=1)
def _posseg():  # type: ignore[no-untyped-def]
    from surveyqa.text import _jieba

    _jieba()
    import jieba.posseg

    return jieba.posseg


_SIZE_WORD = re.compile(
    r"(?P<size>[\d.]+[KMBT])-(?:active|activated|activation|total|params?|parameters?|context|tokens?)", re.IGNORECASE
)


_COUNTER_BEFORE = re.compile(r"(?:一个|某个|一种|某种|一款|一些|几个|任何|任意|哪个|什么)\s*$")  # "一个 toy 模型"


_NAMES_A_KIND = re.compile(r"\s*(?:[A-Z]{2,5}\s*)?(?:框架|模型|算法|方法|基准|数据集|系统|库|工具|平台|引擎|协议|项目)")

# An English word where a benchmark's name stands: before a score ("svamp accuracy", not "the headline score")
# or after "score on".
_SCORE_WORDS = r"score|scores|accuracy|acc|pass@\d+|success rate|results?"
_SCORED_NEXT = re.compile(rf"\s+(?:{_SCORE_WORDS})\b", re.IGNORECASE)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|a|an|its|their|his|her|our|your|my|this|that|any|some)\s+$", re.IGNORECASE)
# Words that say which score, not on what ("exact score", "headline accuracy").
_SCORE_MODIFIERS = frozenset(
    re.findall(
        r"\w+",
        "exact precise actual final overall average mean top best peak headline official rough approximate specific "
        "raw absolute reported match held out unseen seen test validation dev eval",
    )
)
# Where a capitalised word opens a sentence or clause, and so need not be a name.
_OPENER = re.compile(r"(?:^|[.?!:;,，。？！：；\"“(（—])\s*$")
# A name (with a digit or an inner capital) and a comma right before a word: "GPT-4, Vicuna".
_NAME_THEN_COMMA = re.compile(r"(?:[A-Za-z][\w.\-]*\d|[A-Z][\w.\-]*[A-Z\d])[\w.\-]*\s*[,，]\s*$")
_SCORED_BEFORE = re.compile(rf"\b(?:{_SCORE_WORDS}|scored?)\s+on\s+$")


# A model family's name and a capitalised word after it: "Gemini CLI", "Llama Guard".
_PRODUCT = re.compile(r"(?<![\w.\-])([A-Z][\w.\-]*)\s+([A-Z][A-Za-z]+)(?![\w\-])")


# A lower-case Latin word where a Chinese question puts a name: before 上 / 系列 / 模型 / 里 ("在 coco 上").
_NAMED_LOWER = re.compile(
    r"(?<![A-Za-z0-9\-.])([a-z]{3,})(?![A-Za-z0-9\-.])\s*(?=上|系列|模型|的模型|框架|数据集|基准|榜单|里|中)"
)

# A model family and a capitalised product word joined by a hyphen ("LongCat-Video", "Gemini-CLI"); not a description
# ("GPT-4-built", "Human-AI") nor a size ("Qwen3-235B-A22B"). Compared letters only: "Qwen-Coder" is "Qwen3-Coder".
_PRODUCT_HYPHENED = re.compile(r"[A-Z][A-Za-z0-9.]*(?:-[A-Za-z0-9.]+)*-(?:[A-Z][a-z]+|[A-Z]{2,})")


def latin_names(text: str, catalog: Catalog, lex: Lexicon) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Latin words in the question that look like names: (those that occur nowhere in the index, those the
    index uses that name no entry — "CodeActAgent", "Llama2": the answer must come from an entry using them).

    A capitalised word that opens a sentence or clause ("Briefly, …", "Hey, …") is only a name if it also
    has a digit, an inner capital or is in capitals; mid-sentence capitals ("What did Sora …") count.
    """
    out: list[str] = []
    known: list[str] = []
    named = catalog.named_entries(text)
    # A word inside an organisation's whole name ("Shanghai" of "Shanghai AI Lab") is that name's, not unknown.
    named_spans = [(n.start, n.end) for n in named] + [(m.start, m.end) for m in lex.orgs.find(text)]
    # (and a word of a benchmark's or a concept's name is that name's: "Humanity's Last Exam")
    slot_spans = [(m.start, m.end) for matcher in (lex.benchmarks, lex.concepts) for m in matcher.find(text)]
    chinese = has_cjk(text)
    strange = {w for w in _NAMED_LOWER.findall(text) if w not in catalog.spelled_words} if chinese else set()
    written = written_aliases(catalog, lex)
    if len(strange) < 2:
        strange = set()
    for m in _LATIN_NAME.finditer(text):
        word = m.group()
        if former := _FORMER.match(word):
            word = word[former.end() :]  # "ex-OpenDevin": the former name is the name
        lower = word.lower()
        if lower in STOPWORDS or not re.search(r"[A-Za-z]", word) or lower in written:
            continue
        if (
            lower in lex.ordinary_capitals
            or re.fullmatch(r"[\d.,]+[KMkmxX]|\d+[xX×*]\d+", word)
            or _MONTH_YEAR.fullmatch(word)
        ):
            # a month ("December"), a count ("1.18M"), a factor ("4.5x"), a resolution ("1120x1120"): not a work's
            # name ("405B" may be)
            continue
        if word in lex.abbreviations and any(
            form != lower and (_written_in_corpus(form, catalog) if form.isascii() else form in catalog.corpus_text)
            for form in lex.glossary.get(lower, ())
        ):
            continue  # an abbreviation the glossary spells out, in words the survey writes ("DB": database, 数据库)
        sized_word = _SIZE_WORD.fullmatch(word)
        if sized_word:
            # "35B-active", "480B-total": a size said with its measure; the size alone is checked like "405B"
            word = sized_word.group("size")
            lower = word.lower()
            size = re.compile(rf"(?<![\d.]){re.escape(word)}(?![\w.])", re.IGNORECASE)  # also inside "A35B"
            if any(size.search(catalog.full_text(e.id)) for e in catalog.entries):
                continue
        strong = bool(re.search(r"\d", word) or re.search(r"[a-z][A-Z]", word) or (word.isupper() and len(word) >= 2))
        # In a Chinese question a capitalised Latin word is a name wherever it stands ("Sora 视频…").
        # So is a lowercase one used as the name of a kind of thing ("那个 slime RL 框架", "xxx 模型").
        named_as = bool(_NAMES_A_KIND.match(text, m.end())) and not _COUNTER_BEFORE.search(text[: m.start()])
        # And, typed in lower case where a name stands, two or more Latin words neither the survey nor the lexicon
        # writes ("综述里 yolo 系列在 coco 上"): names the survey lacks (not "clone 下来跑", nor "prefix caching 和").
        unwritten = lower in strange
        strong = strong or (chinese and (word[0].isupper() or named_as or unwritten))
        # In English too, a word the survey never writes where a benchmark's name stands ("toolformer svamp accuracy")
        before = text[: m.start()]
        scored_as = bool(
            (_SCORED_NEXT.match(text, m.end()) and not _DETERMINER_BEFORE.search(before))
            or _SCORED_BEFORE.search(before.lower())
        )
        # (Not a gerund: "only counting results labelled …", "Counting results …" name no benchmark.)
        gerund = re.fullmatch(r"[a-z]{3,}ing", word) or (
            re.fullmatch(r"[A-Z][a-z]{2,}ing", word) and _OPENER.search(text[: m.start()])
        )
        scored_as = scored_as and catalog.respelled(word) is None and not gerund
        if scored_as and all(p in catalog.spelled_words or p in _SCORE_MODIFIERS for p in lower.split("-")):
            scored_as = False
        if scored_as and _part_of_known_name(lower, catalog):
            scored_as = False  # a name cut short ("hotpot" of HotpotQA, "clawe" of ClawEval)
        strong = strong or scored_as
        capital = word[0].isupper()
        opener = _OPENER.search(text[: m.start()]) is not None
        if opener and _NAME_THEN_COMMA.search(text, 0, m.start()):
            opener = False  # "GPT-4, Vicuna, …": a name after a comma in a run of names opens nothing
        if not (strong or (capital and not opener)):
            continue
        if not strong and _next_to_known(text, m.start(), m.end(), catalog, lex.name_aliases):
            continue  # "Renmin University": a plain word inside a name the survey knows ("Codex CLI" is no such name)
        if any(start <= m.start() < end for start, end in named_spans):
            continue
        if word.isupper() and any(text[start:end].find(word) > 0 for start, end in named_spans):
            continue  # "xLAM 的 LAM 怎么叫": a part of a name the question gives, asked about as such
        if word.isalpha() and word.isupper() and len(word) >= 3 and not _written_in_corpus(word, catalog):
            out.append(word)  # an acronym the survey never writes ("ART"), though "art" is one of its words
            continue
        if re.fullmatch(r"[A-Z]{2,}s", word) and _written_in_corpus(word[:-1], catalog):
            continue  # "VMs", "GPUs": the plural of an abbreviation the survey writes
        pieces = [p for p in re.split(r"[\-./]", lower) if p]
        head, _, rest = word.partition("-")
        if rest and re.fullmatch(r"[a-z]+(?:-[a-z]+)*", rest) and head.lower() in catalog.vocabulary:
            continue  # a known word with a plain word after its hyphen ("Android-emulator"): a description
        if (
            _PRODUCT_HYPHENED.fullmatch(word)
            and word.split("-")[0].lower() in lex.family_aliases
            and lower not in catalog.vocabulary
            and _letters(word) not in _letters_corpus(catalog)
        ):
            out.append(word)  # "LongCat-Video": a family and a product word the survey never writes together
            continue
        if lower in catalog.vocabulary or (pieces and all(p in catalog.vocabulary for p in pieces)):
            sized = re.fullmatch(r"[\d.]+[KMBTkmbt]?|[A-Z]{0,2}\d[\d.]*[A-Za-z]?", word)  # "7B", "H100", "A3B"
            if lower in catalog.vocabulary and re.search(r"\d|[a-z][A-Z]", word) and not sized:
                known.append(word)
            elif (
                re.fullmatch(r"[A-Z][a-z]{3,}", word)
                and not opener
                and not any(a <= m.start() < b for a, b in slot_spans)
                and _proper_in_corpus(word, catalog)
            ):
                known.append(word)  # "Project Mariner": a name a work or two write, always capitalised
            continue
        if named and len(word) >= 4 and word.isalnum() and squashed(word) in catalog.squashed_names:
            # "webarena gpt4 success rate": a name the named entry's survey writes with separators ("GPT-4"); with
            # no entry named nothing would lead to it, so it stays unknown
            known.append(word)
            continue
        out.append(word)
    out += _unseen_products(text, catalog, lex)
    return tuple(dict.fromkeys(out)), tuple(dict.fromkeys(known))


def _unseen_products(text: str, catalog: Catalog, lex: Lexicon) -> list[str]:
    """A family's product the survey never names ("Gemini CLI": Gemini and CLI each occur, never together); a
    maker's name before a product ("OpenAI Operator") is no such pair."""
    families = lex.family_aliases - lex.org_aliases
    out = []
    for m in _PRODUCT.finditer(text):
        head, tail = m.group(1), m.group(2)
        if head.lower() not in families or re.search(r"\d", head):
            continue  # a versioned model before a word ("GPT-5.5 GDPval") is a model and what it is asked about
        if tail.lower() in STOPWORDS or tail.lower() in lex.ordinary_capitals or lex.benchmarks.find(tail):
            continue
        if squashed(head + tail) not in _squashed_corpus(catalog):
            out.append(m.group())
    return out


def written_aliases(catalog: Catalog, lex: Lexicon) -> frozenset[str]:
    """The lexicon's names (lower-case) a question may use as known: every organisation's and concept's (a technique
    the survey never names may still be asked about: "which works skip PPO?"), and the benchmarks' whose term the
    survey writes in some form. A benchmark only the lexicon knows ("Aider", which no entry reports) is a name the
    survey lacks. Found once per catalog (the service warms it up)."""
    cache = catalog.__dict__.setdefault("_written_aliases", {})
    if "all" not in cache:
        text = catalog.corpus_lower
        words = set(re.findall(r"[a-z0-9]+", text))
        written = {a.lower() for table in (lex.orgs, lex.concepts) for t in table.terms.values() for a in t.aliases}
        for term in lex.benchmarks.terms.values():
            forms = [a.lower() for a in term.aliases]
            # A short Latin alias as a word of its own ("nq" is not in "unquestionably"); others anywhere.
            if any((f in words) if len(f) <= 3 and f.isascii() else (f in text) for f in forms):
                written.update(forms)
        cache["all"] = frozenset(written)
    return frozenset(cache["all"])


def _proper_in_corpus(word: str, catalog: Catalog) -> bool:
    """Is ``word`` a proper name to the survey: written by one or two entries, always capitalised as here
    ("Mariner"), never as a plain word ("agent")?"""
    seen = catalog.__dict__.setdefault("_proper_words", {})
    if word not in seen:
        if len(seen) > 4096:  # questions' words: kept for a while, not for ever
            seen.clear()
        exact = re.compile(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])")
        users = sum(1 for e in catalog.entries if exact.search(catalog.full_text(e.id)))
        seen[word] = 1 <= users <= 2 and not _written_in_corpus(word.lower(), catalog)
    return bool(seen[word])


def _written_in_corpus(word: str, catalog: Catalog) -> bool:
    """Does the survey write ``word`` as it is, case and all, as a whole word (in any entry's text or title)?"""
    seen = catalog.__dict__.setdefault("_written_words", {})
    found = seen.get(word)
    if found is None:
        if len(seen) > 4096:  # questions' words: kept for a while, not for ever
            seen.clear()
        found = seen[word] = re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", catalog.corpus_text) is not None
    return bool(found)


def written_somewhere(name: str, catalog: Catalog) -> bool:
    """Does the corpus write ``name`` in any case, alone or inside a longer name ("FP4" in "MXFP4")? A short one
    inside an ordinary word does not count ("TPU" in "output")."""
    low = name.lower()
    if len(low) > 3:
        return low in catalog.corpus_lower
    tokens = re.finditer(rf"[\w.\-]*{re.escape(low)}[\w.\-]*", catalog.corpus_text, re.IGNORECASE)
    return any(t.group().lower() == low or re.search(r"\d|[A-Z].*[A-Z]", t.group()) for t in tokens)


def _part_of_known_name(word: str, catalog: Catalog) -> bool:
    """Is ``word`` (lower-case) the start of a longer name the index uses ("hotpot": hotpotqa)?"""
    return len(word) >= 4 and any(v.startswith(word) and v != word for v in catalog.vocabulary if v.isascii())


def written_in_lines(term: str, catalog: Catalog) -> bool:
    """Does some entry's survey line or title write ``term`` (any case) as whole words? (Where a list of words as
    written looks for them.)"""
    return re.search(rf"(?<![a-z]){re.escape(term.lower())}(?![a-z])", catalog.lines_lower) is not None


def _letters(text: str) -> str:
    """Letters only, lower-case: a name compared whatever its digits and spacing."""
    return re.sub(r"[^a-z]", "", text.lower())


def _letters_corpus(catalog: Catalog) -> str:
    cache = catalog.__dict__.setdefault("_letters_corpus", {})
    if "all" not in cache:
        cache["all"] = _letters(_squashed_corpus(catalog))
    return str(cache["all"])


def _squashed_corpus(catalog: Catalog) -> str:
    cache = catalog.__dict__.setdefault("_squashed_corpus", {})
    if "all" not in cache:
        cache["all"] = " ".join(squashed(catalog.full_text(e.id) + " " + e.title) for e in catalog.entries)
    return str(cache["all"])


def unseen_chinese_names(text: str, catalog: Catalog) -> tuple[str, ...]:
    """Chinese proper nouns (jieba's tagger) in the question that occur nowhere in the index.

    Called only when the answer depends on it: the tagger costs more than the rest of understanding.
    jieba's proper-noun tags are noisy (长度 → ns); beside a named entry they are not trusted at all.
    """
    if not has_cjk(text) or catalog.named_entries(text):
        return ()
    out = []
    for pair in _posseg().lcut(text):
        proper = pair.flag.startswith(_PROPER_NOUN_TAGS) and len(pair.word) >= 2
        unknown = pair.word not in catalog.vocabulary and pair.word.lower() not in catalog.lex.known_aliases
        if proper and unknown and not re.search(r"[A-Za-z0-9]", pair.word):
            out.append(pair.word)
    return tuple(dict.fromkeys(out))


def _next_to_known(text: str, start: int, end: int, catalog: Catalog, known: frozenset[str]) -> bool:
    """Is the word beside a capitalised word the index or the lexicon knows?"""
    before = re.search(r"([A-Z][\w.\-]*)\s+$", text[:start])
    after = re.match(r"\s+([A-Z][\w.\-]*)", text[end:])
    return any(m and m.group(1).lower() in known for m in (before, after))


def warm_up() -> None:
    """Load jieba's tagger now, so the first Chinese question is not slow."""
    _posseg().lcut("预热")
