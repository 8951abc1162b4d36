from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from surveyqa.cli import main
from surveyqa.settings import Settings


@pytest.fixture
def built(tiny_settings: Settings, monkeypatch: pytest.MonkeyPatch) -> Settings:
    monkeypatch.setenv("SURVEYQA_CORPUS_PATH", str(tiny_settings.corpus_path))
    monkeypatch.setenv("SURVEYQA_INDEX_DIR", str(tiny_settings.index_dir))
    monkeypatch.setenv("SURVEYQA_ABSTRACTS_FILE", str(tiny_settings.abstracts_file))
    assert main(["build", "--quiet"]) == 0
    return tiny_settings


def test_build_summary_then_up_to_date(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["build", "--quiet"]) == 0
    assert "up to date" in capsys.readouterr().out
    assert main(["build", "--quiet", "--force"]) == 0
    summary = capsys.readouterr().out
    assert re.search(r"built .*: 7 entries, \d+ chunks, [1-9]\d* facts, 2 with abstracts", summary), summary


def test_search_json(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["search", "CodeAct 动作空间", "-k", "2", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert rows[0]["id"] == "codeact" and len(rows) == 2
    assert rows[0]["chunks"][0]["text"]


def test_search_modes_text(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    for mode in ("bm25", "dense", "hybrid"):
        assert main(["search", "Kimi K2 SWE-Bench", "--mode", mode]) == 0
        assert "[kimi-k2]" in capsys.readouterr().out.splitlines()[0]


def test_entries_and_show(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["entries", "--json"]) == 0
    ids = [e["id"] for e in json.loads(capsys.readouterr().out)]
    assert ids[:3] == ["overview", "scope", "codeact"]
    assert main(["show", "deepseek-r1"]) == 0
    out = capsys.readouterr().out
    assert "15.6%→71.0%" in out and "abstract (arXiv 2501.12948)" in out


def test_entries_filters(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["entries", "--org", "Moonshot", "--json"]) == 0
    assert [e["id"] for e in json.loads(capsys.readouterr().out)] == ["kimi-k2"]
    assert main(["entries", "--year", "2023"]) == 0
    assert capsys.readouterr().out.split()[0] == "toolformer"
    assert main(["entries", "--org", "IBM"]) == 2
    assert "unknown organisation 'IBM'" in capsys.readouterr().err
    assert main(["entries", "--kind", "PAPER", "--year", "2023"]) == 0
    assert capsys.readouterr().out.split()[0] == "toolformer"
    with pytest.raises(SystemExit) as exit_info:
        main(["entries", "--year", "20255"])
    assert exit_info.value.code == 2 and "out of range (1900-2100)" in capsys.readouterr().err


def test_errors_have_messages_and_codes(built: Settings, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["show", "codeac"]) == 3
    assert "did you mean codeact" in capsys.readouterr().err
    assert main(["search", "   "]) == 2
    assert "query is empty" in capsys.readouterr().err
    assert main(["entries", "--index-dir", str(tmp_path / "none")]) == 4
    assert "run `surveyqa build` first" in capsys.readouterr().err
    assert main(["build", "--corpus", str(tmp_path / "nope.txt")]) == 3
    assert "survey file not found" in capsys.readouterr().err


def test_bad_config_env(built: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("SURVEYQA_CHUNK_SIZE", "lots")
    assert main(["entries"]) == 2
    assert "chunk_size" in capsys.readouterr().err


def test_help_and_bad_args_via_console_script() -> None:
    out = subprocess.run([sys.executable, "-m", "surveyqa", "search", "--help"], capture_output=True, text=True)
    assert out.returncode == 0 and "--mode" in out.stdout
    bad = subprocess.run([sys.executable, "-m", "surveyqa", "search", "x", "-k", "0"], capture_output=True, text=True)
    assert bad.returncode == 2 and "invalid choice" in bad.stderr


def test_output_into_a_closed_pipe_is_not_an_error(built: Settings) -> None:
    # `surveyqa entries | head -1`: the reader has gone; no traceback, no error message, exit 0.
    read_end, write_end = os.pipe()
    os.close(read_end)  # closed before the command writes anything, so every write fails with EPIPE
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "surveyqa", "entries"], stdout=write_end, stderr=subprocess.PIPE, text=True
        )
    finally:
        os.close(write_end)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
