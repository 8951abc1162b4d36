"""The HTTP API (FastAPI). The index is loaded once, when the app is created."""

# No `from __future__ import annotations`: FastAPI reads the endpoints' annotations at
# definition time, and the request models are built per app (their limits are settings).

import asyncio
import hmac
import json
import logging
import re
import threading
import time
import uuid
import weakref
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict
from functools import partial
from pathlib import Path
from typing import Annotated, Any, Literal

import anyio
from fastapi import Depends, FastAPI, Query, Request, Response
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, StrictStr
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from surveyqa import __version__, board
from surveyqa.embedding import EmbedderError
from surveyqa.llm import StreamStopped
from surveyqa.observe import Observer
from surveyqa.results import Answer
from surveyqa.service import Service, ServiceHolder, UnknownOrgError, filter_entries
from surveyqa.settings import Settings

log = logging.getLogger(__name__)
MAX_TOP_K = 20
WEB_DIR = Path(__file__).parent / "web"


class ApiError(Exception):
    """A client error with a status and a message that says what is wrong."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


# -- request / response models ------------------------------------------------------------
# At least one character that is not whitespace, a control character or a zero-width space. The C1 controls
# (\x80-\x9f) are named: Python strips U+0085 as whitespace, but a JSON Schema (ECMA) \s does not include it.
NOT_BLANK = r"[^\s\x00-\x1f\x7f-\x9f\u200b-\u200d\u2060\ufeff]"
# Documented, not enforced by FastAPI: board.parse_month checks it and says what is wrong in the 422.
MONTH_SCHEMA: dict[str, Any] = {"pattern": r"^[0-9]{4}-(0[1-9]|1[0-2])$", "examples": ["2025-01"]}


def ask_request_model(max_chars: int) -> type[BaseModel]:
    """The /ask body, with the configured question limit in its schema."""

    class AskRequest(BaseModel):
        question: StrictStr = Field(
            min_length=1, max_length=max_chars, pattern=NOT_BLANK, description="The question, in English or Chinese."
        )
        top_k: int = Field(
            5,
            ge=1,
            le=MAX_TOP_K,
            description="How many best-scoring entries `retrieved` lists. A lookup reads at least 10 candidates "
            "and `retrieved` then also lists any it cites from beyond the top_k; list, count, ranking and "
            "timeline answers draw on the whole survey and give their entries in `items`.",
        )
        mode: Literal["extractive", "llm"] = Field(
            "extractive", description="Answer mode; 'llm' needs an LLM endpoint configured (409 otherwise)."
        )
        stream: bool = Field(
            False,
            description="Answer as server-sent events: `token` events with the LLM's text as it is written, then "
            "one `answer` event with the validated answer (the same JSON as without streaming), which is "
            "authoritative: validation may drop sentences the tokens showed. On a failure after the stream "
            "started, an `error` event with `status` and `error`. Extractive answers send only the `answer` event.",
        )

    return AskRequest


class CitationOut(BaseModel):
    id: str
    title: str
    url: str | None
    arxiv_id: str | None
    snippet: str


class RetrievedOut(BaseModel):
    id: str
    title: str
    score: float


class ItemOut(BaseModel):
    id: str
    title: str
    snippet: str = Field(description="The verbatim survey or abstract text that qualifies the entry.")
    value: str | None = Field(None, description="The value a ranking ranks by, as written (e.g. '77.6%').")
    date: str
    org: str
    setting: str = Field("", description="Setting of a ranked result (pass@1, voting, thinking mode, …).")


class AskResponse(BaseModel):
    answer: str = Field(description="The answer; every statement ends with [entry-id] markers.")
    abstained: bool = Field(
        description="True when the survey does not cover the question or does not state what it asks."
    )
    kind: Literal["lookup", "comparison", "list", "ranking", "timeline", "count", "not_stated", "not_covered"] = Field(
        description="What kind of answer this is."
    )
    citations: list[CitationOut]
    retrieved: list[RetrievedOut] = Field(
        description="The top_k best-scoring entries, then any cited lookup evidence ranked below them."
    )
    items: list[ItemOut] = Field(
        default_factory=list, description="For list, count, ranking and timeline answers: one row per entry."
    )
    mode: str
    notes: list[str] = Field(default_factory=list, description="What validation or fallback did, if anything.")


class SearchHit(BaseModel):
    id: str
    title: str
    score: float
    url: str | None
    snippet: str


class EntrySummary(BaseModel):
    id: str
    title: str
    org: str
    date: str
    kind: str
    section: str
    url: str | None
    arxiv_id: str | None


class EntryDetail(EntrySummary):
    summary: str
    urls: list[str]
    abstract: str | None


class LeaderboardSummary(BaseModel):
    name: str = Field(description="The benchmark's canonical name; GET /leaderboards/{name} with it or any alias.")
    aliases: list[str]
    rows: int = Field(description="Reported results on the board.")
    entries: int = Field(description="Entries those results come from.")
    groups: int = Field(description="Settings (and scales) the results fall into; results are ranked within one.")


class LeaderboardRow(BaseModel):
    rank: int = Field(description="Rank within the group, best first; equal values share a rank.")
    id: str = Field(description="The entry the result comes from.")
    title: str
    org: str
    date: str
    system: str = Field(description="Who scored it: the entry's own work, or the system its text names.")
    own: bool = Field(description="False when the entry quotes another system's (or humans') result.")
    value: str = Field(description="The value as written in the span, e.g. '77.6%', '<50%', '94th'.")
    number: float = Field(description="The value as a number, for sorting and charts.")
    unit: str = Field(description="'%', 'points', 'percentile', or '' when the text gives none.")
    setting: str = Field(description="Setting read next to the value (pass@1, voting, thinking, 50步, retail …).")
    span: str = Field(description="The verbatim survey or abstract text the value comes from.")
    source: Literal["summary", "abstract"]
    url: str | None = Field(description="The entry's first link (arXiv when it has one).")


class LeaderboardGroup(BaseModel):
    setting: str = Field(description="The setting all rows share; '' when the text states none.")
    scale: Literal["score", "percentile", "rating"]
    mixed_units: bool = Field(description="Rows write values differently ('65.8' beside '72.5%'); not converted.")
    repeated_systems: bool = Field(
        description="One entry gives one system several values here: the text distinguishes settings the "
        "facts table did not name, so read these rows with their spans."
    )
    rows: list[LeaderboardRow]


class Leaderboard(BaseModel):
    name: str
    aliases: list[str]
    family: str
    related: list[str] = Field(description="Other versions of the benchmark with boards of their own.")
    better: Literal["higher", "lower"]
    rows: int
    entries: int
    groups: list[LeaderboardGroup] = Field(
        description="Results grouped by setting and scale, the biggest group first; never ranked across groups."
    )


class TimelineEntry(BaseModel):
    id: str
    title: str
    org: str
    kind: str
    date: str


class TimelineMonth(BaseModel):
    month: str | None = Field(description="YYYY-MM; null for entries the survey gives no date (only without a range).")
    entries: list[TimelineEntry]


class Health(BaseModel):
    status: Literal["ok", "degraded"] = Field(description="'degraded' (with status 503) when answering cannot work.")
    problem: str | None = Field(None, description="What is wrong when degraded.")
    version: str
    build: str = Field(description="The index build being served (a folder in <index-dir>/builds).")
    entries: int
    chunks: int
    abstracts: int
    embedder: str
    built_at: str
    llm: bool


class ErrorOut(BaseModel):
    error: str
    status: int
    request_id: str


# -- middleware ---------------------------------------------------------------------------
class BodyLimit:
    """Refuse request bodies above ``limit`` bytes with 413, whether or not Content-Length is sent.

    The body is read here first (at most ``limit`` bytes are held), so a chunked body that runs over
    gets 413 before any endpoint sees it, and the endpoint then reads the buffered copy.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        too_big = f"request body is larger than {self.limit} bytes"
        length = dict(scope.get("headers") or []).get(b"content-length")
        if length is not None and length.isdigit() and int(length) > self.limit:
            await _send_error(scope, send, 413, too_big)
            return
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay([message]), send)
                return
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _send_error(scope, send, 413, too_big)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        buffered: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([buffered], then=receive), send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A receive that hands out ``messages`` first, then defers to ``then`` (or reports a disconnect)."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive


