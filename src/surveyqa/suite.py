"""The evaluation suite: every configuration on both splits, the judge's meta-evaluation, reports, the gate."""

from __future__ import annotations

import json
import random
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from surveyqa.citations import MARKER, numbers, source_text, split_cited
from surveyqa.corpus import Entry
from surveyqa.embedding import CachedQueries, Embedder
from surveyqa.evaluation import (
    KS,
    LOOKUP_KINDS,
    SPLITS,
    SURVEY_KINDS,
    QAItem,
    load_qa,
    recall_at,
    reciprocal_rank,
    retrieval_items,
    score_answer,
)
from surveyqa.judge import SupportJudge, split_frame
from surveyqa.prompts import LEAD
from surveyqa.results import Answer
from surveyqa.retrieval import MODES, Mode, Retriever
from surveyqa.settings import Settings
from surveyqa.text import cjk_runs, has_cjk

# The bars of the survey-level answers issue, in report order: (metric, label, "min"/"max", bar).
BARS = (
    ("list_recall", "list questions: recall (gold entries cited)", "min", 0.85),
    ("list_precision", "list questions: precision (cited entries gold or acceptable)", "min", 0.85),
    ("survey_correctness", "ranking / earliest / latest / count correct", "min", 0.85),
    ("near_miss_abstain", "near-miss unanswerable that abstain", "min", 0.85),
    ("off_topic_abstain", "off-topic unanswerable that abstain", "min", 0.90),
    ("false_abstain_rate", "answerable questions that abstain", "max", 0.03),
    ("lookup_correctness", "lookup correctness", "min", 0.93),
    ("recall@5", "retrieval recall@5", "min", 0.97),
    ("unknown_ids", "unknown ids", "max", 0),
    ("unverbatim_citations", "cited spans not verbatim in their entry", "max", 0),
    # The reader issue (11):
    ("abstract_correctness", "questions answered only in the abstract: correct", "min", 0.85),
    ("en_zh_gap", "English vs Chinese correctness: gap", "max", 0.03),
    ("own_language", "answers whose own (non-quoted) text is in the question's language", "min", 0.95),
    ("median_chars", "median answer length, markers removed (answered questions)", "max", 300),
)
MAIN_METRICS = (
    "recall@5",
    "lookup_correctness",
    "list_recall",
    "list_precision",
    "survey_correctness",
    "citation_recall",
)


@dataclass
class QuestionResult:
    """One question under one configuration."""

    id: str
    split: str
    lang: str
    kind: str
    where: str
    answerable: bool
    gold: list[str]
    ranked: list[str]
    answer: str
    answer_kind: str
    abstained: bool
    correct: bool
    gold_recall: float
    list_precision: float
    sentences: int
    supported: int
    citations: int
    precise: int
    unknown: int
    unverbatim: int
    ms: float
    own_language: bool = True
    chars: int = 0


@dataclass
class Config:
    """One column of the side-by-side table."""

    label: str
    embedder: str
    retrieval: Mode
    answer_mode: str = "extractive"


_FRAMING_STARTS = ("Note:", "注意：", "…and", "……另有", "Also, by name", "另有按名称")


_SPAN = re.compile(
    r"(?P<lo>\d{4}-\d{2}) (?:to|至) (?P<hi>\d{4}-\d{2})|(?P<from>\d{4}-\d{2}) (?:or later|及以后)"
    r"|(?P<until>\d{4}-\d{2}) (?:or earlier|及以前)"
)


def _without_span(header: str, cited: list[Entry]) -> str:
    """The header without the span of months it states ("dated 2025-01 to 2025-06"), when every entry the
    answer cites is dated inside it: the span restates the question, the entries' dates are checked anyway.
    Only the span goes; the count ("12 entries") is still checked."""
    m = _SPAN.search(header)
    if not m:
        return header
    lo = m.group("lo") or m.group("from") or "0000-00"
    hi = m.group("hi") or m.group("until") or "9999-99"
    inside = all(e.date and lo <= e.date[:7] <= hi for e in cited if e.kind not in ("overview", "scope"))
    return header[: m.start()] + " " + header[m.end() :] if inside else header


