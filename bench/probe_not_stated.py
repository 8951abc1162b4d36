"""Probe: questions about covered entries that ask for a fact the survey does not state, made from templates.

Run from the repository root:  python bench/probe_not_stated.py [--seed N] [--per-template K] [--index-dir DIR]

Each template (an author count, GPUs, a learning rate or other hyperparameter, a licence, a cost, a size, a
benchmark score, a training time, the training data, an exact release day, ...) is filled with K random
entries, skipping an entry whose text plainly holds that kind of fact (a rough screen by keyword, so a few
questions may be answerable after all; the failures are printed to be read). It prints how many were
declined per template, and the answers that were not. This is a probe for kinds of question, not a QA set:
its questions are generated, and a higher figure only says fewer of these kinds slip through. Then the other
side: facts of the index's facts table (benchmark results, sizes, context lengths) asked back, which must be
answered with their value, not declined.
"""

from __future__ import annotations

import argparse
import collections
import random
import re
from pathlib import Path

from common import REPO, print_table

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings

BENCHMARKS = ["MMLU", "GSM8K", "HumanEval", "AIME 2024", "GPQA", "LiveCodeBench", "BrowseComp", "OSWorld",
              "τ-bench", "SWE-bench Verified", "WebArena", "GAIA", "MATH", "HLE"]  # fmt: skip
# (template, a pattern whose presence in the entry's text skips it: the fact may be there)
TEMPLATES: dict[str, tuple[str, str]] = {
    "authors (en)": ("How many authors does the {t} paper have?", r"authors|作者"),
    "GPUs (en)": ("How many GPUs were used to train {t}?", r"GPU|H800|H100|A100|卡|集群|TPU"),
    "GPUs (zh)": ("{t} 训练用了多少张 GPU？", r"GPU|H800|H100|A100|卡|集群|TPU"),
    "learning rate (en)": ("What learning rate did {t} use?", r"learning rate|学习率"),
    "learning rate (zh)": ("{t} 的学习率是多少？", r"learning rate|学习率"),
    "KL coefficient (en)": ("What KL coefficient did {t} use?", r"KL"),
    "temperature (zh)": ("{t} 采样温度设的多少？", r"temp|温度"),
    "licence (en)": ("What license is {t} released under?", r"Apache|MIT|licen|许可"),
    "licence (zh)": ("{t} 用的什么开源协议？", r"Apache|MIT|licen|许可"),
    "cost (en)": ("How much did training {t} cost?", r"\$|美元|cost"),
    "cost (zh)": ("训练 {t} 花了多少钱？", r"\$|美元|cost"),
    "training time (en)": ("How long did it take to train {t}?", r"\d+\s*(?:天|周|小时|days?|weeks?|hours?)"),
    "batch size (en)": ("What batch size did {t} train with?", r"batch"),
    "training data (en)": ("Which dataset was {t} trained on?", r"data|数据|corpus|语料|token"),
    "training data (zh)": ("{t} 用的是哪个训练数据集？", r"data|数据|corpus|语料|token"),
    "annotators (en)": ("How many human annotators worked on {t}?", r"annotat|标注|human|人工|众包"),
    "exact day (en)": ("On what exact day was {t} released?", r"\d{4}-\d{2}-\d{2}|\d+\s*月\s*\d+\s*日"),
    "benchmark (en)": ("What did {t} score on {b}?", ""),
    "benchmark (zh)": ("{t} 在 {b} 上的成绩是多少？", ""),
}


ANSWERABLE = {
    "benchmark": ["What did {t} score on {n}?", "{t} 在 {n} 上多少分？"],
    "size": ["How many parameters does {t} have?", "{t} 有多少参数？"],
    "context": ["What's the context length of {t}?", "{t} 的上下文有多长？"],
    "base_model": ["What base model does {t} build on?", "{t} 的基座模型是什么？"],
}


def answerable(answerer: ExtractiveAnswerer, rng: random.Random, per_kind: int) -> None:
    """The other side: facts of the index's own facts table asked back must be answered with their value."""
    from surveyqa.evaluation import fact_present

    catalog = answerer.catalog
    rows, missed = [], []
    for kind, templates in ANSWERABLE.items():
        facts = [f for f in catalog.facts if f.own and f.kind == kind and (f.value is not None or kind == "base_model")]
        right = total = 0
        for fact in rng.sample(facts, min(per_kind, len(facts))):
            for template in templates:
                question = template.format(t=catalog.short_title(fact.entry_id), n=fact.name)
                answer = answerer.answer(question)
                total += 1
                if not answer.abstained and fact_present(fact.raw or fact.name, answer.answer):
                    right += 1
                else:
                    missed.append((question, fact.raw or fact.name, answer.answer[:120].replace("\n", " ")))
        rows.append([kind, f"{right}/{total}"])
    print_table(["answerable, by fact kind", "answered with the value"], rows)
    for question, value, answer in missed:
        print(f"- {question} (want {value})\n    {answer}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="random seed for the entries drawn (default 1)")
    parser.add_argument("--per-template", type=int, default=10, help="entries drawn per template (default 10)")
    parser.add_argument("--index-dir", type=Path, default=REPO / "index", help="a built index (default ./index)")
    args = parser.parse_args()
    answerer = ExtractiveAnswerer(Retriever.from_settings(Settings(index_dir=args.index_dir)))
    catalog = answerer.catalog
    entries = [e for e in catalog.entries if e.kind not in ("overview", "scope", "note")]
    rng = random.Random(args.seed)
    declined: collections.Counter[str] = collections.Counter()
    asked: collections.Counter[str] = collections.Counter()
    slipped: list[tuple[str, str, str]] = []
    for name, (template, present) in TEMPLATES.items():
        for entry in rng.sample(entries, args.per_template):
            text = catalog.full_text(entry.id)
            benchmark = rng.choice(BENCHMARKS)
            if present and re.search(present, text, re.IGNORECASE):
                continue
            if "{b}" in template and benchmark.split()[0].lower() in text.lower():
                continue
            question = template.format(t=catalog.short_title(entry.id), b=benchmark)
            answer = answerer.answer(question)
            asked[name] += 1
            if answer.abstained:
                declined[name] += 1
            else:
                slipped.append((name, question, answer.answer[:140].replace("\n", " ")))
    print_table(["template", "declined"], [[n, f"{declined[n]}/{asked[n]}"] for n in TEMPLATES])
    print(f"\nall: {sum(declined.values())}/{sum(asked.values())} declined (seed {args.seed})\n")
    for name, question, answer in slipped:
        print(f"- [{name}] {question}\n    {answer}")
    print()
    answerable(answerer, rng, args.per_template)


if __name__ == "__main__":
    main()
