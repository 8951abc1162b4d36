"""The eval column "llm (local)": the faithfulness suite on a real model, beside the extractive answers.

Questions: the passage questions of a split of the QA set (lookup, paraphrase, abstract-only, comparison,
near-miss and off-topic). By default a fixed subset sized to about 15 minutes on 2 cores: the first
``DEFAULT_LIMIT / 2`` English and Chinese ones in file order, taken in turn (the test split has grown past 400 passage
questions, over 45 minutes for all of them). List, count, ranking and timeline questions are left out: LLM
mode answers them from the facts table, as extractive mode does.

For each question it records the extractive answer and the LLM answer (streamed, for the time to the first
token), and reports, by language: correctness of both; the judge's citation precision and recall on the LLM
answers; ids the model invented before validation, and unknown ids left after it (must be 0); sentences
validation dropped; how often the answer fell back to the extractive one, or the LLM was not asked; time
to first token and total latency. Every sentence the model wrote, with the text of the entries it cites,
goes to ``sentences.jsonl`` beside the report: the material for the judge's human labels.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

from surveyqa.citations import source_text, split_cited
from surveyqa.evaluation import QAItem, load_qa, score_answer
from surveyqa.judge import SupportJudge
from surveyqa.llm import cite_leading
from surveyqa.results import Answer
from surveyqa.suite import judge_answer

PASSAGE_KINDS = ("lookup", "paraphrase", "abstract", "comparison", "near_miss", "off_topic")
DEFAULT_LIMIT = 160  # 80 English, 80 Chinese: about 15 minutes on 2 cores (892 s measured)
INVENTED = "removed citation"
DROPPED = "dropped a sentence"
FALLBACK = "LLM answer unavailable"
NOT_ASKED = "LLM was not asked"


@dataclass
class LLMRow:
    id: str
    split: str
    lang: str
    kind: str
    answerable: bool
    question: str
    extractive_correct: bool
    correct: bool
    abstained: bool
    mode: str
    asked: bool
    fallback: bool
    invented_before: int
    unknown_after: int
    dropped: int
    sentences: int
    supported: int
    citations: int
    precise: int
    first_token_s: float | None
    llm_s: float | None
    raw: str
    answer: str


def passage_items(qa_path: Path, split: str, limit: int | None = None, offset: int = 0) -> list[QAItem]:
    """The split's passage questions in file order; with ``limit``, N of them taking English and Chinese
    in turn (a subset in one language would say nothing about the other), after skipping ``offset``."""
    items = [q for q in load_qa(qa_path, split) if q.kind in PASSAGE_KINDS]
    if not limit:
        return items[offset:]
    en = [q for q in items if q.lang == "en"]
    zh = [q for q in items if q.lang != "en"]
    mixed = [q for pair in zip_longest(en, zh) for q in pair if q is not None]
    return mixed[offset : offset + limit]


def run_llm_column(
    items: Sequence[QAItem],
    llm_answer: Callable[..., Answer],
    extractive_answer: Callable[[str], Answer],
    by_id: dict[str, Any],
    judge: SupportJudge,
    progress: Callable[[str], None] = lambda _: None,
) -> tuple[list[LLMRow], list[dict[str, Any]]]:
    """Every question in both modes; returns the rows and the model's sentences with their cited text."""
    rows: list[LLMRow] = []
    sentences: list[dict[str, Any]] = []
    for n, item in enumerate(items, 1):
        base = extractive_answer(item.question)
        result = llm_answer(item.question, on_token=lambda piece: None)
        asked = not any(NOT_ASKED in note or "facts table" in note for note in result.notes)
        s, sup, cit, prec, unknown = judge_answer(result, by_id, judge)
        row = LLMRow(
            id=item.id,
            split=item.split,
            lang=item.lang,
            kind=item.kind,
            answerable=item.answerable,
            question=item.question,
            extractive_correct=score_answer(item, base).correct,
            correct=score_answer(item, result).correct,
            abstained=result.abstained,
            mode=result.mode,
            asked=asked,
            fallback=any(FALLBACK in note for note in result.notes),
            invented_before=sum(INVENTED in note for note in result.notes),
            unknown_after=unknown if result.mode == "llm" else 0,
            dropped=sum(DROPPED in note for note in result.notes),
            sentences=s if result.mode == "llm" else 0,
            supported=sup if result.mode == "llm" else 0,
            citations=cit if result.mode == "llm" else 0,
            precise=prec if result.mode == "llm" else 0,
            first_token_s=result.timings.get("first_token_seconds"),
            llm_s=result.timings.get("llm_seconds"),
            raw=result.raw,
            answer=result.answer,
        )
        rows.append(row)
        for sent in split_cited(cite_leading(result.raw)) if result.raw else []:
            known = [i for i in sent.ids if i in by_id]
            sentences.append(
                {
                    "question_id": item.id,
                    "split": item.split,
                    "lang": item.lang,
                    "question": item.question,
                    "sentence": sent.text.strip(),
                    "ids": list(sent.ids),
                    "kept": result.mode == "llm" and sent.text.strip() in result.answer,
                    "cited_text": {i: source_text(by_id[i]) for i in known},
                }
            )
        took = f"{row.llm_s:.1f} s" if row.llm_s is not None else "not asked"
        progress(f"{n}/{len(items)} {item.id} [{row.mode}{' fallback' if row.fallback else ''}] {took}")
    return rows, sentences


