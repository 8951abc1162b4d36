"""The reader: which of an entry's sentences answer the question, and does the entry state what is asked.

A sentence scores by the question's focus words it holds (idf-weighted, and through the bilingual
glossary, so "experts" finds 专家), its cosine to the question, and whether it holds the kind of fact
asked for (a number for "how many", a size for "how big", a benchmark result for "what score on B").
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Collection, Iterator, Sequence
from functools import lru_cache

import numpy as np

from surveyqa import tuning
from surveyqa.catalog import Catalog
from surveyqa.corpus import Entry
from surveyqa.facts import Fact, result_scale
from surveyqa.lexicon import Lexicon, Match
from surveyqa.sentences import Sentence
from surveyqa.text import SMALL_NUMBERS, STOPWORDS, count_value, has_cjk, number_words, tokenize
from surveyqa.understand import Question, asking_tokens

_NUMBER = re.compile(r"(?<![A-Za-z])\d+(?:[.,]\d+)?")
# Where a text's sentences end ("。", "；", "!" or "." before a space, not "3.0") and where its clauses end.
_SENTENCE_SPLIT = re.compile(r"(?<=[。；;!?！？])\s*|(?<=\.)\s+")
_CLAUSE_SPLIT = re.compile(r"[，,；;。！？!?]|(?<=[a-z)])\.\s")
_BARE_LINK = re.compile(r"\s*(?:https?://\S+\s*)+[；;。.,，]?\s*")
# A figure that reads as a score: a percentage or a decimal ("50-70%", "43.3"), not a count ("8 个环境").
# Humans as the ones a result is asked for ("human success rate", "人类的成功率"), not "human feedback/-validated".
_HUMAN_ASKED = re.compile(
    r"\bhumans?\b(?![\s-]*(?:feedback|preferences?|validated|verified|annotat\w*|labell?\w*|written|judg\w*))"
    r"|\bpeople\b|人类(?!反馈|偏好|标注)|真人",
    re.IGNORECASE,
)
_SCORE_LIKE = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*%|(?<![\w.])\d+\.\d+(?![\w.])")
# Counts written as words ("nine frontier systems", "three domains", "数十个"): a number for "how many".
_NUMBER_WORD = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|"
    r"hundreds?|thousands?|millions?|billions?|dozens?)\b(?!-)|[两二三四五六七八九十百千万]+\s*(?:个|种|项|类|款|家|道|步|轮)",
    re.IGNORECASE,
)
# Answer types whose absence from an entry means the survey does not state them.
STATED_BY_FACTS = {"size": ("size",), "context": ("context",), "base_model": ("base_model",), "cost": ("cost",)}


def _benchmarks_in(text: str, catalog: Catalog) -> list[Match]:
    cache = catalog.__dict__.setdefault("_sentence_benchmarks", {})
    if text not in cache:
        cache[text] = catalog.lex.benchmarks.find(text)
    return cache[text]  # type: ignore[no-any-return]


def _orgs_in(text: str, catalog: Catalog) -> set[str]:
    """The organisations a sentence names, found once per sentence text."""
    cache = catalog.__dict__.setdefault("_sentence_orgs", {})
    if text not in cache:
        cache[text] = {m.name for m in catalog.lex.orgs.find(text)}
    return cache[text]  # type: ignore[no-any-return]


def expand(words: Sequence[str], catalog: Catalog) -> set[str]:
    """Each word with its glossary forms in the other language (lower-case)."""
    out: set[str] = set()
    book = catalog.lex.phrasebook
    for w in words:
        low = w.lower()
        out.add(low)
        out.update(book.get(low, ()))
        if low.endswith("s"):
            out.update(book.get(low[:-1], ()))
        if low not in book and len(low) >= 3 and re.fullmatch(r"[\u4e00-\u9fff]+", low):
            # A Chinese word the glossary only holds a part of ("记忆里" → 记忆 → memory): the longest part.
            part = next(
                (
                    low[i : i + n]
                    for n in range(len(low) - 1, 1, -1)
                    for i in range(len(low) - n + 1)
                    if low[i : i + n] in book
                ),
                "",
            )
            out.update(book.get(part, ()))
    return out


def focus_hits(text: str, focus: Sequence[str], catalog: Catalog, *, word_starts: bool = False) -> int:
    """How many of the question's focus words (in either language) the text contains; with ``word_starts``, a Latin
    form only at the start of a word (see :func:`_written_in`)."""
    low = text.lower()
    hits = 0
    for word in focus:
        forms = expand([word], catalog)
        if word_starts:
            found = any(f and _written_in(f, low) for f in forms) or ((stem := _stem(word)) and _written_in(stem, low))
        else:
            found = any(f and f in low for f in forms) or bool((stem := _stem(word)) and stem in low)
        if found:
            hits += 1
    return hits


def _written_in(form: str, low: str) -> bool:
    """Is ``form`` in the lower-cased text, a Latin one at the start of a word ("ship" is not in "relationship",
    "demo" is in "demos")?"""
    if form not in low:
        return False
    if not (form.isascii() and form[0].isalnum()):
        return True
    at = low.find(form)
    while at >= 0:  # a plain scan: a pattern per form cost a compile for each new question word
        if at == 0 or low[at - 1] not in _LATIN_WORD_CHARS:
            return True
        at = low.find(form, at + 1)
    return False


_LATIN_WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")


@lru_cache(maxsize=4096)
def _stem(word: str) -> str:
    """An English word without its inflection ("generate", "generating" → "generat"); "" when too short to trust."""
    if not word.isascii() or not word.isalpha() or len(word) < 6:
        return ""
    stem = re.sub(r"(?:ing|ed|es|e|s)$", "", word.lower())
    return stem if len(stem) >= 5 else ""


def _stem_key(token: str) -> str:
    """A question word as the lexical overlap matches it: its stem when it has one, else itself."""
    return _stem(token.split("-")[-1]) or token


@lru_cache(maxsize=16384)
def _stems_of(tokens: tuple[str, ...]) -> frozenset[str]:
    return frozenset(_stem(p) for t in tokens for p in t.split("-")) - {""}


def has_answer_type(text: str, asks: str, catalog: Catalog) -> bool:
    """Does ``text`` hold the kind of fact asked for?"""
    if asks == "number":
        return bool(_NUMBER.search(text) or _NUMBER_WORD.search(text))
    if asks == "score":
        return bool(_NUMBER.search(text))
    if asks == "benchmark" and _benchmarks_in(text, catalog):
        return True  # any benchmark the lexicon knows ("Humanity’s Last Exam"), not only those the cue lists
    pattern = catalog.lex.evidence.get(asks)
    return bool(pattern and pattern.search(text))


def states(question: Question, entry_id: str, catalog: Catalog) -> tuple[bool, str]:
    """Does the entry state the kind of fact the question asks for? (stated, what is missing)."""
    text = catalog.full_text(entry_id)
    facts = catalog.facts_by_entry.get(entry_id, [])
    entry = catalog.by_id[entry_id]
    unknown = list(question.unseen)
    if unknown and (question.asks or question.focus):
        # A benchmark the lexicon knows but no entry reports ("MBPP", "SimpleQA"): the result on it is what is missing.
        bench = next(
            (
                b
                for b in question.benchmarks
                if unknown[0].lower() in {a.lower() for a in catalog.lex.benchmarks.terms[b].aliases}
            ),
            None,
        )
        if bench and "score" in question.asks:
            return False, f"score:{bench}"
        return False, f"about:{unknown[0]}"  # "GPT-5.5's FooBench score": a name the survey never uses
    absent = _absent_technique(question, entry_id, catalog)
    if absent:
        return False, f"about:{absent}"  # "Does OpenRLHF ship a GRPO trainer?": the entry never names GRPO
    for term in _acronyms(question, catalog):
        # "accuracy on USMLE": a name the entry uses but never with a number is a score it does not state.
        if term.lower() in text.lower() and not any(
            term.lower() in sent.lower() and _NUMBER.search(_bare_figures(sent.replace(term, " ")))
            for sent in _SENTENCE_SPLIT.split(text)
        ):
            return False, f"score:{term}"
    # "AndroidWorld 上人类的成功率": a human result is stated only where a sentence gives humans a number.
    if (
        "score" in question.asks
        and _HUMAN_ASKED.search(question.text)
        and not any(_HUMAN_ASKED.search(sent) and _SCORE_LIKE.search(sent) for sent in _SENTENCE_SPLIT.split(text))
    ):
        return False, "human"
    subset = _unstated_subset(question, text, catalog)
    if subset:
        return False, f"subset:{subset}"  # "How many of WebArena's 812 tasks are on GitLab?": only the total is given
    listed = _unlisted_members(question, text)
    if listed:
        return False, f"members:{listed}"  # "那 10 种业务语言具体是哪几种": the survey gives the number, not the list
    vague = _vague_members(question, text)
    if vague:
        return False, f"members:{vague}"  # "跑了哪几种 RLHF 算法": "various RLHF algorithms", none named
    model = _other_model_asked(question, entry, catalog)
    families = {catalog.lex.benchmark_family(b) for b in question.benchmarks}
    if model and not any(_scores_model(model, families, catalog.full_text(e.id), catalog) for e in catalog.entries):
        # "What did Claude 2 score on WebArena?": no sentence of the survey gives Claude 2 a number
        return False, f"model_score:{model}"
    variant = _unstated_variant(question, entry_id, catalog)
    if variant:
        return False, variant
    part = _unsized_part(question, text)
    if part:
        return False, f"part_size:{part}"  # "How big was Qwen-Chat's reward model?": only the base models are sized
    term = _unnumbered_term(question, entry_id, catalog)
    if term:
        said = re.search(rf"(?<![\w\-]){re.escape(term)}(?![\w\-])", question.text, re.IGNORECASE)
        return False, f"figure:{said.group() if said else term}"  # as the question writes it ("Atari")
    changed = _unstated_change(question, entry_id, catalog)
    if changed:
        return False, f"change:{changed}"
    for asks in question.asks:
        if asks == "score":
            for bench in question.benchmarks:
                if question.results_described and any(m.name == bench for m in _benchmarks_in(text, catalog)):
                    continue  # "How does the paper characterize its results on GAIA?": what it says of them answers
                if any(hit.entry_id == entry_id for hit in catalog.named_entries(bench)):
                    # The benchmark's own paper ("the best system on Mind2Web 2 reaches 50-70%"): its scores
                    # are the systems it evaluates, in its text, not results the facts table files under it.
                    if not _SCORE_LIKE.search(text):
                        return False, f"score:{bench}"
                    continue
                if not _reports(bench, facts, catalog, exact=_one_version_asked(question, bench, catalog)):
                    return False, f"score:{bench}"
                if not _reports_for_variant(question, entry_id, bench, catalog):
                    return False, f"score:{bench}"
                scale = _unstated_scale(question, entry_id, bench, catalog)
                if scale:
                    return False, f"{scale}:{bench}"
                qualifier = (
                    _unstated_qualifier(question, entry_id, bench, catalog)
                    or _unstated_setting(question, entry_id, bench, catalog)
                    or _unstated_budget(question, entry_id, bench, catalog)
                )
                if qualifier:
                    return False, f"score:{bench} ({qualifier})"
        elif asks == "date":
            # An entry with no date of its own may still date what the question asks about ("SAO/CompactionRL 两篇
            # 2026-07 支撑论文"): a clause giving a date and a word the question asks with, beyond the entry's name.
            if not entry.date and not _dated_as_asked(question, entry_id, text, catalog):
                return False, "date"
            if _DAY_ASKED.search(question.text) and not _DAY_GIVEN.search(text):
                return False, f"day:{entry.date}"  # "on what exact day": the survey dates entries by month
        elif asks == "org":
            if not entry.org:
                return False, "org"
        elif asks == "size" and entry_id in catalog.benchmark_entries:
            # "How big is SWE-bench?" asks how many tasks, not parameters.
            if not any(f.kind == "quantity" for f in facts):
                return False, "count:tasks"
        elif asks in STATED_BY_FACTS:
            # Only an extracted fact states these: a size, a context length, a base model, a cost with a figure
            # (the word 成本 alone, "cheaper than WebGPT", is not a cost).
            kinds = STATED_BY_FACTS[asks]
            found = [f for f in facts if f.kind in kinds and (asks != "cost" or re.search(r"\d", f.span))]
            if asks == "size":
                sized, missing = _states_size(question, entry_id, found, catalog)
                if not sized:
                    return False, missing
                continue
            if not found:
                return False, asks
        elif asks == "hyperparameter":
            if not _states_hyperparameter(question.text, text, catalog):
                return False, asks
        elif asks in ("algorithm", "training_method"):
            continue  # picks the sentence that names it; no dev question was declined for want of one
        elif asks == "expansion":
            if not _spells_out(question, text, catalog):
                return False, asks
        elif asks in catalog.lex.evidence and not has_answer_type(text, asks, catalog):
            return False, asks
    noun = counted_noun(question)
    if noun and "size" in question.asks and noun.lower() in expand(["parameter"], catalog) | {"parameter"}:
        noun = None  # "how many parameters": a size, checked against the entry's size facts above
    if noun and "score" in question.asks and question.benchmarks:
        noun = None  # "how did it score …, and with how many steps?": the count is one part; the score answers
    if noun and "speed" in question.asks:
        noun = None  # "每秒多少 token": a speed ("156 tok/s") answers, not a count of tokens
    if noun and not counts(text, noun, catalog, **_count_reading(question)):
        plural = noun.isascii() and noun.isalpha() and not noun.endswith("s") and noun.islower()
        return False, f"count:{noun}s" if plural else f"count:{noun}"  # "the number of proofs"
    if _unstated_average(question, text):
        return False, "average"  # "AppWorld 里平均一个任务调用多少次 API": only totals (457 个 API) are given
    if not says_more(entry_id, catalog) and not _ORIGIN & set(question.asks):
        # A bare line ("Title (org, date, kind) — <url>") answers who made it and when, nothing else.
        return False, "more"
    return True, ""


# "How many of WebArena's 812 tasks …", "750 个任务里有多少是 …": a part of a total the question gives.
_SUBSET_ASKED = re.compile(
    r"\bhow many of (?:the |its |their |[\w\-.]+'s )?(?P<n>\d[\d,]*)\s+(?P<en>(?:[\w\-]+\s+){0,3}?[a-z][\w\-]*)"
    r"(?=\s+(?:are|were|is|was|have|has|had|did|do|does|take|took|come|came|need|needs|require|requires|use|uses|"
    r"in|on|of|for|that|which)\b|\s*[?,]|$)"
    r"|\bof (?:the |its |their |[\w\-.]+'s )?(?P<n3>\d[\d,]*)\s+(?P<en3>(?:[\w\-]+\s+){0,3}?[a-z][\w\-]*)\s*,?\s*"
    r"how many\b(?=\s+(?:are|were|is|was|have|has|had|do|does|did|come|came|need|needs|require|requires|use|uses|"
    r"belong|fall|involve|involves|take|took)\b)"
    r"|(?<![\w.\-])(?P<n2>\d[\d,]*)\s*(?:个|道|条|项|种|篇)?\s*(?P<zh>[\u4e00-\u9fff]{1,3}?)(?:里面?|中|之中|当中)"
    r"(?:[，,]?(?P<desc>[^。？?！!，,]{1,30}?))?(?:有)?(?:多少|几)"
    # not "来自多少个 Python 仓库": another thing counted; "有多少是 …" still counts a part
    r"(?![个条项道种篇]?\s*(?![个条项道种篇是有需要属能可被会在为]|来自)[A-Za-z\u4e00-\u9fff])",
    re.IGNORECASE,
)


# How many of the tasks a model solves: a success rate, a share of the total, answers it.
_SOLVED = re.compile(r"solv|complet|resolv|\bpass|succe|完成|解决|解出|做对|答对|通过|成功", re.IGNORECASE)


# A method named as an alternative, a rival or a need ("DUPO or GRPO", "improve on GRPO", "need RLHF", "why not
# PPO"): the question does not presume the entry uses it.
_NOT_ASKED_OF_IT = re.compile(
    r"\bor\b|\bvs\.?|\bversus\b|\binstead\b|\brather than\b|\bcompar\w*|\bimprov\w*|\bbetter\b|\bneed\w*"
    r"|\brequir\w*|\bwhy\b|还是|或者|或|相比|比起|改进|优于|需要|为什么|为何",
    re.I,
)


def _absent_technique(question: Question, entry_id: str, catalog: Catalog) -> str:
    """A technique a question about one named entry asks of it ("Does OpenRLHF support GRPO?") that the entry's
    title, survey line and abstract never name, nor any technique under it: that technique; else ""."""
    if question.intent != "lookup" or question.entries != (entry_id,) or _NOT_ASKED_OF_IT.search(question.text):
        return ""
    named = {m.name for ms in catalog.concept_mentions.get(entry_id, {}).values() for m in ms}
    methods = [
        c
        for c in question.concepts
        # A named method (GRPO, PPO, SFT), not a broad practice ("fine-tuning", "test-time compute") that an entry
        # may describe in other words.
        if (term := catalog.lex.concepts.terms.get(c)) is not None
        and term.type == "technique"
        and re.fullmatch(r"[A-Z][A-Z0-9\-]+", c)
    ]
    absent = [c for c in methods if not named & catalog.lex.concept_family(c)]
    if absent and len(absent) < len(methods) and _MEASURED_AGAINST.search(question.text):
        return ""  # "R1-Zero 的 GRPO 跟 PPO 比差在哪": the method it uses, measured against one it does not name
    return absent[0] if absent else ""


# Two methods set side by side: the one an entry does not name may be what it is compared with.
_MEASURED_AGAINST = re.compile(
    r"\b(?:vs\.?|versus|compared (?:to|with)|than|instead of|rather than|relative to|over|differ\w* from|unlike)\b"
    r"|比(?![如例赛率重])|相比|对比|相对于?|而非|而不是",
    re.IGNORECASE,
)


def _unstated_subset(question: Question, text: str, catalog: Catalog) -> str:
    """The part of a total a question asks the size of, when the entry gives no count of that noun but the total
    ("812 个长程任务" and nothing else): the noun asked; "" when the rule does not apply or a part may be given
    ("retain answers of 300 of the 466 questions")."""
    if question.intent != "lookup":
        return ""
    m = _SUBSET_ASKED.search(question.text)
    if not m:
        return ""
    total = (m.group("n") or m.group("n2") or m.group("n3")).replace(",", "")
    if re.fullmatch(r"(?:19|20)\d\d", total):
        return ""  # a year ("2025 年中有多少"), no total
    english = m.group("en") or m.group("en3")
    noun = english.split()[-1] if english else m.group("zh")
    # What the part is ("…are human-validated", "…需要写代码"): if a clause giving the total says it, the total is the
    # part ("500 题人审子集", "750 个任务要求写…代码", "369 个跨应用任务": all of them).
    named = set(tokenize(" ".join(catalog.short_title(e) for e in question.entries if e in catalog.by_id)))
    what = [
        t
        for t in tokenize(f"{m.group('desc') or ''} {question.text[m.end() :]}")
        if t not in STOPWORDS
        and t not in named
        and not re.search(r"\d", t)
        and len(t) >= 2
        and t not in ("多少", "几", "有", "是", "个", "many", "how")
        and noun.lower() not in expand([t], catalog) | {t}  # the counted things themselves ("信息检索类任务")
    ]
    for clause in re.split(r"[。；;!?！？，,、：:]|\.(?!\d)", text):
        # At least half of what the part is must be said there: "across 20 real-world Android apps" is where the
        # 116 tasks run, not the ones "需要跨好几个 app 配合才能完成的".
        said = sum(
            any(f in clause.lower() for f in expand([t], catalog) | {_stem(t)} - {""} if len(f) >= 2) for t in what
        )
        if (
            re.search(rf"(?<![\d,.]){re.escape(total)}(?![\d,.]*\d)", clause.replace(",", ""))
            and 0 < len(what) <= 2 * said
        ):
            return ""
    if re.search(r"\d[\d,]*\s+of (?:them|these|those|which)\b|其中\s*\d", text, re.IGNORECASE):
        return ""  # "retaining answers to 300 of them": a part of some total is given
    if _SOLVED.search(question.text[m.start() :]) and any(
        "%" in clause and any(t.lower() in clause.lower() for t in what)
        for clause in re.split(r"[。；;!?！？，,]|\.(?!\d)", text)
    ):
        return ""  # "how many could GPT-4 complete" and "GPT-4 仅 14.41%": a share of the total given for the part
    base = [noun, noun[:-1]] if noun.isascii() and noun.endswith("s") and len(noun) > 3 else [noun]
    forms = "|".join(re.escape(f) for f in sorted(expand(base, catalog), key=len, reverse=True) if f)
    for n in re.finditer(rf"(?<![\w\-.])(\d[\d,]*)(?!\s*%|[\d,.])[^\d。；;.!?，]{{0,28}}?(?:{forms})", text, re.I):
        if n.group(1).replace(",", "") != total:
            return ""  # another count of the same things: it may be the part asked for
    return noun


# A model as a question writes it after its family's name: "Llama 3 70B", "Claude 2", "GPT-4 Turbo", "GPT-4o".
MODEL_TAIL = re.compile(
    r"[\w.\-]*(?:\s+(?:\d[\w.]*|Turbo|Pro|Flash|Lite|Mini|mini|Max|Plus|Ultra|Sonnet|Opus|Haiku|Instruct|Chat))*"
)


# Counts said in words, and their digits: "three environments", "三档推理".
def _number_forms(said: str) -> str:
    """A regex for a small count in any of its spellings ("3", "three", "三"; "2" also "两")."""
    n = 0 if said.isdigit() else count_value(said)  # digits match only as written
    if not n:
        return re.escape(said)
    english, chinese = number_words(n)
    return "(?:" + "|".join([str(n), *english, *chinese]) + ")"


# "具体是哪几种", "which ones exactly", "what are the 7 domains": the members of a counted set, named one by one.
_MEMBERS_ASKED = re.compile(
    r"(?:具体)?(?:是|有)?哪(?:几|些)(?:种|个|类|项|门|家|款|域|个领域)?(?:[？?]|$)|具体(?:是|有)?哪|分别是(?:什么|哪)"
    r"|分别(?:叫|称为|叫做)(?:什么|啥)"
    r"|\bwhich (?:ones|are they)\b|\bwhat (?:are|were) (?:they|(?:the|its|their|those|these) (?:\d+|"
    + "|".join(SMALL_NUMBERS)
    + r"))\b"
    r"|\b(?:name|list) (?:them|all|the \d+|those)\b",
    re.IGNORECASE,
)
_COUNTED_SET = re.compile(
    r"(?<![\d.A-Za-z])(\d+|"
    + "|".join(SMALL_NUMBERS)
    + r"|[两二三四五六七八九十])\s*(?:种|个|类|项|门|家|款|大|档|档位|级|阶段|条|件|层)?\s*"
    r"([\u4e00-\u9fff]{1,4}|[A-Za-z][\w\-]*(?:\s[a-z]+)?)",
    re.IGNORECASE,
)
# What names a set's members after its count: a bracket or colon, "如/包括/含", "including", "such as", "e.g.".
_MEMBERS_GIVEN = re.compile(
    r"^\s*[\u4e00-\u9fff]{0,2}\s*[（(：:]|^[^。；;.!?]{0,12}?(?:如|包括|包含|含|涵盖|including|such as|e\.g\.|namely)",
    re.IGNORECASE,
)


def _unlisted_members(question: Question, text: str) -> str:
    """A counted set the question asks to have named ("那 10 种业务语言具体是哪几种") that the entry counts but does
    not name ("10 种业务语言，首发…"): the set as the entry writes it; "" otherwise."""
    if not _MEMBERS_ASKED.search(question.text):
        return ""
    for m in _COUNTED_SET.finditer(question.text):
        number, noun = m.group(1), re.sub(r"(?:具体|分别|都|是|有|哪).*$", "", m.group(2))
        if not noun:
            continue
        # The entry's words for the set: the same count, and the noun's head ("7 域" for "7 个领域"), perhaps
        # after a few describing words ("12 popular Python repositories").
        if re.match(r"[\u4e00-\u9fff]", noun):
            # The noun's last character, else two of its characters together ("三档推理" for "三档推理强度").
            heads = [noun[-1], *(noun[i : i + 2] for i in range(len(noun) - 1))]
        else:
            heads = [noun.split()[0][:5]]
        said = None
        for head in heads:
            said = re.search(
                rf"(?<![\d.A-Za-z]){_number_forms(number)}\s*(?:种|个|类|项|门|家|款|大|档|档位|级|阶段|条|件|层)?\s*"
                rf"(?:[\u4e00-\u9fff]{{0,3}}?|(?:[A-Za-z][\w\-]*\s+){{0,3}}?){re.escape(head)}[A-Za-z\-]*",
                text,
                re.I,
            )
            if said:
                break
        if said is None:
            continue
        before = text[max(0, said.start() - 6) : said.start()]
        # Named before the count ("Actor+Evaluator+Self-Reflection 三角色", "规划→…→响应生成四阶段"): as many
        # items, joined by + / 、 →, run up to it in its clause.
        clause = re.split(r"[：:，,；;。（(]", text[max(0, said.start() - 80) : said.start()])[-1]
        joined = len(re.findall(r"\s*(?:\+|/|、|→|->|\band\b|和|与)\s*", clause))
        count = count_value(number)
        # Not when the count is itself an item of a list ("11B 激活、400 tok/s、256k、三档推理").
        if count and joined >= count - 1 and not re.search(r"(?:\+|/|、|→|->)\s*$", clause):
            continue
        if not (_MEMBERS_GIVEN.search(text[said.end() : said.end() + 40]) or re.search(r"等\s*$", before)):
            return said.group()
    return ""


# "Which RLHF algorithms did it run?", "具体用了哪几种方法": members of a kind, asked by name.
_KIND_MEMBERS_ASKED = re.compile(
    r"\bwhich\s+(?:(?:specific|exact|particular|other|(?-i:[A-Z])[\w\-]*)\s+){0,2}(?P<en>algorithms|methods|datasets|baselines"
    r"|tools|environments|languages|apps|domains|techniques|tasks)\b"
    r"|(?:哪几种|哪些|哪几个|哪几类)\s*(?:[A-Za-z][\w\-]*\s*)?(?P<zh>算法|方法|数据集|基线|工具|环境|语言|应用|领域|技术|任务)",
    re.I,
)
_ZH_KIND = {
    "算法": "algorithm",
    "方法": "method",
    "数据集": "dataset",
    "基线": "baseline",
    "工具": "tool",
    "环境": "environment",
    "语言": "language",
    "应用": "app",
    "领域": "domain",
    "技术": "technique",
    "任务": "task",
}
# "various RLHF algorithms", "多种工具": the kind said, its members not.
# Names listed anywhere in an entry: "such as PPO", "e.g., PPO, GRPO", "如 PPO、GRPO", "PPO/GRPO", "DAPO 等".
_LISTS_MEMBERS = re.compile(
    r"\b(?:such as|including|includes|like)\b|\be\.g\.|[(（]\s*(?:如|例如|包括)|(?:如|例如|包括|含)\s*[A-Za-z]"
    r"|[A-Za-z][\w\-.]*\s*(?:、|/|,)\s*[A-Z]|[A-Za-z][\w\-.]*\s*等",
    re.I,
)
_VAGUE = (
    r"(?:various|several|multiple|numerous|diverse|different|a range of|a variety of|many"
    r"|多种|多个|若干|各种|各类|多类)"
)


def _vague_members(question: Question, text: str) -> str:
    """Members of a kind a lookup asks to have named ("Which datasets did it train on?") where the entry says there
    are several ("trained on various QA datasets") and lists no names anywhere ("such as PPO", "如 PPO、GRPO",
    "PPO/GRPO", "DAPO 等": those may be the members asked for): that phrase; "" otherwise, and when no sentence
    names the kind (other rules decide)."""
    if question.intent != "lookup":
        return ""
    m = _KIND_MEMBERS_ASKED.search(question.text)
    if not m:
        return ""
    noun = (m.group("en") or _ZH_KIND[m.group("zh")]).lower().rstrip("s")
    zh = next((k for k, v in _ZH_KIND.items() if v == noun), "")
    forms = rf"(?:{noun}s?{'|' + zh if zh else ''})"
    sentences = [s for s in _SENTENCE_SPLIT.split(text) if re.search(forms, s, re.I)]
    vague = next(
        (v for s in sentences if (v := re.search(rf"{_VAGUE}\s*(?:[\w\-]+\s+){{0,2}}?{forms}", s, re.I))), None
    )
    if vague is None or _LISTS_MEMBERS.search(text):  # members named anywhere may be the ones asked for
        return ""
    return vague.group()


def _other_model_asked(question: Question, entry: Entry, catalog: Catalog) -> str:
    """The one model a lookup asks a result for when it is not the entry's own ("What did Claude 2 score on
    WebArena?" of the WebArena entry), as written; "" otherwise."""
    if question.intent != "lookup" or "score" not in question.asks or not question.benchmarks:
        return ""
    families = {t.name for t in catalog.lex.model_families}
    found = [m for m in catalog.lex.concepts.find(question.text) if m.name in families]
    if len(found) != 1:
        return ""
    m = found[0]
    if re.search(r"[\w\-]$", question.text[: m.start]):
        return ""  # the family inside a longer name ("R1-Zero-Qwen-32B"): no model of it as such
    tail = MODEL_TAIL.match(question.text, m.end)
    model = (m.text + (tail.group() if tail else "")).strip()
    end = m.start + len(model)
    own = any(
        hit.entry_id == entry.id and hit.start < end and m.start < hit.end
        for hit in catalog.named_entries(question.text)
    )
    if own or not re.search(r"\d", model) or squash(model) in squash(entry.title):
        return ""  # a family alone ("GPT models") names no one model; the entry's own model is its own
    return model


