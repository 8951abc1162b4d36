"""The Slack bot over real HTTP: signed requests in, a fake Slack Web API and a real surveyqa API behind it."""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import threading
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from pydantic import SecretStr

from servers import CannedServer, FakeSlack, UvicornThread, free_port
from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.retrieval import Retriever
from surveyqa.service import Service
from surveyqa.settings import Settings
from surveyqa.slack import (
    LEADERBOARD_COMMAND,
    BotConfig,
    ThreadMemory,
    create_http_app,
    render,
    render_board,
    render_boards,
    split_at_citations,
    with_context,
)

SECRET = "test-signing-secret"
API_KEY = "test-api-key"


class AccessCounter(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.asks = 0

    def emit(self, record: logging.LogRecord) -> None:
        if "POST /ask" in record.getMessage():
            self.asks += 1


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, AccessCounter]]:
    from conftest import TINY_ABSTRACTS, TINY_SURVEY

    root = tmp_path_factory.mktemp("slack")
    (root / "survey.txt").write_text(TINY_SURVEY, encoding="utf-8")
    (root / "abs.jsonl").write_text("\n".join(json.dumps(r) for r in TINY_ABSTRACTS), encoding="utf-8")
    settings = Settings(corpus_path=root / "survey.txt", abstracts_file=root / "abs.jsonl", index_dir=root / "index")
    e5 = E5Embedder()
    build_index(settings, embedder=e5)
    settings = settings.model_copy(update={"api_key": SecretStr(API_KEY)})  # the API only answers the bot's key
    counter = AccessCounter()
    access = logging.getLogger("surveyqa.access")
    access.addHandler(counter)
    access.setLevel(logging.INFO)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    with UvicornThread(create_app(settings, service)) as server:
        yield server.url, counter
    access.removeHandler(counter)


@pytest.fixture
def slack() -> Iterator[FakeSlack]:
    fake = FakeSlack()
    yield fake
    fake.server.shutdown()


def bot(api_url: str, slack: FakeSlack, **extra: Any) -> UvicornThread:
    config = BotConfig(
        signing_secret=SECRET,
        bot_token="xoxb-test",
        api_url=api_url,
        slack_api_url=slack.url,
        bot_user_id="UBOT",
        **{"api_key": API_KEY, **extra},
    )
    return UvicornThread(create_http_app(config))


