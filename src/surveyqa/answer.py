"""The extractive answer path: understand → gather → compose, no LLM.

Every statement is verbatim survey or abstract text, or a framing line built from verbatim tokens;
the answer declines (``abstained``) when the survey does not cover the question or does not state
the fact it asks for. Constants are in :mod:`surveyqa.tuning`, user-facing wording in :mod:`surveyqa.prompts`.
"""

from __future__ import annotations

import re
from collections.abc import Container

from surveyqa import tuning
from surveyqa.catalog import Catalog
from surveyqa.compose import Composer
from surveyqa.evidence import Evidence
from surveyqa.gather import BROAD_CONCEPTS, fits_slots, gather
from surveyqa.names import unseen_chinese_names, written_aliases, written_somewhere
from surveyqa.names import warm_up as warm_up_tagger
from surveyqa.reader import score_sentences
from surveyqa.results import Answer, Citation, Item, Retrieved
from surveyqa.retrieval import Mode, Retriever
from surveyqa.sentences import Sentence
from surveyqa.store import StoredIndex
from surveyqa.text import has_cjk, tokenize
from surveyqa.understand import SAYS_ABOUT, Question, query_text, understand, understand_prepared

# Answers drawn from retrieved passages; list, count, ranking and timeline answers read the whole survey.
PASSAGE_KINDS = ("lookup", "comparison", "not_stated")

__all__ = ["Answer", "Citation", "ExtractiveAnswerer", "Item", "Retrieved", "catalog_for"]


def catalog_for(index: StoredIndex) -> Catalog:
    """The answering lookups for a loaded index (its facts table, sentences and tokens)."""
    tokens: dict[str, set[str]] = {}
    for chunk, toks in zip(index.chunks, index.bm25_tokens, strict=True):
        tokens.setdefault(chunk.entry_id, set()).update(toks)
    return Catalog(index.entries, index.facts, index.sentences, tokens)