def summarise(rows: Sequence[LLMRow]) -> dict[str, Any]:
    """The column's figures for a set of rows."""
    out: dict[str, Any] = {"questions": len(rows)}
    answerable = [r for r in rows if r.answerable]
    unanswerable = [r for r in rows if not r.answerable]
    if answerable:
        out["correct_llm"] = _mean(r.correct for r in answerable)
        out["correct_extractive"] = _mean(r.extractive_correct for r in answerable)
    if unanswerable:
        out["abstain_llm"] = _mean(r.abstained for r in unanswerable)
    asked = [r for r in rows if r.asked]
    out["asked"] = len(asked)
    out["fallback_rate"] = _mean(r.fallback for r in asked) if asked else 0.0
    out["answered_by_llm"] = sum(r.mode == "llm" for r in rows)
    sentences = sum(r.sentences for r in rows)
    citations = sum(r.citations for r in rows)
    out["judge_citation_recall"] = sum(r.supported for r in rows) / sentences if sentences else None
    out["judge_citation_precision"] = sum(r.precise for r in rows) / citations if citations else None
    out["invented_ids_before_validation"] = sum(r.invented_before for r in rows)
    out["unknown_ids_after_validation"] = sum(r.unknown_after for r in rows)
    out["sentences_dropped"] = sum(r.dropped for r in rows)
    firsts = [r.first_token_s for r in rows if r.first_token_s is not None]
    totals = [r.llm_s for r in rows if r.llm_s is not None]
    out["first_token_p50_s"] = statistics.median(firsts) if firsts else None
    out["llm_latency_p50_s"] = statistics.median(totals) if totals else None
    out["llm_latency_max_s"] = max(totals) if totals else None
    return out