REQUEST_ID = re.compile(r"[A-Za-z0-9._:-]+")


class RequestLog:
    """X-Request-ID on every response (the client's, or a new one); the observer logs and counts each request.

    Plain ASGI rather than ``@app.middleware("http")``: Starlette's BaseHTTPMiddleware wraps every
    response in a stream and cost about a millisecond per request here.
    """

    def __init__(self, app: ASGIApp, observer: Observer) -> None:
        self.app = app
        self.observer = observer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        # A client's id is kept if it is a plain token (it goes into log lines); otherwise a new one.
        given = headers.get(b"x-request-id", b"").decode("latin-1")[:64]
        rid = given if REQUEST_ID.fullmatch(given) else uuid.uuid4().hex[:12]
        scope.setdefault("state", {})["request_id"] = rid
        started = time.perf_counter()
        status = 500
        sent = False

        async def send_with_id(message: Message) -> None:
            nonlocal status, sent
            if message["type"] == "http.response.start":
                status, sent = message["status"], True
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode("latin-1"))]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        except Exception:
            # Here rather than in Starlette's outer error middleware: the 500 gets the request id too.
            log.exception("unhandled error on %s %s rid=%s", scope["method"], scope["path"], rid)
            if not sent:
                await _send_error(scope, send_with_id, 500, "internal error; see the server log for the request id")
        finally:
            self.observer.request_done(scope, status, time.perf_counter() - started, rid)