class ExtractiveAnswerer:
    """Answers from one loaded index; thread-safe (read-only after init)."""

    def __init__(self, retriever: Retriever, catalog: Catalog | None = None) -> None:
        self.retriever = retriever
        self.catalog = catalog or catalog_for(retriever.index)
        self.composer = Composer(self.catalog, retriever.index.sentence_vectors, retriever.index.vectors)

    def warm_up(self) -> None:
        """Load the embedding model and jieba's tagger now, so the first question is not slow."""
        self.retriever.embedder.embed_queries(["warm up"])
        warm_up_tagger()
        _ = self.catalog.concept_mentions, self.catalog.benchmark_mentions  # found once, before the first list
        written_aliases(self.catalog, self.catalog.lex)  # and the names the survey writes, before the first question

    def understand(self, question: str) -> Question:
        return understand(question, self.catalog)

    def answer(self, question: str, top_k: int = 5, *, retrieval: Mode = "hybrid") -> Answer:
        """Answer ``question`` from the index, or decline when the survey does not answer it."""
        return self.answer_with_evidence(question, top_k, retrieval=retrieval)[0]

    def answer_with_evidence(
        self, question: str, top_k: int = 5, *, retrieval: Mode = "hybrid"
    ) -> tuple[Answer, Evidence]:
        """The answer and what it was drawn from (LLM mode phrases the answer from the same evidence)."""
        # The question's vector is computed on the embedder's thread while the question is read: reading does not
        # need it, and most of the answer's own work is reading. (A question read with an aside left out is
        # embedded as read, below.)
        later = getattr(self.retriever.embedder, "query_later", None)
        text = query_text(question, self.catalog)
        pending = later(text) if later else None
        q = understand_prepared(text, self.catalog)
        qvec = pending() if pending and q.text == text else None
        ev = gather(q, self.retriever, self.catalog, top_k=top_k, mode=retrieval, qvec=qvec)
        return self._answer(ev, top_k), ev

    def best_sentences(self, ev: Evidence, entry_id: str, k: int) -> list[Sentence]:
        """The entry's ``k`` sentences that answer ``ev``'s question best, in reading order."""
        scored = score_sentences(
            ev.question, entry_id, ev.qvec, self.catalog, self.composer.sentence_vectors, self.composer.chunk_vectors
        )
        return sorted((s for _, s in scored[:k]), key=lambda s: (s.kind != "summary", s.pos))

    def _answer(self, ev: Evidence, top_k: int) -> Answer:
        retrieved = [Retrieved(h.entry.id, h.entry.title, round(h.score, 4)) for h in ev.hits[:top_k]]
        if self.not_covered(ev):
            return self.composer.not_covered(ev, retrieved)
        result = self.composer.compose(ev, retrieved)
        if result.kind in PASSAGE_KINDS:
            # A lookup reads more candidates than top_k; list any it cites that top_k left out, so
            # `retrieved` always shows where a lookup's citations came from.
            listed = {r.id for r in retrieved}
            scores = {h.entry.id: round(h.score, 4) for h in ev.hits}
            result.retrieved += [
                Retrieved(c.id, c.title, scores.get(c.id, 0.0)) for c in result.citations if c.id not in listed
            ]
        return result

    def _holds_concepts(self, q: Question, entry_id: str) -> bool:
        """Does the entry mention every one of at least two specific concepts the question names? Then the
        question describes it, however few of its other words the survey uses."""
        specific = _specific(q, self.catalog)
        if q.stray_names:
            return False  # "… about Self-RAG and its reflection tokens": a name the topics do not cover
        return len(specific) >= 2 and all(self.catalog.concept_sources(entry_id, c) for c in specific)

    def not_covered(self, ev: Evidence) -> bool:
        """Lookups whose words are barely in the best entry, or that name something the index never saw."""
        q = ev.question
        if q.intent == "overview":
            return bool(q.unseen)  # "what does the survey say about Midjourney?"
        if q.intent in ("list", "count", "earliest", "latest"):
            if SAYS_ABOUT.search(q.text) and (q.unseen or oov_share(q, self.catalog) >= tuning.SAYS_ABOUT_OOV):
                return True  # "What does the survey say about CrewAI's crews / diffusion models?": not its words
            # "有没有讲 Sora 这类模型": a list about a name the survey never uses, with nothing else to go on.
            others = q.orgs or q.benchmarks or q.kinds or q.years or q.section or q.role or q.entries
            slots = q.concepts or others
            # "a sensible training plan for my first marathon?": "first" / "last" are everyday words, so an English
            # earliest / latest question with no slot, in words the index mostly never uses, is off-topic. Not a
            # list or count: their cue ("which works") is no everyday phrase and their topic may be put in words the
            # survey does not use. Not Chinese: oov_share reads Latin words only.
            timeline = q.intent in ("earliest", "latest")
            foreign = timeline and q.lang == "en" and oov_share(q, self.catalog) >= tuning.OOV_SHARE
            narrowed = bool(q.unseen) and not others and _narrowed_by_unseen(q, self.catalog)
            return narrowed or ((bool(q.unseen) or foreign) and not slots)
        if q.intent == "ranking" and q.unseen:
            return True  # "Which IBM model scores highest on …": a restriction the survey never names
        restricted = any(slot != "measure" for slot, _ in ev.criteria)
        if q.intent == "ranking" and q.measure and not ev.candidates and restricted:
            return False  # nothing meets the question's restrictions: the answer says which (rank_none)
        if q.intent not in ("lookup", "comparison") and not (q.intent == "ranking" and not ev.candidates):
            return False
        if not ev.hits:
            return True
        if q.intent == "ranking":
            from surveyqa.gather import _targets

            ev.targets = _targets(q, ev.hits, self.catalog)
            ev.coverage = coverage_of(q, ev.targets[0], self.catalog)
        if q.entries:
            return False  # the question names an entry the survey has (what it asks may still be not stated)
        # A group of organisations ("中国", "universities") fits too many entries to say the question is covered.
        slotted = bool(q.benchmarks) or bool(q.orgs and not self.catalog.lex.is_org_group(q.orgs[0]))
        if not q.unseen and ev.targets and slotted and fits_slots(q, ev.targets[0], self.catalog):
            return False  # "StepFun's 198B VLM … its Toolathlon number": the org and benchmark fit the entry
        if not q.unseen and ev.targets and self._holds_concepts(q, ev.targets[0]):
            return False  # "the first 'hybrid reasoning' model, launched with a terminal coding CLI": described
        if ev.coverage < tuning.MIN_COVERAGE:
            return True
        if q.lang == "en" and ev.coverage < tuning.OOV_COVERAGE and oov_share(q, self.catalog) >= tuning.OOV_SHARE:
            return True
        if (
            q.lang == "zh"
            and ev.coverage < tuning.OOV_COVERAGE
            and sum(1 for t in _latin_words(q, self.catalog) if not _known(t, self.catalog.vocabulary)) >= 2
        ):
            return True  # "用 pandas 怎么把两个 dataframe 按列合并？": Chinese around technical words it never uses
        if (
            q.lang == "zh"
            and ev.targets
            and coverage_of(q, ev.targets[0], self.catalog, single_chars=False) < tuning.OOV_COVERAGE
            and cjk_oov_share(q, self.catalog) >= tuning.CJK_OOV_SHARE
        ):
            return True  # "红烧肉怎么做才肥而不腻", "红烧肉怎么做": the words it shares with an entry are everyday ones
        # A name-like word the index never uses whole ("Self-RAG", though "self" and "RAG" occur) counts as unseen.
        stray = [n for n in q.stray_names if n.lower() not in self.catalog.vocabulary]
        if (q.unseen or stray) and ev.coverage < tuning.NAMED_COVERAGE:
            return True
        return ev.coverage < tuning.NAMED_COVERAGE_CJK and bool(unseen_chinese_names(q.text, self.catalog))


