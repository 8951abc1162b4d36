"""The evaluation suite: every configuration on the QA set, the judge's meta-evaluation, reports, gate."""

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

from surveyqa.answer import Answer
from surveyqa.citations import MARKER, split_cited
from surveyqa.corpus import Entry
from surveyqa.evaluation import KS, QAItem, fact_present, load_qa
from surveyqa.judge import SupportJudge
from surveyqa.retrieval import MODES, Mode, Retriever
from surveyqa.settings import Settings

MAIN_METRICS = (
    "recall@5",
    "mrr",
    "correctness",
    "citation_precision",
    "citation_recall",
    "gold_coverage",
    "abstain_recall",
)


@dataclass
class QuestionResult:
    """One question under one configuration."""

    id: str
    lang: str
    type: str
    answerable: bool
    gold: list[str]
    ranked: list[str]
    answer: str
    abstained: bool
    correct: bool
    sentences: int
    supported: int
    citations: int
    precise: int
    unknown: int
    gold_cited: float
    ms: float


@dataclass
class Config:
    """One column of the side-by-side table."""

    label: str
    embedder: str
    retrieval: Mode
    answer_mode: str = "extractive"


def judge_answer(answer: Answer, by_id: dict[str, Entry], judge: SupportJudge) -> tuple[int, int, int, int, int]:
    """ALCE-style counts: (sentences, supported sentences, citations, precise citations, unknown ids)."""
    if answer.abstained:
        return 0, 0, 0, 0, 0
    paraphrase = answer.mode != "extractive"
    sentences = supported = citations = precise = unknown = 0
    for sent in split_cited(answer.answer):
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


def run_config(
    items: Sequence[QAItem],
    answer_fn: Callable[[str], Answer],
    rank_fn: Callable[[str], list[str]],
    by_id: dict[str, Entry],
    judge: SupportJudge,
) -> list[QuestionResult]:
    rows = []
    for item in items:
        ranked = rank_fn(item.question)
        t = time.perf_counter()
        result = answer_fn(item.question)
        ms = (time.perf_counter() - t) * 1000
        sentences, supported, citations, precise, unknown = judge_answer(result, by_id, judge)
        cited = set(MARKER.findall(result.answer))
        gold = set(item.gold)
        rows.append(
            QuestionResult(
                id=item.id,
                lang=item.lang,
                type=item.type,
                answerable=item.answerable,
                gold=list(item.gold),
                ranked=ranked[:10],
                answer=result.answer,
                abstained=result.abstained,
                correct=item.answerable
                and not result.abstained
                and all(fact_present(f, result.answer) for f in item.facts),
                sentences=sentences,
                supported=supported,
                citations=citations,
                precise=precise,
                unknown=unknown,
                gold_cited=len(gold & cited) / len(gold) if gold else 0.0,
                ms=ms,
            )
        )
    return rows


def aggregate(rows: Sequence[QuestionResult]) -> dict[str, float]:
    """Figures over a set of question results (retrieval and answers on answerable questions)."""
    ans = [r for r in rows if r.answerable]
    una = [r for r in rows if not r.answerable]
    out: dict[str, float] = {"questions": len(rows)}
    if ans:
        for k in KS:
            out[f"recall@{k}"] = _mean(_recall(r, k) for r in ans)
        out["mrr"] = _mean(_rr(r) for r in ans)
        out["correctness"] = _mean(float(r.correct) for r in ans)
        out["gold_coverage"] = _mean(r.gold_cited for r in ans)
        out["false_abstain_rate"] = _mean(float(r.abstained) for r in ans)
    sentences = sum(r.sentences for r in rows)
    citations = sum(r.citations for r in rows)
    out["citation_recall"] = sum(r.supported for r in rows) / sentences if sentences else 1.0
    out["citation_precision"] = sum(r.precise for r in rows) / citations if citations else 1.0
    out["unknown_id_rate"] = sum(r.unknown for r in rows) / citations if citations else 0.0
    abstained = [r for r in rows if r.abstained]
    if una:
        out["abstain_recall"] = _mean(float(r.abstained) for r in una)
    out["abstain_precision"] = _mean(float(not r.answerable) for r in abstained) if abstained else 1.0
    times = sorted(r.ms for r in rows)
    out["latency_p50_ms"] = statistics.median(times) if times else 0.0
    out["latency_p95_ms"] = times[min(len(times) - 1, round(0.95 * (len(times) - 1)))] if times else 0.0
    return out


