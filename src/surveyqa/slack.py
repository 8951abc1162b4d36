"""The Slack bot: a thin slack_bolt wrapper over the surveyqa HTTP API.

`/survey <question>` and @-mentions are acknowledged at once (Slack's 3-second window); the answer
is fetched from the surveyqa API and sent with Block Kit, to the command's ``response_url`` or in
the mention's thread: the answer with its ``[id]`` markers as links, a compact "Sources" context
block, a note when the survey does not cover the question, and a message saying what went wrong
when the API refuses the question (a wrong key, a question too long), fails, or is down or slow.
`/survey leaderboard <benchmark>` replies with the benchmark's top results per setting, each row
cited (no name: the list of boards). A reply in a thread the bot answered in is a follow-up, asked
with the thread's last questions.
Requests are size-capped and signature-checked before Bolt sees them. The bot makes no Slack call
at start-up or per event besides the reply itself (a custom ``authorize``, no ``auth.test``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal
from urllib.parse import quote

import httpx
from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError

from surveyqa.citations import MARKER

log = logging.getLogger(__name__)

SECTION_LIMIT = 2900  # Slack allows 3,000 characters in a section's text
MAX_SECTIONS = 20  # far below Slack's 50 blocks per message
SOURCES_PER_BLOCK = 10  # a context block holds at most 10 elements
DEFAULT_SLACK_API = "https://slack.com/api/"
# A Slack message holds up to 40,000 characters and an event carries its text twice (text and
# blocks), so real events stay far below this; the cap bounds what an unverified request costs.
MAX_BODY_BYTES = 256 * 1024
SIGNATURE_WINDOW = 5 * 60  # seconds; Slack's own replay window for X-Slack-Request-Timestamp
FOLLOW_UP_TURNS = 3  # earlier questions a follow-up sees; older ones rarely hold what "it" means
FOLLOW_UP_CHARS = 600  # of earlier questions, so a follow-up stays far below the API's question limit
THREADS_REMEMBERED = 2000  # threads (and handled messages) kept in memory, least recently used dropped
MENTION = re.compile(r"<@[A-Z0-9]+>")
TS_HEADER, SIG_HEADER = "x-slack-request-timestamp", "x-slack-signature"

API_UNREACHABLE = ":warning: surveyqa is not reachable right now ({reason}). Please try again in a minute."
API_FAILED = (
    ":warning: surveyqa failed on this question (HTTP {status}: {error}){rid}. "
    "Please try again; if it keeps failing, tell the bot's admin."
)
API_KEY_REFUSED = (
    ":no_entry: surveyqa refused the bot's API key (HTTP {status}: {error}). "
    "The bot is misconfigured: please tell its admin to check SURVEYQA_API_KEY."
)
API_REJECTED = ":warning: surveyqa could not {what} (HTTP {status}): {error}"
ABSTAINED_NOTE = ":grey_question: The survey does not cover this. Nearest entries: {nearest}"
NOT_STATED_NOTE = ":grey_question: The survey covers this entry but does not state that. Nearest entries: {nearest}"
PLACEHOLDER = ":hourglass_flowing_sand: Reading the survey and writing an answer…"
ANSWER_FAILED = ":warning: surveyqa could not finish this answer; see the bot's log."
EMPTY_QUESTION = (
    "Ask a question after the command, e.g. `/survey 哪些工作用了 GRPO？`, "
    "or see a benchmark's results: `/survey leaderboard SWE-bench Verified`."
)
# "/survey leaderboard <benchmark>" (or 排行榜 / 榜单); with no name, the list of boards.
LEADERBOARD_COMMAND = re.compile(
    r"^(?:leaderboards?(?=$|[\s:：])|排行榜|榜单)[\s:：]*(?:(?:for|of|on)(?=$|\s)\s*)?(?P<name>.*?)[\s?？]*$",
    re.I | re.S,
)
BOARD_ROWS = 5  # rows shown per setting
BOARDS_HINT_API = "GET /leaderboards (or `surveyqa leaderboard`) lists the boards"
BOARDS_HINT_SLACK = "`/survey leaderboard` lists the boards"
BOARD_GROUPS = 4  # settings shown


class SlackConfigError(RuntimeError):
    """Missing or bad Slack configuration; the message names the variable."""


class BotConfig(BaseModel):
    """Everything the bot needs; secrets come from the environment only and stay hidden in reprs."""

    model_config = ConfigDict(frozen=True)

    signing_secret: SecretStr = Field(description="The Slack app's signing secret (SLACK_SIGNING_SECRET).")
    bot_token: SecretStr = Field(description="The bot's xoxb- token (SLACK_BOT_TOKEN).")
    api_url: str = Field("http://127.0.0.1:8000", description="The surveyqa HTTP API the bot asks.")
    api_key: SecretStr | None = Field(None, description="Sent to the API as a bearer token (SURVEYQA_API_KEY).")
    slack_api_url: str = Field(DEFAULT_SLACK_API, description="The Slack Web API base URL (tests point it elsewhere).")
    bot_user_id: str | None = Field(None, description="The bot's Slack user id (SLACK_BOT_USER_ID), if known.")
    timeout: float = Field(15.0, gt=0, description="Seconds to wait for the API's answer.")
    mode: Literal["extractive", "llm"] = Field(
        "extractive",
        description="Answer mode the bot asks for (SURVEYQA_SLACK_MODE). In llm mode it posts a placeholder at "
        "once and edits it into the answer (chat.update), since a local model takes seconds.",
    )
    llm_timeout: float = Field(
        120.0, gt=0, le=3600, description="Seconds to wait for an LLM-mode answer (SURVEYQA_SLACK_LLM_TIMEOUT)."
    )
    max_body_bytes: int = Field(MAX_BODY_BYTES, gt=0, description="Largest Slack request body read; larger: 413.")

    @classmethod
    def from_env(cls, api_url: str) -> BotConfig:
        missing = [v for v in ("SLACK_SIGNING_SECRET", "SLACK_BOT_TOKEN") if not os.environ.get(v)]
        if missing:
            raise SlackConfigError(f"set {' and '.join(missing)} (from your Slack app's settings)")
        slack_api = os.environ.get("SURVEYQA_SLACK_API_URL", DEFAULT_SLACK_API)
        api_key = os.environ.get("SURVEYQA_API_KEY")
        optional = {
            field: os.environ[var]
            for field, var in (("mode", "SURVEYQA_SLACK_MODE"), ("llm_timeout", "SURVEYQA_SLACK_LLM_TIMEOUT"))
            if os.environ.get(var)
        }
        try:
            return cls(
                signing_secret=SecretStr(os.environ["SLACK_SIGNING_SECRET"]),
                bot_token=SecretStr(os.environ["SLACK_BOT_TOKEN"]),
                api_url=api_url,
                api_key=SecretStr(api_key) if api_key else None,
                slack_api_url=slack_api if slack_api.endswith("/") else slack_api + "/",
                bot_user_id=os.environ.get("SLACK_BOT_USER_ID") or None,
                **optional,
            )
        except ValidationError as exc:
            names = {"mode": "SURVEYQA_SLACK_MODE", "llm_timeout": "SURVEYQA_SLACK_LLM_TIMEOUT"}
            problems = "; ".join(
                f"{names.get(str(e['loc'][0]), e['loc'][0]) if e['loc'] else 'config'}: {e['msg']}"
                for e in exc.errors()
            )
            raise SlackConfigError(f"invalid Slack bot configuration: {problems}") from exc


# -- rendering ------------------------------------------------------------------------------------
def _mrkdwn_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _link_url(url: str) -> str:
    """A URL safe inside ``<url|label>``: the characters that would end or split the link, percent-encoded."""
    return url.replace("|", "%7C").replace("<", "%3C").replace(">", "%3E")


def link_markers(answer: str, urls: dict[str, str | None]) -> str:
    """Escape the answer for mrkdwn and turn each ``[id]`` into a link to the entry."""
    escaped = _mrkdwn_escape(answer)

    def link(m: re.Match[str]) -> str:
        url = urls.get(m.group(1))
        return f"<{_link_url(url)}|[{m.group(1)}]>" if url else m.group(0)

    return MARKER.sub(link, escaped)


def split_at_citations(text: str, limit: int = SECTION_LIMIT) -> list[str]:
    """Cut text into pieces under ``limit``, only right after a citation (or at a space as a last resort)."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        window = rest[:limit]
        cut = max(window.rfind("]> "), window.rfind("] "))
        cut = cut + (3 if window[cut : cut + 3] == "]> " else 2) if cut > 0 else window.rfind(" ") + 1
        if cut <= 0:
            cut = limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces


