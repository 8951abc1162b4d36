from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from surveyqa.cli import main
from surveyqa.settings import Settings
from surveyqa.store import load_index
from test_abstracts import atom


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


def test_concurrent_builds_one_is_told_a_build_is_in_progress(tiny_settings: Settings) -> None:
    # The first build sits in its arXiv call (a server that answers only when told), so the second
    # one certainly runs while the first holds the index dir.
    asked, release = threading.Event(), threading.Event()

    class SlowArxiv(BaseHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

        def do_GET(self) -> None:
            asked.set()
            release.wait(120)
            body = atom(parse_qs(urlparse(self.path).query)["id_list"][0].split(",")).encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    server = ThreadingHTTPServer(("127.0.0.1", 0), SlowArxiv)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    env = {k: v for k, v in os.environ.items() if not k.startswith("SURVEYQA_")}
    env |= {
        "SURVEYQA_INDEX_DIR": str(tiny_settings.index_dir),
        "SURVEYQA_CORPUS_PATH": str(tiny_settings.corpus_path),
        "SURVEYQA_ARXIV_CACHE_DIR": str(tiny_settings.arxiv_cache_dir),
        "SURVEYQA_ARXIV_API_URL": f"http://127.0.0.1:{server.server_address[1]}/api/query",
        "SURVEYQA_ARXIV_TIMEOUT": "120",
    }
    build = [sys.executable, "-m", "surveyqa", "build", "--quiet"]
    first = subprocess.Popen(build, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert asked.wait(120), "the first build never asked arXiv"
        second = subprocess.run(
            [*build, "--force", "--abstracts-file", str(tiny_settings.abstracts_file)],
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    finally:
        release.set()
        out, err = first.communicate(timeout=300)
        server.shutdown()
    assert first.returncode == 0 and "built " in out, err
    assert second.returncode == 5, (second.stdout, second.stderr)
    assert re.search(rf"build in progress \(pid {first.pid}, since \d{{4}}-\d\d-\d\dT", second.stderr), second.stderr
    assert "Traceback" not in second.stderr
    stored = load_index(tiny_settings.index_dir)  # the first build's index, whole
    assert len(stored.entries) == 7 and stored.manifest.abstracts_source == "arxiv"


def test_build_rollback(built: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    first = os.readlink(built.index_dir / "current")
    assert main(["build", "--quiet", "--force"]) == 0
    assert os.readlink(built.index_dir / "current") != first
    capsys.readouterr()
    assert main(["build", "--rollback"]) == 0
    assert f"current is now {first}" in capsys.readouterr().out
    assert os.readlink(built.index_dir / "current") == first
    assert main(["build", "--rollback"]) == 4
    assert "no earlier build to roll back to" in capsys.readouterr().err


def _tiny_qa(path: Path) -> Path:
    base = {"acceptable": [], "count": None, "where": "survey", "author": "helper-test", "split": "test"}
    rows = [
        base
        | {"id": "a", "question": "What is Kimi K2's SWE-Bench Verified score?", "lang": "en", "kind": "lookup"}
        | {"answerable": True, "gold": ["kimi-k2"], "facts": ["65.8"]},
    ]
    path.write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    return path


def test_eval_leaves_the_serving_index_alone(
    tiny_settings: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SURVEYQA_CORPUS_PATH", str(tiny_settings.corpus_path))
    monkeypatch.setenv("SURVEYQA_INDEX_DIR", str(tiny_settings.index_dir))
    assert main(["build", "--quiet", "--no-fetch"]) == 0  # what a server uses: the survey alone
    current = tiny_settings.index_dir / "current"
    target = os.readlink(current)
    files = {p.name: p.read_bytes() for p in current.resolve().iterdir()}
    qa = _tiny_qa(tmp_path / "qa.jsonl")
    args = ["eval", "--configs", "default", "--qa", str(qa), "--report-dir", str(tmp_path / "reports")]
    # Eval with the abstracts dump: an index with different inputs, which used to replace the serving one.
    assert main([*args, "--abstracts-file", str(tiny_settings.abstracts_file)]) == 0
    assert os.readlink(current) == target
    assert {p.name: p.read_bytes() for p in current.resolve().iterdir()} == files
    assert load_index(tiny_settings.index_dir).manifest.counts["abstracts"] == 0
    assert load_index(tiny_settings.index_dir / "eval" / "e5").manifest.counts["abstracts"] == 2


def test_default_eval_skips_configurations_whose_extra_is_missing(
    built: Settings, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)  # as after the README's plain install
    qa = _tiny_qa(tmp_path / "qa.jsonl")
    reports = tmp_path / "reports"
    capsys.readouterr()
    assert main(["eval", "--qa", str(qa), "--report-dir", str(reports)]) == 0
    err = capsys.readouterr().err
    assert "skipping the st configurations: the 'st' embedder needs sentence-transformers" in err, err
    report = json.loads((reports / "latest.json").read_text(encoding="utf-8"))
    assert set(report["columns"]) == {"bm25 (e5)", "dense (e5)", "hybrid (e5)"}
    assert "Skipped: st configurations: the 'st' embedder needs" in (reports / "latest.md").read_text()
    # Asked for by name, a missing extra is an error, not a skip.
    assert main(["eval", "--qa", str(qa), "--embedders", "st", "--report-dir", str(reports)]) == 2
    assert "needs sentence-transformers" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("flags", "named"),
    [(["--port", "0"], "port"), (["--workers", "99"], "workers"), (["--reload-interval", "-1"], "reload_interval")],
)
def test_serve_flags_are_validated(
    built: Settings, flags: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", *flags]) == 2  # before any index work or port binding
    assert f"invalid configuration: {named}" in capsys.readouterr().err


def test_judge_labels_without_abstracts_is_a_usage_error(
    built: Settings, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The labelled sentences mostly cite abstracts: judged without them the figures would mean nothing.
    monkeypatch.delenv("SURVEYQA_ABSTRACTS_FILE", raising=False)
    labels = Path(__file__).resolve().parents[1] / "eval" / "judge_labels.jsonl"
    capsys.readouterr()
    assert main(["eval", "--judge-labels", str(labels)]) == 2
    assert "--judge-labels needs the abstracts" in capsys.readouterr().err