def _recall(row: QuestionResult, k: int) -> float:
    gold = set(row.gold)
    return len(gold & set(row.ranked[:k])) / len(gold)


def _rr(row: QuestionResult) -> float:
    gold = set(row.gold)
    return next((1.0 / (i + 1) for i, e in enumerate(row.ranked) if e in gold), 0.0)


def _mean(values: Any) -> float:
    vals = list(values)
    return sum(vals) / len(vals) if vals else 0.0


# -- meta-evaluation of the judge -------------------------------------------------------------
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


def corruptions(answer: str, entries: Sequence[Entry], rng: random.Random) -> dict[str, str]:
    """Known-bad copies of a correct answer: swapped citation, changed number, added claim, dropped citation."""
    out: dict[str, str] = {}
    cited = list(dict.fromkeys(MARKER.findall(answer)))
    if not cited:
        return out
    others = [e for e in entries if e.id not in cited]
    swap_to = rng.choice(others)
    out["citation swapped"] = answer.replace(f"[{cited[0]}]", f"[{swap_to.id}]")
    number = re.search(r"\d+(?:\.\d+)?", MARKER.sub("", answer))
    if number:
        old = number.group()
        new = str(int(old) + 7) if old.isdigit() else f"{float(old) + 7.3:.{len(old.split('.')[1])}f}"
        out["number changed"] = answer.replace(old, new, 1)
    donor = rng.choice([e for e in others if e.summary])
    claim = donor.summary.split("。")[0].split("；")[0]
    out["unsupported sentence added"] = f"{answer} {claim}。 [{cited[0]}]"
    out["citation dropped"] = MARKER.sub("", answer, count=1).strip()
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

    def clean(text: str) -> bool:
        probe = Answer(text, False, [], [], mode="llm" if paraphrase else "extractive")
        sentences, supported, citations, precise, unknown = judge_answer(probe, by_id, judge)
        return sentences > 0 and supported == sentences and precise == citations and unknown == 0

    for ans in correct_answers:
        good = reworded(ans.answer) if paraphrase else ans.answer
        result.correct += 1
        result.false_rejects += not clean(good)
        for kind, bad in corruptions(ans.answer, entries, rng).items():
            result.corrupted[kind] = result.corrupted.get(kind, 0) + 1
            result.caught[kind] = result.caught.get(kind, 0) + (not clean(bad))
    return result


def _ranked(retriever: Retriever, mode: Mode, question: str) -> list[str]:
    return [h.entry.id for h in retriever.search(question, k=10, mode=mode)]