def render(reply: dict[str, Any], question: str) -> tuple[str, list[dict[str, Any]]]:
    """Block Kit for an API answer: (fallback text, blocks)."""
    urls = {c["id"]: c.get("url") for c in reply.get("citations", [])}
    blocks: list[dict[str, Any]] = []
    if reply.get("abstained"):
        nearest = ", ".join(f"`{r['id']}`" for r in reply.get("retrieved", [])[:3]) or "none"
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": _mrkdwn_escape(reply["answer"])}})
        note = NOT_STATED_NOTE if reply.get("kind") == "not_stated" else ABSTAINED_NOTE
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": note.format(nearest=nearest)}]})
        return reply["answer"], blocks
    # List and ranking answers put one entry per line ("- Title (date): quote [id]"): shown as bullets.
    text = re.sub(r"(?m)^- ", "• ", reply["answer"])
    pieces = split_at_citations(link_markers(text, urls))
    if len(pieces) > MAX_SECTIONS:
        pieces = [*pieces[: MAX_SECTIONS - 1], "… (answer trimmed; ask the API or the web page for the rest)"]
    blocks += [{"type": "section", "text": {"type": "mrkdwn", "text": p}} for p in pieces]
    sources = [
        {"type": "mrkdwn", "text": f"*[{c['id']}]* <{_link_url(c['url'])}|{_mrkdwn_escape(c['title'][:150])}>"}
        if c.get("url")
        else {"type": "mrkdwn", "text": f"*[{c['id']}]* {_mrkdwn_escape(c['title'][:150])}"}
        for c in reply.get("citations", [])
    ]
    if sources:
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": "*Sources*"}]})
        for i in range(0, len(sources), SOURCES_PER_BLOCK):
            blocks.append({"type": "context", "elements": sources[i : i + SOURCES_PER_BLOCK]})
    for note in reply.get("notes", []):
        blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": f"_{_mrkdwn_escape(note)}_"}]})
    return reply["answer"][:3000], blocks


