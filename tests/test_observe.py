"""Operations: /metrics in Prometheus format, the access log as text (default) or JSON lines."""

from __future__ import annotations

import calendar
import io
import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from pydantic import SecretStr

from servers import CannedServer, free_port
from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.observe import TEXT_FORMAT, JsonFormatter, log_config
from surveyqa.service import Service
from surveyqa.settings import Settings

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]
LOOKUP = "CodeAct 用什么作为 agent 的动作空间？"
LLM_LOOKUP = "DeepSeek-R1 的 AIME 2024 pass@1 提升到多少？"


def scrape(client: TestClient | httpx.Client, **kw: object) -> Samples:
    r = client.get("/metrics", **kw)  # type: ignore[arg-type]
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain"), r.text
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(r.text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float | None:
    return samples.get((name, tuple(sorted(labels.items()))))


def test_requests_counted_by_route_template_not_raw_path(client: TestClient) -> None:
    assert client.post("/ask", json={"question": LOOKUP}).status_code == 200
    assert client.get("/entries/deepseek-r1").status_code == 200
    assert client.get("/entries/no-such-id").status_code == 404
    assert client.get("/entries/kimi-k2").status_code == 200
    assert client.get("/wp-login.php").status_code == 404
    assert client.get("/static/app.js").status_code == 200
    big = b'{"question": "' + b"x" * 20_000 + b'"}'
    assert client.post("/ask", content=big, headers={"Content-Type": "application/json"}).status_code == 413
    m = scrape(client)
    req = "surveyqa_http_requests_total"
    assert value(m, req, endpoint="/ask", method="POST", status="200") == 1
    assert value(m, req, endpoint="/ask", method="POST", status="413") == 1  # refused before routing, still /ask
    assert value(m, req, endpoint="/entries/{entry_id}", method="GET", status="200") == 2
    assert value(m, req, endpoint="/entries/{entry_id}", method="GET", status="404") == 1
    assert value(m, req, endpoint="unmatched", method="GET", status="404") == 1
    assert value(m, req, endpoint="/static", method="GET", status="200") == 1
    endpoints = {dict(labels)["endpoint"] for (name, labels) in m if name == req}
    assert endpoints == {"/ask", "/entries/{entry_id}", "unmatched", "/static"}  # no raw paths as labels
    lat = "surveyqa_http_request_duration_seconds"
    ask = {"endpoint": "/ask", "method": "POST", "status": "200"}
    assert value(m, f"{lat}_count", **ask) == 1 and (value(m, f"{lat}_sum", **ask) or 0) > 0
    assert value(m, f"{lat}_bucket", **ask, le="+Inf") == 1 and value(m, f"{lat}_bucket", **ask, le="0.005") == 0
    assert value(scrape(client), req, endpoint="/metrics", method="GET", status="200") == 1  # the first scrape


def test_answers_by_kind_and_abstentions(client: TestClient) -> None:
    questions = [
        LOOKUP,
        "How many entries are from DeepSeek?",
        "What learning rate did DeepSeek-R1 use?",
        "Who won the 2022 FIFA World Cup?",
        "What is the capital of Peru?",
    ]
    kinds = [client.post("/ask", json={"question": q}).json()["kind"] for q in questions]
    assert kinds == ["lookup", "count", "not_stated", "not_covered", "not_covered"]
    m = scrape(client)
    answers, abstained = "surveyqa_answers_total", "surveyqa_abstentions_total"
    assert value(m, answers, kind="lookup", mode="extractive") == 1
    assert value(m, answers, kind="count", mode="extractive") == 1
    assert value(m, answers, kind="not_covered", mode="extractive") == 2
    assert value(m, answers, kind="ranking", mode="extractive") == 0  # every kind is a series from the start
    assert value(m, abstained, kind="not_covered", mode="extractive") == 2
    assert value(m, abstained, kind="not_stated", mode="extractive") == 1
    assert sum(v for (name, _), v in m.items() if name == abstained) == 3


def test_index_build_and_counts_from_the_manifest(client: TestClient, service: Service) -> None:
    health = client.get("/healthz").json()
    manifest = service.retriever.index.manifest
    m = scrape(client)
    for part in ("entries", "chunks", "abstracts"):
        assert value(m, "surveyqa_index_items", part=part) == health[part]
    assert value(m, "surveyqa_index_items", part="facts") == manifest.counts["facts"]
    info = next(dict(labels) for (name, labels) in m if name == "surveyqa_index_info")
    assert info["embedder"] == health["embedder"] and info["built_at"] == health["built_at"]
    assert info["path"] == str(service.retriever.index.path)
    built = calendar.timegm(time.strptime(health["built_at"], "%Y-%m-%dT%H:%M:%SZ"))
    assert value(m, "surveyqa_index_built_timestamp_seconds") == built
    assert value(m, "surveyqa_index_build_duration_seconds") == manifest.build_seconds > 0


def test_embedder_queue_depth_is_read_at_scrape_time(client: TestClient, e5: E5Embedder) -> None:
    depth = "surveyqa_embedder_queue_depth"
    assert value(scrape(client), depth) == 0
    busy, release = threading.Event(), threading.Event()

    def hold(_model: object) -> None:  # keeps the owner thread busy so queries queue behind it
        busy.set()
        release.wait(30)

    threads = [threading.Thread(target=e5._owner.call, args=(hold,))]
    threads[0].start()
    try:
        assert busy.wait(30)
        threads += [threading.Thread(target=e5.embed_queries, args=([f"query {i}"],)) for i in range(3)]
        for t in threads[1:]:
            t.start()
        deadline = time.monotonic() + 30
        while value(scrape(client), depth) != 3:
            assert time.monotonic() < deadline, "the gauge never showed the 3 waiting queries"
            time.sleep(0.05)
    finally:
        release.set()
        for t in threads:
            t.join(30)
    assert value(scrape(client), depth) == 0


class Unresponsive:
    """Accepts connections (the kernel's backlog) and never answers: an LLM endpoint that hangs."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"


def completion(content: str) -> dict[str, object]:
    return {"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]}


@pytest.fixture(params=["timeout", "error", "invalid", None])
def llm_endpoint(request: pytest.FixtureRequest) -> Iterator[tuple[str | None, str]]:
    """An OpenAI-compatible endpoint that makes LLM mode fall back for the given reason (None: a good answer)."""
    reason = request.param
    if reason == "timeout":
        hang = Unresponsive()
        yield reason, f"{hang.url}/v1"
        hang.sock.close()
        return
    canned = {
        "error": CannedServer(500, {"error": "boom"}),
        "invalid": CannedServer(200, completion("It improved a lot. [not-in-evidence]")),
        None: CannedServer(200, completion("R1-Zero 的 AIME 2024 pass@1 从 15.6% 提升到 71.0%。 [deepseek-r1]")),
    }[reason]
    yield reason, f"{canned.url}/v1"
    canned.server.shutdown()


def test_llm_fallbacks_counted_by_reason(service: Service, llm_endpoint: tuple[str | None, str]) -> None:
    reason, url = llm_endpoint
    timeout = 0.5 if reason == "timeout" else 20.0  # the others answer at once, however loaded the machine
    settings = service.settings.model_copy(update={"llm_base_url": url, "llm_model": "fake", "llm_timeout": timeout})
    client = TestClient(create_app(settings, Service(settings, service.retriever)))
    body = client.post("/ask", json={"question": LLM_LOOKUP, "mode": "llm"}).json()
    mode = "llm" if reason is None else "extractive"
    assert body["mode"] == mode and "[deepseek-r1]" in body["answer"], body
    m = scrape(client)
    fallbacks = {dict(labels)["reason"]: v for (name, labels), v in m.items() if name == "surveyqa_llm_fallbacks_total"}
    assert fallbacks == {r: float(r == reason) for r in ("timeout", "error", "invalid")}
    assert value(m, "surveyqa_answers_total", kind="lookup", mode=mode) == 1


@pytest.mark.parametrize(
    ("setting", "without_key", "with_key"), [("public", 200, 200), ("key", 401, 200), ("off", 404, 404)]
)
def test_metrics_setting_decides_who_may_scrape(
    service: Service, setting: str, without_key: int, with_key: int
) -> None:
    settings = service.settings.model_copy(update={"api_key": SecretStr("s3cret"), "metrics": setting})
    service.settings = settings
    client = TestClient(create_app(settings, service))
    assert client.get("/metrics").status_code == without_key
    assert client.get("/metrics", headers={"Authorization": "Bearer s3cret"}).status_code == with_key
    assert client.post("/ask", json={"question": LOOKUP}).status_code == 401  # the API itself still needs the key
    assert client.get("/healthz").status_code == 200
    assert "/metrics" not in client.get("/openapi.json").json()["paths"]


@pytest.fixture
def access_lines() -> Iterator[io.StringIO]:
    """What the access log writes through the JSON formatter."""
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(JsonFormatter())
    access = logging.getLogger("surveyqa.access")
    level = access.level
    access.addHandler(handler)
    access.setLevel(logging.INFO)
    yield stream
    access.removeHandler(handler)
    access.setLevel(level)


def test_json_access_log_one_object_per_request(client: TestClient, access_lines: io.StringIO) -> None:
    ask = client.post("/ask", json={"question": LOOKUP}, headers={"X-Request-ID": "req-42"})
    missing = client.get("/entries/no-such-id")
    records = [json.loads(line) for line in access_lines.getvalue().splitlines()]
    assert len(records) == 2
    first, second = records
    assert first["request_id"] == "req-42" == ask.headers["x-request-id"]
    assert {k: first[k] for k in ("logger", "level", "method", "endpoint", "path", "status", "kind", "mode")} == {
        "logger": "surveyqa.access",
        "level": "INFO",
        "method": "POST",
        "endpoint": "/ask",
        "path": "/ask",
        "status": 200,
        "kind": "lookup",
        "mode": "extractive",
    }
    assert isinstance(first["latency_ms"], float) and first["latency_ms"] > 0
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["ts"])
    assert second["request_id"] == missing.headers["x-request-id"]
    assert (second["endpoint"], second["path"], second["status"]) == ("/entries/{entry_id}", "/entries/no-such-id", 404)
    assert second["kind"] is None and second["mode"] is None


def test_text_access_log_is_the_default_and_unchanged(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    assert Settings().log_format == "text"
    with caplog.at_level(logging.INFO, logger="surveyqa.access"):
        health = client.get("/healthz")
        client.get("/entries/a%0Ab")  # a newline in the path must not start a forged log line
    lines = [r.getMessage() for r in caplog.records if r.name == "surveyqa.access"]
    assert re.fullmatch(rf"testclient GET /healthz 200 \d+\.\dms rid={health.headers['x-request-id']}", lines[0])
    assert "\n" not in lines[1] and " /entries/a\\x0ab 404 " in lines[1]
    text = log_config("text")
    assert text["formatters"]["surveyqa"] == {"format": TEXT_FORMAT}
    assert text["formatters"]["default"]["()"] == "uvicorn.logging.DefaultFormatter"  # uvicorn's lines as they were
    assert "root" not in text


def test_serve_workers_log_json_and_sum_their_metrics(tiny_settings: Settings, e5: E5Embedder, tmp_path: Path) -> None:
    build_index(tiny_settings, embedder=e5)
    metrics_dir = tmp_path / "metrics"
    metrics_dir.mkdir()
    (metrics_dir / "counter_1.db").write_bytes(b"left by a previous run")  # unreadable: must be cleared at start
    port = free_port()
    env = {
        **os.environ,
        "SURVEYQA_CORPUS_PATH": str(tiny_settings.corpus_path),
        "SURVEYQA_INDEX_DIR": str(tiny_settings.index_dir),
        "PROMETHEUS_MULTIPROC_DIR": str(metrics_dir),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--workers", "2", "--log-format", "json", "--port", str(port)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=60) as http:
            deadline = time.monotonic() + 120
            while True:
                try:
                    http.get("/healthz")
                    break
                except httpx.TransportError:
                    assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
                    assert time.monotonic() < deadline, "server did not come up"
                    time.sleep(0.2)
            for _ in range(4):
                assert http.post("/ask", json={"question": LOOKUP}).status_code == 200
            for _ in range(4):  # whichever worker answers the scrape reports all the workers' counts
                m = scrape(http)
                assert value(m, "surveyqa_answers_total", kind="lookup", mode="extractive") == 4
                assert value(m, "surveyqa_http_requests_total", endpoint="/ask", method="POST", status="200") == 4
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    records = [json.loads(line) for line in out.splitlines() if line.strip()]  # every line is one JSON object
    asks = [r for r in records if r["logger"] == "surveyqa.access" and r["endpoint"] == "/ask"]
    assert len(asks) == 4 and all(r["kind"] == "lookup" and r["status"] == 200 for r in asks)  # from the workers
    assert any(r["logger"].startswith("uvicorn") for r in records)