def signed(body: str, *, secret: str = SECRET, age: int = 0) -> dict[str, str]:
    ts = str(int(time.time()) - age)
    sig = "v0=" + hmac.new(secret.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
    return {"X-Slack-Request-Timestamp": ts, "X-Slack-Signature": sig}


def slash(text: str, response_url: str = "http://127.0.0.1:9/unused", channel: str = "C1") -> str:
    return urlencode(
        {
            "command": "/survey",
            "text": text,
            "channel_id": channel,
            "user_id": "U1",
            "team_id": "T1",
            "response_url": response_url,
            "trigger_id": "1.2.3",
        }
    )


def mention(text: str, **extra: Any) -> str:
    ts = "1700000001.000100"
    return envelope(
        {"type": "app_mention", "user": "U1", "text": text, "ts": ts, "channel": "C1", "event_ts": ts, **extra}
    )


def message(text: str, ts: str, thread_ts: str | None = None, **extra: Any) -> str:
    """A message event in channel C1, as Slack sends it to a bot subscribed to message.channels."""
    event = {"type": "message", "channel_type": "channel", "user": "U1", "text": text, "ts": ts, "channel": "C1"}
    return envelope({**event, "event_ts": ts, **({"thread_ts": thread_ts} if thread_ts else {}), **extra})


def envelope(event: dict[str, Any]) -> str:
    return json.dumps(
        {
            "token": "x",
            "team_id": "T1",
            "api_app_id": "A1",
            "event": event,
            "type": "event_callback",
            "event_id": f"Ev{time.monotonic_ns()}",
            "event_time": 1700000001,
        }
    )


def post(url: str, body: str, headers: dict[str, str], form: bool = False) -> httpx.Response:
    ctype = "application/x-www-form-urlencoded" if form else "application/json"
    return httpx.post(f"{url}/slack/events", content=body, headers={**headers, "Content-Type": ctype}, timeout=10)


def test_slash_command_answers_through_response_url(api: tuple[str, AccessCounter]) -> None:
    slack = FakeSlack(members=set())  # the bot is in no channel: chat.postMessage would fail
    with bot(api[0], slack) as b:
        body = slash("CodeAct 用什么作为 agent 的动作空间？", slack.response_url("c2"), channel="C2")
        started = time.monotonic()
        r = post(b.url, body, signed(body), form=True)
        assert r.status_code == 200 and time.monotonic() - started < 3  # acked inside Slack's window
        (answer,) = slack.wait_for_responses(1)
    slack.server.shutdown()
    assert answer["_path"] == "/commands/c2" and answer["response_type"] == "in_channel" and slack.posts == []
    blocks = answer["blocks"]
    shown = json.dumps(blocks, ensure_ascii=False)
    assert "<@U1> asked: CodeAct 用什么作为" in shown  # the channel sees who asked what
    section = next(b["text"]["text"] for b in blocks if b["type"] == "section")
    assert "Python" in section and "<https://arxiv.org/abs/2402.01030|[codeact]>" in section
    assert "Sources" in shown


def test_slash_command_failure_is_told_to_the_asker_only(slack: FakeSlack) -> None:
    with bot(f"http://127.0.0.1:{free_port()}", slack) as b:
        body = slash("GRPO 是什么？", slack.response_url("c1"))
        post(b.url, body, signed(body), form=True)
        (answer,) = slack.wait_for_responses(1)
    assert answer["response_type"] == "ephemeral" and "not reachable" in answer["text"] and slack.posts == []


def test_mention_in_chinese_replies_in_thread(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> Kimi K2 的 SWE-Bench Verified 分数是多少？")
        assert post(b.url, body, signed(body)).status_code == 200
        (reply,) = slack.wait_for(1)
    assert reply["thread_ts"] == "1700000001.000100" and "65.8" in reply["text"]


def test_url_verification(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    with bot(api[0], slack) as b:
        body = json.dumps({"token": "x", "challenge": "abc123", "type": "url_verification"})
        r = post(b.url, body, signed(body))
    assert r.status_code == 200 and r.json() == {"challenge": "abc123"}


@pytest.mark.parametrize("attack", ["forged", "stale", "unsigned"])
def test_bad_signatures_rejected_and_never_forwarded(
    api: tuple[str, AccessCounter], slack: FakeSlack, attack: str
) -> None:
    body = mention("<@UBOT> GRPO 是什么？")
    headers = {
        "forged": signed(body, secret="not-the-secret"),
        "stale": signed(body, age=6 * 60),
        "unsigned": {},
    }[attack]
    before = api[1].asks
    with bot(api[0], slack) as b:
        r = post(b.url, body, headers)
        time.sleep(0.5)
    assert r.status_code == 401
    assert api[1].asks == before and slack.posts == []


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
def test_oversized_bodies_are_refused_before_any_work(
    api: tuple[str, AccessCounter], slack: FakeSlack, chunked: bool
) -> None:
    body = mention("<@UBOT> " + "GRPO " * 60_000).encode()  # 300 KB, validly signed
    headers = {**signed(body.decode()), "Content-Type": "application/json"}
    content = (body[i : i + 16_384] for i in range(0, len(body), 16_384)) if chunked else body
    before = api[1].asks
    with bot(api[0], slack) as b:
        r = httpx.post(f"{b.url}/slack/events", content=content, headers=headers, timeout=10)
        time.sleep(0.5)
    assert r.status_code == 413, r.text
    assert api[1].asks == before and slack.posts == []


def test_event_loop_serves_other_requests_while_bolt_works(
    api: tuple[str, AccessCounter], slack: FakeSlack, monkeypatch: pytest.MonkeyPatch
) -> None:
    from slack_bolt import App

    dispatch = App.dispatch

    def slow_dispatch(self: App, req: Any) -> Any:
        time.sleep(1.5)  # Bolt's synchronous work (middleware, authorize, waiting for ack), made slow
        return dispatch(self, req)

    monkeypatch.setattr(App, "dispatch", slow_dispatch)
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> GRPO 是什么？")
        event = threading.Thread(target=post, args=(b.url, body, signed(body)))
        event.start()
        time.sleep(0.2)  # the event is inside Bolt now
        lags = []
        for _ in range(5):
            started = time.monotonic()
            assert httpx.get(f"{b.url}/healthz", timeout=5).status_code == 200
            lags.append(time.monotonic() - started)
        event.join()
        slack.wait_for(1)
    assert max(lags) < 0.3, lags


THREAD = "1700000001.000100"  # the ts of mention(): the thread the bot answers in


def test_follow_up_in_a_bot_thread_is_answered_with_its_context(
    api: tuple[str, AccessCounter], slack: FakeSlack
) -> None:
    alone = httpx.post(
        f"{api[0]}/ask", json={"question": "Who made it?"}, headers={"Authorization": f"Bearer {API_KEY}"}
    )
    assert alone.json()["abstained"]  # without the thread, "it" means nothing
    with bot(api[0], slack) as b:
        for body in (
            mention("<@UBOT> What did Kimi K2 score on SWE-Bench Verified?"),
            message("Who made it?", "1700000002.000200", thread_ts=THREAD),
        ):
            post(b.url, body, signed(body))
            slack.wait_for(len(slack.posts) + 1)
    first, follow_up = slack.posts
    assert first["thread_ts"] == follow_up["thread_ts"] == THREAD
    assert "Moonshot AI" in follow_up["text"] and "[kimi-k2]" in follow_up["text"]
    assert "follow-up to: What did Kimi K2 score" in json.dumps(follow_up["blocks"])


def test_thread_replies_and_chatter_without_the_bot_are_ignored(
    api: tuple[str, AccessCounter], slack: FakeSlack
) -> None:
    before = api[1].asks
    with bot(api[0], slack) as b:
        for body in (
            message("Who made it?", "1700000009.000900", thread_ts="1700000008.000800"),  # a thread of people
            message("GRPO 是什么？", "1700000010.001000"),  # channel chatter, no mention
        ):
            assert post(b.url, body, signed(body)).status_code == 200
        time.sleep(0.8)
    assert slack.posts == [] and api[1].asks == before


def test_bot_messages_in_its_thread_are_ignored(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> What did Kimi K2 score on SWE-Bench Verified?")
        post(b.url, body, signed(body))
        slack.wait_for(1)
        asks = api[1].asks
        for extra in ({"bot_id": "B1"}, {"user": "UBOT"}, {"subtype": "message_changed"}):
            body = message("Kimi K2 scored 65.8 [kimi-k2]", f"1700000003.{len(extra):06d}", thread_ts=THREAD, **extra)
            assert post(b.url, body, signed(body)).status_code == 200
        time.sleep(0.8)
    assert len(slack.posts) == 1 and api[1].asks == asks


def test_a_mention_in_a_bot_thread_is_answered_once(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> What did Kimi K2 score on SWE-Bench Verified?")
        post(b.url, body, signed(body))
        slack.wait_for(1)
        # Slack sends a thread reply that mentions the bot twice: as app_mention and as message.
        ts = "1700000004.000400"
        for body in (
            mention("<@UBOT> Who made it?", ts=ts, event_ts=ts, thread_ts=THREAD),
            message("<@UBOT> Who made it?", ts, thread_ts=THREAD),
        ):
            post(b.url, body, signed(body))
        slack.wait_for(2)
        time.sleep(0.8)
    assert len(slack.posts) == 2 and "Moonshot AI" in slack.posts[1]["text"]


def test_thread_history_is_bounded() -> None:
    memory = ThreadMemory(threads=2, turns=3)
    assert memory.earlier("C1", "t1") is None  # the bot never answered there
    for i in range(5):
        memory.remember("C1", "t1", f"q{i}")
    assert memory.earlier("C1", "t1") == ["q2", "q3", "q4"]  # the last 3 turns
    memory.remember("C1", "t2", "a")
    memory.earlier("C1", "t1")  # t1 was used last: t2 is the one to forget
    memory.remember("C1", "t3", "b")
    assert memory.earlier("C1", "t2") is None and memory.earlier("C1", "t1") is not None
    assert with_context(["Kimi K2 的分数？"], "它是谁做的？") == "Kimi K2 的分数？ — follow-up: 它是谁做的？"
    long = with_context(["x" * 500, "y" * 500, "z" * 900], "and its AIME score?", budget=600)
    assert long == "z" * 600 + " — follow-up: and its AIME score?"  # older turns drop out first
    assert with_context(["a" * 100, "b" * 100], "q", budget=600) == f"{'a' * 100} — {'b' * 100} — follow-up: q"


def test_bots_and_edits_are_ignored(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    before = api[1].asks
    with bot(api[0], slack) as b:
        for body in (mention("<@UBOT> GRPO?", bot_id="B1"), mention("<@UBOT> GRPO?", subtype="message_changed")):
            assert post(b.url, body, signed(body)).status_code == 200
        time.sleep(0.8)
    assert slack.posts == [] and api[1].asks == before


def test_api_down_gets_a_short_message(slack: FakeSlack) -> None:
    with bot(f"http://127.0.0.1:{free_port()}", slack) as b:
        body = mention("<@UBOT> GRPO 是什么？")
        post(b.url, body, signed(body))
        (reply,) = slack.wait_for(1)
    assert "not reachable" in reply["text"] and reply["thread_ts"] == "1700000001.000100"


@pytest.mark.parametrize(
    ("case", "said"),
    [
        ("wrong key", ["API key", "HTTP 401", "admin"]),
        ("too long", ["HTTP 422", "too long", "2000"]),
    ],
)
def test_api_rejections_are_said_not_shown_as_uncovered(
    api: tuple[str, AccessCounter], slack: FakeSlack, case: str, said: list[str]
) -> None:
    question = "GRPO 是什么？" if case == "wrong key" else "GRPO " * 500
    extra = {"api_key": "not-the-key"} if case == "wrong key" else {}
    with bot(api[0], slack, **extra) as b:
        body = mention(f"<@UBOT> {question}")
        post(b.url, body, signed(body))
        (reply,) = slack.wait_for(1)
    shown = reply["text"] + json.dumps(reply.get("blocks", ""))
    assert "does not cover" not in shown and all(s in shown for s in said), shown


def test_api_server_error_is_not_called_unreachable(slack: FakeSlack) -> None:
    failing = CannedServer(500, {"error": "internal error", "status": 500, "request_id": "rid-5x"})
    with bot(failing.url, slack) as b:
        body = mention("<@UBOT> GRPO 是什么？")
        post(b.url, body, signed(body))
        (reply,) = slack.wait_for(1)
    failing.server.shutdown()
    assert "not reachable" not in reply["text"] and "does not cover" not in reply["text"]
    assert "HTTP 500" in reply["text"] and "rid-5x" in reply["text"]


def test_slack_rate_limit_is_honoured(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    slack.rate_limit_next = 1
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> DeepSeek-R1 的 AIME 成绩？")
        started = time.monotonic()
        post(b.url, body, signed(body))
        (reply,) = slack.wait_for(1)
    assert reply["_at"] - started >= 1.0  # waited for Retry-After before posting again
    assert "71.0%" in reply["text"]


def test_render_lists_as_bullets_and_not_stated_notes() -> None:
    reply = {
        "answer": "The survey has 2 entries that mention GRPO:\n- DeepSeekMath (2024-02): GRPO [deepseekmath]\n"
        "- DeepSeek-R1 (2025-01): GRPO + RLVR [deepseek-r1]",
        "abstained": False,
        "kind": "list",
        "citations": [{"id": "deepseekmath", "title": "DeepSeekMath", "url": "https://arxiv.org/abs/2402.03300"}],
    }
    _, blocks = render(reply, "q")
    text = blocks[0]["text"]["text"]
    assert (
        text.splitlines()[1].startswith("• DeepSeekMath")
        and "<https://arxiv.org/abs/2402.03300|[deepseekmath]>" in text
    )
    stated = {
        "answer": "The survey does not state the learning rate for DAPO.",
        "abstained": True,
        "kind": "not_stated",
    }
    _, blocks = render(stated | {"retrieved": [{"id": "dapo"}]}, "q")
    assert "does not state that" in json.dumps(blocks)


def test_render_abstained_and_long_answers() -> None:
    text, blocks = render(
        {"answer": "这份调研没有涉及这个问题。", "abstained": True, "retrieved": [{"id": "gato"}]}, "q"
    )
    assert "没有涉及" in text and "`gato`" in json.dumps(blocks, ensure_ascii=False)
    long = " ".join(f"句子{i} {'字' * 200}。 [e{i % 3}]" for i in range(40))
    reply = {"answer": long, "abstained": False, "citations": [{"id": "e0", "title": "T", "url": "https://x/0"}]}
    _, blocks = render(reply, "q")
    sections = [b["text"]["text"] for b in blocks if b["type"] == "section"]
    assert len(sections) > 1 and all(len(s) <= 3000 for s in sections)
    for piece in sections:  # never cut inside a citation link
        assert piece.count("<") == piece.count(">") and not piece.rstrip().endswith("[")
    assert split_at_citations("a [x] b [y]", limit=6) == ["a [x]", "b [y]"]


def test_config_repr_hides_secrets() -> None:
    config = BotConfig(signing_secret=SECRET, bot_token="xoxb-test", api_key="api-key-secret")
    for shown in (repr(config), str(config)):
        assert SECRET not in shown and "xoxb-test" not in shown and "api-key-secret" not in shown, shown


def _slash_reply(api_url: str, text: str) -> dict[str, Any]:
    slack = FakeSlack()
    with bot(api_url, slack) as b:
        body = slash(text, slack.response_url("c9"))
        assert post(b.url, body, signed(body), form=True).status_code == 200
        (answer,) = slack.wait_for_responses(1)
    slack.server.shutdown()
    return answer


def test_slash_leaderboard_replies_with_cited_rows(api: tuple[str, AccessCounter]) -> None:
    asked = api[1].asks
    answer = _slash_reply(api[0], "leaderboard swe-bench verified")  # any alias, any case
    assert answer["response_type"] == "in_channel"
    shown = json.dumps(answer["blocks"], ensure_ascii=False)
    assert "*SWE-bench Verified*: 1 result from 1 entry (higher is better)" in shown
    assert "*65.8*  Kimi K2" in shown and "<https://arxiv.org/abs/2507.20534|[kimi-k2]>" in shown
    assert api[1].asks == asked, "a leaderboard is not a question to /ask"


def test_slash_leaderboard_unknown_benchmark_is_told_to_the_asker(api: tuple[str, AccessCounter]) -> None:
    answer = _slash_reply(api[0], "排行榜 Foo Bench")
    assert answer["response_type"] == "ephemeral"
    assert "could not show that leaderboard (HTTP 404): unknown benchmark 'Foo Bench'; did you mean" in answer["text"]
    answer = _slash_reply(api[0], "leaderboard zzzz")  # nothing close: where to look instead
    assert "`/survey leaderboard` lists the boards" in answer["text"]


def test_slash_leaderboard_without_a_name_lists_the_boards(api: tuple[str, AccessCounter]) -> None:
    answer = _slash_reply(api[0], "leaderboard")  # the tiny survey has no benchmark with two results
    assert "no benchmark with two or more results" in answer["text"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("leaderboard SWE-bench Verified", "SWE-bench Verified"),
        ("Leaderboard for τ²-bench?", "τ²-bench"),
        ("榜单：AIME 2024", "AIME 2024"),
        ("leaderboards", ""),
        ("leaderboard for", ""),
        ("排行榜SWE-bench Verified", "SWE-bench Verified"),  # no space after the Chinese word
        ("leaderboard-style evaluations in the survey?", None),
        ("Which model tops the leaderboard on GAIA?", None),
    ],
)
def test_leaderboard_command_is_read_from_the_text(text: str, name: str | None) -> None:
    found = LEADERBOARD_COMMAND.match(text)
    assert (found.group("name") if found else None) == name


def test_render_board_shows_top_rows_per_setting_each_cited() -> None:
    def row(rank: int, value: str, own: bool = True) -> dict[str, Any]:
        entry = f"e{rank}"
        return {"rank": rank, "id": entry, "system": f"Sys {rank}", "own": own, "value": value, "date": "2025-01",
                "url": f"https://example.org/{entry}" if rank % 2 else None}  # fmt: skip

    groups = [
        {"setting": "", "scale": "score", "rows": [row(i, f"{90 - i}.0%", own=i != 2) for i in range(1, 8)]},
        *({"setting": f"budget {n}", "scale": "score", "rows": [row(1, "50.0%")]} for n in range(5)),
    ]
    text, blocks = render_board(
        {"name": "OS<World>", "rows": 12, "entries": 9, "better": "higher", "groups": groups, "related": ["OSWorld-V"]}
    )
    sections = [b["text"]["text"] for b in blocks if b["type"] == "section"]
    assert sections[0].startswith("*OS&lt;World&gt;*: 12 results from 9 entries")
    first = sections[1].splitlines()
    assert first[0] == "_no setting stated_" and len(first) == 1 + 5 + 1 and first[-1] == "… 2 more in this setting"
    assert first[1] == "` 1` *89.0%*  Sys 1 · 2025-01 <https://example.org/e1|[e1]>"
    assert first[2].endswith("Sys 2 (as quoted) · 2025-01 [e2]")  # no link: still cited by id
    assert len(sections) == 1 + 4  # four settings shown, the fifth named in the note
    note = blocks[-1]["elements"][0]["text"]
    assert "2 more settings" in note and "ranked only within one setting" in note and "OSWorld-V" in note
    assert text.startswith("*OS&lt;World&gt;*")


def test_mention_leaderboard_replies_in_thread(api: tuple[str, AccessCounter], slack: FakeSlack) -> None:
    asked = api[1].asks
    with bot(api[0], slack) as b:
        body = mention("<@UBOT> 榜单 Tau2-Bench")
        assert post(b.url, body, signed(body)).status_code == 200
        (reply,) = slack.wait_for(1)
    shown = json.dumps(reply["blocks"], ensure_ascii=False)
    assert reply["thread_ts"] == "1700000001.000100" and "*66.1*  Kimi K2" in shown and "[kimi-k2]" in shown
    assert api[1].asks == asked


def test_render_boards_lists_names_with_counts_and_links_are_safe() -> None:
    text, blocks = render_boards([{"name": "AIME 2024", "rows": 8}, {"name": "A<B", "rows": 2}])
    assert text.startswith("*Leaderboards* (2 benchmarks") and "AIME 2024 (8), A&lt;B (2)" in text
    assert "/survey leaderboard <benchmark>" in blocks[1]["elements"][0]["text"]
    row = {"rank": 1, "id": "x", "system": "S&" * 50, "own": True, "value": "1.0", "date": "", "url": "https://a/b|c>d"}
    board = {"name": "B", "rows": 1, "entries": 1, "better": "lower", "related": [], "groups": [
        {"setting": "", "scale": "score", "rows": [row]}]}  # fmt: skip
    line = render_board(board)[1][1]["text"]["text"].splitlines()[1]
    assert line.endswith("· undated <https://a/b%7Cc%3Ed|[x]>")
    assert "S&amp;" * 40 in line and not line.split("*1.0*")[1].split(" · ")[0].strip().endswith(
        "&"
    )  # cut, then escaped
    assert "*B*: 1 result from 1 entry (lower is better)" in render_board(board)[0]


# -- LLM mode: a placeholder at once, then the answer edited in -------------------------------------
@pytest.fixture(scope="module")
def llm_api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    from conftest import llm_mode_server

    with llm_mode_server(tmp_path_factory.mktemp("slack-llm"), api_key=SecretStr(API_KEY)) as (url, chat):
        yield url, chat


LLM_REPLY = "Kimi K2 的 SWE-Bench Verified 是 65.8%。 [kimi-k2] 它来自 OpenAI。 [openai-o1]"


def test_llm_mode_mention_posts_a_placeholder_then_updates_it(llm_api: tuple[str, Any], slack: FakeSlack) -> None:
    url, chat = llm_api
    chat.replies = [("slow", LLM_REPLY)]  # 1.5 s: the placeholder is there first
    with bot(url, slack, mode="llm") as b:
        body = mention("<@UBOT> Kimi K2 的 SWE-Bench Verified 分数是多少？")
        assert post(b.url, body, signed(body)).status_code == 200
        (placeholder,) = slack.wait_for(1)
        (update,) = slack.wait_for_updates(1)
    assert "writing an answer" in placeholder["text"] and placeholder["thread_ts"] == "1700000001.000100"
    assert update["ts"] == placeholder["_ts"] and update["channel"] == "C1"
    assert update["_at"] - placeholder["_at"] > 1.0
    assert "65.8%" in update["text"] and "OpenAI" not in update["text"]  # the validated answer, not the raw one
    assert len(slack.posts) == 1  # edited in place, not posted again
    assert chat.requests[-1]["messages"][-1]["content"].startswith("Evidence:")


def test_llm_mode_slash_command_replaces_its_placeholder(llm_api: tuple[str, Any], slack: FakeSlack) -> None:
    url, chat = llm_api
    chat.replies = [("ok", LLM_REPLY)]
    with bot(url, slack, mode="llm") as b:
        body = slash("Kimi K2 的 SWE-Bench Verified 分数是多少？", slack.response_url("c9"))
        post(b.url, body, signed(body), form=True)
        placeholder, answer = slack.wait_for_responses(2)
    assert placeholder["response_type"] == "in_channel" and "writing an answer" in placeholder["text"]
    assert answer["replace_original"] is True and "65.8%" in answer["text"] and "OpenAI" not in answer["text"]


def test_llm_mode_failure_replaces_the_placeholder_with_the_reason(slack: FakeSlack) -> None:
    with bot(f"http://127.0.0.1:{free_port()}", slack, mode="llm") as b:
        body = mention("<@UBOT> GRPO 是什么？")
        post(b.url, body, signed(body))
        (placeholder,) = slack.wait_for(1)
        (update,) = slack.wait_for_updates(1)
    assert update["ts"] == placeholder["_ts"] and "not reachable" in update["text"]


def test_llm_mode_slash_failure_removes_the_placeholder_and_tells_only_the_asker(slack: FakeSlack) -> None:
    with bot(f"http://127.0.0.1:{free_port()}", slack, mode="llm") as b:
        body = slash("GRPO 是什么？", slack.response_url("c10"))
        post(b.url, body, signed(body), form=True)
        placeholder, removal, reason = slack.wait_for_responses(3)
    assert placeholder["response_type"] == "in_channel" and removal["delete_original"] is True
    assert reason["response_type"] == "ephemeral" and "not reachable" in reason["text"]


@pytest.mark.parametrize(
    ("var", "value", "said"),
    [
        ("SURVEYQA_SLACK_MODE", "LLM", "SURVEYQA_SLACK_MODE"),
        ("SURVEYQA_SLACK_LLM_TIMEOUT", "-1", "SURVEYQA_SLACK_LLM_TIMEOUT"),
    ],
)
def test_bad_bot_settings_are_named(
    monkeypatch: pytest.MonkeyPatch, capsys: Any, var: str, value: str, said: str
) -> None:
    from surveyqa.cli import main

    monkeypatch.setenv("SLACK_SIGNING_SECRET", SECRET)
    monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
    monkeypatch.setenv(var, value)
    assert main(["slack"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err