# -- the whole suite ----------------------------------------------------------------------------
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
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Run every configuration, the judge's meta-evaluation on the first, and return the report data."""
    from surveyqa.api import Service
    from surveyqa.build import build_index
    from surveyqa.evaluation import _index_settings

    items = load_qa(qa_path)
    services: dict[str, Service] = {}
    columns: dict[str, dict[str, Any]] = {}
    default_rows: list[QuestionResult] = []
    started = time.perf_counter()
    for config in configs:
        if config.embedder not in services:
            s = _index_settings(settings, config.embedder)
            progress(f"index for {config.embedder}")
            build_index(s)
            services[config.embedder] = Service.load(s)
        svc = services[config.embedder]
        by_id = svc.retriever.by_id
        judge = SupportJudge(svc.retriever.embedder)
        answer_fn: Callable[[str], Answer]
        if config.answer_mode == "llm" and svc.llm is not None:
            answer_fn = svc.llm.answer
        else:
            answer_fn = partial(svc.extractive.answer, retrieval=config.retrieval)
        rank_fn = partial(_ranked, svc.retriever, config.retrieval)
        progress(config.label)
        rows = run_config(items, answer_fn, rank_fn, by_id, judge)
        columns[config.label] = aggregate(rows)
        if not default_rows:
            default_rows = rows
    first = services[configs[0].embedder]
    seconds_default = sum(r.ms for r in default_rows) / 1000
    progress("judge meta-evaluation")
    right = [
        Answer(row.answer, False, [], [], mode="extractive")
        for row in default_rows
        if row.correct and row.supported == row.sentences
    ]
    by_id = first.retriever.by_id
    judge = SupportJudge(first.retriever.embedder)
    meta = {
        "verbatim judge": meta_evaluate(right, by_id, judge, paraphrase=False),
        "paraphrase judge": meta_evaluate(right, by_id, judge, paraphrase=True),
    }
    breakdown = {
        "by language": {lang: aggregate([r for r in default_rows if r.lang == lang]) for lang in ("en", "zh")},
        "by type": {
            t: aggregate([r for r in default_rows if r.type == t]) for t in sorted({r.type for r in default_rows})
        },
    }
    return {
        "qa_set": str(qa_path),
        "questions": len(items),
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
        "answer_seconds_default": seconds_default,
        "suite_seconds": time.perf_counter() - started,
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


# -- reports and gate ---------------------------------------------------------------------------
ROW_LABELS = {
    "recall@1": "retrieval recall@1",
    "recall@5": "retrieval recall@5",
    "recall@10": "retrieval recall@10",
    "mrr": "retrieval MRR",
    "correctness": "answer correctness",
    "citation_precision": "citation precision",
    "citation_recall": "citation recall",
    "unknown_id_rate": "unknown-id rate",
    "gold_coverage": "gold-entry coverage",
    "abstain_recall": "abstention recall",
    "abstain_precision": "abstention precision",
    "false_abstain_rate": "false abstention",
    "latency_p50_ms": "latency p50 (ms)",
    "latency_p95_ms": "latency p95 (ms)",
}


def markdown(report: dict[str, Any]) -> str:
    cols = list(report["columns"])
    lines = [
        f"# surveyqa evaluation — {report['generated_at']}",
        "",
        f"{report['questions']} questions from `{report['qa_set']}`; default configuration: **{report['default']}**.",
        "",
        "| metric | " + " | ".join(cols) + " |",
        "|---|" + "---|" * len(cols),
    ]
    for key, label in ROW_LABELS.items():
        cells = [_fmt(report["columns"][c].get(key)) for c in cols]
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    for title, groups in report["breakdown"].items():
        keys = ["questions", "recall@5", "mrr", "correctness", "citation_precision", "citation_recall"]
        lines += ["", f"## Default configuration {title}", "", "| group | " + " | ".join(keys) + " |"]
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
    """A grouped bar chart of the main metrics by configuration; False without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    cols = list(report["columns"])
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(cols)), 5.2))
    width = 0.8 / len(MAIN_METRICS)
    for i, metric in enumerate(MAIN_METRICS):
        values = [report["columns"][c].get(metric, 0.0) for c in cols]
        ax.bar([x + i * width for x in range(len(cols))], values, width, label=ROW_LABELS[metric])
    ax.set_xticks([x + 0.4 - width / 2 for x in range(len(cols))], cols, rotation=15, ha="right")
    ax.set_ylim(0, 1.05)
    ax.set_title("surveyqa evaluation by configuration")
    ax.legend(fontsize=8, ncols=4, loc="upper center", bbox_to_anchor=(0.5, -0.16), frameon=False)
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
    default = report["columns"][report["default"]]
    for key, bound in thresholds.get("default", {}).items():
        value = default.get(key)
        kind, limit = ("max", bound["max"]) if "max" in bound else ("min", bound["min"])
        if value is None or (kind == "min" and value < limit) or (kind == "max" and value > limit):
            failures.append(f"{key} = {value} ({kind} {limit})")
    for judge_name, bounds in thresholds.get("meta", {}).items():
        m = report["meta"][judge_name]
        if m["catch_rate"] < bounds["catch_rate_min"]:
            failures.append(f"{judge_name} catch rate {m['catch_rate']:.3f} (min {bounds['catch_rate_min']})")
        if m["false_reject_rate"] > bounds["false_reject_max"]:
            failures.append(
                f"{judge_name} false rejects {m['false_reject_rate']:.3f} (max {bounds['false_reject_max']})"
            )
    return failures