async def _send_error(scope: Scope, send: Send, status: int, message: str) -> None:
    rid = scope.get("state", {}).get("request_id") or uuid.uuid4().hex[:12]  # RequestLog's id, as in X-Request-ID
    response = JSONResponse({"error": message, "status": status, "request_id": rid}, status_code=status)
    await response(scope, _replay([]), send)


# -- the app ------------------------------------------------------------------------------
def create_app(settings: Settings | None = None, service: Service | None = None) -> FastAPI:
    """Build the app; loads and verifies the index now (raises IndexError_ if it cannot).

    While the app runs (its lifespan), a new build that ``current`` points at is loaded and swapped in
    every ``reload_interval`` seconds; each request answers from the service it started with.
    """
    settings = settings or Settings()
    svc = service or Service.load(settings)
    holder = ServiceHolder(svc)
    cfg = svc.settings  # the endpoints hold these settings, never the first service (a reload replaces it)

    @asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        holder.watch(cfg.reload_interval)
        try:
            yield
        finally:
            holder.stop()

    app = FastAPI(
        title="surveyqa",
        version=__version__,
        description="Questions about the Agentic-training survey, answered with [entry-id] citations.",
        lifespan=lifespan,
    )
    app.state.holder = holder
    observer = Observer(lambda: holder.service, app.router.routes, metrics=cfg.metrics != "off")
    app.state.observer = observer
    _install_handlers(app)

    # /ask answers ask_threads questions at once per mode, so slow LLM answers never hold up extractive
    # ones, /healthz or the other endpoints; one pair of limiters per event loop (anyio limiters belong to one).
    limiters: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, anyio.CapacityLimiter]] = (
        weakref.WeakKeyDictionary()
    )

    def ask_limiter(mode: str) -> anyio.CapacityLimiter:
        loop = asyncio.get_running_loop()
        if loop not in limiters:
            limiters[loop] = {m: anyio.CapacityLimiter(cfg.ask_threads) for m in ("extractive", "llm")}
        return limiters[loop][mode]

    def require_key(request: Request) -> None:
        expected = cfg.api_key
        if expected is None:
            return
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(token.encode(), expected.get_secret_value().encode()):
            raise ApiError(401, "missing or wrong API key: send 'Authorization: Bearer <SURVEYQA_API_KEY>'")

    auth = [Depends(require_key)]

    limit = cfg.max_question_chars
    AskRequest = ask_request_model(limit)

    @app.post(
        "/ask",
        response_model=AskResponse,
        dependencies=auth,
        responses={**_errors(400, 401, 409, 413, 415, 422, 503), 200: STREAM_RESPONSE},
    )
    async def ask(body: AskRequest, request: Request, response: Response) -> Any:  # type: ignore[valid-type]
        """Answer a question with inline [entry-id] citations (extractive by default).

        The `X-Index-Build` header names the index build the answer came from.
        """
        question = _check_question(body.question, limit)  # type: ignore[attr-defined]
        now = holder.service
        answerer: Any = now.extractive
        if body.mode == "llm":  # type: ignore[attr-defined]
            if now.llm is None:
                raise ApiError(409, "LLM mode is not configured: set SURVEYQA_LLM_BASE_URL and SURVEYQA_LLM_MODEL")
            answerer = now.llm
        run = partial(answerer.answer, question, top_k=body.top_k)  # type: ignore[attr-defined]
        if body.stream:  # type: ignore[attr-defined]
            headers = {"x-index-build": now.build_id, "cache-control": "no-cache", "x-accel-buffering": "no"}
            events = _answer_events(run, streams=answerer is now.llm, limiter=ask_limiter(body.mode), request=request)  # type: ignore[attr-defined]
            return StreamingResponse(events, media_type="text/event-stream", headers=headers)
        async with ask_limiter(body.mode):  # type: ignore[attr-defined]
            if await request.is_disconnected():  # it gave up while waiting its turn: answer nobody
                raise ApiError(499, "the client closed the request before it was answered")
            result: Answer = await anyio.to_thread.run_sync(run)
        response.headers["x-index-build"] = now.build_id
        observer.answered(request.state, result)
        return AskResponse(**asdict(result))

    abandoned: set[asyncio.Task[None]] = set()

    async def _answer_events(
        run: Callable[..., Answer], *, streams: bool, limiter: anyio.CapacityLimiter, request: Request
    ) -> AsyncIterator[str]:
        """The /ask stream: ``token`` events while the LLM writes, then the validated ``answer`` (or ``error``)."""
        loop = asyncio.get_running_loop()
        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()
        gone = threading.Event()  # the client went away: stop generating for nobody
        running = threading.Event()  # the answer's thread has started (it holds a place in the limiter)

        def on_token(piece: str) -> None:
            if gone.is_set():
                raise ClientGone("the client closed the stream")  # ends the upstream call; its answer is dropped
            loop.call_soon_threadsafe(queue.put_nowait, ("token", piece))

        async def work() -> None:
            try:
                async with limiter:
                    call = partial(run, on_token=on_token) if streams else run
                    running.set()
                    queue.put_nowait(("answer", await anyio.to_thread.run_sync(call)))
            except EmbedderError as exc:
                queue.put_nowait(("error", (503, f"cannot embed the question now ({exc}); see /healthz")))
            except Exception:
                log.exception("unhandled error while streaming %s", request.url.path)
                queue.put_nowait(("error", (500, "internal error; see the server log for the request id")))

        task = asyncio.create_task(work())
        try:
            while True:
                kind, value = await queue.get()
                if kind == "token":
                    yield _sse("token", {"text": value})
                elif kind == "answer":
                    observer.answered(request.state, value)
                    yield _sse("answer", AskResponse(**asdict(value)).model_dump())
                    return
                else:
                    status, message = value
                    rid = getattr(request.state, "request_id", "-")
                    yield _sse("error", {"error": message, "status": status, "request_id": rid})
                    return
        finally:
            gone.set()
            if not task.done():
                if running.is_set():
                    # Its thread is working: let it end (at the next token, for a stream) and give its place
                    # in the limiter back then, not now; keep the task referenced until it does.
                    abandoned.add(task)
                    task.add_done_callback(abandoned.discard)
                else:
                    task.cancel()  # still waiting for a place: give it up

    @app.get("/search", response_model=list[SearchHit], dependencies=auth, responses=_errors(401, 422))
    def search(
        q: Annotated[
            str,
            Query(min_length=1, max_length=limit, pattern=NOT_BLANK, description="Query text, English or Chinese."),
        ],
        k: Annotated[int, Query(ge=1, le=MAX_TOP_K, description="Entries to return.")] = 5,
        mode: Annotated[Literal["hybrid", "bm25", "dense"], Query(description="Retrieval mode.")] = "hybrid",
    ) -> list[SearchHit]:
        """Retrieve entries for a query (no answer)."""
        query = _check_question(q, cfg.max_question_chars, field="q")
        hits = holder.service.retriever.search(query, k=k, mode=mode)
        return [
            SearchHit(
                id=h.entry.id,
                title=h.entry.title,
                score=round(h.score, 6),
                url=h.entry.url,
                snippet=h.chunks[0].chunk.text if h.chunks else "",
            )
            for h in hits
        ]

    KindName = Literal[tuple(sorted({e.kind for e in svc.retriever.entries}))]  # type: ignore[valid-type]

    @app.get("/entries", response_model=list[EntrySummary], dependencies=auth, responses=_errors(401, 404, 422))
    def entries(
        org: Annotated[
            str | None,
            Query(
                max_length=100,
                pattern=NOT_BLANK,
                description="Organisation, any alias: 'Zhipu', '智谱', 'Google' (with its labs).",
            ),
        ] = None,
        year: Annotated[int | None, Query(ge=1900, le=2100, description="Year of the entry's date.")] = None,
        kind: Annotated[
            KindName | None, Query(description="Entry kind, as the survey labels it.")  # type: ignore[valid-type]
        ] = None,
        section: Annotated[
            str | None,
            Query(
                max_length=100,
                pattern=NOT_BLANK,
                description="Text the entry's section heading contains, e.g. '五、' or 'GUI'.",
            ),
        ] = None,
        q: Annotated[
            str | None,
            Query(max_length=200, pattern=NOT_BLANK, description="Text the id, title, org or summary contains."),
        ] = None,
    ) -> list[EntrySummary]:
        """The survey's entries in document order, optionally filtered (filters combine with AND)."""
        try:
            catalog = holder.service.extractive.catalog
            found = filter_entries(catalog, org=org, year=year, kind=kind, section=section, text=q)
        except UnknownOrgError as exc:
            raise ApiError(404, str(exc)) from exc  # an organisation the survey never names
        except ValueError as exc:
            raise ApiError(422, str(exc)) from exc
        return [EntrySummary.model_validate(e.record()) for e in found]

    @app.get("/entries/{entry_id}", response_model=EntryDetail, dependencies=auth, responses=_errors(401, 404))
    def entry(entry_id: str) -> EntryDetail:
        """One entry with its summary, links and arXiv abstract."""
        e = holder.service.retriever.by_id.get(entry_id)
        if e is None:
            raise ApiError(404, f"no entry with id {entry_id!r}; GET /entries lists them")
        return EntryDetail.model_validate(e.record(detail=True))

    @app.get("/leaderboards", response_model=list[LeaderboardSummary], dependencies=auth, responses=_errors(401))
    def leaderboards() -> list[LeaderboardSummary]:
        """Benchmarks with at least two reported results in the survey, most results first."""
        catalog = holder.service.extractive.catalog
        return [LeaderboardSummary.model_validate(asdict(b)) for b in board.boards(catalog)]

    @app.get(
        "/leaderboards/{benchmark}",
        response_model=Leaderboard,
        dependencies=auth,
        responses=_errors(401, 404, 422),
    )
    def leaderboard(
        benchmark: Annotated[
            str,
            PathParam(
                max_length=100, description="Benchmark name or alias, any case: 'SWE-bench Verified', 'tau2-bench'."
            ),
        ],
    ) -> Leaderboard:
        """One benchmark's results, each with its verbatim span, grouped by setting and ranked best first."""
        catalog = holder.service.extractive.catalog
        try:
            b = board.board(catalog, benchmark)
        except board.UnknownBenchmarkError as exc:
            raise ApiError(404, str(exc)) from exc
        return Leaderboard.model_validate(b.record())

    @app.get("/timeline", response_model=list[TimelineMonth], dependencies=auth, responses=_errors(401, 404, 422))
    def timeline(
        start: Annotated[
            str | None,
            Query(alias="from", description="First month, YYYY-MM (inclusive).", json_schema_extra=MONTH_SCHEMA),
        ] = None,
        end: Annotated[
            str | None,
            Query(alias="to", description="Last month, YYYY-MM (inclusive).", json_schema_extra=MONTH_SCHEMA),
        ] = None,
        org: Annotated[
            str | None,
            Query(
                max_length=100,
                pattern=NOT_BLANK,
                description="Organisation, any alias ('智谱', 'Google' with its labs).",
            ),
        ] = None,
        kind: Annotated[
            KindName | None, Query(description="Entry kind, as the survey labels it.")  # type: ignore[valid-type]
        ] = None,
        section: Annotated[
            str | None,
            Query(max_length=100, pattern=NOT_BLANK, description="Text the entry's section heading contains."),
        ] = None,
    ) -> list[TimelineMonth]:
        """The survey's entries by month, oldest first; filters combine with AND."""
        catalog = holder.service.extractive.catalog
        try:
            months = board.timeline(catalog, start=start, end=end, org=org, kind=kind, section=section)
        except UnknownOrgError as exc:
            raise ApiError(404, str(exc)) from exc
        except ValueError as exc:
            raise ApiError(422, str(exc)) from exc
        by_id = catalog.by_id
        return [
            TimelineMonth(
                month=m.month,
                entries=[TimelineEntry.model_validate(by_id[i].record()) for i in m.entries],
            )
            for m in months
        ]

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        """The web page: ask a question, read the answer, open the cited entries."""
        return FileResponse(WEB_DIR / "index.html", media_type="text/html; charset=utf-8")

    @app.get("/healthz", response_model=Health, responses={503: {"model": Health}})
    async def healthz(response: Response) -> Health:
        """Liveness plus what is loaded: index build and counts, embedder, whether LLM mode is on.

        Runs on the event loop, not a thread pool, so it answers at once however busy /ask is.
        """
        now = holder.service
        m = now.retriever.index.manifest
        problem = now.problem()
        if problem:
            response.status_code = 503
        return Health(
            status="degraded" if problem else "ok",
            problem=problem,
            version=__version__,
            build=now.build_id,
            entries=m.counts.get("entries", 0),
            chunks=m.counts.get("chunks", 0),
            abstracts=m.counts.get("abstracts", 0),
            embedder=m.embedder,
            built_at=m.built_at,
            llm=now.llm is not None,
        )

    if cfg.metrics != "off":  # Prometheus text format; "key" puts it behind the API key like /ask
        scrape_auth = auth if cfg.metrics == "key" else None
        app.add_api_route("/metrics", observer.scrape, include_in_schema=False, dependencies=scrape_auth)

    app.add_middleware(BodyLimit, limit=cfg.max_body_bytes)
    app.add_middleware(RequestLog, observer=observer)  # outermost: every response gets an id and a log line
    return app