def _section(text: str) -> dict[str, Any]:
    return {"type": "section", "text": {"type": "mrkdwn", "text": text}}


def _cite(entry_id: str, url: str | None) -> str:
    return f"<{_link_url(url)}|[{entry_id}]>" if url else f"[{entry_id}]"


def _counted(n: int, noun: str) -> str:
    plural = noun[:-1] + "ies" if noun.endswith("y") else noun + "s"
    return f"{n} {noun if n == 1 else plural}"


def leaderboard_reply(api: SurveyqaClient, text: str) -> tuple[str, list[dict[str, Any]]] | ApiProblem | None:
    """The reply to ``leaderboard <benchmark>`` (text, blocks), an ApiProblem, or None when the text is a question."""
    wanted = LEADERBOARD_COMMAND.match(text)
    if wanted is None:
        return None
    reply = api.leaderboard(wanted.group("name") or None)
    if isinstance(reply, ApiProblem):
        return ApiProblem(reply.text.replace(BOARDS_HINT_API, BOARDS_HINT_SLACK))
    return render_boards(reply) if isinstance(reply, list) else render_board(reply)


def render_board(b: dict[str, Any]) -> tuple[str, list[dict[str, Any]]]:
    """Block Kit for a leaderboard: the top rows of each setting (never ranked across settings), each cited."""
    name = _mrkdwn_escape(b["name"])
    head = f"*{name}*: {_counted(b['rows'], 'result')} from {_counted(b['entries'], 'entry')} ({b['better']} is better)"
    blocks: list[dict[str, Any]] = [{"type": "section", "text": {"type": "mrkdwn", "text": head}}]
    lines_out = [head]
    for g in b["groups"][:BOARD_GROUPS]:
        label = f"setting: {g['setting']}" if g["setting"] else "no setting stated"
        if g["scale"] != "score":
            label += f" ({g['scale']})"
        lines = [f"_{_mrkdwn_escape(label)}_"]
        for r in g["rows"][:BOARD_ROWS]:
            system = _mrkdwn_escape(r["system"][:80]) + ("" if r["own"] else " (as quoted)")
            value = _mrkdwn_escape(r["value"])
            lines.append(f"`{r['rank']:>2}` *{value}*  {system} · {r['date'] or 'undated'} {_cite(r['id'], r['url'])}")
        if len(g["rows"]) > BOARD_ROWS:
            lines.append(f"… {len(g['rows']) - BOARD_ROWS} more in this setting")
        text = "\n".join(lines)[:SECTION_LIMIT]
        blocks.append({"type": "section", "text": {"type": "mrkdwn", "text": text}})
        lines_out.append(text)
    notes = []
    if len(b["groups"]) > BOARD_GROUPS:
        notes.append(f"{len(b['groups']) - BOARD_GROUPS} more settings on the web page's Leaderboards tab.")
    notes.append("Results are ranked only within one setting. Each row cites the entry its value comes from.")
    if b.get("related"):
        notes.append("Other versions: " + ", ".join(_mrkdwn_escape(r) for r in b["related"]))
    blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": " ".join(notes)}]})
    return "\n".join(lines_out)[:3000], blocks