def judge_answer(answer: Answer, by_id: dict[str, Entry], judge: SupportJudge) -> tuple[int, int, int, int, int]:
    """ALCE-style counts: (sentences, supported sentences, citations, precise citations, unknown ids).

    Framing lines that carry no claim of their own ("Then:", a note on settings) are not counted; a
    header's count ("The survey has 7 entries …:") must equal the number of entries the answer lists.
    """
    if answer.abstained:
        return 0, 0, 0, 0, 0
    paraphrase = answer.mode != "extractive"
    cited = [by_id[i] for i in dict.fromkeys(MARKER.findall(answer.answer)) if i in by_id]
    dates = set().union(*(numbers(source_text(e)) for e in cited))
    parts = split_cited(answer.answer)
    sentences = supported = citations = precise = unknown = 0
    for n, sent in enumerate(parts):
        if not sent.ids:
            text = sent.text.strip()
            framing = text.endswith((":", "：")) or text.startswith(_FRAMING_STARTS)
            if framing and not numbers(text):
                continue  # framing with no claim of its own ("Then:", a note on settings)
            sentences += 1
            if not framing:
                continue  # a statement with no citation: unsupported
            claims = numbers(text)
            # A header states how many entries follow it (its cited lines, plus "…and K more"), or the
            # dates of the entries it introduces.
            following = 0
            for later in parts[n + 1 :]:
                if later.ids:
                    following += 1
                elif numbers(later.text) or later.text.rstrip().endswith((":", "：")):
                    more = re.search(r"(?:and|另有)\s*(\d+)\s*(?:more|项)", later.text)
                    following += int(more.group(1)) if more else 0
                    break
            claims = numbers(_without_span(text, cited))
            supported += claims <= {str(following)} | dates
            continue
        sentences += 1
        known = [i for i in sent.ids if i in by_id]
        unknown += len(sent.ids) - len(known)
        citations += len(sent.ids)
        entries = [by_id[i] for i in known]
        whole = judge.judge(sent.text, entries, allow_paraphrase=paraphrase).supported
        supported += whole
        for i in known:
            alone = judge.judge(sent.text, [by_id[i]], allow_paraphrase=paraphrase).supported
            others = [by_id[j] for j in known if j != i]
            needed = whole and not judge.judge(sent.text, others, allow_paraphrase=paraphrase).supported
            precise += alone or needed
    return sentences, supported, citations, precise, unknown


_LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")


def own_words(answer: str, by_id: dict[str, Entry]) -> tuple[str, list[str]]:
    """Split an answer into its own words and its quotes: a quote is a cited sentence, or the part of
    one after a frame separator, that occurs verbatim in the entry it cites; the rest is the answer's own."""
    own: list[str] = []
    quotes: list[str] = []
    for sent in split_cited(answer):
        text = sent.text.strip()
        sources = [source_text(by_id[i]) for i in sent.ids if i in by_id]
        if sources and any(text in src for src in sources):
            quotes.append(text)
            continue
        split = split_frame(text, sources) if sources else None
        if split is None:
            own.append(text)
        else:
            own.append(split[0])
            quotes.append(split[1])
    return " ".join(own), quotes


def in_question_language(answer: str, question: str, lang: str, by_id: dict[str, Entry]) -> bool:
    """Issue 11: is the answer's own text in the question's language?

    Own text may carry verbatim tokens of the other language (a title, an org, a benchmark name from a cited
    entry or from the question); apart from those it must be in the question's language. When every quote is
    in the other language, the own text must also say something in the question's language: two English
    lower-case words that are not part of a cited title, or a Chinese run found in neither the cited text nor
    the question. An English sentence of the answer's own in a Chinese answer is foreign, whatever its words."""
    cited = [by_id[i] for i in dict.fromkeys(MARKER.findall(answer)) if i in by_id]
    pool = " ".join(f"{source_text(e)} {e.org} {e.section}" for e in cited) + " " + question
    pool_words = {w.lower() for w in _LATIN_WORD.findall(pool)}
    title_words = {w.lower() for e in cited for w in _LATIN_WORD.findall(e.title)}
    own, quotes = own_words(answer, by_id)
    own = MARKER.sub(" ", own)
    # Entry ids listed bare ("…and 18 more: glm-4-5, …") are references, not words.
    own = re.sub(
        r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])", lambda m: " " if m.group() in by_id else m.group(), own
    )
    lower_words = [w for w in _LATIN_WORD.findall(own) if w.islower() and w not in title_words]
    if lang == "en":
        foreign = any(run not in pool for run in cjk_runs(own))
        quotes_mine = any(not has_cjk(q) for q in quotes)
        says_mine = len(lower_words) >= 2  # a lead or a header, not one stray word
    else:
        foreign = any(w.lower() not in pool_words for w in _LATIN_WORD.findall(own))
        # An English sentence of its own (a paraphrase of the abstract) is foreign to a Chinese answer.
        foreign = foreign or (len(lower_words) >= 2 and not has_cjk(own))
        quotes_mine = any(has_cjk(q) for q in quotes)
        says_mine = any(run not in pool for run in cjk_runs(own))
    if foreign:
        return False
    return not quotes or quotes_mine or says_mine


