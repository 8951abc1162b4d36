"""Every benchmark in one command: core, answers, HTTP, peer comparison, soak, Slack; a table and JSON.

Run from the repository root:  python bench/run.py [--soak-seconds 60] [--out bench/results]
Builds one index (with the abstracts dump when present) and runs each benchmark against it in
turn, so their figures come from the same machine state. Writes one JSON file per benchmark and
`summary.json`.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import DEFAULT_DUMP, REPO


def run(script: str, *args: str) -> None:
    print(f"\n## {script} {' '.join(args)}\n", flush=True)
    subprocess.run([sys.executable, str(REPO / "bench" / script), *args], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=REPO / "bench" / "results")
    parser.add_argument("--soak-seconds", type=float, default=60.0)
    args = parser.parse_args()

    from surveyqa.build import build_index
    from surveyqa.settings import Settings

    args.out.mkdir(parents=True, exist_ok=True)
    started = time.time()
    run("bench_core.py", "--json-out", str(args.out / "core.json"))  # builds its own index, cold
    index_dir = Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    dump = DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None
    build_index(Settings(index_dir=index_dir, abstracts_file=dump, fetch_abstracts=False))
    shared = ["--index-dir", str(index_dir)]
    run("bench_answer.py", *shared, "--json-out", str(args.out / "answer.json"))
    run("bench_api.py", *shared, "--json-out", str(args.out / "api.json"))
    run("bench_peer.py", *shared, "--json-out", str(args.out / "peer.json"))
    run("soak.py", *shared, "--seconds", str(args.soak_seconds), "--json-out", str(args.out / "soak.json"))
    run("bench_slack.py", *shared, "--json-out", str(args.out / "slack.json"))
    run("bench_serving.py", *shared, "--json-out", str(args.out / "serving.json"))
    names = ("core", "answer", "api", "peer", "soak", "slack", "serving")
    summary = {name: json.loads((args.out / f"{name}.json").read_text()) for name in names}
    summary["total_seconds"] = time.time() - started
    (args.out / "summary.json").write_text(json.dumps(summary, indent=1))
    print(f"\nall benchmarks done in {summary['total_seconds']:.0f} s; JSON in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