# What puts a name forward as an example ("coding agents like Cursor", "像 Cursor 那种"), not as the topic.
_EXAMPLE_BEFORE = re.compile(
    r"(?:\blike|\bsuch as|\be\.g\.?,?|\bfor example|\bincluding|比如|例如|譬如|诸如|像)\s*(?:the\s+)?$", re.IGNORECASE
)
# A name joined to another by "or" / "and" / a slash: "Coq or Lean4", "Android and HarmonyOS", "Verilog、RTL".
_JOINED_AFTER = re.compile(r"\s*(?:or|and|/|或|和|与|、)\s*([A-Za-z][\w.\-]*)", re.IGNORECASE)
_JOINED_BEFORE = re.compile(r"([A-Za-z][\w.\-]*)\s*(?:or|and|/|或|和|与|、)\s*$", re.IGNORECASE)


def _narrowed_by_unseen(q: Question, catalog: Catalog) -> bool:
    """ "有没有用大模型写 Verilog、做芯片 RTL 代码生成的工作": a topic of the survey's (code generation) narrowed by
    names it never writes is no topic of the survey's either. Every such name must stand right by a concept the
    question names, not as an example ("like Cursor"), not beside a name the survey writes ("Coq or Lean4"), and be
    absent from the corpus, even inside a longer name ("FP4" is in "MXFP4"; a short one as a word: "TPU" is not
    "output"). A plain hyphenated phrase ("sampled-then-aggregated") is no name."""
    text = q.text
    spots = [(m.start, m.end) for m in catalog.lex.concepts.find(text) if m.name in q.concepts]
    if not spots:
        return False
    for name in q.unseen:
        at = text.find(name)
        if at < 0 or re.fullmatch(r"[a-z]+(?:-[a-z]+)+", name):
            return False
        if written_somewhere(name, catalog):
            return False
        end = at + len(name)
        if _EXAMPLE_BEFORE.search(text[max(0, at - 24) : at]):
            return False
        joined = [m.group(1) for m in (_JOINED_AFTER.match(text, end), _JOINED_BEFORE.search(text[:at])) if m]
        if any(j not in q.unseen and j.lower() in catalog.vocabulary for j in joined):
            return False
        if not any(at - b <= _NEAR_TOPIC and a - end <= _NEAR_TOPIC for a, b in spots):
            return False
    return True