def unverbatim_citations(answer: Answer, by_id: dict[str, Entry]) -> int:
    """Citations whose snippet is not verbatim in the entry they name (extractive answers only)."""
    if answer.mode != "extractive":
        return 0
    return sum(1 for c in answer.citations if c.id in by_id and c.snippet not in source_text(by_id[c.id]))


def run_config(
    items: Sequence[QAItem],
    answer_fn: Callable[[str], Answer],
    rank_fn: Callable[[str], list[str]],
    by_id: dict[str, Entry],
    judge: SupportJudge,
) -> list[QuestionResult]:
    """Answer and score every item. The answer is timed first, with the question's embedding in its time; the
    ranker then finds that embedding in the embedder's query cache."""
    rows = []
    for item in items:
        t = time.perf_counter()
        result = answer_fn(item.question)
        ms = (time.perf_counter() - t) * 1000
        ranked = rank_fn(item.question)
        scored = score_answer(item, result)
        sentences, supported, citations, precise, unknown = judge_answer(result, by_id, judge)
        rows.append(
            QuestionResult(
                id=item.id,
                split=item.split,
                lang=item.lang,
                kind=item.kind,
                where=item.where,
                answerable=item.answerable,
                gold=list(item.gold),
                ranked=ranked[:10],
                answer=result.answer,
                answer_kind=result.kind,
                abstained=result.abstained,
                correct=scored.correct,
                gold_recall=scored.gold_recall,
                list_precision=scored.list_precision,
                sentences=sentences,
                supported=supported,
                citations=citations,
                precise=precise,
                unknown=unknown,
                unverbatim=unverbatim_citations(result, by_id),
                ms=ms,
                own_language=in_question_language(result.answer, item.question, item.lang, by_id),
                chars=len(MARKER.sub("", result.answer).strip()),
            )
        )
    return rows


def aggregate(rows: Sequence[QuestionResult]) -> dict[str, float]:
    """Figures over a set of question results; a figure with no questions behind it is left out."""
    out: dict[str, float] = {"questions": len(rows)}
    retrieval_ids = {q.id for q in retrieval_items([_item(r) for r in rows])}
    ret = [r for r in rows if r.id in retrieval_ids]
    if ret:
        for k in KS:
            out[f"recall@{k}"] = _mean(recall_at(r.gold, r.ranked, k) for r in ret)
        out["mrr"] = _mean(reciprocal_rank(r.gold, r.ranked) for r in ret)
    groups = {
        "lookup_correctness": [r for r in rows if r.kind in LOOKUP_KINDS],
        "survey_correctness": [r for r in rows if r.kind in SURVEY_KINDS],
        "correctness": [r for r in rows if r.answerable],
    }
    for key, group in groups.items():
        if group:
            out[key] = _mean(float(r.correct) for r in group)
    for key, group in (
        ("abstract_correctness", [r for r in rows if r.answerable and r.where == "abstract"]),
        ("en_correctness", [r for r in rows if r.answerable and r.lang == "en"]),
        ("zh_correctness", [r for r in rows if r.answerable and r.lang == "zh"]),
    ):
        if group:
            out[key] = _mean(float(r.correct) for r in group)
    if "en_correctness" in out and "zh_correctness" in out:
        out["en_zh_gap"] = abs(out["en_correctness"] - out["zh_correctness"])
    out["own_language"] = _mean(float(r.own_language) for r in rows)
    answered = [r.chars for r in rows if not r.abstained]
    out["median_chars"] = statistics.median(answered) if answered else 0.0
    lists = [r for r in rows if r.kind == "list"]
    if lists:
        out["list_recall"] = _mean(r.gold_recall for r in lists)
        out["list_precision"] = _mean(r.list_precision for r in lists)
    for kind in ("near_miss", "off_topic"):
        group = [r for r in rows if r.kind == kind]
        if group:
            out[f"{kind}_abstain"] = _mean(float(r.abstained) for r in group)
    answerable = [r for r in rows if r.answerable]
    if answerable:
        out["false_abstain_rate"] = _mean(float(r.abstained) for r in answerable)
    sentences = sum(r.sentences for r in rows)
    citations = sum(r.citations for r in rows)
    out["citation_recall"] = sum(r.supported for r in rows) / sentences if sentences else 1.0
    out["citation_precision"] = sum(r.precise for r in rows) / citations if citations else 1.0
    out["unknown_ids"] = sum(r.unknown for r in rows)
    out["unverbatim_citations"] = sum(r.unverbatim for r in rows)
    times = sorted(r.ms for r in rows)
    out["latency_p50_ms"] = statistics.median(times) if times else 0.0
    out["latency_p95_ms"] = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] if times else 0.0
    return out


