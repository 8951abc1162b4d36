"""Extractive answers: verbatim sentences from the retrieved evidence, each ending in ``[entry-id]``.

Abstention (calibrated on eval/qa.jsonl, see README "Answers"): the answerer declines when the
question's content words are barely found in the best entry (idf-weighted coverage below
``MIN_COVERAGE``), or when the question names something the survey never mentions (a capitalised
or alphanumeric Latin name, or a Chinese proper noun, absent from the whole index) and coverage
is below ``NAMED_COVERAGE``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from surveyqa.corpus import Entry
from surveyqa.prompts import ABSTAIN_EN, ABSTAIN_ZH
from surveyqa.retrieval import Hit, Mode, Retriever
from surveyqa.sentences import Sentence
from surveyqa.text import STOPWORDS, has_cjk, tokenize

MIN_COVERAGE = 0.1
NAMED_COVERAGE = 0.5
NAMED_COVERAGE_CJK = 0.25
MAX_TARGETS = 4
SECOND_SENTENCE_RATIO = 0.9
CHAR_BUDGET = 260
SUMMARY_PRIOR = 0.6

_COMPARE_CUES = re.compile(
    r"\b(or|vs\.?|versus|compare[ds]?|comparison|higher|lower|better|worse|more|fewer|both)\b"
    r"|谁|哪个|还是|对比|比较|和|与",
    re.IGNORECASE,
)
_PAIR_CUES = re.compile(r"\b(or|vs\.?|versus|and)\b|和|与|还是|跟|对比", re.IGNORECASE)
_QUANTITY_CUES = re.compile(
    r"\b(how (many|much|far|large|long)|score[ds]?|rate|share|percent|number|size)\b"
    r"|多少|几|多长|多大|分数|成绩|得分|比例",
    re.IGNORECASE,
)
_ORIGIN_CUES = re.compile(
    r"\b(who|which (lab|company|organi[sz]ation|team|institution)|from which)\b"
    r"|哪家|机构|谁(提出|发布|开发|推出|做)|出自|哪个团队|哪个公司|原来|以前",
    re.IGNORECASE,
)
# Capitalised words that start requests rather than name things.
_QUESTION_WORDS = frozenset(
    {"tell", "list", "give", "name", "compare", "explain", "describe", "show", "please", "summarize"}
    | {"summarise", "according", "survey"}
)
_LATIN_NAME = re.compile(r"\b[A-Za-z0-9][\w.\-]*\b")
_PROPER_NOUN_TAGS = ("nr", "ns", "nt", "nz")


@dataclass(frozen=True)
class Citation:
    id: str
    title: str
    url: str | None
    arxiv_id: str | None
    snippet: str


@dataclass(frozen=True)
class Retrieved:
    id: str
    title: str
    score: float


@dataclass
class Answer:
    """An answer with its citations as data; ``answer`` carries the same ids as ``[id]`` markers."""

    answer: str
    abstained: bool
    citations: list[Citation]
    retrieved: list[Retrieved]
    mode: str = "extractive"
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Evidence:
    """Why the answerer did or did not trust the retrieval for this question."""

    coverage: float
    unseen_names: tuple[str, ...]
    unseen_cjk_names: tuple[str, ...] = ()

    @property
    def weak(self) -> bool:
        if self.coverage < MIN_COVERAGE:
            return True
        if self.unseen_names and self.coverage < NAMED_COVERAGE:
            return True
        # jieba's proper-noun tags are noisy (长度 → ns), so Chinese names need weaker coverage too.
        return bool(self.unseen_cjk_names) and self.coverage < NAMED_COVERAGE_CJK


def abstain_text(question: str) -> str:
    return ABSTAIN_ZH if has_cjk(question) else ABSTAIN_EN


@lru_cache(maxsize=1)
def _posseg():  # type: ignore[no-untyped-def]
    from surveyqa.text import _jieba

    _jieba()
    import jieba.posseg

    return jieba.posseg


def _name_keys(entry: Entry) -> set[str]:
    """Normalised names an entry goes by: title head, its alias, the id, the org parts."""
    head = re.split(r": | — ", entry.title, maxsplit=1)[0]
    head = re.sub(r"^(Introducing( new capabilities to)?|The) ", "", head, flags=re.IGNORECASE)
    keys = {_norm(head), _norm(entry.id)}
    alias = re.match(r"^(.*?)\s*\(([^()]+)\)$", head)
    if alias:
        keys |= {_norm(alias.group(1)), _norm(alias.group(2))}
    for part in re.split(r" & | and | / |\(|\)", head):
        keys.add(_norm(part))
    return {k for k in keys if len(k) >= 3}


def _mentions(question: str, key: str) -> bool:
    """Does the question name ``key`` (normalised)? Short Latin keys must match a whole word."""
    if not key:
        return False
    if has_cjk(key) or len(key) >= 5:
        return key in _norm(question)
    return key in {_norm(w) for w in re.findall(r"[\w.\-]+", question.lower())}


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z\u4e00-\u9fff]", "", text.lower())


class ExtractiveAnswerer:
    """Answers from one loaded index; thread-safe (read-only after init)."""

    def __init__(self, retriever: Retriever) -> None:
        self.retriever = retriever
        index = retriever.index
        self.entries = retriever.by_id
        self.sentences: dict[str, list[Sentence]] = {}
        for sent in index.sentences:
            self.sentences.setdefault(sent.entry_id, []).append(sent)
        entry_tokens: dict[str, set[str]] = {}
        for chunk, tokens in zip(index.chunks, index.bm25_tokens, strict=True):
            entry_tokens.setdefault(chunk.entry_id, set()).update(tokens)
        self.entry_tokens = entry_tokens
        self.vocabulary = set().union(*entry_tokens.values()) if entry_tokens else set()
        df: dict[str, int] = {}
        for token_set in entry_tokens.values():
            for t in token_set:
                df[t] = df.get(t, 0) + 1
        n = max(len(entry_tokens), 1)
        self._idf = {t: math.log(1 + n / (1 + c)) for t, c in df.items()}
        self._idf_unknown = math.log(1 + n)
        self.name_keys = {e.id: _name_keys(e) for e in retriever.entries}
        self.org_keys = {
            e.id: {p for p in re.split(r"[/、,，]|\s+", e.org) if len(_norm(p)) >= 2} for e in retriever.entries
        }
        self.sentence_vectors = index.sentence_vectors
        self.chunk_vectors = index.vectors

    def warm_up(self) -> None:
        """Load the embedding model and jieba's tagger now, so the first question is not slow."""
        self.retriever.embedder.embed_queries(["warm up"])
        _posseg().lcut("预热")

    def idf(self, token: str) -> float:
        return self._idf.get(token, self._idf_unknown)

    # -- evidence --------------------------------------------------------------
    def evidence(self, question: str, top: Hit, question_tokens: Sequence[str] | None = None) -> Evidence:
        tokens = set(tokenize(question) if question_tokens is None else question_tokens)
        total = sum(self.idf(t) for t in tokens)
        found = sum(self.idf(t) for t in tokens if t in self.entry_tokens.get(top.entry.id, set()))
        latin, cjk = self.unseen_names(question)
        return Evidence(found / total if total else 0.0, tuple(latin), tuple(cjk))

    def unseen_names(self, question: str) -> tuple[list[str], list[str]]:
        """Names in the question the index never saw: Latin with a capital or digit; Chinese proper nouns."""
        names: list[str] = []
        cjk: list[str] = []
        for m in _LATIN_NAME.finditer(question):
            word = m.group()
            if word.lower() in STOPWORDS or not re.search(r"[A-Za-z]", word):
                continue
            if word.lower() in _QUESTION_WORDS:
                continue
            looks_named = bool(re.search(r"[\dA-Z]", word))  # "Sora", "BERT", "RT-2", "405B"
            if looks_named and word.lower() not in self.vocabulary:
                names.append(word)
        if has_cjk(question):
            for pair in _posseg().lcut(question):
                if pair.flag.startswith(_PROPER_NOUN_TAGS) and len(pair.word) >= 2 and pair.word not in self.vocabulary:
                    cjk.append(pair.word)
        return names, cjk

    # -- answering -------------------------------------------------------------
    def answer(self, question: str, top_k: int = 5, *, retrieval: Mode = "hybrid") -> Answer:
        """Answer ``question`` from the index, or abstain when the evidence is too weak."""
        qvec = self.retriever.embedder.embed_queries([question])[0]
        hits = self.retriever.search(question, k=max(top_k, 10), mode=retrieval, query_vector=qvec)
        retrieved = [Retrieved(h.entry.id, h.entry.title, round(h.score, 4)) for h in hits[:top_k]]
        qtokens = tokenize(question)  # content tokens: stop words are already dropped
        if not hits or self.evidence(question, hits[0], qtokens).weak:
            return Answer(abstain_text(question), True, [], retrieved)
        targets = self.targets(question, hits)
        wants_number = bool(_QUANTITY_CUES.search(question))
        wants_origin = bool(_ORIGIN_CUES.search(question))
        budget = CHAR_BUDGET if len(targets) == 1 else CHAR_BUDGET + 120
        parts: list[str] = []
        citations: list[Citation] = []
        for hit in targets:
            chosen = self.pick_sentences(
                hit.entry.id, qtokens, qvec, wants_number, budget // len(targets), wants_origin
            )
            if not chosen:
                continue
            for sent in chosen:
                parts.append(f"{sent.text} [{hit.entry.id}]")  # its own end mark keeps sentences apart
            citations.append(self._citation(hit.entry, chosen))
        if not parts:
            return Answer(abstain_text(question), True, [], retrieved)
        return Answer(" ".join(parts), False, citations, retrieved)

    def targets(self, question: str, hits: Sequence[Hit]) -> list[Hit]:
        """The entries an answer must draw on: the best hit, or every entry a comparison names."""
        named = {h.entry.id: pos for h in hits if (pos := self.mention_at(question, h.entry.id)) >= 0}
        if len(named) >= 2 and _COMPARE_CUES.search(question):
            # The two sides of "X or Y" / "X 和 Y": the named entries nearest the joint on each side.
            for joint in _PAIR_CUES.finditer(question):
                at = len(_norm(question[: joint.start()]))  # mention positions are in normalised text
                left = [i for i, p in named.items() if p < at]
                right = [i for i, p in named.items() if p >= at]
                if left and right:
                    pair = {max(left, key=named.__getitem__), min(right, key=named.__getitem__)}
                    return sorted((h for h in hits if h.entry.id in pair), key=lambda h: named[h.entry.id])
            return [h for h in hits if h.entry.id in named][:MAX_TARGETS]
        by_org = [h for h in hits if any(_mentions(question, _norm(k)) for k in self.org_keys[h.entry.id])]
        if len(by_org) >= 2 and not named:
            return by_org[:MAX_TARGETS]  # "which entries are from Meituan?"
        if named and hits[0].entry.id not in named:
            return [next(h for h in hits if h.entry.id in named)]  # the question names its subject
        return [hits[0]]

    def mention_at(self, question: str, entry_id: str) -> int:
        """Where the question names the entry (position in the normalised question), or -1."""
        q = _norm(question)
        spots = [q.find(k) for k in self.name_keys[entry_id] if _mentions(question, k)]
        return min((p for p in spots if p >= 0), default=-1)

    def pick_sentences(
        self,
        entry_id: str,
        qtokens: Sequence[str],
        qvec: np.ndarray,
        wants_number: bool,
        budget: int,
        wants_origin: bool = False,
    ) -> list[Sentence]:
        """The entry's best sentence for the question, plus a close second if it fits the budget."""
        candidates = self.sentences.get(entry_id, [])
        if not candidates:
            return []
        total = sum(self.idf(t) for t in set(qtokens)) or 1.0
        scored = []
        for sent in candidates:
            if sent.pos < 0 and not wants_origin:
                continue  # the header line only answers "who made it / what was it called"
            own = set(sent.tokens)
            lexical = sum(self.idf(t) for t in set(qtokens) if t in own) / total
            if sent.vec >= 0:
                dense = float(self.sentence_vectors[sent.vec] @ qvec)
            elif sent.chunk >= 0:
                dense = float(self.chunk_vectors[sent.chunk] @ qvec)
            else:
                dense = 0.0
            score = 0.5 * lexical + dense
            if wants_number and re.search(r"\d", sent.text):
                score += 0.05
            if sent.kind == "summary":
                score += SUMMARY_PRIOR  # the survey's own words are what users come for
            if sent.pos < 0 and wants_origin:
                score += 0.2  # "who made it" is answered by the header: title (org, date, kind)
            scored.append((score, sent))
        scored.sort(key=lambda pair: -pair[0])
        best_score, best = scored[0]
        chosen = [best]
        for score, sent in scored[1:2]:
            fits = len(best.text) + len(sent.text) <= budget
            if fits and score >= SECOND_SENTENCE_RATIO * best_score and sent.kind == best.kind:
                chosen.append(sent)
        return sorted(chosen, key=lambda s: (s.kind != "summary", s.pos))

    @staticmethod
    def _citation(entry: Entry, chosen: Sequence[Sentence]) -> Citation:
        snippet = " ".join(s.text for s in chosen)
        return Citation(entry.id, entry.title, entry.url, entry.arxiv_id, snippet)