def render_boards(boards: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Block Kit for the list of leaderboards."""
    if not boards:
        text = "The survey reports no benchmark with two or more results."
        return text, [{"type": "section", "text": {"type": "mrkdwn", "text": text}}]
    listed = ", ".join(f"{_mrkdwn_escape(b['name'])} ({b['rows']})" for b in boards)
    text = f"*Leaderboards* ({len(boards)} benchmarks, with their result counts): {listed}"[:SECTION_LIMIT]
    hint = "`/survey leaderboard <benchmark>` shows one, e.g. `/survey leaderboard SWE-bench Verified`."
    return text, [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": hint}]},
    ]


# -- the surveyqa API ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ApiProblem:
    """The API gave no answer; ``text`` tells the user why, in words they can act on."""

    text: str


def describe_failure(status: int, error: str, request_id: str | None, what: str = "take this question") -> ApiProblem:
    """Say what an HTTP error from the API means for the user; never "the survey does not cover this"."""
    error = _mrkdwn_escape(error)
    if status in (401, 403):
        return ApiProblem(API_KEY_REFUSED.format(status=status, error=error))
    if 400 <= status < 500:
        return ApiProblem(API_REJECTED.format(what=what, status=status, error=error))
    rid = f" (request id `{request_id}`)" if request_id else ""
    return ApiProblem(API_FAILED.format(status=status, error=error, rid=rid))


class SurveyqaClient:
    """Asks the surveyqa HTTP API; a failure comes back as an ApiProblem, never an exception."""

    def __init__(self, api_url: str, api_key: SecretStr | None, timeout: float) -> None:
        # The key leaves its SecretStr only here, into the header httpx sends.
        headers = {"Authorization": f"Bearer {api_key.get_secret_value()}"} if api_key else {}
        self._http = httpx.Client(base_url=api_url, headers=headers, timeout=timeout)
        self._timeout = timeout

    def ask(self, question: str, mode: str = "extractive", timeout: float | None = None) -> dict[str, Any] | ApiProblem:
        body = {"question": question, "mode": mode}
        extra: dict[str, Any] = {"timeout": timeout} if timeout else {}
        reply: dict[str, Any] | ApiProblem = self._call("POST", "/ask", json=body, **extra)
        return reply

    def leaderboard(self, benchmark: str | None) -> Any:
        """GET /leaderboards/{benchmark} (a dict), or GET /leaderboards (a list) without a name."""
        path = f"/leaderboards/{quote(benchmark, safe='')}" if benchmark else "/leaderboards"
        return self._call("GET", path, what="show that leaderboard")

    def _call(self, method: str, path: str, what: str = "take this question", **kwargs: Any) -> Any:
        try:
            resp = self._http.request(method, path, **kwargs)
        except httpx.TimeoutException:
            waited = kwargs.get("timeout") or self._timeout
            return ApiProblem(API_UNREACHABLE.format(reason=f"no answer within {waited:g} s"))
        except httpx.TransportError as exc:
            return ApiProblem(API_UNREACHABLE.format(reason=f"cannot connect: {exc.__class__.__name__}"))
        if resp.status_code == 200:
            return resp.json()
        try:
            payload = resp.json()
            error, request_id = str(payload.get("error") or resp.text[:200]), payload.get("request_id")
        except (ValueError, AttributeError):  # not the API's JSON error shape (a proxy's page, say)
            error, request_id = resp.text[:200] or resp.reason_phrase, None
        return describe_failure(resp.status_code, error, request_id, what)


# -- follow-ups ------------------------------------------------------------------------------------
class ThreadMemory:
    """The questions the bot answered, per thread it posted in: LRU-bounded, and in this process only.

    Also remembers which messages were handled: Slack delivers a thread reply that mentions the bot
    twice (``app_mention`` and ``message``) and retries events it thinks were lost.
    """

    def __init__(self, threads: int = THREADS_REMEMBERED, turns: int = FOLLOW_UP_TURNS) -> None:
        self._threads: OrderedDict[tuple[str, str], deque[str]] = OrderedDict()
        self._handled: OrderedDict[tuple[str, str], None] = OrderedDict()
        self._limit, self._turns = threads, turns
        self._lock = threading.Lock()  # Bolt runs listeners on a thread pool

    def earlier(self, channel: str, thread_ts: str) -> list[str] | None:
        """The thread's last questions, oldest first; None if the bot has not answered in it."""
        with self._lock:
            questions = self._threads.get((channel, thread_ts))
            if questions is None:
                return None
            self._threads.move_to_end((channel, thread_ts))
            return list(questions)

    def remember(self, channel: str, thread_ts: str, question: str) -> None:
        with self._lock:
            self._threads.setdefault((channel, thread_ts), deque(maxlen=self._turns)).append(question)
            self._threads.move_to_end((channel, thread_ts))
            while len(self._threads) > self._limit:
                self._threads.popitem(last=False)

    def first_time(self, channel: str, ts: str) -> bool:
        """True once per message: the first delivery is answered, the others are dropped."""
        with self._lock:
            if (channel, ts) in self._handled:
                return False
            self._handled[(channel, ts)] = None
            while len(self._handled) > self._limit:
                self._handled.popitem(last=False)
            return True


def with_context(earlier: Sequence[str], question: str, budget: int = FOLLOW_UP_CHARS) -> str:
    """The follow-up after the thread's latest questions (whole ones, within ``budget`` characters).

    The API reads one question; naming the earlier ones first is what lets "its" find its entry.
    """
    kept: list[str] = []
    used = 0
    for previous in reversed(earlier):
        if kept and used + len(previous) > budget:
            break
        kept.insert(0, previous[:budget])
        used += len(previous)
    return f"{' — '.join(kept)} — follow-up: {question}" if kept else question


def _ignored(event: dict[str, Any], bot_user_id: str | None) -> bool:
    """Messages from bots (ourselves included), edits and deletions are never answered."""
    if event.get("bot_id") or (bot_user_id and event.get("user") == bot_user_id):
        return True
    return event.get("subtype") not in (None, "thread_broadcast")


# -- the Bolt app ----------------------------------------------------------------------------------
def create_bolt_app(config: BotConfig) -> Any:
    """A Bolt app in HTTP mode; no network at start-up, none per event but the reply itself."""
    from slack_bolt import Ack, App, Respond
    from slack_bolt.authorization import AuthorizeResult
    from slack_sdk import WebClient
    from slack_sdk.http_retry.builtin_handlers import RateLimitErrorRetryHandler

    # Bolt copies this client per request, with the token from authorize() and these retry handlers.
    base = WebClient(base_url=config.slack_api_url, timeout=10)
    base.retry_handlers.append(RateLimitErrorRetryHandler(max_retry_count=3))  # honours Retry-After
    api = SurveyqaClient(config.api_url, config.api_key, config.timeout)
    memory = ThreadMemory()

    def authorize(enterprise_id: str | None, team_id: str | None) -> AuthorizeResult:
        # A fixed bot token: no auth.test round trip at start-up or on the first event.
        return AuthorizeResult(
            enterprise_id=enterprise_id,
            team_id=team_id,
            bot_token=config.bot_token.get_secret_value(),
            bot_user_id=config.bot_user_id,
        )

    app = App(
        signing_secret=config.signing_secret.get_secret_value(),
        client=base,
        authorize=authorize,
        token_verification_enabled=False,
        logger=logging.getLogger("surveyqa.slack.bolt"),
    )

    def answer_in_thread(client: WebClient, channel: str, thread_ts: str, question: str) -> None:
        board = leaderboard_reply(api, question)
        if board is not None:  # "@surveyqa leaderboard GAIA": a board, not a question (nor a follow-up's context)
            text, blocks = (board.text, None) if isinstance(board, ApiProblem) else board
            client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=text, blocks=blocks, unfurl_links=False)
            return
        # Read the thread before remembering this question, so it is not its own context.
        earlier = memory.earlier(channel, thread_ts) or []
        memory.remember(channel, thread_ts, question)
        placeholder = None
        if config.mode == "llm":  # a local model takes seconds: say so at once, then edit in the answer
            placeholder = client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=PLACEHOLDER)["ts"]

        def send(text: str, blocks: list[dict[str, Any]] | None = None) -> None:
            if placeholder is None:
                client.chat_postMessage(
                    channel=channel, thread_ts=thread_ts, text=text, blocks=blocks, unfurl_links=False
                )
            else:
                client.chat_update(channel=channel, ts=placeholder, text=text, blocks=blocks or [])

        try:
            reply = ask(with_context(earlier, question))
            if isinstance(reply, ApiProblem):
                send(reply.text)
                return
            text, blocks = render(reply, question)
            if earlier:  # say how the question was read, so a wrong guess is visible
                note = f"_Read as a follow-up to: {_mrkdwn_escape(earlier[-1])[:200]}_"
                blocks.append({"type": "context", "elements": [{"type": "mrkdwn", "text": note}]})
            send(text, blocks)
        except Exception:
            if placeholder is not None:  # never leave "Reading the survey…" behind
                log.exception("answering in a thread failed")
                send(ANSWER_FAILED)
                return
            raise

    def ask(question: str) -> dict[str, Any] | ApiProblem:
        if config.mode == "llm":
            return api.ask(question, "llm", config.llm_timeout)
        return api.ask(question)

    @app.command("/survey")
    def on_command(ack: Ack, command: dict[str, Any], respond: Respond) -> None:
        question = (command.get("text") or "").strip()
        if not question:
            ack(EMPTY_QUESTION)
            return
        ack()
        # The reply goes to the command's response_url, which works in every channel the command
        # can be used in; chat.postMessage fails with not_in_channel where the bot has not joined.
        board = leaderboard_reply(api, question)
        asked = f"<@{command['user_id']}> asked: {_mrkdwn_escape(question)}"[:SECTION_LIMIT]
        header = {"type": "context", "elements": [{"type": "mrkdwn", "text": asked}]}
        waiting = board is None and config.mode == "llm"
        if waiting:  # the placeholder the answer replaces (response_url's replace_original)
            respond(text=PLACEHOLDER, blocks=[header, _section(PLACEHOLDER)], response_type="in_channel")
        reply = board if board is not None else ask(question)
        if isinstance(reply, ApiProblem):
            if waiting:  # the placeholder goes; the reason, as always, only to the asker
                respond(text=PLACEHOLDER, delete_original=True)
            sent = respond(text=reply.text, response_type="ephemeral")
        else:
            text, blocks = reply if isinstance(reply, tuple) else render(reply, question)
            extra = {"replace_original": True} if waiting else {"response_type": "in_channel"}
            sent = respond(text=text, blocks=[header, *blocks], unfurl_links=False, **extra)
        if sent.status_code != 200:
            log.warning("the response_url refused the reply: HTTP %s %s", sent.status_code, sent.body[:200])

    @app.event("app_mention")
    def on_mention(event: dict[str, Any], client: WebClient) -> None:
        if _ignored(event, config.bot_user_id) or not memory.first_time(event["channel"], event["ts"]):
            return
        question = MENTION.sub("", event.get("text", "")).strip()
        thread_ts = event.get("thread_ts") or event["ts"]
        if not question:
            client.chat_postMessage(channel=event["channel"], thread_ts=thread_ts, text=EMPTY_QUESTION)
            return
        answer_in_thread(client, event["channel"], thread_ts, question)

    @app.event("message")
    def on_message(event: dict[str, Any], client: WebClient) -> None:
        # Answered: direct messages, and replies in threads the bot answered in (follow-ups).
        # Ignored: channel chatter and threads the bot has no part in.
        if _ignored(event, config.bot_user_id):
            return
        channel, thread_ts = event["channel"], event.get("thread_ts")
        in_bot_thread = thread_ts is not None and memory.earlier(channel, thread_ts) is not None
        if event.get("channel_type") != "im" and not in_bot_thread:
            return
        if not memory.first_time(channel, event["ts"]):
            return
        question = MENTION.sub("", event.get("text", "")).strip()
        if question:
            answer_in_thread(client, channel, thread_ts or event["ts"], question)

    return app