def _item(row: QuestionResult) -> QAItem:
    return QAItem(row.id, "", "en", row.kind, row.split, row.answerable, tuple(row.gold))


def _mean(values: Any) -> float:
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0


# -- meta-evaluation of the judge ---------------------------------------------------------------------------
@dataclass
class MetaResult:
    """How the judge fares on answers known to be right and on corrupted copies of them."""

    correct: int
    false_rejects: int
    corrupted: dict[str, int] = field(default_factory=dict)
    caught: dict[str, int] = field(default_factory=dict)

    @property
    def catch_rate(self) -> float:
        total = sum(self.corrupted.values())
        return sum(self.caught.values()) / total if total else 0.0

    @property
    def false_reject_rate(self) -> float:
        return self.false_rejects / self.correct if self.correct else 0.0


_FRAMED_LINE = re.compile(r"^- (?P<name>[^\n]+?)(?P<date> \(\d{4}-\d{2}\))?: ", re.MULTILINE)


def corruptions(answer: str, entries: Sequence[Entry], rng: random.Random) -> dict[str, str]:
    """Known-bad copies of a correct answer: swapped citation, changed number, added claim, dropped citation,
    for framed lines ("- Title (date): quote [id]") a changed date and a swapped name in the frame, and for
    a lead in the question's language ("Kimi K2 — SWE-Bench Verified 65.8, in the survey's words (Chinese):")
    a swapped name and a changed value."""
    out: dict[str, str] = {}
    cited = list(dict.fromkeys(MARKER.findall(answer)))
    if not cited:
        return out
    others = [e for e in entries if e.id not in cited]
    swap_to = rng.choice(others)
    out["citation swapped"] = answer.replace(f"[{cited[0]}]", f"[{swap_to.id}]")
    number = re.search(r"(?<![\d.])\d+(?:\.\d+)?", MARKER.sub("", answer))
    if number:
        old = number.group()
        new = str(int(old) + 7) if old.isdigit() else f"{float(old) + 7.3:.{len(old.split('.')[1])}f}"
        out["number changed"] = answer.replace(old, new, 1)
    donor = rng.choice([e for e in others if e.summary])
    claim = donor.summary.split("。")[0].split("；")[0]
    out["unsupported sentence added"] = f"{answer} {claim}。 [{cited[0]}]"
    out["citation dropped"] = MARKER.sub("", answer, count=1).strip()
    line = _FRAMED_LINE.search(answer)
    if line and line.group("date"):
        year = int(line.group("date")[2:6])
        out["framed date changed"] = answer.replace(
            line.group("date"), line.group("date").replace(str(year), str(year - 3)), 1
        )
    if line:
        stranger = rng.choice([e for e in others if re.search(r"[A-Z0-9]", e.title)])
        out["framed name swapped"] = answer.replace(f"- {line.group('name')}", f"- {stranger.title.split(':')[0]}", 1)
    lead = LEAD.search(answer)
    if lead:
        stranger = rng.choice([e for e in others if re.search(r"[A-Z0-9]", e.title)])
        at = lead.start("name")
        out["lead name swapped"] = answer[:at] + stranger.title.split(":")[0] + answer[lead.end("name") :]
        first = (lead.group("values") or "").split(", ")[0]
        value = list(re.finditer(r"\d+(?:\.\d+)?", first))
        if value:
            # The realistic slip: the value of another result in the same quote ("Verified 66.1" for 65.8).
            last = value[-1]
            rivals = [n for n in re.findall(r"\d+\.\d+|\d+", answer[lead.end() :]) if n != last.group()]
            at = lead.start("values") + last.start()
            changed = rivals[0] if rivals else f"{float(last.group()) + 7.3:.1f}"
            out["lead value changed"] = answer[:at] + changed + answer[at + len(last.group()) :]
    return out


