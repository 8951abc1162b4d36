"""Page benchmark: how soon the Leaderboards tab draws its chart, in Debian's Chromium on loopback.

Run from the repository root:  python bench/bench_page.py --index-dir index [--rounds 10] [--json-out PATH]
Without --index-dir it builds a fresh index (with the abstracts dump when present) first.
Each round opens the page in a fresh browser context (nothing cached), clicks the tab and reads the time from
the click to the frame after the chart is in the page (the page records it in window.surveyqaChartTimings);
then it picks every other benchmark in turn and reads the same for each. Needs the dev extra (playwright)
and Debian's chromium.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from common import CHROMIUM_ARGS, DEFAULT_DUMP, free_port, print_table, write_json


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index to serve (default: build one)")
    parser.add_argument("--abstracts-file", type=Path, default=DEFAULT_DUMP if DEFAULT_DUMP.is_file() else None)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        print("bench_page: needs Debian's chromium (apt-get install chromium)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    from surveyqa.build import build_index
    from surveyqa.settings import Settings

    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    if args.index_dir is None:
        build_index(Settings(index_dir=index_dir, abstracts_file=args.abstracts_file, fetch_abstracts=False))
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(port)],
        env={**os.environ, "SURVEYQA_INDEX_DIR": str(index_dir)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    tab_open: list[float] = []
    switch: list[float] = []
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(url + "healthz", timeout=5).raise_for_status()
                break
            except httpx.HTTPError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        boards = [b["name"] for b in httpx.get(url + "leaderboards", timeout=10).json()]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, headless=True, args=list(CHROMIUM_ARGS))
            for _ in range(args.rounds):
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                page = context.new_page()
                page.goto(url)
                page.click("#tab-boards")
                page.wait_for_function("window.surveyqaChartTimings.length === 1", timeout=10_000)
                tab_open.append(page.evaluate("window.surveyqaChartTimings[0].chartMs"))
                for n, name in enumerate(boards[1:], start=2):
                    page.select_option("#board-pick", name)
                    page.wait_for_function(f"window.surveyqaChartTimings.length === {n}", timeout=10_000)
                switch += page.evaluate("window.surveyqaChartTimings.slice(1).map(t => t.chartMs)")
                context.close()
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=20)

    results = {
        "boards": len(boards),
        "rounds": args.rounds,
        "tab_open_to_chart_ms_p50": statistics.median(tab_open),
        "tab_open_to_chart_ms_max": max(tab_open),
        "board_pick_to_chart_ms_p50": statistics.median(switch),
        "board_pick_to_chart_ms_max": max(switch),
    }
    print(f"surveyqa page benchmark: {len(boards)} boards, {args.rounds} rounds, Chromium on loopback\n")
    print_table(
        ("measure", "p50", "max", "bar"),
        [
            (
                "Leaderboards tab opened → chart drawn (fresh page)",
                f"{results['tab_open_to_chart_ms_p50']:.0f} ms",
                f"{results['tab_open_to_chart_ms_max']:.0f} ms",
                "≤ 1000 ms",
            ),
            (
                "benchmark picked → its chart drawn",
                f"{results['board_pick_to_chart_ms_p50']:.0f} ms",
                f"{results['board_pick_to_chart_ms_max']:.0f} ms",
                "",
            ),
        ],
    )
    write_json(args.json_out, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