def signature_headers(timestamp: str | None, signature: str | None, now: float) -> tuple[str, str] | None:
    """(timestamp, signature) if both are present and the timestamp is inside Slack's replay window."""
    if not timestamp or not signature or not timestamp.isdigit():
        return None
    return (timestamp, signature) if abs(now - int(timestamp)) <= SIGNATURE_WINDOW else None


async def read_capped(request: Request, limit: int) -> bytes | None:
    """The request body, or None as soon as it passes ``limit`` bytes (declared or streamed)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        return None
    body = bytearray()
    async for chunk in request.stream():  # chunked bodies have no Content-Length to trust
        body += chunk
        if len(body) > limit:
            return None
    return bytes(body)


def create_http_app(config: BotConfig) -> Any:
    """An ASGI app serving Slack events at ``POST /slack/events`` (plus ``GET /healthz``)."""
    from slack_bolt.adapter.starlette.handler import to_bolt_request, to_starlette_response
    from slack_sdk.signature import SignatureVerifier

    bolt = create_bolt_app(config)
    web = FastAPI(title="surveyqa Slack bot", docs_url=None, redoc_url=None, openapi_url=None)

    verifier = SignatureVerifier(config.signing_secret.get_secret_value())

    @web.post("/slack/events")
    async def events(request: Request) -> Response:
        # Cheap checks first: an unsigned or stale request is refused before its body is read,
        # a body is read only up to the limit, and nothing parses it before the HMAC matches.
        signature = signature_headers(request.headers.get(TS_HEADER), request.headers.get(SIG_HEADER), time.time())
        if signature is None:
            return JSONResponse({"error": "missing, malformed or stale Slack signature"}, status_code=401)
        body = await read_capped(request, config.max_body_bytes)
        if body is None:
            return JSONResponse({"error": f"body is larger than {config.max_body_bytes} bytes"}, status_code=413)
        if not verifier.is_valid(body, *signature):
            return JSONResponse({"error": "invalid Slack signature"}, status_code=401)
        # Bolt's App is synchronous (its middleware, authorize, and the wait for a listener's ack):
        # run it on a worker thread so the event loop keeps serving other requests meanwhile.
        reply = await asyncio.to_thread(bolt.dispatch, to_bolt_request(request, body))
        return to_starlette_response(reply)

    @web.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok", "api": config.api_url}

    return web