def reworded(answer: str) -> str:
    """A supported but non-verbatim copy: the clauses of each sentence in reverse order."""
    parts = []
    for sent in split_cited(answer):
        clauses = [c for c in re.split(r"[，,；]", sent.text.rstrip("。.")) if c.strip()]
        text = "，".join(reversed(clauses)) if len(clauses) > 1 else sent.text
        parts.append(f"{text} " + " ".join(f"[{i}]" for i in sent.ids))
    return " ".join(parts)


def meta_evaluate(
    correct_answers: Sequence[Answer], by_id: dict[str, Entry], judge: SupportJudge, *, paraphrase: bool, seed: int = 7
) -> MetaResult:
    """Run the judge on right answers (paraphrase mode: reworded) and on their corrupted copies."""
    rng = random.Random(seed)
    entries = list(by_id.values())
    result = MetaResult(correct=0, false_rejects=0)

    def clean(answer: Answer) -> bool:
        sentences, supported, citations, precise, unknown = judge_answer(answer, by_id, judge)
        return sentences > 0 and supported == sentences and precise == citations and unknown == 0

    for ans in correct_answers:
        mode = "llm" if paraphrase else "extractive"
        good = reworded(ans.answer) if paraphrase and "\n" not in ans.answer else ans.answer
        result.correct += 1
        result.false_rejects += not clean(Answer(good, False, [], [], mode=mode, items=ans.items))
        for kind, bad in corruptions(ans.answer, entries, rng).items():
            result.corrupted[kind] = result.corrupted.get(kind, 0) + 1
            result.caught[kind] = result.caught.get(kind, 0) + (
                not clean(Answer(bad, False, [], [], mode=mode, items=ans.items))
            )
    return result


def _ranked(retriever: Retriever, mode: Mode, question: str) -> list[str]:
    return [h.entry.id for h in retriever.search(question, k=10, mode=mode)]


# -- the whole suite ----------------------------------------------------------------------------------------
def default_configs(embedders: Sequence[str], llm: bool) -> list[Config]:
    configs = [Config(f"{mode} ({emb})", emb, mode) for emb in embedders for mode in MODES]
    if llm:
        configs.append(Config(f"hybrid ({embedders[0]}) + LLM", embedders[0], "hybrid", "llm"))
    return configs


