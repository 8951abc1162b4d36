"""The embedder's owner thread (batching, bounded waits, failing loudly when the thread dies) and its query cache."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from surveyqa.embedding import CachedQueries, EmbedderError, QueryCache, _Owner


class Fatal(BaseException):
    """Not an Exception: the kind of error the owner's per-job handlers do not catch."""


class FakeModel:
    dim = 3

    def __init__(self, on_query: Callable[[Any], None] | None = None) -> None:
        self.on_query = on_query

    def query(self, texts: Any) -> Any:
        if self.on_query:
            self.on_query(texts)
        if isinstance(texts, str):
            return np.ones(3, dtype=np.float32)
        return np.ones((len(texts), 3), dtype=np.float32)


def in_thread(fn: Callable[[], Any], wait: float = 5.0) -> Any:
    """Run ``fn`` in a thread; fail (instead of hanging the suite) if it does not return in ``wait`` s."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = fn()
        except BaseException as exc:
            out["error"] = exc

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(wait)
    assert not t.is_alive(), f"still waiting after {wait} s"
    if "error" in out:
        raise out["error"]
    return out["value"]


def queued_callers(owner: _Owner, n: int, release: Callable[[], None]) -> list[BaseException]:
    """``n`` callers queue a query each; then ``release()``; every caller must return within 5 s. Their errors."""
    errors: list[BaseException] = []

    def ask(text: str) -> None:
        try:
            owner.query(text)
        except BaseException as exc:
            errors.append(exc)

    callers = [threading.Thread(target=ask, args=(f"q{i}",), daemon=True) for i in range(n)]
    for t in callers:
        t.start()
    time.sleep(0.2)
    release()
    for t in callers:
        t.join(5)
    assert not any(t.is_alive() for t in callers), "a caller is still waiting on the owner thread"
    return errors


def test_queries_are_answered() -> None:
    owner = _Owner(FakeModel)
    assert in_thread(lambda: owner.query("hello")).shape == (3,)
    assert owner.failure is None


def test_a_dead_owner_thread_fails_every_caller_instead_of_hanging() -> None:
    def die(texts: Any) -> None:
        raise Fatal("engine aborted")

    owner = _Owner(lambda: FakeModel(die))
    with pytest.raises(EmbedderError, match="engine aborted"):
        in_thread(lambda: owner.query("first"))
    assert owner.failure is not None and "engine aborted" in owner.failure
    started = time.monotonic()
    with pytest.raises(EmbedderError, match="has stopped"):
        in_thread(lambda: owner.query("second"))
    assert time.monotonic() - started < 1.0


def test_waiters_queued_behind_a_dying_job_are_released() -> None:
    gate = threading.Event()

    def die_after_gate(texts: Any) -> None:
        gate.wait(5)
        raise Fatal("engine aborted")

    owner = _Owner(lambda: FakeModel(die_after_gate))
    errors = queued_callers(owner, 5, gate.set)
    assert len(errors) == 5 and all(isinstance(e, EmbedderError) for e in errors)


def test_a_stuck_engine_times_out_and_the_owner_recovers() -> None:
    release = threading.Event()

    def stall_once(texts: Any) -> None:
        if texts == "stuck":
            release.wait(5)

    owner = _Owner(lambda: FakeModel(stall_once), timeout=0.3)
    started = time.monotonic()
    with pytest.raises(EmbedderError, match=r"no embedding after 0\.3 s"):
        in_thread(lambda: owner.query("stuck"))
    assert time.monotonic() - started < 2.0
    release.set()
    assert in_thread(lambda: owner.query("fine")).shape == (3,)
    assert owner.failure is None


def test_a_batch_that_comes_back_short_fails_its_callers_and_the_owner_lives_on() -> None:
    gate = threading.Event()
    calls: list[Any] = []

    class Short(FakeModel):
        def query(self, texts: Any) -> Any:
            calls.append(texts)
            if texts == "hold":
                gate.wait(5)
                return np.ones(3, dtype=np.float32)
            if isinstance(texts, list):
                return np.ones((len(texts) - 1, 3), dtype=np.float32)  # one row missing
            return np.ones(3, dtype=np.float32)

    owner = _Owner(Short)
    holder = threading.Thread(target=owner.query, args=("hold",), daemon=True)
    holder.start()
    time.sleep(0.1)
    errors = queued_callers(owner, 3, gate.set)  # all three queued behind "hold": they go as one batch
    assert len(errors) == 3 and any(isinstance(c, list) for c in calls)
    assert owner.failure is None and in_thread(lambda: owner.query("after")).shape == (3,)


class Counting:
    """An engine that gives each text a vector of its own (its length and first character) and records its calls."""

    def __init__(self, rows: int | None = None) -> None:
        self.calls: list[list[str]] = []
        self.rows = rows

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        out = np.array([[len(t), ord(t[0]), 1.0] for t in texts], dtype=np.float32)
        return out[: self.rows] if self.rows is not None else out


def test_a_text_asked_again_is_not_embedded_again() -> None:
    engine, cache = Counting(), QueryCache()
    first = cache.embed(["what is GRPO?"], engine)
    again = cache.embed(["what is GRPO?"], engine)
    assert engine.calls == [["what is GRPO?"]]
    assert first.shape == again.shape == (1, 3) and np.array_equal(first, again)
    assert (cache.hits, cache.misses) == (1, 1)


def test_a_batch_embeds_only_its_new_texts_once_each_and_keeps_its_order() -> None:
    engine, cache = Counting(), QueryCache()
    cache.embed(["bb"], engine)
    out = cache.embed(["a", "bb", "ccc", "a"], engine)
    assert engine.calls == [["bb"], ["a", "ccc"]]
    assert out[:, 0].tolist() == [1, 2, 3, 1]


def test_the_least_recently_used_text_is_dropped_first() -> None:
    engine, cache = Counting(), QueryCache(size=2)
    cache.embed(["a"], engine)
    cache.embed(["bb"], engine)
    cache.embed(["a"], engine)  # "a" is now the most recent
    cache.embed(["ccc"], engine)  # so "bb" goes
    assert len(cache) == 2
    cache.embed(["a"], engine)
    cache.embed(["bb"], engine)
    assert engine.calls == [["a"], ["bb"], ["ccc"], ["bb"]]


def test_cached_vectors_cannot_be_changed_by_a_caller() -> None:
    engine, cache = Counting(), QueryCache()
    vec = cache.embed(["a"], engine)
    with pytest.raises(ValueError):
        vec[0, 0] = 99.0
    assert cache.embed(["a"], engine)[0, 0] == 1.0


def test_an_engine_that_returns_too_few_vectors_is_an_error_and_nothing_is_cached() -> None:
    cache = QueryCache()
    with pytest.raises(EmbedderError, match="1 vectors for 2 texts"):
        cache.embed(["a", "bb"], Counting(rows=1))
    assert len(cache) == 0


def test_cached_queries_wraps_an_embedder_and_passes_passages_and_the_rest_through() -> None:
    class Inner:
        name, dim, failure = "fake", 3, None

        def __init__(self) -> None:
            self.queries = Counting()

        def embed_queries(self, texts: Any) -> np.ndarray:
            return self.queries(list(texts))

        def embed_passages(self, texts: Any, progress: Any = None) -> np.ndarray:
            return np.zeros((len(texts), 3), dtype=np.float32)

    inner = Inner()
    cached = CachedQueries(inner)
    assert np.array_equal(cached.embed_queries(["a", "bb"]), cached.embed_queries(["a", "bb"]))
    assert inner.queries.calls == [["a", "bb"]]
    assert cached.embed_passages(["a"]).shape == (1, 3) and cached.dim == 3 and cached.name == "fake"
    assert cached.failure is None