# How far (characters) a name may stand from the concept it narrows: "RTL 代码生成", "Verilog code generation".
_NEAR_TOPIC = 12


def _specific(q: Question, catalog: Catalog) -> list[str]:
    return [c for c in q.concepts if c not in BROAD_CONCEPTS and catalog.lex.concepts.terms[c].type != "family"]


def _latin_words(q: Question, catalog: Catalog) -> list[str]:
    """The question's Latin content words of 4+ letters (a plain lower-case compound counted through its parts)."""
    focus = set(q.focus)

    def plain_compound(t: str) -> bool:
        a, _, b = t.partition("-")
        return (
            bool(a and b) and "-" not in b and {a, b} <= focus and re.search(rf"\b{re.escape(t)}\b", q.text) is not None
        )

    # The words of a cue for what is asked ("stands for", "learning rate") say what is asked, not about what.
    cued = {t for m in catalog.lex.answer_types.find(q.text) for t in tokenize(m.text)}
    return [
        t
        for t in q.focus
        if t.isascii() and len(t) >= 4 and not t.replace(".", "").isdigit() and not plain_compound(t) and t not in cued
    ]


def oov_share(q: Question, catalog: Catalog) -> float:
    """Share of the question's Latin content words (4+ letters) that the index never uses. A plain two-word compound
    written in lower case ("community-run", "software-dev") is counted through its two words, which are words of the
    question too; a name-like one ("Qwen-Agent", "self-play-search") counts whole."""
    words = _latin_words(q, catalog)
    return sum(1 for t in words if not _known(t, catalog.vocabulary)) / len(words) if words else 0.0


# Everyday words of a chatty Chinese question, which say nothing of its topic.
_CJK_FILLERS = frozenset(
    re.findall(
        r"\S+",
        "那个 这个 那些 这些 东西 什么 怎么 怎么办 怎么样 为什么 厉害 偷偷 一下 有没有 是不是 到底 大概 "
        "比较 特别 最近 现在 时候 可以 能够 应该 需要 知道 觉得 感觉 请问 帮忙 帮我 一些 好几 几成 "
        "多少 一般 平时 其实 真的 还是 或者 以及",
    )
)


def cjk_oov_share(q: Question, catalog: Catalog) -> float:
    """Share of the question's Chinese topic words (two characters or more, everyday fillers left out) that the
    index never uses; a longer word counts as used when a two-character part of it is ("打游戏": 游戏). 0 when it
    writes a Latin word the index uses ("ToolBench 的接口分成多少类"): a name it knows says more than the words
    around it."""
    if any(t.isascii() and _known(t, catalog.vocabulary) for t in q.focus):
        return 0.0
    words = [t for t in q.focus if len(t) >= 2 and has_cjk(t) and t not in _CJK_FILLERS]

    def used(word: str) -> bool:
        return word in catalog.vocabulary or any(word[i : i + 2] in catalog.vocabulary for i in range(len(word) - 1))

    return sum(1 for t in words if not used(t)) / len(words) if words else 0.0


def _known(word: str, vocabulary: Container[str]) -> bool:
    """Is the word, or the word without an inflection ("stands", "learns", "tuned", "reflecting"), in the index?"""
    if word in vocabulary:
        return True
    for ending, back in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
        if word.endswith(ending) and len(word) - len(ending) >= 3 and word[: -len(ending)] + back in vocabulary:
            return True
    return False


def coverage_of(q: Question, entry_id: str, catalog: Catalog, *, single_chars: bool = True) -> float:
    from surveyqa.gather import coverage

    return coverage(q, entry_id, catalog, single_chars=single_chars)
