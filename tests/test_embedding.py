"""The embedder's owner thread: batching, bounded waits, and failing loudly when the thread dies."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from surveyqa.embedding import EmbedderError, _Owner


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