def _scores_model(model: str, families: set[str], text: str, catalog: Catalog) -> bool:
    """Does a sentence of ``text`` name one of the benchmark ``families`` and give the model a number on it
    ("WebArena-Lite 上 … GLM-4-9B 6.1%→43%", "超 R1-Zero-Qwen-32B 47")?"""
    name = squash(model)
    for sent in _SENTENCE_SPLIT.split(text):
        if name not in squash(sent):
            continue
        named = {catalog.lex.benchmark_family(b.name) for b in _benchmarks_in(sent, catalog)}
        if families and not named & families:
            continue
        if _SCORE_LIKE.search(sent) or re.search(rf"{re.escape(model)}\W{{0,6}}\d", sent, re.I):
            return True
    return False


def squash(text: str) -> str:
    return re.sub(r"[\s\-_]", "", text.lower())


def _states_size(question: Question, entry_id: str, found: Sequence[Fact], catalog: Catalog) -> tuple[bool, str]:
    """A size asked as active ("per token", 激活) or total (总参, in total) is stated only by that measure:
    Seed1.5-VL's "20B active" gives no total. A tier the entry's title does not name ("GLM-4.5-Air") is
    sized only where the tier is named right before a size ("Air 106B", "GLM-4.5-Air (106B parameters)")."""
    active = bool(_ACTIVE_ASKED.search(question.text))
    measure = "active" if active else "total" if _TOTAL_ASKED.search(question.text) else ""
    if measure:
        found = [f for f in found if f.name == measure or (measure == "total" and f.name == "params")]
    tier = _tier_asked(question, entry_id, catalog)
    if found and tier:
        word = re.escape(tier.lstrip("- "))
        size = r"\d+(?:\.\d+)?\s*[BMT]\b" + (r"[^。；;.!?\d]{0,12}?(?:激活|active|activated)" if active else "")
        sized = re.compile(rf"(?<![\w-]){word}(?![\w-])[^。；;.!?\d]{{0,24}}?{size}", re.IGNORECASE)
        if not any(sized.search(t) for t in catalog.texts(entry_id).values()):
            found = []
    names, asked = _asked_variant(question, entry_id, catalog)
    if found and asked and not tier:
        # "gpt-oss-20b's active parameters" when the entry sizes only gpt-oss-120b ("120b 116.8B 总/5.13B 激活")
        texts = catalog.texts(entry_id)
        found = [f for f in found if _sized_model(f, texts.get(f.source, ""), names) in (asked, "")]
        tier = "" if found else asked
    if found:
        return True, ""
    return False, f"{measure or 'size'}_of:{tier.lstrip('- ')}" if tier else (measure or "size")