def app_factory() -> FastAPI:
    """uvicorn factory for multi-worker serving: settings from the environment."""
    return create_app(Settings())


def _check_question(text: str, limit: int, field: str = "question") -> str:
    stripped = text.strip()
    if not re.search(NOT_BLANK, stripped):
        raise ApiError(422, f"{field} must not be empty or whitespace")
    if len(stripped) > limit:
        raise ApiError(422, f"{field} is {len(stripped)} characters; the limit is {limit}")
    return stripped


class ClientGone(StreamStopped):
    """Raised in an answer's thread when its streaming client has disconnected."""


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": ErrorOut} for code in codes}


STREAM_RESPONSE: dict[str, Any] = {
    "description": 'The answer; with `"stream": true`, server-sent events instead (`token`, then `answer` or `error`).',
    # One item per event (OpenAPI 3.2's reading of text/event-stream): its name, and JSON in `data`
    # (a token's {"text"}, the AskResponse, or an error's {"error", "status", "request_id"}).
    "content": {
        "text/event-stream": {
            "schema": {
                "type": "object",
                "properties": {
                    "event": {"enum": ["token", "answer", "error"]},
                    "data": {"type": "string", "contentMediaType": "application/json"},
                },
                "required": ["event", "data"],
            }
        }
    },
}


