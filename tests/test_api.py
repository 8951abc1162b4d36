from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.service import Service
from surveyqa.settings import Settings

# The tiny-corpus `service` and `client` fixtures are in conftest.py (shared with test_observe.py).


def test_ask_answers_with_citations(client: TestClient) -> None:
    r = client.post("/ask", json={"question": "CodeAct 用什么作为 agent 的动作空间？"})
    assert r.status_code == 200 and r.headers["x-request-id"]
    body = r.json()
    assert body["mode"] == "extractive" and not body["abstained"]
    assert "Python" in body["answer"] and body["answer"].endswith("[codeact]")
    assert body["citations"][0] == {
        "id": "codeact",
        "title": "CodeAct: Executable Code Actions Elicit Better LLM Agents",
        "url": "https://arxiv.org/abs/2402.01030",
        "arxiv_id": "2402.01030",
        "snippet": body["citations"][0]["snippet"],
    }
    assert body["retrieved"][0]["id"] == "codeact" and len(body["retrieved"]) == 5


def test_ask_returns_kind_and_items(client: TestClient) -> None:
    lookup = client.post("/ask", json={"question": "CodeAct 用什么作为 agent 的动作空间？"}).json()
    assert lookup["kind"] == "lookup" and lookup["items"] == []
    listing = client.post("/ask", json={"question": "How many entries are from DeepSeek?"}).json()
    assert listing["kind"] == "count" and [i["id"] for i in listing["items"]] == ["deepseek-r1"]
    assert set(listing["items"][0]) == {"id", "title", "snippet", "value", "date", "org", "setting"}
    not_stated = client.post("/ask", json={"question": "What learning rate did DeepSeek-R1 use?"}).json()
    assert not_stated["abstained"] and not_stated["kind"] == "not_stated"
    off = client.post("/ask", json={"question": "Who won the 2022 FIFA World Cup?"}).json()
    assert off["abstained"] and off["kind"] == "not_covered"


@pytest.mark.parametrize(
    ("query", "ids"),
    [
        ("", ["overview", "scope", "codeact", "toolformer", "deepseek-r1", "kimi-k2", "qwen-agentworld"]),
        ("?org=DeepSeek", ["deepseek-r1"]),
        ("?org=月之暗面", ["kimi-k2"]),
        ("?year=2023", ["toolformer"]),
        ("?kind=paper&year=2025", ["deepseek-r1", "kimi-k2"]),
        ("?year=2019", []),
        ("?section=强化学习", ["deepseek-r1", "kimi-k2"]),
        ("?q=python", ["codeact"]),
    ],
)
def test_entries_filters(client: TestClient, query: str, ids: list[str]) -> None:
    r = client.get(f"/entries{query}")
    assert r.status_code == 200 and [e["id"] for e in r.json()] == ids


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("?org=IBM", 404, "unknown organisation 'IBM'"),
        ("?org=Peking%20University", 404, "unknown organisation 'Peking University'"),
        ("?org=China%20Telecom", 404, "unknown organisation"),
        ("?org=DeepSek", 404, "did you mean DeepSeek"),
        ("?org=%20", 422, "org"),
        ("?q=", 422, "q"),
        ("?kind=poem", 422, "kind"),
        ("?year=99", 422, "year"),
    ],
)
def test_entries_filters_reject_bad_values(client: TestClient, query: str, status: int, message: str) -> None:
    r = client.get(f"/entries{query}")
    assert r.status_code == status and message in r.json()["error"]


def test_ask_abstains(client: TestClient) -> None:
    body = client.post("/ask", json={"question": "Who won the 2022 FIFA World Cup?", "top_k": 3}).json()
    assert body["abstained"] and body["citations"] == [] and len(body["retrieved"]) == 3


@pytest.mark.parametrize(
    ("payload", "status", "message"),
    [
        ({"question": ""}, 422, "must not be empty"),
        ({"question": "   \n\t"}, 422, "must not be empty"),
        ({"question": "x" * 2001}, 422, "the limit is 2000"),
        ({"question": 42}, 422, "question: must be a string"),
        ({"question": ["a"]}, 422, "question: must be a string"),
        ({}, 422, "question: required"),
        ({"question": "ok", "top_k": 0}, 422, "top_k"),
        ({"question": "ok", "top_k": 21}, 422, "top_k"),
        ({"question": "ok", "top_k": "many"}, 422, "top_k"),
        ({"question": "ok", "mode": "magic"}, 422, "mode"),
        ({"question": "ok", "mode": "llm"}, 409, "LLM mode is not configured"),
        ([1, 2], 422, "JSON object"),
    ],
)
def test_ask_bad_input(client: TestClient, payload: object, status: int, message: str) -> None:
    r = client.post("/ask", json=payload)
    assert r.status_code == status, r.text
    assert message in r.json()["error"] and r.json()["status"] == status