def _sized_model(fact: Fact, text: str, names: Sequence[str]) -> str:
    """Which of an entry's models a size fact belongs to: the last one named in the 30 characters before its
    value ("" when none is)."""
    at = text.find(fact.span)
    if at < 0:
        return ""
    value = re.search(r"\d+(?:\.\d+)?\s*[BMT]\b", fact.span)
    glued = re.match(r"([A-Za-z][\w.\-]*)-$", fact.span[: value.start()]) if value else None
    if glued:
        return glued.group(1)  # "ChatGLM-6B" sizes ChatGLM, whatever is named before it
    before = text[max(0, at - 30) : at + (value.start() if value else 0)]
    named = [
        (m.start(), n)
        for n in names
        for f in _forms(n)
        for m in re.finditer(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", before, re.IGNORECASE)
    ]
    return max(named)[1] if named else ""


_ACTIVE_ASKED = re.compile(r"\bactive\b|\bactivat(?:e|es|ed|ing)\b|激活", re.IGNORECASE)
_TOTAL_ASKED = re.compile(r"\btotal\b|\bin all\b|总参|总参数|一共|总共|总量", re.IGNORECASE)


def _tier_asked(question: Question, entry_id: str, catalog: Catalog) -> str:
    """A tier of the entry's model that its title does not name, as the question writes it ("-Air")."""
    return _tier_named(question, entry_id, catalog)[0]


def _tier_named(question: Question, entry_id: str, catalog: Catalog) -> tuple[str, str]:
    """The tier asked (see :func:`_tier_asked`) and the model's name as the question writes it with the tier
    ("GLM-4.5-Air", "Grok 3 mini"); empty strings when none is asked."""
    short = _ANNOUNCING.sub("", catalog.short_title(entry_id))  # "Introducing GPT-5.5" is GPT-5.5
    # ... or by another of its names with a version ("Grok 3" for "Grok 3 Beta": "Grok 3 mini")
    entry = catalog.by_id[entry_id]
    tier = re.search(rf"(?<![\w-]){re.escape(short)}({_TIER})(?![\w-])", question.text)
    if tier and tier.group().lower() not in entry.title.lower():
        return tier.group(1), tier.group()
    # ... or after another of its versioned names ("Grok 3 mini", "grok 3 mini在…" for "Grok 3 Beta"), when the
    # entry does not write the tier in any form ("Grok 3 (Think)" is Grok 3 Thinking).
    others = [n for n in catalog.names_of(entry_id) if re.search(r"\d", n)]
    for name in sorted(others, key=len, reverse=True):
        tier = re.search(rf"(?<![\w-]){re.escape(name)}({_TIER})(?![A-Za-z0-9_\-])", question.text, re.IGNORECASE)
        if tier and tier.group().lower() not in entry.title.lower():
            stem = tier.group(1).strip(" -")[:4].lower()
            if stem not in catalog.full_text(entry_id).lower():
                return tier.group(1), tier.group()
    return "", ""


# Which hyperparameter a question asks for, and how a text names it: stated only with a value after the name.
_HYPERPARAMETERS = {
    "learning rate": r"learning[- ]rate|学习率|\blr\b",
    "batch size": r"batch[- ]size|批大小|批量大小|\bbatch\b",
    "temperature": r"\btemp(?:erature)?\b|温度",
    "kl": r"\bKL\b|β",
    "clip": r"\bclip|裁剪",
    "warmup": r"warm-?up|预热",
    "weight decay": r"weight decay|权重衰减",
    "discount": r"discount|折扣",
    "entropy": r"entropy|熵",
}


def _states_hyperparameter(question: str, text: str, catalog: Catalog) -> bool:
    """Does the text give the value of the hyperparameter asked ("temp=1" is no learning rate)?"""
    asked = [p for p in _HYPERPARAMETERS.values() if re.search(p, question, re.IGNORECASE)]
    if not asked:
        return has_answer_type(text, "hyperparameter", catalog)
    # The value follows in the same item: "KL/temp=1" gives temp's value, not KL's.
    return any(re.search(rf"(?:{p})[^。；;.\n/、,，]{{0,12}}?\d", text, re.IGNORECASE) for p in asked)


# What an entry's title line (``Title (org, date, kind)``) answers by itself.
_DATE_WRITTEN = re.compile(
    r"\b(?:19|20)\d\d-(?:0[1-9]|1[0-2])\b|(?:19|20)\d\d\s*年\s*\d{1,2}\s*月"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(?:19|20)\d\d\b",
    re.IGNORECASE,
)


def _dated_as_asked(question: Question, entry_id: str, text: str, catalog: Catalog) -> bool:
    name = set(tokenize(catalog.short_title(entry_id)))
    words = [w for w in question.focus if w not in name and len(w) > 1]
    return any(
        _DATE_WRITTEN.search(clause) and focus_hits(clause, words, catalog)
        for clause in re.split(r"[；;。!?！？]|\.\s", text)
    )


_ORIGIN = {"org", "date", "name"}
# A short name in a question: two capitals or more ("KPop", "StarPO", "GAIA"), bounded by anything but Latin
# letters, digits and hyphens (so "请问GAIA代表什么" still names GAIA).
_SHORT_NAME = re.compile(
    r"(?<![A-Za-z0-9-])(?=[A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*[A-Z])[A-Za-z][A-Za-z0-9-]{1,15}(?![A-Za-z0-9-])"
)


def initials(phrase: str) -> str:
    """The capitals that start the phrase's words and word parts, and every letter of a word in capitals:
    "State-Thinking-Actions-Reward Policy Optimization" → STARPO, "General AI Assistants" → GAIA."""
    out = []
    for word in re.findall(r"[A-Za-z]+", phrase):
        # "sAmpling": a capital inside a word marks the letter the name takes ("Dynamic sAmpling" → DA)
        out.append(word if word.isupper() else word[0] if word[0].isupper() else re.sub(r"[^A-Z]", "", word))
    return "".join(out)


_TEX_MARKUP = re.compile(r"\\text(?:bf|it|rm|sc|tt)\{([^{}]*)\}")


def _spells_out(question: Question, text: str, catalog: Catalog) -> bool:
    """Does the text spell out a short name the question asks about: a phrase in brackets after it ("StarPO
    (State-Thinking-Actions-Reward Policy Optimization)", or a Chinese gloss there: "HisPO（分层重要性…）"), a phrase
    right after it ("GAIA, a benchmark for General AI Assistants") or one it follows in brackets ("Hierarchical …
    Optimization (HisPO)"), whose initials hold the name's capitals in order? With no short name the text uses,
    the answer type's evidence decides."""
    text = _TEX_MARKUP.sub(r"\1", text).replace("$", "")  # "$\textbf{D}$ecoupled …" is "Decoupled …"
    names = [n for n in _SHORT_NAME.findall(question.text) if n in text]

    def spelled(name: str) -> bool:
        capitals = [c for c in name if c.isupper()]
        at = re.escape(name)
        bracketed = re.findall(rf"(?<![A-Za-z0-9-]){at}\s*[(（]([^)）]{{4,120}})[)）]", text)
        if any(re.search(r"[\u4e00-\u9fff]{4,}", phrase) for phrase in bracketed):
            return True
        phrases = bracketed + re.findall(rf"(?<![A-Za-z0-9-]){at}\s*[:：,，]\s*([^.。;；(（—]{{4,120}})", text)
        phrases += re.findall(
            # words joined by spaces or hyphens ("State-Thinking-Actions-Reward"); a hyphen only between words
            rf"((?:(?:[A-Z]\w*|[a-z]+[A-Z]\w*|and|of|for|with|via|to|in)[\s-]+){{1,10}}[A-Z]\w*)\s*[(（]\s*{at}(?:\s+[A-Z]\w*)?\s*[)）]",
            text,
        )
        for phrase in phrases:
            letters = iter(initials(phrase))
            if all(c in letters for c in capitals):  # the name's capitals, in order, among the initials
                return True
        return False

    if any(spelled(n) for n in names):
        return True
    if names and not _NAME_UNSAID.search(question.text):
        return False
    if not names and has_answer_type(text, "expansion", catalog):
        return True
    # "What does that algorithm's acronym stand for?": a short name the text spells out answers it.
    said = re.findall(r"(?<![A-Za-z0-9-])[A-Z][A-Za-z]*[A-Z][A-Za-z]*(?![A-Za-z0-9-])", text)
    return any(spelled(n) for n in dict.fromkeys(said))


# "its acronym", "that algorithm's acronym", "这个缩写": the short name asked about is not written in the question.
_NAME_UNSAID = re.compile(
    r"\b(?:its|that|the|this|their)\s+(?:[\w-]+(?:'s)?\s+)?(?:acronym|abbreviation|initialism)\b(?!\s+(?-i:[A-Z]))"
    r"|(?:它的|该|这个|那个)(?:名字的)?(?:缩写|简称)",
    re.IGNORECASE,
)


_DAY_ASKED = re.compile(
    r"\b(?:exact|precise|specific) (?:(?:release|launch|publication) )?(?:day|date)\b"
    r"|\bwhich day\b(?!-)|\bwhat day\b(?!-)|\bday of the month\b"
    r"|哪一天|几号|几月几[日号]|具体日期|具体哪天",
    re.IGNORECASE,
)
_DAY_GIVEN = re.compile(
    r"\b\d{4}-\d{2}-\d{2}\b|\d{1,2}\s*月\s*\d{1,2}\s*[日号]"
    r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b",
    re.IGNORECASE,
)


def says_more(entry_id: str, catalog: Catalog) -> bool:
    """Does the survey say anything about the entry beyond its title line (a summary, an abstract)?"""
    entry = catalog.by_id[entry_id]
    return bool(entry.summary.strip() or (entry.abstract or "").strip())


def title_line(entry_id: str, catalog: Catalog) -> Sentence:
    """The entry's title line as a citable sentence (verbatim in its survey line): what the survey states
    about an entry when it states nothing else."""
    header = next((s for s in catalog.sentences.get(entry_id, []) if s.pos < 0), None)
    return header or Sentence(entry_id, "summary", -1, catalog.by_id[entry_id].header(), -1)


# "有具体数字吗", "the exact number": a rough count ("数百 VM", "hundreds of GPUs") does not answer it.
_EXACT_ASKED = re.compile(
    r"具体数|具体多少|确切|精确|准确数|\b(?:exact|precise|specific)\s+(?:number|count|figure)|\bexactly how many\b",
    re.IGNORECASE,
)
# The survey's rough counts ("数百 VM", "hundreds of GPUs"), and counts relative to another ("约半训练步数", "half the
# steps", which answer only a question asked relatively): alternatives of the count pattern, and read back from a match.
_ROUGH_NUMBER = r"\b(?:dozens|hundreds|thousands) of\b|(?<!第)[数几上][十百千万]+"
_RELATIVE_NUMBER = r"(?:约|近|仅|只用?)半|\b(?:half|twice) as many\b|\bhalf the\b"
_ROUGH_COUNT = re.compile(_ROUGH_NUMBER, re.IGNORECASE)
_RELATIVE_COUNT = re.compile(_RELATIVE_NUMBER, re.IGNORECASE)
_RELATIVE_ASKED = re.compile(
    r"\b(?:relative(?:ly)?|compared|fewer|more than|less than)\b|相比|相对|几分之|几倍"
    r"|(?<![对相])比(?![较赛])[^，。？?]{0,24}(?:少|多)(?!少)",
    re.IGNORECASE,
)


def _count_reading(question: Question | None) -> dict[str, bool]:
    """Which counts answer the question: rough ones unless it asks for the exact number; relative ones only when it
    asks relatively ("how many steps, relative to R1-Zero?")."""
    if question is None:
        return {}
    exact = bool(_EXACT_ASKED.search(question.text))
    return {"rough": not exact, "relative": not exact and bool(_RELATIVE_ASKED.search(question.text))}


def counts(text: str, noun: str, catalog: Catalog, *, rough: bool = True, relative: bool = False) -> bool:
    """Does the text give a number of ``noun`` ("14 个环境", "300 子agent", "10,000 environments")? With ``rough``,
    the survey's rough counts count too ("数百 VM", "hundreds of GPUs"); with ``relative``, a count relative to
    another ("约半训练步数")."""
    if noun in _STEP_NOUNS and any(_worded_chain(m.group()) for m in _CHAIN.finditer(text)):
        return True  # "分几步？" answered by the steps themselves: "数据构造→轨迹采样→SFT 冷启动→RL"
    cache = catalog.__dict__.setdefault("_count_patterns", {})
    if noun not in cache:
        cache[noun] = _count_pattern(noun, catalog)
    pattern, forms = cache[noun]

    # The number counts the first thing after it: "four models on the same GPUs" gives no number of GPUs.
    # Every start is tried: a number inside a rejected stretch ("four models on two GPUs") may be the count.
    # A Chinese noun inside a longer one counts that one: "369 个跨应用任务" counts tasks, not apps ("50 节点集群",
    # the noun right after the number, still counts nodes).
    def modifies(m: re.Match[str]) -> bool:
        if not re.sub(r"[\s个种项类款家道步轮名位条张台]", "", m.group("gap")):
            return False
        return any(text.startswith(h, m.end(1)) for h in catalog.lex.countable if not h.isascii() and h not in forms)

    return any(
        not _COUNTS_ANOTHER.search(m.group("gap"))
        and not modifies(m)
        and (rough or not _ROUGH_COUNT.match(m.group(1)))
        and (relative or not _RELATIVE_COUNT.match(m.group(1)))
        for m in pattern.finditer(text)
    )


def _count_pattern(noun: str, catalog: Catalog) -> tuple[re.Pattern[str], frozenset[str]]:
    """A number of ``noun`` (at each start, overlapping; see :func:`counts`), and the noun's forms."""
    base = [noun, noun[:-1]] if noun.isascii() and noun.endswith("s") and len(noun) > 3 else [noun]
    forms = sorted(expand(base, catalog), key=len, reverse=True)
    alternatives = "|".join(re.escape(f) for f in forms if f)
    # The number, then the noun within a short stretch with no other number or sentence end between.
    # Digits, or an exact count in words ("five models", "两个模型"); "hundreds of" is not a count.
    number = (
        r"(?:(?<![\w\-.])\d[\d,.]*(?:\s*(?:[万千亿KkMB]|million|billion|thousand)\+?)?(?!\s*[%)）]|[\d,.])"
        r"|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\b(?!-)"  # not "two-stage"
        r"|(?<![第数几上])[两二三四五六七八九十百千万]+\s*(?=[个种项类款家道步轮名位条])"  # not 第二个, 数百个
        r"|\b(?:a handful of|only a few|just a few)\b|(?:仅|只)?(?:需)?少量"  # "a handful of demonstrations"
        rf"|{_ROUGH_NUMBER}|{_RELATIVE_NUMBER})"
    )
    # Within its clause: not "47，约半训练步数".
    pattern = rf"{number}(?P<gap>[^\d。；;.!?，]{{0,28}}?)(?:{alternatives})"
    return re.compile(rf"(?=({pattern}))", re.IGNORECASE), frozenset(forms)


# A preposition as a word of its own: "in-context examples" has none.
_COUNTS_ANOTHER = re.compile(
    r"(?<![\w-])(?:on|in|at|across|per|for|with|from|of|over|under|by|into|between|against)(?![\w-])"
)

# Steps and stages are counted by listing them: a chain of three or more joined by arrows.
_STEP_NOUNS = {"step", "steps", "步", "stage", "stages", "阶段"}


def _worded_chain(chain: str) -> bool:
    """Steps are words, not a score's change ("33.4%→49.0%")."""
    steps = re.split(r"\s*(?:→|⇒|->)\s*", chain)
    return all(re.search(r"[A-Za-z\u4e00-\u9fff]{2}", step) and not re.search(r"\d%", step) for step in steps)


_CHAIN = re.compile(r"[^→⇒>。；;\n]{1,40}(?:\s*(?:→|⇒|->)\s*[^→⇒>。；;\n]{1,40}){2,}")


def variants(title: str, lex: Lexicon) -> list[str]:
    """The models an entry covers when its title lists several: "Claude 4 (Opus 4 & Sonnet 4)",
    "OpenAI o3 and o4-mini", "gpt-oss-120b & gpt-oss-20b"."""
    inner = re.findall(r"[（(]([^（）()]+)[）)]", title)
    for part in [*inner, title]:
        names = [_bare_name(n, lex) for n in re.split(r"\s*(?:&|/|,|\band\b)\s*", part) if n.strip()]
        if len(names) >= 2 and all(len(n) <= 24 for n in names[1:]):
            return names
    return []


def _bare_name(name: str, lex: Lexicon) -> str:
    """A model name without the words around it in a title: "Introducing OpenAI o3" → "o3",
    "gpt-oss-20b Model Card" → "gpt-oss-20b"."""
    makers = lex.org_aliases
    words = name.split()
    while len(words) > 1 and (words[0].lower() in makers or words[0].lower() == "introducing"):
        words = words[1:]
    while len(words) > 1 and words[-1].lower() in ("model", "card", "system", "report", "technical"):
        words = words[:-1]
    return " ".join(words).strip()


_SET_ASIDE_BEFORE = (
    r"(?:\bnot(?: the)?|\brather than(?: the)?|\binstead of(?: the)?|\bbesides|不是|而不是|而非|非|除了)"
)


def _forms(name: str) -> list[str]:
    """How a text may write one of an entry's models: whole, or by its last part ("gpt-oss-120b" as "120b")."""
    last = name.rsplit("-", 1)[-1]
    return [name, last] if last != name and len(last) >= 2 and re.search(r"\d", last) else [name]


def _names(text: str, name: str) -> bool:
    return any(re.search(rf"(?<![\w.-]){re.escape(f)}(?![\w-])", text, re.IGNORECASE) for f in _forms(name))


def _asked_variant(question: Question, entry_id: str, catalog: Catalog) -> tuple[list[str], str]:
    """The models an entry's title lists, and the one of them the question asks about ("" unless exactly one):
    "o3 本体（不是 o4-mini）", "gpt-oss-20b, not 120b" — a model set aside is not the one asked."""
    names = variants(catalog.by_id[entry_id].title, catalog.lex)
    text = question.text
    checked = re.match(r"\s*(?:was|is|were|did|does)\b", text, re.I) or re.search(r"吗\s*[？?]?\s*$|是不是", text)
    if checked and not re.search(r"[?？]\s*(?:and\s+)?(?:what|how much|how many)\b", text, re.IGNORECASE):
        # ("Did Anthropic give a number for Sonnet 4? What was it?" asks for the value all the same.)
        return names, ""  # "Was the 99.5% from o3, not o4-mini?": a check of whose result it is, answered by the text
    set_aside = [
        n
        for n in names
        if any(re.search(rf"{_SET_ASIDE_BEFORE}\s*{re.escape(f)}(?![\w-])", text, re.IGNORECASE) for f in _forms(n))
    ]
    asked = [n for n in names if n not in set_aside and _names(text, n)]
    return names, (asked[0] if len(asked) == 1 and len(names) >= 2 else "")


def _reports_for_variant(question: Question, entry_id: str, benchmark: str, catalog: Catalog) -> bool:
    """When the question names one of the entry's models ("Sonnet 4") and every result on the benchmark is
    given for another one ("Opus 4 SWE-bench Verified 72.5%"), the entry does not state it for the one asked."""
    names, asked = _asked_variant(question, entry_id, catalog)
    if not asked:
        return True
    others = [n for n in names if n != asked]
    for _, text, at in _family_results(entry_id, benchmark, catalog):
        # Back to the clause's start: "Opus 4 SWE-bench Verified 72.5%、Terminal-bench 43.2%" gives both to Opus 4.
        opens = _CLAUSE_OPEN.finditer(text, max(0, at - 80), max(at, 0))
        start = max((m.end() for m in opens), default=max(0, at - 80))
        before = text[start:at] if at >= 0 else ""
        named_before = [n for n in names if n.lower() in before.lower()]
        if not named_before or named_before[-1] not in others:
            return True  # a result given for the model asked, or for no model in particular
    return False


_CLAUSE_OPEN = re.compile(r"[，,；;。：:！？!?]\s*|\.\s+")


def _family_results(entry_id: str, benchmark: str, catalog: Catalog) -> Iterator[tuple[Fact, str, int]]:
    """The entry's results on any version of the benchmark, each with its source text and where its span is in
    it (-1 when not found)."""
    family = catalog.lex.benchmark_family(benchmark)
    texts = catalog.texts(entry_id)
    for f in catalog.facts_by_entry.get(entry_id, []):
        if f.kind == "benchmark" and catalog.lex.benchmark_family(f.name) == family:
            text = texts.get(f.source, "")
            yield f, text, text.find(f.span)


# A tier of a model its entry's title does not name ("GLM-4.5-Air" beside "GLM-4.5"), and a step budget.
# Written as in names: capitalised ("GLM-4.5-Air", "Kimi K2 Max"), or "mini" ("o4-mini", "Grok 3 mini"); "the
# Kimi K2 max score" is no tier.
_ANNOUNCING = re.compile(r"^(?:Introducing|Announcing|Meet|Releasing)\s+", re.IGNORECASE)
_TIER = r"(?:[-\s](?:Air|Flash|Lite|Turbo|Nano|Pro|Max|Plus|Ultra|Super|Heavy|Thinking|Mini)|[-\s]mini)"
_STEPS_ASKED = re.compile(r"(?<![\w.])(\d+)\s*-?\s*(?:steps?\b|步)", re.IGNORECASE)
_SENTENCE_END = re.compile(r"[。；;!?！？]|\.(?=\s)")
# A setting a result is asked for in ("at medium reasoning effort", "开 medium 推理强度", "with parallel
# test-time compute"): the sentence that gives the result must say it too.
_EFFORT_ASKED = re.compile(
    r"\b(low|medium|high)(?![\w-])\s*(?:reasoning\s*)?(?:effort|推理强度|推理档|档|mode|setting)"
    r"|(?:reasoning effort|effort|推理强度)\s*(?:set to|at|=|为|开到?|调到)?\s*\b(low|medium|high)(?![\w-])"
    r"|(?:开|用)\s*(low|medium|high)(?![\w-])",
    re.IGNORECASE,
)
# The scale a result is asked on: an Elo-like rating ("Codeforces rating", "Elo", "等级分") or a percentile
# ("percentile", "百分位"). An entry that gives the result only on the other scale does not state it.
_RATING_ASKED = re.compile(r"\belo\b|\brating\b|等级分|rating\s*分", re.IGNORECASE)
_PERCENTILE_ASKED = re.compile(r"\bpercentiles?\b|百分位|分位数", re.IGNORECASE)
_PARALLEL_ASKED = re.compile(
    r"\bparallel (?:test[- ]time )?(?:compute|sampling|thinking)|并行(?:测试时)?(?:计算|采样|思考)", re.IGNORECASE
)


# Results asked with or without tools ("with a code interpreter", "不算能用 Python 的成绩"): a result is with tools
# when its setting says so ("允许 Python") or its entry's method is tool-integrated reasoning (ToRL, ReTool).
_TOOL = r"(?:tools?|tool use|python|code interpreter|interpreter)"
_NO_TOOLS = re.compile(
    rf"\bwithout (?:using |any |a |the )*{_TOOL}\b|\bno[- ]tools?\b|\btools? (?:disabled|off|turned off|not allowed)\b"
    rf"|\b(?:not allowed|unable) to use (?:a |the )?{_TOOL}\b"
    # "leaving out results that used a Python tool": the set-aside word governs the tool word itself
    rf"|\b(?:leaving out|leave out|excluding|exclude|not counting|ignoring)\s+(?:the |any |all )?"
    rf"(?:results?\s+(?:that\s+)?(?:used?|using|with)\s+(?:a |the )?)?(?:python |code )?{_TOOL}\b"
    r"|(?:不|无法|没有?)(?:可以|能|允许|使用|用|调用|带|算|开|准)*\s*(?:代码解释器|Python|python|工具|解释器)"
    r"|无工具|纯文本推理",
    re.IGNORECASE,
)
_WITH_TOOLS = re.compile(
    rf"\bwith (?:a |the )?{_TOOL}\b|\btool[- ](?:augmented|integrated)\b"
    r"|(?:能|可以|允许)\s*(?:调用|用|使用)?\s*(?:代码解释器|Python|工具)|允许 ?Python|带工具",
    re.IGNORECASE,
)
_BOTH_SETTINGS = re.compile(
    r"\bwith and without\b|\bwith or without\b|用不用|用没用|带不带|带没带|有无工具|是否(?:使用|用|调用)工具"
    r"|\b(?:tools? or not|whether or not (?:it |they )?used? tools?)\b",
    re.IGNORECASE,
)


def tools_asked(q: Question) -> bool | None:
    """True for results asked with tools, False for results asked without, None when the question does not say
    or asks both ("with and without tools")."""
    if _BOTH_SETTINGS.search(q.text):
        return None
    if _NO_TOOLS.search(q.text):
        return False
    return True if _WITH_TOOLS.search(q.text) else None


def tools_label(lang: str, tools: bool) -> str:
    """How an answer names the setting asked for: "with tools" / "不用工具时"."""
    if lang == "zh":
        return "用工具时" if tools else "不用工具时"
    return "with tools" if tools else "without tools"


def with_tools(f: Fact, catalog: Catalog) -> bool:
    """A result with tools: its setting says so ("允许 Python"), or its entry's method is tool-integrated
    reasoning (ToRL, ReTool)."""
    return bool(catalog.lex.settings["tools"].search(f.setting)) or bool(
        catalog.concept_sources(f.entry_id, "tool-integrated reasoning")
    )


def tools_matter(benchmark: str, catalog: Catalog) -> bool:
    """Does the survey give some result on the benchmark's family explicitly with tools (o4-mini's AIME 2025 with
    Python)? Only then is an unlabelled result on it one without tools; an agent benchmark's unlabelled results
    (BrowseComp, HLE from agents) say nothing either way."""
    family = catalog.lex.benchmark_family(benchmark)
    return any(
        f.kind == "benchmark"
        and catalog.lex.benchmark_family(f.name) == family
        and catalog.lex.settings["tools"].search(f.setting)
        for f in catalog.facts
    )


def _unstated_qualifier(question: Question, entry_id: str, benchmark: str, catalog: Catalog) -> str:
    """When the question qualifies the result — a tier of the model the entry's title does not name
    ("GLM-4.5-Air's score" of the GLM-4.5 entry), a step budget ("with a 100-step budget"), a reasoning effort
    ("at medium effort") or parallel test-time compute — some result
    on the benchmark must be given in a sentence that says the same. Returns the qualifier when none is
    (the entry does not state the result asked for), else ""."""
    tools = tools_asked(question)
    if tools is not None and tools_matter(benchmark, catalog):
        results = [f for f, _, _ in _family_results(entry_id, benchmark, catalog)]
        if results and not any(with_tools(f, catalog) == tools for f in results):
            return tools_label(question.lang, tools)
    needs: list[re.Pattern[str]] = []
    said: list[str] = []
    tier, tiered = _tier_named(question, entry_id, catalog)
    if tier:
        needs.append(re.compile(rf"(?<![\w-]){re.escape(tier.lstrip('- '))}(?![\w-])", re.IGNORECASE))
        said.append(tiered)
    steps = _STEPS_ASKED.search(question.text)
    # Only an entry that gives results by step budget is held to one.
    if steps and any(_STEPS_ASKED.search(t) for t in catalog.texts(entry_id).values()):
        needs.append(re.compile(rf"(?<![\d.]){steps.group(1)}\s*-?\s*(?:steps?\b|步)", re.IGNORECASE))
        said.append(steps.group())
    effort = _EFFORT_ASKED.search(question.text)
    if effort:
        level = next(g for g in effort.groups() if g)
        needs.append(re.compile(rf"\b{level}\b", re.IGNORECASE))
        said.append(f"{level} effort" if question.lang == "en" else f"{level} 推理强度")
    parallel = _PARALLEL_ASKED.search(question.text)
    if parallel:
        needs.append(re.compile(r"parallel|并行", re.IGNORECASE))
        said.append(parallel.group())
    if not needs:
        return ""
    for f, text, found in _family_results(entry_id, benchmark, catalog):
        at = max(found, 0)
        start = max((m.end() for m in _SENTENCE_END.finditer(text, 0, at)), default=0)
        end = next((m.start() for m in _SENTENCE_END.finditer(text, at + len(f.span))), len(text))
        sentence = text[start:end]
        for m in sorted(_benchmarks_in(sentence, catalog), key=lambda m: -m.start):
            sentence = sentence[: m.start] + " " + sentence[m.end :]  # "SWE-Bench Pro" holds no tier "Pro"
        if all(p.search(sentence) for p in needs):
            return ""
    return ", ".join(said)


# A setting a question names as a token of its own: a model size ("1.5B"), or a hyphenated or letter-digit
# term ("short-CoT", "long2short", "text-only").
_SIZE_TOKEN = re.compile(r"\d+(?:\.\d+)?b")
_SETTING_TOKEN = re.compile(r"\d+(?:\.\d+)?[bmk]|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z]+\d+[a-z]+")


def _entries_using(term: str, catalog: Catalog) -> int:
    """How many entries' texts use ``term`` as a word (cached per catalog)."""
    cache = catalog.__dict__.setdefault("_entries_using", {})
    if term not in cache:
        pattern = re.compile(rf"(?<![\w.]){re.escape(term)}(?![\w])", re.IGNORECASE)
        cache[term] = sum(1 for e in catalog.entries if pattern.search(catalog.full_text(e.id)))
    return int(cache[term])


def _result_sentences(entry_id: str, benchmark: str, catalog: Catalog) -> list[str]:
    """The sentences (lower case) that give the entry's results on any version of the benchmark."""
    sentences = []
    for f, source, at in _family_results(entry_id, benchmark, catalog):
        at = max(at, 0)
        start = max((m.end() for m in _SENTENCE_END.finditer(source, 0, at)), default=0)
        end = next((m.start() for m in _SENTENCE_END.finditer(source, at + len(f.span))), len(source))
        sentences.append(source[start:end].lower())
    return sentences


# A sampling budget a result is asked at ("pass@1"), and the budgets a result's sentence gives ("pass@32", "using only
# 72 inference budget per problem", "with no more than 220 attempts", "best-of-64").
_PASS_ASKED = re.compile(r"\bpass@(\d+)\b", re.IGNORECASE)
_BUDGET_GIVEN = re.compile(
    r"\bpass@(\d+)|\b(?:best-of-|maj@|cons@)(\d+)|(\d+)\s*(?:inference budget|attempts|samples|tries)\b"
    r"|(\d+)\s*次(?:尝试|采样)",
    re.IGNORECASE,
)


def _unstated_budget(question: Question, entry_id: str, benchmark: str, catalog: Catalog) -> str:
    """ "its pass@1 on MiniF2F-Test" where every sentence giving a result there names another budget ("97.1% …
    using only 72 inference budget per problem"): the budget asked; "" when none is asked, or a result's sentence
    names none (the usual single try) or the one asked."""
    asked = _PASS_ASKED.search(question.text)
    if not asked:
        return ""
    sentences = _result_sentences(entry_id, benchmark, catalog)
    if not sentences:
        return ""
    for sentence in sentences:
        budgets = {int(next(g for g in m.groups() if g)) for m in _BUDGET_GIVEN.finditer(sentence)}
        if not budgets or int(asked.group(1)) in budgets:
            return ""
    return asked.group()


def _unstated_setting(question: Question, entry_id: str, benchmark: str, catalog: Catalog) -> str:
    """A setting the question asks the result in that the entry uses, but in no sentence giving a result on the
    benchmark ("Kimi k1.5's long2short model on MathVista": long2short results are AIME, MATH500, LiveCodeBench):
    the setting as asked; "" when there is none or a result's sentence says it."""
    if not tuning.SETTING_QUALIFIERS:
        return ""
    named = {
        *tokenize(catalog.short_title(entry_id)),
        *tokenize(entry_id.replace("-", " ")),
        *(t for b in question.benchmarks for t in tokenize(b)),
        *(t for e in question.entries if e in catalog.by_id for t in tokenize(catalog.short_title(e))),
    }
    # Not a name or a part of one ("DeepSeek-R1-Zero" beside DeepSeek-R1), a dated name ("IMO-2025"), or a size
    # the entry gives its own model (a paraphrase's "30.5B 总参" says which work, not which setting).
    own_sizes = {
        f.raw.lower() for f in catalog.facts_by_entry.get(entry_id, []) if f.kind == "size" and f.own and f.raw
    }
    settings = [
        t
        for t in dict.fromkeys(question.tokens)
        if t not in named
        and _SETTING_TOKEN.fullmatch(t)
        and not any(len(n) >= 3 and n in t for n in named)
        and not any(part in named for part in t.split("-") if len(part) >= 2)  # "R1-Zero" of DeepSeek-R1
        and not re.search(r"(?:19|20)\d\d", t)
        and t not in own_sizes
    ]
    if not settings:
        return ""
    text = catalog.full_text(entry_id).lower()
    # A model size the entry never gives is a model it reports nothing for ("ToRL's 1.5B model": only 7B results).
    used = [t for t in settings if _SIZE_TOKEN.fullmatch(t) or re.search(rf"(?<![\w.]){re.escape(t)}(?![\w])", text)]
    # A setting is a term few works use ("long2short", "short-CoT"), not an everyday compound ("open-source").
    used = [t for t in used if _SIZE_TOKEN.fullmatch(t) or _entries_using(t, catalog) <= tuning.SETTING_TERM_ENTRIES]
    if not used:
        return ""
    sentences = _result_sentences(entry_id, benchmark, catalog)
    if not sentences:
        return ""
    for t in used:
        if not any(re.search(rf"(?<![\w.]){re.escape(t)}(?![\w])", sent) for sent in sentences):
            return next((w for w in re.findall(r"[\w.\-]+", question.text) if w.lower() == t), t)
    return ""


_ORIGINAL = r"(?:\b(?:full|original|whole|entire|standard|vanilla)\s+|(?:完整版|完整|原版|原始|全量)\s*)"


def _unstated_scale(question: Question, entry_id: str, benchmark: str, catalog: Catalog) -> str:
    """The scale asked ("Codeforces rating", "百分位") when the entry gives its results on the benchmark only on
    another ("Codeforces(89th)" is a percentile, no rating); else ""."""
    rating = bool(_RATING_ASKED.search(question.text))
    percentile = bool(_PERCENTILE_ASKED.search(question.text))
    if rating == percentile:
        return ""
    scale = "rating" if rating else "percentile"
    results = [f for f, _, _ in _family_results(entry_id, benchmark, catalog)]
    if results and not any(result_scale(f.unit, f.value or 0.0) == scale for f in results):
        return scale
    return ""


def _one_version_asked(question: Question, benchmark: str, catalog: Catalog) -> bool:
    """Is the family's own name asked as one version — "the full original WebArena", "WebArena (not the
    VAB-WebArena-Lite subset)" — rather than as any version of it?"""
    name = re.escape(benchmark)
    if re.search(rf"{_ORIGINAL}{name}(?![A-Za-z0-9-])", question.text, re.IGNORECASE):
        return True
    family = catalog.lex.benchmark_family(benchmark)
    return any(
        other != benchmark
        and catalog.lex.benchmark_family(other) == family
        and re.search(rf"{_SET_ASIDE_BEFORE}\s*(?:the\s+)?{re.escape(other)}", question.text, re.IGNORECASE)
        for other in question.benchmarks
    )


def _reports(benchmark: str, facts: Sequence[Fact], catalog: Catalog, *, exact: bool = False) -> bool:
    """The entry gives a number for the benchmark. A question about a family ("AIME", "SWE-bench") accepts any
    version of it, unless ``exact``; a question about one version ("AIME 2025", "SWE-bench Pro") only that
    version."""
    family = catalog.lex.benchmark_family(benchmark)
    any_version = family == benchmark and not exact
    return any(
        f.kind == "benchmark"
        and (f.name == benchmark or (any_version and catalog.lex.benchmark_family(f.name) == family))
        for f in facts
    )


_COUNTED = re.compile(
    r"(?:\bhow many\s+(?:of\s+(?:the\s+|its\s+|their\s+|[\w\-.]+'s\s+)?)?"
    r"|\b(?:max(?:imum)?|min(?:imum)?|total|average|exact)\s+number\s+of\s+)"  # "the maximum number of turns"
    r"(?P<en>(?:[\w\-]+\s+){0,3}?[\w\-]+?)(?=\s+(?:did|does|do|were|was|are|is|went|have|has|had|"
    r"in|of|for|on|at|does|were|can|could|would|will|per|it|they|there|are|built|wrote|made|ran|took|went|"
    r"[a-z]+ed)\b|\s*[?,.;/]|$)"
    r"|(?:多少|(?<!哪)几)\s*(?P<cl>个|名|张|种|条|道|项|篇|位|台|家|款|层|轮)?\s*(?:(?P<zl>[A-Za-z][\w\-]*)\s*)?"
    r"(?:(?:不同|各种|各类|独立|具体|单独)的?)?"  # "多少个不同的应用程序": the noun after the describing word
    r"(?!是|为|属于)(?P<zh>[\u4e00-\u9fff]{1,4})?",  # "369 个任务中有多少是跨应用的" counts tasks, named before
    re.IGNORECASE,
)
_ACRONYM_AFTER = re.compile(
    r"\b(?:on|in|at|against)\s+(?:the\s+)?(?:(?:19|20)\d\d\s+)?([A-Z][A-Za-z0-9\-]{2,})\b"
    r"|在\s*(?:(?:19|20)\d\d\s*年?\s*(?:的\s*)?)?([A-Z][A-Za-z0-9\-]{2,})\s*上"
    # "那个 BeyondAIME 基准", "the LeetcodeHardGym benchmark": a name the question calls a benchmark
    r"|(?<![A-Za-z0-9\-])([A-Z][A-Za-z0-9\-]{2,})\s*(?:基准|榜单|测试集|评测集)|(?<![\w\-])([A-Z][A-Za-z0-9\-]{2,})\s+benchmark\b"
)


def _unstated_variant(question: Question, entry_id: str, catalog: Catalog) -> str:
    """A version of a benchmark the question asks about ("WebArena-Lite", "SWE-bench Lite") that the family's own
    entry (WebArena, SWE-bench) never names, or names with no number when one is asked: what is missing, as
    ``states`` reports it; "" otherwise."""
    if "score" in question.asks:
        return ""  # a result on the version is checked against the facts table
    text = catalog.full_text(entry_id)
    found = catalog.lex.benchmarks.find(text)
    for bench in question.benchmarks:
        family = catalog.lex.benchmark_family(bench)
        if family == bench or not any(hit.entry_id == entry_id for hit in catalog.named_entries(family)):
            continue
        spans = [m for m in found if m.name == bench]
        if not spans:
            return f"about:{bench}"
        if "number" in question.asks:
            # Named, but with no number beside it ("衍生 WebArena-Lite"): how many tasks it has is not said.
            clauses = [_clause_at(text, m.start, m.end) for m in spans]
            if not any(_NUMBER.search(_NAME_WITH_DIGITS.sub(" ", c)) or _NUMBER_WORD.search(c) for c in clauses):
                return f"figure:{bench}"
    return ""


# A part of a training system, beside the model trained: its reward model, critic, verifier, teacher, retriever.
_PART = re.compile(
    r"\b(?:reward|value|critic|judge|verifier|draft|teacher|embedding)\s+(?:model|network|head)s?\b"
    r"|(?<![A-Za-z])(?:[PO]?RM)s?(?![A-Za-z])|\b(?:critic|verifier|retriever|teacher|judge)s?\b"
    r"|奖励模型|价值模型|评论家模型|裁判模型|评判模型|验证器|教师模型|草稿模型|检索器|嵌入模型",
    re.IGNORECASE,
)
# A model size ("72B", "7 billion"), not a count of tokens ("15.5T tokens").
_SIZE_FIGURE = re.compile(
    r"\d+(?:\.\d+)?\s*(?:[BMT](?![A-Za-z])|billion|million|trillion|亿|万亿)(?!\s*(?:tokens?|tok\b|词))",
    re.IGNORECASE,
)
_PART_REACH = 20  # characters between a part and the size that belongs to it
_PART_BREAK = re.compile(r"[+，,；;。、]|\band\b")  # what no size of the part has between it and the part


def _unsized_part(question: Question, text: str) -> str:
    """The part whose size a question asks ("how big was the reward model", "critic 的参数量") when the entry gives
    no size within reach of that part (the sizes it gives are the trained model's): the part as asked; else ""."""
    if "size" not in question.asks:
        return ""
    asked = _PART.search(question.text)
    if not asked:
        return ""
    for m in _PART.finditer(text):
        lo = max(0, m.start() - _PART_REACH)
        # a size just before the part or just after it, with nothing between that belongs to something else
        before = [
            f for f in _SIZE_FIGURE.finditer(text, lo, m.start()) if not _PART_BREAK.search(text, f.end(), m.start())
        ]
        after = _SIZE_FIGURE.search(text, m.end())  # the whole text after it: "15.5T" may be "15.5T tokens"
        if before or (
            after and after.start() < m.end() + _PART_REACH and not _PART_BREAK.search(text, m.end(), after.start())
        ):
            return ""
    return asked.group()


# An average or a per-item figure asked ("平均要几步", "on average", "per task"; not an average score, "平均分") and
# given ("27B on average", "72 inference budget per problem", "每任务").
_AVERAGE_ASKED = re.compile(
    r"平均(?!分|成绩|得分|准确率|成功率|通过率|胜率|排名|提升|提高|增益|涨)"
    r"|\bon average\b|\baverage\b(?!\s+(?:score|accuracy|pass|success|rate|rank|gain|improvement))"
    r"|\bavg\b|\bper (?:task|episode|question|problem)\b",
    re.IGNORECASE,
)
# A gain or a rank averaged ("improve … on average", "平均提升", "平均排名"): a result, which the score rules check.
_AVERAGED_RESULT = re.compile(r"improv|gain|\bbetter\b|\brank|提升|提高|增益|涨|排名|胜率", re.IGNORECASE)
_AVERAGE_GIVEN = re.compile(
    r"平均|均值|\baverage\b|\bmean\b|\bavg\b|\bper (?:task|episode|question|problem|token|sample)\b"
    r"|每(?:个|条|道)?(?:任务|题|问题|token)",
    re.IGNORECASE,
)
_COUNT_ASKED = re.compile(
    r"多少|(?<![这那])几(?:个|步|次|分钟|小时|轮|条|道|天)|\bhow (?:many|much|long)\b", re.IGNORECASE
)


def _unstated_average(question: Question, text: str) -> bool:
    """Does a lookup ask an average or per-item count ("平均要几步", "how many dollars per task on average") of an
    entry that gives no average or per-item figure in any sentence?"""
    asked = _AVERAGE_ASKED.search(question.text)
    if question.intent != "lookup" or not asked or _AVERAGED_RESULT.search(question.text):
        return False
    if not _COUNT_ASKED.search(question.text):
        return False
    return not any(_AVERAGE_GIVEN.search(sent) and _NUMBER.search(sent) for sent in _SENTENCE_SPLIT.split(text))


def _clause_at(text: str, start: int, end: int) -> str:
    lo = max((m.end() for m in re.finditer(r"[，,；;。！？!?]", text[:start])), default=0)
    nxt = re.search(r"[，,；;。！？!?]", text[end:])
    return text[lo : end + (nxt.start() if nxt else len(text) - end)]


# A name's digits ("GPT-4", "Qwen2.5") are no number given.
_YEAR = re.compile(r"(?<![\d.])(?:19|20)\d\d(?![\d.%])")
_NAME_WITH_DIGITS = re.compile(r"(?<![\w.])[a-z][\w.]*?-?\d[\w.\-]*", re.IGNORECASE)


def _bare_figures(text: str) -> str:
    """The text without years and names that carry digits ("2025", "Gemini-3.0-Pro"), which are no results."""
    return _YEAR.sub(" ", _NAME_WITH_DIGITS.sub(" ", text))


# A number said as a multiple or a share ("约半训练步数", "twice as fast").
_RARE_IDF = 3.0  # a word in fewer than about one entry in twenty
_MULTIPLE_WORD = re.compile(r"倍|一半|半|翻倍|\b(?:half|twice|double|triple)\b", re.IGNORECASE)
# Words of asking for a number, which name no quantity ("具体降了百分之多少", "what's the actual %").
_NUMBER_WORDS = {
    "how", "much", "many", "what", "which", "actual", "exact", "exactly", "specifically", "rate", "percent",
    "percentage", "number", "figure", "value", "score", "end", "get", "got", "did", "does", "like",
    "多少", "具体", "百分之", "几", "大概", "大约", "一共", "总共", "是", "了", "的", "数字", "比例", "率",
    "有没有", "给出", "给了", "对比", "对比数字", "数值", "figures", "numbers",
    # which way it moved names no quantity either
    "reduce", "reduced", "improve", "improved", "increase", "increased", "drop", "dropped", "gain", "gained",
    "减少", "降低", "降", "提升", "提高", "增加", "下降", "上升",
    # nor does the verb or adverb around the number ("what % does it actually reach")
    "reach", "reached", "reaches", "achieve", "achieved", "achieves", "actually", "hit", "hits", "attain", "attained",
    "达到", "拿到", "做到",
}  # fmt: skip


def _unnumbered_term(question: Question, entry_id: str, catalog: Catalog) -> str:
    """A number asked about things the entry names only where it gives no number ("Gorilla's hallucination rate,
    the actual %", where Gorilla only "reduces hallucination"): when no clause of the entry that uses an asking word
    (in either language) holds a number, the rarest of those words; "" when the rule does not apply or a number may
    be there."""
    if question.intent != "lookup" or question.asks != ("number",) or question.benchmarks or counted_noun(question):
        return ""
    text = catalog.full_text(entry_id)
    if re.search(r"\bratio\b|比例|比率|配比", question.text, re.IGNORECASE) and re.search(r"\d+\s*:\s*\d+", text):
        return ""  # "in what ratio?": a ratio is written "3:1", not beside the word
    named = set(tokenize(catalog.short_title(entry_id)))
    words = [
        t
        for t in dict.fromkeys(question.ask_tokens)
        if t not in STOPWORDS and t not in _NUMBER_WORDS and t not in named and len(t) >= 2 and not re.search(r"\d", t)
    ]
    clauses = [_NAME_WITH_DIGITS.sub(" ", c.lower()) for c in _CLAUSE_SPLIT.split(text)]
    used: list[str] = []
    latin = False
    for word in words:
        forms = {f for f in expand([word], catalog) if len(f) >= 2} | ({_stem(word)} - {""})
        holding = [c for c in clauses if any(f in c for f in forms)]
        if not holding:
            continue
        if any(_NUMBER.search(c) or _NUMBER_WORD.search(c) or _MULTIPLE_WORD.search(c) for c in holding):
            return ""  # a clause that uses the word gives a number: it may be the one asked for
        used.append(word)
        latin = latin or any(f.isascii() for f in forms)
    if not used or (catalog.by_id[entry_id].abstract and not latin):
        return ""  # nothing to go by, or an English abstract the Chinese words cannot be checked against
    if max(words, key=catalog.idf) not in used:
        return ""  # the rarest word asked ("搜索引擎") is not the entry's: it may say the thing in other words
    return max(used, key=catalog.idf)


# "By how much …", "涨了几个点", "提升了多少": the size of a change, which only a gain or two figures give.
_CHANGE_ASKED = re.compile(
    r"\bby how much\b|\bhow much (?:higher|lower|better|worse|more|less|faster|slower|bigger|smaller)\b"
    r"|\bwhat (?:was|is|'s) the (?:gain|improvement|increase|drop|decrease|jump|margin|difference)\b"
    r"|(?:涨|提升|提高|增加|增长|下降|降低|领先|落后)了?(?:几|多少)"
    # "高了多少", "比 GPT-4 高几个点", not "最高多少分" / "至少几个"
    r"|(?<![最至])(?:高|低|多|少|降|升|差)了(?:几|多少)|比[^，,。？?]{1,30}?(?:高|低|多|少|差)(?:几|多少)"
    r"|(?:几|多少)个百分点",
    re.IGNORECASE,
)
# A change given: a sign, an arrow, "from … to", a gain said with its figure, or a multiple.
_CHANGE_GIVEN = re.compile(
    r"[+＋]\s*\d|\d[^，,；;。]{0,12}?(?:→|->|⇒)\s*\d|\bfrom\s+\d[^,;.]{0,20}?\bto\s+\d"
    r"|(?:\bby|提升|提高|增加|增长|下降|降低|涨|超出|领先|高出|低了|降了)\s*(?:约|了|近|超过)?\s*\d"
    r"|\d[\d.]*\s*(?:points?|pp|pt|个点|个百分点|倍)|\d[\d.]*\s*(?:×|x\b|\$?\\times)",
    re.IGNORECASE,
)


def _unstated_change(question: Question, entry_id: str, catalog: Catalog) -> str:
    """How much something changed, asked of an entry whose every clause about it gives at most one figure and no
    gain ("sabotage concealment … 上升", "MATH 51.7%"): the thing asked about; "" when a change may be given."""
    if question.intent != "lookup" or not _CHANGE_ASKED.search(question.text) or len(question.entries) >= 2:
        return ""
    # A benchmark's own paper gives its figures without repeating its name ("GPT-4 14.41% vs 人类 78.24%").
    if any(hit.entry_id == entry_id for b in question.benchmarks for hit in catalog.named_entries(b)):
        return ""
    text = catalog.full_text(entry_id)
    named = set(tokenize(catalog.short_title(entry_id)))

    def rare(tokens: Sequence[str]) -> list[str]:
        return [
            t
            for t in dict.fromkeys(tokens)
            if t not in STOPWORDS
            and t not in _NUMBER_WORDS
            and t not in named
            and len(t) >= (4 if t.isascii() else 2)
            and not re.fullmatch(r"[\d.,%]+", t)
            and catalog.idf(t) >= _RARE_IDF
        ]

    # What changed: the benchmark asked about, else the rare words of the asking clause, else of the question
    # ("sycophancy 比以前少了，具体降了多少？有没有给出对比数字？": the asking clauses name nothing).
    things = list(question.benchmarks) or rare(question.ask_tokens) or rare(question.tokens)
    clauses = _CLAUSE_SPLIT.split(text)
    holding = [c for c in clauses if any(t.lower() in c.lower() for t in things)]
    if not holding or (catalog.by_id[entry_id].abstract and not any(c.isascii() for c in holding)):
        return ""  # nothing to go by, or an English abstract the Chinese words cannot be checked against
    if any(_CHANGE_GIVEN.search(c) or len(_NUMBER.findall(_bare_figures(c))) >= 2 for c in holding):
        return ""
    return max(things, key=lambda t: (any(t.lower() in c.lower() for c in holding), catalog.idf(t)))


def _acronyms(question: Question, catalog: Catalog) -> list[str]:
    """Benchmark-like names a score question asks about that the lexicon does not know ("accuracy on USMLE")."""
    if not ({"score", "number"} & set(question.asks)) or question.benchmarks:
        return []
    names = [next(g for g in groups if g) for groups in _ACRONYM_AFTER.findall(question.text)]
    known = {a.lower() for t in catalog.lex.orgs.terms.values() for a in t.aliases}
    return [n for n in names if n.lower() not in known and not catalog.named_entries(n)]


def counted_noun(question: Question) -> str | None:
    """The glossary noun a "how many X" / "多少个X" question counts (experts, 专家), if any."""
    if question.intent != "lookup":
        return None
    m = _COUNTED.search(question.text)
    if not m:
        return None
    # "多少条 GUI 轨迹" counts 轨迹, "多少张 GPU" the Latin noun, "多少层 Transformer" the measure word 层: the
    # last of them the glossary counts.
    words = (m.group("en") or "").lower().split() or [
        w.lower() for w in (m.group("cl"), m.group("zl"), m.group("zh")) if w
    ]
    from surveyqa.lexicon import lexicon

    countable = lexicon().countable
    for a, b in itertools.pairwise(words):  # a two-word noun first ("virtual machines")
        for phrase in (f"{a} {b}", f"{a} {b[:-1]}" if b.endswith("s") else ""):
            if phrase in countable:
                return phrase
    # The head noun is the last one: "product categories" counts categories, "商品类别" 类别.
    for word in reversed(words):
        if not word.isascii():
            # A Chinese noun may run on into the words after it ("步操作"): the countable noun ending latest.
            found = [
                (i + size, size, word[i : i + size]) for i in range(len(word)) for size in range(len(word) - i, 0, -1)
            ]
            heads = [f for f in found if f[2] in countable]
            if heads:
                return max(heads)[2]
            continue
        # A Latin one runs on only into a plural ending.
        for size in range(len(word), max(1, len(word) - 2) - 1, -1):
            if word[:size] in countable:
                return word[:size]
        if word.endswith("s") and word[:-1] in countable:
            return word[:-1]
    # A noun outside the glossary is not checked: the survey may count it in the other language
    # ("nodes" / "50 节点集群"), and a missing count must never be claimed on a guess.
    return None


def _dense_scores(
    question: Question,
    candidates: Sequence[Sentence],
    qvec: np.ndarray,
    sentence_vectors: np.ndarray,
    chunk_vectors: np.ndarray,
) -> list[float]:
    """Each sentence's embedding similarity to the question, in the order given. The embedder rates text in the
    question's own language higher whatever it says, so with LANGUAGE_CENTRING the sentences in the other language
    are moved up (or down) by the gap between the two languages' mean similarity within the entry: a Chinese
    question is then answered from the English abstract when that sentence fits best among its own."""
    dense: list[float] = []
    groups: dict[bool, list[int]] = {}  # language (CJK or not) → the embedded body sentences in it
    for i, sent in enumerate(candidates):
        if sent.vec >= 0:
            dense.append(float(sentence_vectors[sent.vec] @ qvec))
        elif sent.chunk >= 0:
            dense.append(float(chunk_vectors[sent.chunk] @ qvec))
        else:
            dense.append(0.0)
            continue
        if sent.pos >= 0:
            groups.setdefault(has_cjk(sent.text), []).append(i)
    # Both languages with a few sentences each: a single sentence's mean is its own score, which would be lost.
    if (
        tuning.LANGUAGE_CENTRING
        and len(groups) == 2
        and min(map(len, groups.values())) >= tuning.CENTRING_MIN_SENTENCES
    ):
        own, other = groups[question.lang == "zh"], groups[question.lang != "zh"]
        shift = float(np.mean([dense[i] for i in own]) - np.mean([dense[i] for i in other]))
        for i in other:
            dense[i] += shift
    return dense


def score_sentences(
    question: Question,
    entry_id: str,
    qvec: np.ndarray,
    catalog: Catalog,
    sentence_vectors: np.ndarray,
    chunk_vectors: np.ndarray,
) -> list[tuple[float, Sentence]]:
    """The entry's sentences, best first, scored for how well they answer the question."""
    candidates = catalog.sentences.get(entry_id, [])
    # The entry's own name says which entry, not which of its sentences answers: every sentence is about it.
    name_tokens = set(tokenize(catalog.short_title(entry_id))) if tuning.DROP_NAME_TOKENS else set()
    # A result the question quotes to say which work it means ("the paper that got 12.5% on SWE-bench — what's its
    # takeaway?") is no part of what it asks: its figures and benchmarks score nothing, unless a result is asked.
    quoting = question.quoted_result or (
        not {"number", "score"} & set(question.asks) and bool(_QUOTED_RESULT.search(question.text))
    )
    if quoting:
        name_tokens |= {t for t in question.tokens if re.fullmatch(r"\d+(?:\.\d+)?", t)}
        name_tokens |= {t for b in question.benchmarks for t in tokenize(b)}
    tokens = set(question.tokens) - name_tokens or set(question.tokens)
    every = set(question.tokens)
    asking = set(question.ask_tokens) or every
    # Words of the clause that asks count fully; words that only describe the subject count less.
    weight = {t: 1.0 if t in asking else tuning.DESCRIPTION_WEIGHT for t in every}
    total = sum(catalog.idf(t) * weight[t] for t in tokens) or 1.0
    # The title line ("Title (org, date, kind)") answers "who made X": there the name is what matches.
    header_total = sum(catalog.idf(t) * weight[t] for t in every) or 1.0
    focus = [t for t in question.focus if t in asking] or list(question.focus)
    wants_origin = bool(_ORIGIN & set(question.asks))
    term_asked = bool(_TERM_ASKED.search(question.text))
    reason_asked = bool(_REASON_ASKED.search(question.text))
    # Kinds of statement asked that no typed fact holds (a purpose, a significance, a shortcoming): their cues.
    stated_kinds = [given for asked, given in _STATEMENT_KINDS if asked.search(question.text)]
    # An organisation the question names that did not make the entry ("did a later OpenAI agent use it?"): a
    # sentence naming it is about that relation.
    makers = catalog.orgs_of(entry_id)
    others = set().union(*(catalog.lex.org_family(o) for o in question.orgs if not catalog.lex.org_family(o) & makers))
    # The spans of the facts the table holds for what is asked (a base model, a size): the sentence they come
    # from states it ("continues pre-training DeepSeek-Coder-Base-v1.5 7B"), not any sentence naming a model.
    fact_kinds = {k for a in question.asks for k in STATED_BY_FACTS.get(a, ())}
    spans = [f.span for f in catalog.facts_by_entry.get(entry_id, []) if f.kind in fact_kinds and f.own]
    # "Summarize X", "tl;dr", "X 是什么": what the work is, asked with hardly a word beyond its name.
    describe = bool(_DESCRIBE_ASKED.search(question.text)) and len(tokens - STOPWORDS) <= 3
    # Where the question looks ("论文开头说"): the abstract's opening or closing third, at least two sentences.
    placed = range(0)
    if question.place:
        size = sum(1 for s in candidates if s.kind == "abstract")
        part = max(2, size // 3)
        placed = range(0, part) if question.place == "opening" else range(size - part, size)
    rows: list[tuple[int, float, Sentence]] = []  # (asked-for kinds held, score, sentence)
    stemmed = tuning.STEM_LEXICAL and question.lang == "en"
    keys = {t: _stem_key(t) for t in every} if stemmed else {}
    # "摘要里说…", "according to its abstract": the abstract's sentences, where the entry has an abstract.
    abstract_only = question.in_abstract and any(s.kind == "abstract" for s in candidates)
    survey_only = question.survey_only and any(s.kind == "summary" for s in candidates)
    dense_of = _dense_scores(question, candidates, qvec, sentence_vectors, chunk_vectors)
    for sent, dense in zip(candidates, dense_of, strict=True):
        if sent.pos < 0 and not wants_origin:
            continue  # the header line only answers "who made it / when"
        if abstract_only and sent.kind != "abstract" and sent.pos >= 0:
            continue
        if survey_only and sent.kind == "abstract":
            continue  # "not counting the abstract", "不算论文摘要": the survey line answers
        if _BARE_LINK.fullmatch(sent.text):
            continue  # a link the summary carries is not a statement
        own = set(sent.tokens)
        if stemmed:
            # "technique" meets "techniques", "then-recent" meets "recent": a question word by its stem too
            stems = _stems_of(sent.tokens)
            own |= {t for t, k in keys.items() if k in stems}
        if sent.pos < 0:
            lexical = sum(catalog.idf(t) * weight[t] for t in every if t in own) / header_total
        else:
            lexical = sum(catalog.idf(t) * weight[t] for t in tokens if t in own) / total
        score = tuning.LEXICAL_WEIGHT * lexical + dense
        score += tuning.FOCUS_BONUS * focus_hits(sent.text, focus, catalog)
        held = covered(sent.text, question, catalog)
        if spans and any(span in sent.text for span in spans):
            held += 1
        if (
            held
            or (term_asked and _TERM_GIVEN.search(sent.text))
            or (reason_asked and _REASON_GIVEN.search(sent.text))
            or any(given.search(sent.text) for given in stated_kinds)
        ):
            score += tuning.ANSWER_TYPE_BONUS
        # Each further kind of statement (purpose, significance, shortcoming, what came before) that the question
        # asks and the sentence gives counts again ("what was wrong with the datasets used before it": two).
        score += tuning.ANSWER_TYPE_BONUS * max(0, sum(1 for given in stated_kinds if given.search(sent.text)) - 1)
        if (
            question.benchmarks
            and not quoting
            and any(m.name in question.benchmarks for m in _benchmarks_in(sent.text, catalog))
        ):
            score += tuning.BENCHMARK_BONUS
        if others and others & _orgs_in(sent.text, catalog):
            score += tuning.OTHER_ORG_BONUS
        if sent.kind == "summary":
            score += tuning.SUMMARY_PRIOR
        if _URL.search(sent.text) and len(_URL.sub("", sent.text)) < 90 and not _LINK_ASKED.search(question.text):
            score -= tuning.LINK_PENALTY  # "Code … available at https://…" answers only where the code is
        if describe and _INTRODUCES.search(sent.text):
            score += tuning.INTRO_BONUS  # "Summarize X", "X 主要做了什么": the sentence that says what X is
        if sent.pos < 0 and wants_origin:
            score += 0.2  # "who made it / when" is answered by the header: title (org, date, kind)
        if sent.kind == "abstract" and sent.pos in placed:
            score += tuning.PLACE_BONUS  # "论文开头说…", "how does the paper conclude": where the paper says it
        rows.append((held, score, sent))
    # A sentence that holds more of the kinds of fact asked for comes first, whatever its score.
    rows.sort(key=lambda row: (-row[0], -row[1]))
    return [(score, sent) for _, score, sent in rows]


# "got 12.5% on SWE-bench", "拿了 12.5%", "scored 87.7 on": a result quoted to describe the work.
_QUOTED_RESULT = re.compile(
    r"\b(?:got|gets|scored?|scoring|hit|hits|reached|reaching|reports?|reported|posted|achiev\w+)\s+(?:a\s+|an\s+)?"
    r"\d+(?:\.\d+)?\s*%?|(?:拿了|拿到|得了|达到了?|跑出了?|刷到)\s*\d+(?:\.\d+)?\s*%?",
    re.IGNORECASE,
)


# A sentence that goes on from the one before it: it refers back ("This approach …", "… achieves these results")
# or opens with a turn ("However, …", "While …", "By prioritizing …").
_CONTINUES = re.compile(
    r"^(?:\S+\s+){0,5}?(?:this|these|those|such|it|its|they|their)\b"
    r"|^(?:however|while|but|yet|thus|therefore|hence|consequently|by|instead|unlike|as a result|in turn)\b",
    re.IGNORECASE,
)
_URL = re.compile(r"https?://\S+", re.IGNORECASE)
_LINK_ASKED = re.compile(
    r"\b(?:links?|urls?|github|repo(?:sitory)?|code|download|available|where|anywhere|hosted|clone)\b"
    r"|链接|地址|代码|仓库|下载|开源",
    re.IGNORECASE,
)
_DESCRIBE_ASKED = re.compile(
    r"\b(?:summar\w+|tl;?dr|overview|in short|in a nutshell|what is|what's|what are|explain|describe|about)\b"
    r"|是什么|是啥|介绍|简介|概括|总结|(?:主要)?(?:做|讲|干|提出)了?(?:什么|啥)",
    re.IGNORECASE,
)
_INTRODUCES = re.compile(
    r"\b(?:we|this (?:paper|work|report))\s+(?:\w+\s+)?(?:present|introduce|propose|develop|build)s?\b", re.IGNORECASE
)


# "What does the paper call that moment?", "那一刻称作什么": a term the text names, in quotes or after "called".
_TERM_ASKED = re.compile(
    r"\bwhat (?:do|does|did) (?:they|it|the (?:paper|authors?|survey|work))\b[^?]{0,40}\bcall\b"
    r"|\bwhat is (?:it|this|that) called\b|\bwhat (?:term|name)\b|\bdubbed\b"
    r"|称作什么|称为什么|叫做?什么|命名为什么|被称为|称之为",
    re.IGNORECASE,
)
_TERM_GIVEN = re.compile(
    r"''[^']{2,40}''|(?<![\w'])'[^']{3,40}'(?![\w'])|\"[^\"]{2,40}\"|“[^”]{2,40}”|「[^」]{2,40}」"
    r"|\b(?:called|dubbed|termed|coined|known as)\b|称为|称作|叫做|名为",
    re.IGNORECASE,
)


# "Why …?", "what makes X hard", "原因是什么": a reason, which a sentence gives with "due to", "because", "由于".
_REASON_ASKED = re.compile(
    r"\bwhy\b|\bwhat makes\b(?!\s+up)|\bwhat (?:causes|caused|explains|drives|drove)\b|\bfor what reason\b|\bhow come\b"
    r"|为什么|为何|为啥|原因|什么导致|是什么让|归功于什么|归因于",
    re.IGNORECASE,
)
_REASON_GIVEN = re.compile(
    r"\b(?:due to|because|owing to|stems? from|caused by|as a result of|thanks to|attributed? to)\b"
    r"|由于|因为|导致|源于|归因|归功于|在于",
    re.IGNORECASE,
)


# A purpose ("what is releasing it meant to achieve?", "出发点"), a significance ("对社区意味着什么"), a shortcoming
# ("what was wrong with earlier benchmarks?", "缺了什么能力"): the words a sentence states each with.
_STATEMENT_KINDS = [
    # "推进哪三方面", "which three goals", "哪几个方面": a sentence that lists three or more things
    (
        re.compile(
            r"哪(?:三|四|五|几)(?:个|类|种|方面|点|项|部分|大类|样)"
            r"|\b(?:which|what)\s+(?:three|four|five|several)\s+(?!(?:papers|works|entries|models)\b)",
            re.IGNORECASE,
        ),
        re.compile(
            r"\w,\s*[^\s,;.]+(?:\s[^\s,;.]+){0,3},?\s+(?:and|or)\s+\w"
            r"|[^、，。；\s]{1,15}、[^、，。；]{1,15}(?:、|和|与|及|以及)",
            re.IGNORECASE,
        ),
    ),
    (
        re.compile(
            r"\bmeant to\b|\baim(?:s|ed)?\b|\bgoal\b|\bpurpose\b|\bmotivat\w*"
            r"|出发点|动机|目的|初衷|意在|为了什么|想解决",
            re.IGNORECASE,
        ),
        re.compile(
            # (not "To address this limitation, we …": it refers back to the problem, it states no aim)
            r"\b(?:aims?|aimed|seeks?|strives?) to\b|\bgoal\b|\bin order to\b|旨在|为了|目的是",
            re.IGNORECASE,
        ),
    ),
    (
        re.compile(
            r"\bmean for\b|\bsignifican\w*|\bimplications?\b|\bwhy (?:does|is) (?:it|this|that) matter|意味着|意义",
            re.I,
        ),
        re.compile(
            r"\b(?:milestones?|significance|paves? the way|democratiz\w*|landmark|step towards?|new baseline)\b"
            r"|里程碑|意义|奠基",
            re.IGNORECASE,
        ),
    ),
    (
        re.compile(
            r"\bwrong with\b|\b(?:get|gets|got|went|go) wrong\b|\bshortcomings?\b|\blimitations?\b|\bweakness\w*"
            r"|\bdrawbacks?\b|\bproblems? with\b"
            r"|\bfall short\b|\bcomplain\w*|缺了|缺少|缺乏|毛病|不足|局限|问题在哪|短板|弊端",
            re.IGNORECASE,
        ),
        re.compile(
            # (not "limitation": "To address this limitation" refers back to one, it states none)
            r"\b(?:lack\w*|limit(?:ed|s)|struggl\w*|fail\w*|cannot|unable|insufficient|suffer\w*|brittle"
            r"|bottlenecks?|costly|inefficien\w*|fall short|hinder\w*|deficienc\w*)\b|缺乏|难以|无法|局限|瓶颈|不足",
            re.IGNORECASE,
        ),
    ),
    (
        # What came before the work: "what was wrong with the datasets people had been using", "以前一般靠哪两种办法",
        # "当时主流的框架靠什么" are answered where the paper describes existing work ("Existing datasets either …").
        re.compile(
            r"\b(?:existing|prior|previous|earlier|conventional|traditional|mainstream|prevailing)\s+(?:[\w\-]+\s+){0,3}?"
            r"(?:works?|methods?|approaches|agents?|datasets?|benchmarks?|frameworks?|systems?|models?)\b"
            r"|\bhad been\s+(?:using|used|relying)\b|\bused to (?:use|rely|be done|be built)\b"
            r"|以前|此前|以往|当时主流|主流的|已有的|现有的",
            re.IGNORECASE,
        ),
        re.compile(
            r"\b(?:existing|prior|previous|conventional|traditional|prevailing|current)\s+(?:[\w\-]+\s+){0,3}?"
            r"(?:works?|methods?|approaches|agents?|datasets?|benchmarks?|frameworks?|systems?|models?|studies|pipelines?)\b"
            r"|\bunlike\b|\binstead of\b|\brel(?:y|ies|ying) on\b|现有|已有|以往|传统|主流|此前",
            re.IGNORECASE,
        ),
    ),
]


# Where one message asks a second question: after a question mark, or at ", and what/which/how …".
_QUESTION_CUT = re.compile(r"(?<=[?？])\s*|,\s+and\s+(?=(?:what|which|how|who|when|where|why)\b)", re.IGNORECASE)


def _sub_questions(text: str) -> list[list[str]]:
    """The content tokens of each question when one message asks two ("… from where? Also, what …?", "what is its
    core technique, and what gain does it quote?"); [] for one."""
    pieces = [p for p in _QUESTION_CUT.split(text) if p and p.strip()]
    if len(pieces) < 2:
        return []
    # Only the words that ask, not those describing the subject ("the paper that … — how big was its cluster?").
    tokens = [[t for t in dict.fromkeys(asking_tokens(p)) if t not in STOPWORDS] for p in pieces]
    return [t for t in tokens if len(t) >= 2] if all(len(t) >= 2 for t in tokens) else []


def parts(question: Question, catalog: Catalog) -> list[str]:
    """What the question asks for, part by part: its answer types and every countable noun it counts."""
    out = [a for a in question.asks if a not in ("number", "score")]
    if "score" in question.asks:
        out += [f"bench:{b}" for b in question.benchmarks]
    nouns = [t for t in question.ask_tokens if t.lower() in catalog.lex.countable]
    out += [f"noun:{n}" for n in dict.fromkeys(nouns)]
    return out or list(question.asks)


def _holds(text: str, part: str, catalog: Catalog, reading: dict[str, bool]) -> bool:
    """Does the text hold the part asked for; ``reading`` says which counts answer (:func:`_count_reading`)."""
    if part.startswith("noun:"):
        return counts(text, part[5:], catalog, **reading)
    if part.startswith("bench:"):
        return any(m.name == part[6:] for m in catalog.lex.benchmarks.find(text)) and bool(_NUMBER.search(text))
    return has_answer_type(text, part, catalog)


def covered(text: str, question: Question, catalog: Catalog) -> int:
    """How many of the question's asked-for fact kinds the text holds (a number inside a name the question
    uses, the "2" of "Mind2Web 2", is not a number it asks for)."""
    if {"number", "score"} & set(question.asks):
        text = without_names(text, question, catalog)
    return sum(
        1
        for a in question.asks
        if has_answer_type(text, a, catalog) or (a == "expansion" and _spells_out(question, text, catalog))
    )


def without_names(text: str, question: Question, catalog: Catalog) -> str:
    """The text with the names the question uses (its benchmarks, the entries it names) blanked out."""
    names = [*question.benchmarks, *(catalog.short_title(e) for e in question.entries if e in catalog.by_id)]
    for name in sorted(names, key=len, reverse=True):
        if re.search(r"\d", name):
            text = re.sub(re.escape(name), " ", text, flags=re.IGNORECASE)
    return text


def _says_enough(words: Collection[str], catalog: Catalog) -> bool:
    """Whether the question words a sentence shares are an answer: two, or one rare one ("120B", in at most about four
    entries); one common word ("before") is not."""
    rare = math.log(1 + max(len(catalog.entry_tokens), 1) / 5)  # the idf of a word in four entries
    return len(words) >= 2 or any(catalog.idf(t) >= rare for t in words)


def _runner_up(
    scored: Sequence[tuple[float, Sentence]],
    other: tuple[float, Sentence],
    chosen: Sequence[Sentence],
    budget: int,
    question: Question | None,
    catalog: Catalog | None,
) -> Sentence | None:
    """In a lookup, the other source's second sentence, when it nearly ties that source's best and holds what none of
    the sentences chosen holds (two question words, or one rare one): a paper's abstract often answers a sentence
    after the one that matched best ("… what does the agent do with the item?" → "… customize it, and purchase
    it")."""
    if question is None or catalog is None or question.intent != "lookup":
        return None
    best_score, best = other
    runner = next(((sc, s) for sc, s in scored if s.kind == best.kind and s.pos >= 0 and s is not best), None)
    if runner is None or runner[1] in chosen or runner[0] < tuning.SECOND_SENTENCE_RATIO * best_score:
        return None
    sent = runner[1]
    if sum(len(s.text) for s in chosen) + len(sent.text) > 2 * budget:
        return None
    # Names say which work, not what is asked: the entry's, and any other name the question uses ("Search-o1").
    named = set(tokenize(catalog.short_title(sent.entry_id)))
    named |= {t for hit in catalog.named_entries(question.text) for t in tokenize(hit.alias)}
    said = set().union(*(s.tokens for s in chosen))
    news = {t for t in question.tokens if t not in STOPWORDS and t not in named and t in sent.tokens and t not in said}
    return sent if _says_enough(news, catalog) else None


def pick(
    scored: Sequence[tuple[float, Sentence]],
    budget: int,
    question: Question | None = None,
    catalog: Catalog | None = None,
) -> list[Sentence]:
    """The best sentence, plus a close second of the same source if it fits ``budget`` characters, or the
    best sentence for a part of the question the first leaves out ("its context length and license")."""
    if not scored:
        return []
    best_score, best = scored[0]
    chosen = [best]
    asked_parts = parts(question, catalog) if question is not None and catalog is not None else []
    reading = _count_reading(question)
    if question is not None and catalog is not None and len(asked_parts) > 1:
        # "How many tasks and APIs …", "its context length and license": each part needs a sentence.
        for part in asked_parts:
            if any(_holds(s.text, part, catalog, reading) for s in chosen):
                continue
            extra = next((s for _, s in scored[1:] if _holds(s.text, part, catalog, reading) and s not in chosen), None)
            if extra is not None and sum(len(s.text) for s in chosen) + len(extra.text) <= 2 * budget:
                chosen.append(extra)
    if question is not None and catalog is not None:
        # Two questions in one ("它的 token 从哪来？另外 GRPO 省了什么？"): each gets the sentence that best answers it.
        named = set(tokenize(catalog.short_title(best.entry_id)))  # every sentence is about the entry
        for clause in _sub_questions(question.text):
            weight = {t: catalog.idf(t) for t in clause if t not in named}

            def overlap(sent: Sentence, weight: dict[str, float] = weight) -> float:
                return sum(w for t, w in weight.items() if t in sent.tokens)

            top = max((s for _, s in scored if s.pos >= 0), key=overlap, default=None)
            if top is None or top in chosen or overlap(top) <= max(overlap(s) for s in chosen):
                continue
            if not _says_enough([t for t in weight if t in top.tokens], catalog):
                continue
            if sum(len(s.text) for s in chosen) + len(top.text) <= 2 * budget:
                chosen.append(top)
    for score, sent in scored[1:2]:
        fits = len(best.text) + len(sent.text) <= budget or (
            score >= tuning.NEAR_TIE_RATIO * best_score and len(best.text) + len(sent.text) <= 2 * budget
        )
        if (
            fits
            and score >= tuning.SECOND_SENTENCE_RATIO * best_score
            and sent.kind == best.kind
            and sent not in chosen
        ):
            chosen.append(sent)
    # The best sentence of the other source (survey line / abstract) when it answers nearly as well: the
    # survey's words and the paper's own, each verbatim.
    other = next(((sc, s) for sc, s in scored if s.kind != best.kind and s.pos >= 0), None)
    header_answers = best.pos < 0  # "When was WebArena released?": the title line (org, date) is the answer
    if (
        other is not None
        and not header_answers
        and other[0] >= tuning.OTHER_SOURCE_RATIO * best_score
        and other[1] not in chosen
    ):
        chosen.append(other[1])
        runner = _runner_up(scored, other, chosen, budget, question, catalog)
        if runner is not None:
            chosen.append(runner)
    if question is not None and _ORIGIN & set(question.asks):
        # "… and who made it?": the title line answers that part whatever else scored higher.
        header = next((s for _, s in scored if s.pos < 0), None)
        if header is not None and header not in chosen:
            chosen.append(header)
    if tuning.READ_ON and question is not None and catalog is not None and question.intent == "lookup":
        # A question often restates the paper's setup to ask what follows it ("AReaL argues against synchronous
        # systems, but what does it concede they are good for?"): the abstract sentence chosen that holds none of
        # what is asked is read on into the next one, where the paper goes on ("While this stabilizes …").
        lead = next((s for s in chosen if s.kind == "abstract"), None)
        follows = None
        if lead is not None:
            follows = next(
                (
                    s
                    for _, s in scored
                    if s.kind == "abstract" and s.entry_id == lead.entry_id and s.pos == lead.pos + 1
                ),
                None,
            )
        if (
            lead is not None
            and follows is not None
            and follows not in chosen
            and not covered(lead.text, question, catalog)
            and _CONTINUES.search(follows.text)
            and sum(len(s.text) for s in chosen if s.kind == "abstract") + len(follows.text) <= 2 * budget
        ):
            chosen.append(follows)
            # For English, the paper's own passage answers; the survey line beside it only lengthens it.
            if lead is best and question.lang == "en":
                chosen = [s for s in chosen if s.kind == lead.kind or s.pos < 0]
    lang_first = "abstract" if question is not None and question.lang == "en" else "summary"
    held: dict[int, int] = {}
    if tuning.HOLDING_LEADS and question is not None and catalog is not None and question.asks:
        # What is asked: its kinds of fact, a result on each benchmark asked, the noun a "how many" counts.
        noun = counted_noun(question)
        asked = [a for a in question.asks if a not in ("number", "score")]
        asked += [f"bench:{b}" for b in question.benchmarks] if "score" in question.asks else []
        # "How many tasks and APIs": every countable noun the counting question names.
        asked += [p for p in asked_parts if p.startswith("noun:")] or [f"noun:{noun}"] if noun else []
        asked = asked or [a for a in question.asks if a in ("number", "score")]
        # A number the question gives ("那 466 道题里") is not what it asks for.
        given = sorted(set(re.findall(r"\d[\d,.]*\d|\d", question.text)), key=len, reverse=True)

        def holds(text: str) -> int:
            for n in given:
                text = re.sub(rf"(?<![\d.,]){re.escape(n)}(?![\d.,]*\d)", " ", text)
            return sum(_holds(text, a, catalog, reading) for a in asked)

        held = {id(s): holds(s.text) for s in chosen}
        if held[id(best)]:
            # "How many nodes …?" answered only by "自建 50 节点集群": the other source's sentence that holds none
            # of what is asked is left out, and a sentence that holds it leads.
            chosen = [s for s in chosen if held[id(s)] or s.kind == best.kind or s.pos < 0]
    return sorted(
        chosen,
        key=lambda s: (not (header_answers and s.pos < 0), -held.get(id(s), 0), s.kind != lang_first, s.pos),
    )
