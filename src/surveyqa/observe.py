"""Operations: Prometheus metrics for ``GET /metrics`` and the access log, as text or one JSON object a line.

Metrics live in a registry per app, not prometheus-client's global one (tests build many apps in one
process). Each worker process counts its own requests; with ``--workers N`` a scrape reaches one
worker at random, so set ``PROMETHEUS_MULTIPROC_DIR`` and every worker writes its counters there and
any worker's ``/metrics`` reports the sum (prometheus-client's multiprocess mode). What is read at
scrape time (the loaded index, the embedder's queue, process_*) is always the answering worker's own.
"""

from __future__ import annotations

import calendar
import copy
import json
import logging
import os
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, Counter, Histogram, generate_latest
from prometheus_client.core import GaugeMetricFamily, InfoMetricFamily, Metric
from prometheus_client.multiprocess import MultiProcessCollector
from prometheus_client.process_collector import ProcessCollector
from starlette.datastructures import State
from starlette.responses import Response
from starlette.routing import BaseRoute, Match
from starlette.types import Scope

from surveyqa.prompts import LLM_FALLBACK_NOTE
from surveyqa.results import ANSWER_KINDS

if TYPE_CHECKING:
    from surveyqa.results import Answer
    from surveyqa.service import Service

access_log = logging.getLogger("surveyqa.access")

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
# Labels come from bounded sets only: a route template, never the raw path (every /entries/<id> and every
# 404 probe would be a new series), and a known method.
UNMATCHED = "unmatched"
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
# Extractive answers take tens of milliseconds; an LLM answer may take up to its 30 s deadline.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0)
FALLBACK_REASONS = ("timeout", "error", "invalid")
_FALLBACK_PREFIX = LLM_FALLBACK_NOTE.split("{reason}")[0]
_CONTROL = {c: f"\\x{c:02x}" for c in (*range(32), 127)}


class Observer:
    """What the RequestLog middleware and ``/ask`` report to: the access log and, when on, the metrics."""

    def __init__(self, current: Callable[[], Service], routes: Sequence[BaseRoute], *, metrics: bool = True) -> None:
        self.routes = routes
        self.metrics = metrics
        self.multiprocess = bool(os.environ.get(MULTIPROC_ENV))
        self.registry = CollectorRegistry()
        self._series: dict[tuple[str, str, int], tuple[Counter, Histogram]] = {}
        self.live = LiveCollector(current)
        r = self.registry
        labels = ("endpoint", "method", "status")
        self.requests = Counter(
            "surveyqa_http_requests", "HTTP requests by route template, method and status.", labels, registry=r
        )
        self.latency = Histogram(
            "surveyqa_http_request_duration_seconds",
            "Time from request to the end of the response, by route template, method and status.",
            labels,
            buckets=LATENCY_BUCKETS,
            registry=r,
        )
        self.answers = Counter(
            "surveyqa_answers", "Answers from /ask by kind and the mode that wrote them.", ("kind", "mode"), registry=r
        )
        self.abstentions = Counter(
            "surveyqa_abstentions",
            "Answers that declined: the survey does not cover the question (not_covered) or does not state it "
            "(not_stated).",
            ("kind", "mode"),
            registry=r,
        )
        self.fallbacks = Counter(
            "surveyqa_llm_fallbacks",
            "LLM-mode answers that fell back to extractive: timeout, error (HTTP status, unreachable, malformed "
            "reply) or invalid (no sentence kept a valid citation).",
            ("reason",),
            registry=r,
        )
        # Known label values start at 0, so rate() and alerts see the series before the first event.
        for kind in ANSWER_KINDS:
            for mode in ("extractive", "llm"):
                self.answers.labels(kind, mode)
        for kind in ("not_covered", "not_stated"):
            for mode in ("extractive", "llm"):
                self.abstentions.labels(kind, mode)
        for reason in FALLBACK_REASONS:
            self.fallbacks.labels(reason)
        r.register(self.live)
        ProcessCollector(registry=r)

    def endpoint(self, scope: Scope) -> str:
        """The route template that served the request (``/entries/{entry_id}``), or ``unmatched``."""
        route = scope.get("route")
        if route is None:
            # FastAPI's router sets scope["route"] for its own routes only: this is a mount (/static), a request
            # refused before routing (413), or a path no route serves (404). Match it as the router saw it.
            root = scope.get("app_root_path", scope.get("root_path", ""))
            seen = {"type": "http", "path": scope["path"], "root_path": root, "method": scope["method"]}
            route = next((r for r in self.routes if r.matches(seen)[0] is not Match.NONE), None)
        return str(getattr(route, "path", "") or UNMATCHED)

    def request_done(self, scope: Scope, status: int, seconds: float, request_id: str) -> None:
        """Count and time one request and write its access-log line."""
        endpoint = self.endpoint(scope)
        if self.metrics:
            method = scope["method"] if scope["method"] in METHODS else "other"
            key = (endpoint, method, status)
            series = self._series.get(key)
            if series is None:  # labels() costs ~3 µs a call; the label sets are few, so keep what it returns
                series = self._series[key] = (self.requests.labels(*key), self.latency.labels(*key))
            series[0].inc()
            series[1].observe(seconds)
        if not access_log.isEnabledFor(logging.INFO):
            return
        client = scope.get("client")
        path = scope["path"] if scope["path"].isprintable() else scope["path"].translate(_CONTROL)
        state = scope.get("state") or {}
        fields = {
            "request_id": request_id,
            "method": scope["method"],
            "endpoint": endpoint,
            "path": path,
            "status": status,
            "latency_ms": round(seconds * 1000, 2),
            "kind": state.get("answer_kind"),
            "mode": state.get("answer_mode"),
            "client": client[0] if client else None,
        }
        access_log.info(
            "%s %s %s %d %.1fms rid=%s",
            fields["client"] or "-",
            scope["method"],
            path,
            status,
            seconds * 1000,
            request_id,
            extra={"http": fields},
        )

    def answered(self, state: State, answer: Answer) -> None:
        """Record an /ask answer: its kind and mode for the access log (``request.state``) and the counters."""
        state.answer_kind = answer.kind
        state.answer_mode = answer.mode
        if not self.metrics:
            return
        self.answers.labels(answer.kind, answer.mode).inc()
        if answer.abstained:
            self.abstentions.labels(answer.kind, answer.mode).inc()
        reason = fallback_reason(answer.notes)
        if reason:
            self.fallbacks.labels(reason).inc()

    async def scrape(self) -> Response:
        """The metrics in Prometheus text format."""
        registry = self.registry
        if self.multiprocess:
            registry = CollectorRegistry()
            MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
            registry.register(self.live)
            ProcessCollector(registry=registry)
        return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