def _sse(event: str, data: Any) -> str:
    """One server-sent event; the JSON is on one line, so one ``data:`` field carries it."""
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n"


def _install_handlers(app: FastAPI) -> None:
    def body(request: Request, status: int, message: str) -> JSONResponse:
        rid = getattr(request.state, "request_id", "-")
        return JSONResponse({"error": message, "status": status, "request_id": rid}, status_code=status)

    @app.exception_handler(ApiError)
    async def api_error(request: Request, exc: ApiError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        response = body(request, exc.status, exc.message)
        if headers:
            response.headers.update(headers)
        return response

    @app.exception_handler(RequestValidationError)
    async def validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return body(request, 400, "request body is not valid JSON")
        ctype = request.headers.get("content-type", "")
        if request.method == "POST" and "json" not in ctype:
            return body(request, 415, f"send the body as JSON with 'Content-Type: application/json' (got {ctype!r})")
        return body(request, 422, "; ".join(_describe(e) for e in errors))

    @app.exception_handler(EmbedderError)
    async def embedder_error(request: Request, exc: EmbedderError) -> JSONResponse:
        log.error("embedder failed on %s %s: %s", request.method, request.url.path, exc)
        return body(request, 503, f"cannot embed the question now ({exc}); see /healthz")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return body(request, exc.status_code, str(exc.detail))

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error on %s %s", request.method, request.url.path)
        return body(request, 500, "internal error; see the server log for the request id")


def _describe(error: dict[str, Any]) -> str:
    where = ".".join(str(p) for p in error.get("loc", ()) if p not in ("body", "query", "path")) or "body"
    kind = error.get("type", "")
    if kind == "missing":
        return f"{where}: required"
    if kind == "string_type":
        return f"{where}: must be a string"
    if kind in ("string_pattern_mismatch", "string_too_short"):
        return f"{where} must not be empty or whitespace"
    if kind == "string_too_long":
        return f"{where} is too long; the limit is {error.get('ctx', {}).get('max_length')} characters"
    if kind in ("model_attributes_type", "dict_type"):
        return "body: must be a JSON object"
    return f"{where}: {error.get('msg', 'invalid')}"