def run_suite(
    settings: Settings,
    *,
    qa_path: Path,
    configs: Sequence[Config],
    split: str | None = None,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Run every configuration on the QA set (one split, or both), the judge's meta-evaluation on the first."""
    from surveyqa.build import build_index
    from surveyqa.evaluation import index_settings
    from surveyqa.service import Service

    items = load_qa(qa_path, split)
    splits = [s for s in SPLITS if any(q.split == s for q in items)]
    services: dict[str, Service] = {}
    engines: dict[str, Embedder] = {}
    judges: dict[str, SupportJudge] = {}  # one per embedder: the meta-evaluation re-reads the answers' sentences
    columns: dict[str, dict[str, dict[str, float]]] = {}
    default_rows: list[QuestionResult] = []
    started = time.perf_counter()
    for config in configs:
        if config.embedder not in services:
            s = index_settings(settings, config.embedder)
            progress(f"index for {config.embedder}")
            build_index(s)
            services[config.embedder] = Service.load(s, warm=False)
            engines[config.embedder] = services[config.embedder].retriever.embedder
            services[config.embedder].extractive.warm_up()
        svc = services[config.embedder]
        # A fresh cache per configuration: its answers pay for their own question embeddings (the latency figures
        # count them), and the ranker after each answer finds the question already embedded.
        svc.retriever.embedder = CachedQueries(engines[config.embedder])
        by_id = svc.retriever.by_id
        judge = judges.setdefault(config.embedder, SupportJudge(engines[config.embedder]))
        answer_fn: Callable[[str], Answer]
        if config.answer_mode == "llm" and svc.llm is not None:
            answer_fn = svc.llm.answer
        else:
            answer_fn = partial(svc.extractive.answer, retrieval=config.retrieval)
        rank_fn = partial(_ranked, svc.retriever, config.retrieval)
        progress(config.label)
        rows = run_config(items, answer_fn, rank_fn, by_id, judge)
        columns[config.label] = {s: aggregate([r for r in rows if r.split == s]) for s in splits}
        if not default_rows:
            default_rows = rows
    first = services[configs[0].embedder]
    progress("judge meta-evaluation")
    right = [
        Answer(row.answer, False, [], [], mode="extractive")
        for row in default_rows
        if row.correct and row.answerable and row.supported == row.sentences and row.sentences
    ]
    by_id = first.retriever.by_id
    judge = judges[configs[0].embedder]
    meta = {
        "verbatim judge": meta_evaluate(right, by_id, judge, paraphrase=False),
        "paraphrase judge": meta_evaluate(right, by_id, judge, paraphrase=True),
    }
    breakdown: dict[str, dict[str, dict[str, dict[str, float]]]] = {}
    for split_name in splits:
        rows = [r for r in default_rows if r.split == split_name]
        breakdown[split_name] = {
            "by kind": {k: aggregate([r for r in rows if r.kind == k]) for k in sorted({r.kind for r in rows})},
            "by language": {lang: aggregate([r for r in rows if r.lang == lang]) for lang in ("en", "zh")},
            "by where the answer is": {
                w: aggregate([r for r in rows if r.where == w]) for w in sorted({r.where for r in rows})
            },
        }
    return {
        "qa_set": str(qa_path),
        "questions": {s: sum(1 for q in items if q.split == s) for s in splits},
        "splits": splits,
        "default": configs[0].label,
        "columns": columns,
        "breakdown": breakdown,
        "meta": {
            k: {
                "correct": m.correct,
                "false_reject_rate": m.false_reject_rate,
                "catch_rate": m.catch_rate,
                "corrupted": m.corrupted,
                "caught": m.caught,
            }
            for k, m in meta.items()
        },
        "per_question": [asdict(r) for r in default_rows],
        "suite_seconds": time.perf_counter() - started,
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


# -- reports and gate ---------------------------------------------------------------------------------------
ROW_LABELS = {
    "recall@1": "retrieval recall@1",
    "recall@5": "retrieval recall@5",
    "mrr": "retrieval MRR",
    "lookup_correctness": "lookup correctness",
    "list_recall": "list recall",
    "list_precision": "list precision",
    "survey_correctness": "ranking / earliest / latest / count correct",
    "near_miss_abstain": "near-miss abstain",
    "off_topic_abstain": "off-topic abstain",
    "false_abstain_rate": "answerable that abstain",
    "correctness": "all answerable correct",
    "citation_precision": "citation precision",
    "citation_recall": "citation recall",
    "unknown_ids": "unknown ids",
    "unverbatim_citations": "cited spans not verbatim",
    "latency_p50_ms": "latency p50 (ms)",
    "latency_p95_ms": "latency p95 (ms)",
}


def markdown(report: dict[str, Any]) -> str:
    splits = report["splits"]
    default = report["default"]
    counts = ", ".join(f"{report['questions'][s]} {s}" for s in splits)
    lines = [
        f"# surveyqa evaluation — {report['generated_at']}",
        "",
        f"Questions from `{report['qa_set']}` ({counts}); default configuration: **{default}**.",
        "Constants are tuned on dev; test is held out (see eval/README.md).",
        *(f"Skipped: {what}: {why}." for what, why in report.get("skipped", {}).items()),
        "",
        "## Bars (default configuration)",
        "",
        "| measure | bar | " + " | ".join(splits) + " |",
        "|---|---|" + "---|" * len(splits),
    ]
    for key, label, kind, bar in BARS:
        cells = [_fmt(report["columns"][default][s].get(key)) for s in splits]
        lines.append(f"| {label} | {'≥' if kind == 'min' else '≤'} {bar} | " + " | ".join(cells) + " |")
    cols = list(report["columns"])
    target = "test" if "test" in splits else splits[0]
    lines += ["", f"## All configurations ({target} split)", "", "| metric | " + " | ".join(cols) + " |"]
    lines.append("|---|" + "---|" * len(cols))
    for key, label in ROW_LABELS.items():
        cells = [_fmt(report["columns"][c][target].get(key)) for c in cols]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    keys = ["questions", "correctness", "recall@5", "list_recall", "list_precision", "citation_recall"]
    for s in splits:
        for title, groups in report["breakdown"][s].items():
            lines += ["", f"## Default configuration, {s} split, {title}", "", "| group | " + " | ".join(keys) + " |"]
            lines.append("|---|" + "---|" * len(keys))
            for name, agg in groups.items():
                lines.append(f"| {name} | " + " | ".join(_fmt(agg.get(k)) for k in keys) + " |")
    lines += ["", "## Judge meta-evaluation", "", "| judge | correct answers | wrongly rejected | corrupted | caught |"]
    lines.append("|---|---|---|---|---|")
    for name, m in report["meta"].items():
        detail = ", ".join(f"{k} {m['caught'][k]}/{v}" for k, v in m["corrupted"].items())
        lines.append(
            f"| {name} | {m['correct']} | {m['false_reject_rate']:.3f} | {sum(m['corrupted'].values())} "
            f"| {m['catch_rate']:.3f} ({detail}) |"
        )
    lines += ["", f"Suite time: {report['suite_seconds']:.0f} s."]
    return "\n".join(lines) + "\n"


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.1f}" if value > 1.5 else f"{value:.3f}"
    return str(value)


def chart(report: dict[str, Any], path: Path) -> bool:
    """A grouped bar chart of the main metrics by configuration (test split); False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    target = "test" if "test" in report["splits"] else report["splits"][0]
    cols = list(report["columns"])
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(cols)), 5.2))
    width = 0.8 / len(MAIN_METRICS)
    for i, metric in enumerate(MAIN_METRICS):
        values = [report["columns"][c][target].get(metric, 0.0) for c in cols]
        ax.bar([x + i * width for x in range(len(cols))], values, width, label=ROW_LABELS[metric])
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(cols))], cols, rotation=15, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_title(f"surveyqa evaluation by configuration ({target} split)")
    ax.legend(fontsize=8, ncols=3, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def write_reports(report: dict[str, Any], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    md, js, png = out_dir / "latest.md", out_dir / "latest.json", out_dir / "latest.png"
    md.write_text(markdown(report), encoding="utf-8")
    js.write_text(json.dumps(report, ensure_ascii=False, indent=1), encoding="utf-8")
    written = [md, js]
    if chart(report, png):
        written.append(png)
    return written


def check_gate(report: dict[str, Any], thresholds: dict[str, Any]) -> list[str]:
    """Every metric that misses its threshold, as a readable line; empty when the gate passes."""
    failures = []
    split = thresholds.get("split", "test")
    if split not in report["columns"][report["default"]]:
        return [f"the gate's split {split!r} was not evaluated (run without --split, or with --split {split})"]
    default = report["columns"][report["default"]][split]
    for key, bound in thresholds.get("default", {}).items():
        value = default.get(key)
        kind, limit = ("max", bound["max"]) if "max" in bound else ("min", bound["min"])
        if value is None or (kind == "min" and value < limit) or (kind == "max" and value > limit):
            failures.append(f"{split} {key} = {value} ({kind} {limit})")
    for judge_name, bounds in thresholds.get("meta", {}).items():
        m = report["meta"][judge_name]
        if m["catch_rate"] < bounds["catch_rate_min"]:
            failures.append(f"{judge_name} catch rate {m['catch_rate']:.3f} (min {bounds['catch_rate_min']})")
        if m["false_reject_rate"] > bounds["false_reject_max"]:
            failures.append(
                f"{judge_name} false rejects {m['false_reject_rate']:.3f} (max {bounds['false_reject_max']})"
            )
    return failures