def fallback_reason(notes: Iterable[str]) -> str | None:
    """Why LLM mode fell back to extractive, from the note the LLM answerer leaves; None if it did not.

    The words matched are llm.py's reasons; test_observe asks for each reason, so a rewording shows up there."""
    for note in notes:
        if note.startswith(_FALLBACK_PREFIX):
            if "timed out" in note:
                return "timeout"
            return "invalid" if "valid citation" in note else "error"
    return None


class LiveCollector:
    """Read when scraped: the loaded index's manifest and the embedder's queue."""

    def __init__(self, current: Callable[[], Service]) -> None:
        self.current = current

    def describe(self) -> list[Metric]:
        return []  # nothing to check for clashes: these names are ours alone

    def collect(self) -> Iterable[Metric]:
        service = self.current()
        m = service.retriever.index.manifest
        info = InfoMetricFamily("surveyqa_index", "The loaded index.")
        info.add_metric(
            [],
            {
                "embedder": m.embedder,
                "faiss_index": m.faiss_index,
                "built_at": m.built_at,
                "path": str(service.retriever.index.path),
            },
        )
        yield info
        items = GaugeMetricFamily("surveyqa_index_items", "Counts from the loaded index's manifest.", labels=["part"])
        for part, n in sorted(m.counts.items()):
            items.add_metric([part], n)
        yield items
        built = _epoch(m.built_at)
        if built is not None:
            yield GaugeMetricFamily(
                "surveyqa_index_built_timestamp_seconds", "When the loaded index was built (Unix time).", value=built
            )
        yield GaugeMetricFamily(
            "surveyqa_index_build_duration_seconds", "How long building the loaded index took.", value=m.build_seconds
        )
        depth = getattr(service.retriever.embedder, "queue_depth", None)
        if depth is not None:  # the e5 embedder's owner thread; sentence-transformers has no queue
            yield GaugeMetricFamily(
                "surveyqa_embedder_queue_depth",
                "Embedding calls waiting for the embedder's owner thread in this process.",
                value=depth(),
            )


def _epoch(stamp: str) -> float | None:
    try:
        return float(calendar.timegm(time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")))
    except ValueError:
        return None


def prepare_multiprocess_dir() -> Path | None:
    """With PROMETHEUS_MULTIPROC_DIR set, create it and clear the last run's files (the client asks for an empty
    directory at start); None when unset."""
    value = os.environ.get(MULTIPROC_ENV)
    if not value:
        return None
    path = Path(value)
    path.mkdir(parents=True, exist_ok=True)
    for stale in path.glob("*.db"):
        stale.unlink()
    return path


# -- logging ------------------------------------------------------------------------------
class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger and message, plus an access line's request fields."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        fields = getattr(record, "http", None)
        if isinstance(fields, dict):
            out.update(fields)
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def log_config(fmt: str) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``surveyqa serve``, given to uvicorn too so each worker process applies
    it. ``text`` keeps uvicorn's own lines as they are; ``json`` makes every line on stderr one JSON object."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    ours: dict[str, Any] = {"()": f"{__name__}.JsonFormatter"} if fmt == "json" else {"format": TEXT_FORMAT}
    config["formatters"]["surveyqa"] = ours
    config["handlers"]["surveyqa"] = {
        "class": "logging.StreamHandler",
        "formatter": "surveyqa",
        "stream": "ext://sys.stderr",
    }
    config["loggers"]["surveyqa"] = {"handlers": ["surveyqa"], "level": "INFO", "propagate": False}
    if fmt == "json":
        config["formatters"]["default"] = dict(ours)
        config["formatters"]["access"] = dict(ours)
        config["root"] = {"handlers": ["surveyqa"], "level": "WARNING"}
        # jieba logs its dictionary loading through a handler of its own
        config["loggers"]["jieba"] = {"handlers": ["surveyqa"], "level": "WARNING", "propagate": False}
    return config
