"""Choose the support judge's paraphrase constants on the tune half of eval/judge_labels.jsonl.

Run from the repository root:
    python bench/tune_judge.py [--labels eval/judge_labels.jsonl] [--abstracts-file DUMP]

Tries every (OVERLAP_WEIGHT, SUPPORT_THRESHOLD, SIM_FLOOR) on a small grid against the tune half only and
prints the best few by accuracy among those whose "supported" verdict keeps precision ≥ 0.95 (the bar),
then the chosen constants' figures on the held-out half, for the record. Put the chosen values in
src/surveyqa/judge.py by hand; the held-out figures are what CI gates on (tests/test_judge_labels.py).
"""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

from common import DEFAULT_DUMP, REPO, print_table

from surveyqa import judge as judge_module
from surveyqa import llm_eval
from surveyqa.embedding import E5Embedder
from surveyqa.judge import SupportJudge
from surveyqa.settings import default_corpus_path

WEIGHTS = (0.4, 0.5, 0.6, 0.7, 0.8)
THRESHOLDS = (0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7)
FLOORS = (0.7, 0.75, 0.8)
PRECISION_BAR = 0.95


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--labels", type=Path, default=REPO / "eval" / "judge_labels.jsonl")
    ap.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP)
    args = ap.parse_args()
    labels = llm_eval.load_labels(args.labels)
    tune = [r for r in labels if r["half"] == "tune"]
    held = [r for r in labels if r["half"] == "held_out"]
    by_id = llm_eval.survey_entries(default_corpus_path(), args.abstracts_file)
    judge = SupportJudge(E5Embedder())  # one judge: its sentence vectors are computed once for the whole grid
    current = (judge_module.OVERLAP_WEIGHT, judge_module.SUPPORT_THRESHOLD, judge_module.SIM_FLOOR)
    results = []
    for w, t, f in itertools.product(WEIGHTS, THRESHOLDS, FLOORS):
        judge.overlap_weight, judge.threshold, judge.sim_floor = w, t, f
        m = llm_eval.agreement(tune, judge, by_id)
        results.append(((w, t, f), m))
    ok = [r for r in results if r[1]["precision"] >= PRECISION_BAR] or results
    ok.sort(
        key=lambda r: (-r[1]["accuracy"], -r[1]["recall"], sum(abs(a - b) for a, b in zip(r[0], current, strict=True)))
    )
    rows = [
        [f"{w} / {t} / {f}", f"{m['accuracy']:.3f}", f"{m['precision']:.3f}", f"{m['recall']:.3f}"]
        for (w, t, f), m in ok[:8]
    ]
    print(f"tune half: {len(tune)} sentences; current constants {current}")
    print_table(["weight / threshold / floor", "accuracy", "precision", "recall"], rows)
    (w, t, f), _ = ok[0]
    judge.overlap_weight, judge.threshold, judge.sim_floor = w, t, f
    m = llm_eval.agreement(held, judge, by_id)
    print(
        f"\nchosen {w} / {t} / {f} on the held-out half ({len(held)} sentences): "
        f"accuracy {m['accuracy']:.3f}, precision {m['precision']:.3f}, recall {m['recall']:.3f}"
    )


if __name__ == "__main__":
    main()