def report(rows: Sequence[LLMRow], started: float, model: str, of: int | None = None) -> dict[str, Any]:
    """The column's figures; ``of``: how many passage questions the split has, when ``rows`` are a subset."""
    return {
        "model": model,
        "of": of if of is not None else len(rows),
        "all": summarise(rows),
        "by language": {lang: summarise([r for r in rows if r.lang == lang]) for lang in ("en", "zh")},
        "by kind": {
            k: summarise([r for r in rows if r.kind == k]) for k in PASSAGE_KINDS if any(r.kind == k for r in rows)
        },
        "rows": [asdict(r) for r in rows],
        "seconds": time.perf_counter() - started,
        "generated_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


LABELS = {
    "questions": "questions",
    "correct_extractive": "answerable correct: extractive",
    "correct_llm": "answerable correct: llm (local)",
    "abstain_llm": "unanswerable that abstain: llm (local)",
    "asked": "questions the LLM was asked",
    "answered_by_llm": "answers written by the LLM (after validation)",
    "fallback_rate": "fallback to extractive (of those asked)",
    "judge_citation_precision": "judge citation precision",
    "judge_citation_recall": "judge citation recall",
    "invented_ids_before_validation": "invented ids before validation",
    "unknown_ids_after_validation": "unknown ids after validation",
    "sentences_dropped": "sentences dropped by validation",
    "first_token_p50_s": "time to first token p50 (s)",
    "llm_latency_p50_s": "LLM answer p50 (s)",
    "llm_latency_max_s": "LLM answer max (s)",
}


def _selection(rep: dict[str, Any]) -> str:
    n, of = rep["all"]["questions"], rep.get("of", rep["all"]["questions"])
    if n >= of:
        return f"all {n}"
    return f"{n} of {of} (English and Chinese in turn, in file order)"


def markdown(rep: dict[str, Any], split: str) -> str:
    cols = ["all", "en", "zh"]
    data = {"all": rep["all"], **rep["by language"]}
    lines = [
        f"# llm (local) — {rep['generated_at']}",
        "",
        f"Model: {rep['model']}. Passage questions of the {split} split: {_selection(rep)}; "
        "see src/surveyqa/llm_eval.py.",
        "",
        "| measure | " + " | ".join(cols) + " |",
        "|---|" + "---|" * len(cols),
    ]
    for key, label in LABELS.items():
        lines.append(f"| {label} | " + " | ".join(_fmt(data[c].get(key)) for c in cols) + " |")
    lines += ["", f"Run time: {rep['seconds']:.0f} s."]
    return "\n".join(lines) + "\n"


def write(rep: dict[str, Any], sentences: Sequence[dict[str, Any]], out_dir: Path, split: str) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    md, js, sj = (
        out_dir / f"llm-local-{split}.md",
        out_dir / f"llm-local-{split}.json",
        out_dir / f"llm-sentences-{split}.jsonl",
    )
    md.write_text(markdown(rep, split), encoding="utf-8")
    js.write_text(json.dumps(rep, ensure_ascii=False, indent=1), encoding="utf-8")
    sj.write_text("".join(json.dumps(s, ensure_ascii=False) + "\n" for s in sentences), encoding="utf-8")
    return [md, js, sj]


def _mean(values: Any) -> float:
    vals = [float(v) for v in values]
    return sum(vals) / len(vals) if vals else 0.0


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}" if value <= 1.5 else f"{value:.1f}"
    return str(value)


# -- the judge against people's labels ---------------------------------------------------------------------
def load_labels(path: Path) -> list[dict[str, Any]]:
    """eval/judge_labels.jsonl: one sentence an LLM wrote, what it cites, and a person's verdict; a bad
    line is reported with its number."""
    rows = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            assert isinstance(row["sentence"], str) and isinstance(row["supported"], bool)
            assert row["half"] in ("tune", "held_out") and isinstance(row["ids"], list)
        except (ValueError, KeyError, AssertionError, TypeError) as exc:
            raise ValueError(f"{path}:{n}: not a judge label ({exc!r})") from exc
        rows.append(row)
    return rows


def agreement(labels: Sequence[dict[str, Any]], judge: SupportJudge, by_id: dict[str, Any]) -> dict[str, float]:
    """Accuracy of the judge against the labels, and precision and recall of its "supported" verdict."""
    tp = fp = fn = tn = 0
    for row in labels:
        cited = [by_id[i] for i in row["ids"] if i in by_id]
        said = judge.judge(row["sentence"], cited, allow_paraphrase=True).supported
        if said and row["supported"]:
            tp += 1
        elif said:
            fp += 1
        elif row["supported"]:
            fn += 1
        else:
            tn += 1
    n = tp + fp + fn + tn
    return {
        "sentences": n,
        "labelled_supported": tp + fn,
        "accuracy": (tp + tn) / n if n else 0.0,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
    }


def agreement_report(labels: Sequence[dict[str, Any]], judge: SupportJudge, by_id: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for half in ("tune", "held_out"):
        rows = [r for r in labels if r["half"] == half]
        out[half] = agreement(rows, judge, by_id)
        for lang in ("en", "zh"):
            out[f"{half} ({lang})"] = agreement([r for r in rows if r.get("lang") == lang], judge, by_id)
    return out


def survey_entries(corpus_path: Path, abstracts_file: Path | None) -> dict[str, Any]:
    """The survey's entries by id, with their abstracts from a dump: what labelled sentences cite, without an index."""
    import dataclasses

    from surveyqa.abstracts import load_jsonl
    from surveyqa.corpus import parse_survey

    entries = parse_survey(corpus_path.read_text(encoding="utf-8")).entries
    abstracts = load_jsonl(abstracts_file) if abstracts_file else {}
    return {
        e.id: dataclasses.replace(e, abstract=abstracts[e.arxiv_id].abstract) if e.arxiv_id in abstracts else e
        for e in entries
    }
