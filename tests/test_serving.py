"""Serving under stress, on real uvicorn: body limits, slow LLMs, a dead embedder, index reloads, workers."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from pydantic import SecretStr

from servers import FakeChat, UvicornThread
from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.retrieval import Retriever
from surveyqa.service import Service, ServiceHolder
from surveyqa.settings import Settings, settings_env

pytestmark = pytest.mark.real_embedding  # the engine under load: every passage embedded for real

KIMI = "Kimi K2 的 SWE-Bench Verified 分数是多少？"


def rebuild_with(settings: Settings, e5: E5Embedder, old: str, new: str) -> None:
    """Edit the survey text and build again: ``current`` moves to the new build."""
    text = settings.corpus_path.read_text(encoding="utf-8")
    assert old in text
    settings.corpus_path.write_text(text.replace(old, new), encoding="utf-8")
    build_index(settings, embedder=e5)


def wait_until(condition: Callable[[], bool], what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"waited {timeout:g} s for {what}"
        time.sleep(0.05)


# -- body limit ----------------------------------------------------------------------------
def test_a_chunked_body_over_the_limit_gets_413_with_the_request_id(service: Service) -> None:
    with UvicornThread(create_app(service.settings, service)) as srv:

        def chunks(total: int) -> Iterator[bytes]:
            yield b'{"question": "'
            for _ in range(total // 1000):
                yield b"a" * 1000
            yield b'"}'

        big = httpx.post(
            f"{srv.url}/ask",
            content=chunks(40_000),  # an iterator: sent chunked, with no Content-Length
            headers={"content-type": "application/json", "x-request-id": "chunky-1"},
            timeout=20,
        )
        assert big.status_code == 413, big.text
        assert big.json()["request_id"] == big.headers["x-request-id"] == "chunky-1"
        declared = httpx.post(f"{srv.url}/ask", content=b"x" * 20_000, headers={"content-type": "application/json"})
        assert declared.status_code == 413 and declared.json()["request_id"] == declared.headers["x-request-id"]
        small = httpx.post(
            f"{srv.url}/ask",
            content=iter([b'{"question": ', b'"Kimi K2 SWE-Bench"}']),
            headers={"content-type": "application/json"},
            timeout=20,
        )
        assert small.status_code == 200 and "[kimi-k2]" in small.json()["answer"]


# -- slow LLM ------------------------------------------------------------------------------
def test_healthz_answers_at_once_while_slow_llm_answers_fill_every_thread(
    tiny_settings: Settings, e5: E5Embedder
) -> None:
    chat = FakeChat()
    chat.trickle_forever = True  # one byte every 0.3 s, never finishing within the deadline
    settings = tiny_settings.model_copy(
        update={"llm_base_url": chat.url, "llm_model": "fake", "llm_timeout": 1.0, "ask_threads": 8}
    )
    build_index(settings, embedder=e5)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    statuses: list[int] = []
    with UvicornThread(create_app(settings, service)) as srv:

        def ask() -> None:
            r = httpx.post(f"{srv.url}/ask", json={"question": KIMI, "mode": "llm"}, timeout=60)
            statuses.append(r.status_code)

        askers = [threading.Thread(target=ask) for _ in range(45)]  # more than uvicorn's 40 pool threads
        for t in askers:
            t.start()
        time.sleep(0.5)
        waits = []
        with httpx.Client(base_url=srv.url, timeout=10) as probe:
            for _ in range(30):
                started = time.perf_counter()
                assert probe.get("/healthz").json()["status"] == "ok"
                waits.append(time.perf_counter() - started)
                time.sleep(0.02)
        for t in askers:
            t.join(60)
    # A loose bound (the bar, p99 < 100 ms, is measured in bench/bench_serving.py): with /healthz in the
    # pool the slow answers fill, every probe waited a whole LLM deadline (1 s). One or two probes slowed by a
    # busy shared CPU (0.71 s once, on 2 cores) are not that.
    slow = [w for w in waits if w >= 0.5]
    assert len(slow) <= 2 and sorted(waits)[len(waits) // 2] < 0.1, f"/healthz waits: {sorted(waits)[-5:]}"
    assert statuses == [200] * 45  # every slow answer fell back to an extractive one


# -- a dead embedder -----------------------------------------------------------------------
class Fatal(BaseException):
    pass


class DyingE5(E5Embedder):
    """The real E5 for building; then its engine dies on the first query (as a crashed C call would)."""

    def __init__(self, real: E5Embedder) -> None:
        super().__init__()
        self.real = real

    def _load(self) -> Any:  # type: ignore[override]
        real = self.real

        class Engine:
            dim = real.dim

            def query(self, texts: Any) -> Any:
                raise Fatal("engine aborted")

        return Engine()


def test_a_dead_embedder_gives_503_and_degraded_health_instead_of_hanging(
    tiny_settings: Settings, e5: E5Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    build_index(tiny_settings, embedder=e5)
    service = Service(tiny_settings, Retriever.from_settings(tiny_settings, embedder=DyingE5(e5)))
    with UvicornThread(create_app(tiny_settings, service)) as srv, caplog.at_level(logging.CRITICAL):
        assert httpx.get(f"{srv.url}/healthz").json()["status"] == "ok"
        r = httpx.post(f"{srv.url}/ask", json={"question": "What does CodeAct propose?"}, timeout=20)
        assert r.status_code == 503 and "embedder" in r.json()["error"], r.text
        health = httpx.get(f"{srv.url}/healthz")
        assert health.status_code == 503
        assert health.json()["status"] == "degraded" and "engine aborted" in health.json()["problem"]
        again = httpx.post(f"{srv.url}/ask", json={"question": "What does CodeAct propose?"}, timeout=20)
        assert again.status_code == 503


# -- reload --------------------------------------------------------------------------------
def test_a_new_build_is_swapped_in_and_a_bad_one_refused(
    service: Service, e5: E5Embedder, caplog: pytest.LogCaptureFixture
) -> None:
    settings = service.settings
    holder = ServiceHolder(service)
    client = TestClient(create_app(settings, service))
    first = client.post("/ask", json={"question": KIMI})
    assert "65.8" in first.json()["answer"]
    assert holder.check() is False  # nothing new yet

    rebuild_with(settings, e5, "SWE-Bench Verified 65.8", "SWE-Bench Verified 71.3")
    app = create_app(settings, service)
    live = app.state.holder
    with TestClient(app) as client:
        assert live.check() is True
        second = client.post("/ask", json={"question": KIMI})
        assert "71.3" in second.json()["answer"] and "65.8" not in second.json()["answer"]
        assert (
            second.headers["x-index-build"] == client.get("/healthz").json()["build"] != first.headers["x-index-build"]
        )

        rebuild_with(settings, e5, "SWE-Bench Verified 71.3", "SWE-Bench Verified 80.0")
        (settings.index_dir / "current" / "vectors.npy").write_bytes(b"truncated")
        with caplog.at_level(logging.ERROR, logger="surveyqa.service"):
            assert live.check() is False
        assert "not serving index build" in caplog.text and "vectors.npy" in caplog.text
        third = client.post("/ask", json={"question": KIMI})
        assert third.status_code == 200 and "71.3" in third.json()["answer"]
        assert third.headers["x-index-build"] == second.headers["x-index-build"]
        with caplog.at_level(logging.ERROR, logger="surveyqa.service"):
            assert live.check() is False
        assert caplog.text.count("not serving index build") == 1  # refused once, not reloaded on every look


def test_reload_under_16_clients_loses_no_request_and_mixes_no_builds(service: Service, e5: E5Embedder) -> None:
    settings = service.settings.model_copy(update={"reload_interval": 0.1})
    service.settings = settings
    seen: list[tuple[int, str, str]] = []
    errors: list[str] = []
    stop = threading.Event()
    with UvicornThread(create_app(settings, service)) as srv:

        def client() -> None:
            with httpx.Client(base_url=srv.url, timeout=30) as http:
                while not stop.is_set():
                    try:
                        r = http.post("/ask", json={"question": KIMI})
                    except httpx.HTTPError as exc:
                        errors.append(repr(exc))
                        continue
                    seen.append((r.status_code, r.headers.get("x-index-build", ""), r.text))

        threads = [threading.Thread(target=client) for _ in range(16)]
        for t in threads:
            t.start()
        old_build = httpx.get(f"{srv.url}/healthz").json()["build"]
        wait_until(lambda: len(seen) >= 16, "answers from the first build")
        rebuild_with(settings, e5, "SWE-Bench Verified 65.8", "SWE-Bench Verified 71.3")
        wait_until(lambda: httpx.get(f"{srv.url}/healthz").json()["build"] != old_build, "the new build served")
        wait_until(lambda: sum(b != old_build for _, b, _ in seen) >= 16, "answers from the new build")
        stop.set()
        for t in threads:
            t.join(30)
    assert not errors
    assert {status for status, _, _ in seen} == {200}
    builds = {build for _, build, _ in seen}
    assert len(builds) == 2 and old_build in builds
    for _, build, text in seen:  # each answer from one whole index: the number its build holds
        expected, other = ("65.8", "71.3") if build == old_build else ("71.3", "65.8")
        assert expected in text and other not in text


# -- workers -------------------------------------------------------------------------------
def test_workers_get_every_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    parent = Settings(
        index_dir=Path("relative-index"),
        embedder="st",
        st_model=str(tmp_path / "my-model"),
        fusion="rrf",
        llm_base_url="http://127.0.0.1:1/v1",
        llm_model="m",
        llm_api_key=SecretStr("sk-secret"),
        api_key=SecretStr("k"),
        max_question_chars=500,
        fetch_abstracts=False,
        reload_interval=0,
    )
    monkeypatch.setenv("SURVEYQA_ABSTRACTS_FILE", "/somewhere/else.jsonl")  # the parent had none: must go
    for key, value in settings_env(parent).items():
        if value is None:
            monkeypatch.delenv(key, raising=False)
        else:
            monkeypatch.setenv(key, value)
    worker = Settings()
    assert worker.index_dir == parent.index_dir.resolve()
    assert worker.model_dump(exclude={"index_dir"}) == parent.model_dump(exclude={"index_dir"})
    assert worker.llm_api_key is not None and worker.llm_api_key.get_secret_value() == "sk-secret"


def test_abandoned_llm_questions_are_not_answered_and_do_not_hold_up_extractive_ones(
    tiny_settings: Settings, e5: E5Embedder
) -> None:
    chat = FakeChat()
    chat.trickle_forever = True
    settings = tiny_settings.model_copy(
        update={"llm_base_url": chat.url, "llm_model": "fake", "llm_timeout": 3.0, "ask_threads": 1}
    )
    build_index(settings, embedder=e5)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    with UvicornThread(create_app(settings, service)) as srv:

        def give_up() -> None:
            with pytest.raises(httpx.TimeoutException):
                httpx.post(f"{srv.url}/ask", json={"question": KIMI, "mode": "llm"}, timeout=0.3)

        quitters = [threading.Thread(target=give_up) for _ in range(5)]
        for t in quitters:
            t.start()
        for t in quitters:
            t.join(10)
        started = time.perf_counter()
        r = httpx.post(f"{srv.url}/ask", json={"question": KIMI}, timeout=30)
        waited = time.perf_counter() - started
        time.sleep(max(0.0, 4.5 - waited))  # the first LLM call ends at 3 s; a second would start then
    assert r.status_code == 200 and "65.8" in r.text
    # Behind one slot of five 3 s LLM calls it would wait 3-15 s; on its own pool it waits for nothing.
    assert waited < 3.0, f"an extractive question waited {waited:.2f} s behind LLM ones"
    assert len(chat.requests) == 1, f"{len(chat.requests)} LLM calls; only the first asker was still waiting"


def test_a_500_carries_the_request_id_and_a_forged_id_is_replaced(
    service: Service, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setattr(service.extractive, "answer", broken)
    client = TestClient(create_app(service.settings, service), raise_server_exceptions=False)
    with caplog.at_level(logging.ERROR, logger="surveyqa.api"):
        r = client.post("/ask", json={"question": KIMI}, headers={"x-request-id": "trace-7"})
    assert r.status_code == 500 and r.json()["request_id"] == r.headers["x-request-id"] == "trace-7"
    assert "rid=trace-7" in caplog.text and caplog.text.count("Traceback") == 1
    forged = client.get("/healthz", headers={"x-request-id": "x 200 0.1ms rid=fake"})
    assert forged.headers["x-request-id"] != "x 200 0.1ms rid=fake" and " " not in forged.headers["x-request-id"]


# -- streamed answers ----------------------------------------------------------------------
def sse_events(response: httpx.Response) -> list[tuple[str, dict[str, Any]]]:
    """(event, data) pairs of a text/event-stream body, read as it arrives."""
    events, name = [], "message"
    for line in response.iter_lines():
        if line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            events.append((name, json.loads(line[5:])))
    return events


def test_ask_streams_tokens_then_the_validated_answer(tiny_settings: Settings, e5: E5Embedder) -> None:
    chat = FakeChat()
    chat.stream_delay = 0.02
    settings = tiny_settings.model_copy(update={"llm_base_url": chat.url, "llm_model": "fake", "llm_timeout": 5.0})
    build_index(settings, embedder=e5)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    reply = "Kimi K2 的 SWE-Bench Verified 是 65.8%。 [kimi-k2] 它来自 OpenAI。 [openai-o1]"
    chat.replies = [("ok", reply), ("ok", reply)]
    with UvicornThread(create_app(settings, service)) as srv, httpx.Client(base_url=srv.url, timeout=30) as http:
        with http.stream("POST", "/ask", json={"question": KIMI, "mode": "llm", "stream": True}) as r:
            assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
            assert r.headers["x-index-build"]
            events = sse_events(r)
        plain = http.post("/ask", json={"question": KIMI, "mode": "llm"})
        with http.stream("POST", "/ask", json={"question": KIMI, "stream": True}) as r:
            extractive = sse_events(r)
        assert http.post("/ask", json={"question": KIMI, "stream": "yes please"}).status_code == 422
    names = [name for name, _ in events]
    assert names[-1] == "answer" and set(names[:-1]) == {"token"} and len(names) > 3
    assert "".join(data["text"] for name, data in events if name == "token") == reply
    final = events[-1][1]
    assert final == plain.json()  # the final event is exactly what a client that does not stream gets
    assert final["answer"] == "Kimi K2 的 SWE-Bench Verified 是 65.8%。 [kimi-k2]"  # the unknown id's sentence is gone
    assert any("[openai-o1]" in n for n in final["notes"])
    assert [name for name, _ in extractive] == ["answer"] and extractive[0][1]["mode"] == "extractive"
    chat.server.shutdown()


def test_a_stream_whose_client_leaves_stops_generating_and_frees_its_place(
    tiny_settings: Settings, e5: E5Embedder
) -> None:
    chat = FakeChat()
    chat.stream_delay = 0.1  # 60 words: 6 s if nobody stops it
    settings = tiny_settings.model_copy(
        update={"llm_base_url": chat.url, "llm_model": "fake", "llm_timeout": 30.0, "ask_threads": 1}
    )
    build_index(settings, embedder=e5)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    long_reply = "Kimi K2 的 SWE-Bench Verified 是 65.8%。 " + "很长 " * 60 + "[kimi-k2]"
    chat.replies = [("ok", long_reply), ("ok", "Kimi K2 的 SWE-Bench Verified 是 65.8%。 [kimi-k2]")]
    with UvicornThread(create_app(settings, service)) as srv, httpx.Client(base_url=srv.url, timeout=30) as http:
        with http.stream("POST", "/ask", json={"question": KIMI, "mode": "llm", "stream": True}) as r:
            for line in r.iter_lines():
                if line.startswith("event: token"):
                    break  # the reader goes away after the first token
        left = time.monotonic()
        wait_until(lambda: chat.streams_cut == 1, "the upstream stream to be closed", timeout=10)
        assert time.monotonic() - left < 3 and chat.streams_finished == 0
        # With one place for LLM answers (ask_threads=1), the next question gets it at once.
        started = time.monotonic()
        after = http.post("/ask", json={"question": KIMI, "mode": "llm"})
        assert after.status_code == 200 and after.json()["mode"] == "llm"
        assert time.monotonic() - started < 5
    chat.server.shutdown()


def test_a_failure_after_the_stream_started_is_an_error_event(
    tiny_settings: Settings, e5: E5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_index(tiny_settings, embedder=e5)
    service = Service(tiny_settings, Retriever.from_settings(tiny_settings, embedder=e5))

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise RuntimeError("a bug")

    monkeypatch.setattr(service.extractive, "answer", broken)
    body = {"question": KIMI, "stream": True}
    with (
        UvicornThread(create_app(tiny_settings, service)) as srv,
        httpx.stream("POST", f"{srv.url}/ask", json=body, headers={"x-request-id": "rid-7"}, timeout=30) as r,
    ):
        assert r.status_code == 200
        events = sse_events(r)
    assert events == [
        (
            "error",
            {"error": "internal error; see the server log for the request id", "status": 500, "request_id": "rid-7"},
        )
    ]
