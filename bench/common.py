"""Helpers the benchmark scripts share: loopback servers, process memory, JSON and table output."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DEFAULT_DUMP = REPO.parent / "shared" / "corpus" / "arxiv_abstracts.jsonl"
sys.path.insert(0, str(REPO / "tests"))
from servers import CHROMIUM_ARGS, FakeSlack, free_port  # noqa: E402  (the tests' loopback servers)

__all__ = ["CHROMIUM_ARGS", "DEFAULT_DUMP", "REPO", "FakeSlack", "free_port", "memory_mb", "print_table", "write_json"]


def memory_mb(pid: int, field: str = "VmHWM") -> float:
    """A process's memory from /proc (VmHWM: peak resident set; VmRSS: current)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def print_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> None:
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for row in rows:
        print("| " + " | ".join(row) + " |")


def write_json(path: Path | None, data: Any) -> None:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=1))