def test_malformed_json_wrong_type_and_oversized(client: TestClient) -> None:
    r = client.post("/ask", content=b'{"question": ', headers={"content-type": "application/json"})
    assert r.status_code == 400 and "not valid JSON" in r.json()["error"]
    r = client.post("/ask", content=b"question=hi", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 415 and "application/json" in r.json()["error"]
    r = client.post(
        "/ask", content=b'{"question": "' + b"a" * 20000 + b'"}', headers={"content-type": "application/json"}
    )
    assert r.status_code == 413


def test_search_entries_health(client: TestClient) -> None:
    hits = client.get("/search", params={"q": "GRPO 可验证奖励", "k": 2}).json()
    assert hits[0]["id"] == "deepseek-r1" and len(hits) == 2
    assert client.get("/search", params={"q": " "}).status_code == 422
    assert client.get("/search", params={"q": "\x1c"}).status_code == 422  # a control character says nothing
    assert client.post("/ask", json={"question": "\x1f\t"}).status_code == 422
    assert client.get("/search", params={"q": "\u200b"}).status_code == 422  # a zero-width space too
    assert client.get("/entries", params={"section": "\x85"}).status_code == 422  # NEL: Python strips it
    # The schema says so too, in a regex dialect whose \s lacks U+0085 (a JSON Schema's is ECMA's): a client
    # generating valid requests from it (the fuzz test) must not send NEL as a section and get a 422.
    params = client.get("/openapi.json").json()["paths"]["/entries"]["get"]["parameters"]
    pattern = next(p["schema"] for p in params if p["name"] == "section")["anyOf"][0]["pattern"]
    assert re.search(pattern, "\x85", re.ASCII) is None and re.search(pattern, "GUI", re.ASCII)
    assert client.get("/search", params={"q": "x", "k": 0}).status_code == 422
    assert client.get("/search", params={"q": "x", "mode": "nope"}).status_code == 422
    entries = client.get("/entries").json()
    assert [e["id"] for e in entries][:3] == ["overview", "scope", "codeact"]
    one = client.get("/entries/deepseek-r1").json()
    assert one["abstract"].startswith("We introduce DeepSeek-R1-Zero") and one["summary"]
    missing = client.get("/entries/no-such-id")
    assert missing.status_code == 404 and "no-such-id" in missing.json()["error"]
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and health["entries"] == 7 and health["llm"] is False
    assert health["embedder"].startswith("e5:")
    assert client.get("/docs").status_code == 200 and "/ask" in client.get("/openapi.json").json()["paths"]


def test_api_key(service: Service) -> None:
    settings = service.settings.model_copy(update={"api_key": SecretStr("s3cret")})
    service.settings = settings
    client = TestClient(create_app(settings, service))
    assert client.post("/ask", json={"question": "GRPO"}).status_code == 401
    bad = client.post("/ask", json={"question": "GRPO"}, headers={"Authorization": "Bearer nope"})
    assert bad.status_code == 401 and bad.headers["www-authenticate"] == "Bearer"
    ok = client.post("/ask", json={"question": "GRPO"}, headers={"Authorization": "Bearer s3cret"})
    assert ok.status_code == 200
    assert client.get("/healthz").status_code == 200  # probes need no key


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_serve_subprocess_builds_then_answers_over_http(tiny_settings: Settings, tmp_path: Path) -> None:
    port = free_port()
    env = {
        **os.environ,
        "SURVEYQA_CORPUS_PATH": str(tiny_settings.corpus_path),
        "SURVEYQA_INDEX_DIR": str(tmp_path / "served-index"),
        "SURVEYQA_ABSTRACTS_FILE": str(tiny_settings.abstracts_file),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                r = httpx.post(f"http://127.0.0.1:{port}/ask", json={"question": "Kimi K2 的 SWE-Bench Verified 分数"})
                break
            except httpx.TransportError:
                assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                assert time.monotonic() < deadline, "server did not come up"
                time.sleep(0.2)
        assert r.status_code == 200 and "65.8" in r.json()["answer"] and "[kimi-k2]" in r.json()["answer"]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=20)
    assert "building it first" in out and "POST /ask 200" in out  # build note and access log


def test_serve_refuses_corrupt_index(tiny_settings: Settings, e5: E5Embedder) -> None:
    build_index(tiny_settings, embedder=e5)
    vectors = tiny_settings.index_dir / "current" / "vectors.npy"
    vectors.write_bytes(vectors.read_bytes()[:-10])
    env = {
        **os.environ,
        "SURVEYQA_CORPUS_PATH": str(tiny_settings.corpus_path),
        "SURVEYQA_INDEX_DIR": str(tiny_settings.index_dir),
    }
    out = subprocess.run(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(free_port())],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 4 and "vectors.npy" in out.stderr


def test_cli_ask(tiny_settings: Settings, e5: E5Embedder, monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    from surveyqa.cli import main

    build_index(tiny_settings, embedder=e5)
    monkeypatch.setenv("SURVEYQA_CORPUS_PATH", str(tiny_settings.corpus_path))
    monkeypatch.setenv("SURVEYQA_INDEX_DIR", str(tiny_settings.index_dir))
    assert main(["ask", "What action space does CodeAct propose?"]) == 0
    out = capsys.readouterr().out
    assert "[codeact]" in out and "Sources:" in out and "https://arxiv.org/abs/2402.01030" in out
    assert main(["ask", "DeepSeek-R1 AIME", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["citations"][0]["id"] == "deepseek-r1"
    assert main(["ask", "  "]) == 2
    assert main(["ask", "GRPO", "--mode", "llm"]) == 2
    assert "not configured" in capsys.readouterr().err
