"""LLM mode end to end against a small OpenAI-compatible server on 127.0.0.1."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from pydantic import SecretStr, ValidationError

from servers import FakeChat
from surveyqa.answer import ExtractiveAnswerer
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.llm import ChatClient, LLMAnswerer, LLMError
from surveyqa.retrieval import Retriever
from surveyqa.service import Service
from surveyqa.settings import Settings


@pytest.fixture
def chat() -> Iterator[tuple[FakeChat, str]]:
    fake = FakeChat()
    yield fake, fake.url
    fake.server.shutdown()


@pytest.fixture
def llm(tiny_settings: Settings, e5: E5Embedder, chat: tuple[FakeChat, str]) -> LLMAnswerer:
    build_index(tiny_settings, embedder=e5)
    extractive = ExtractiveAnswerer(Retriever.from_settings(tiny_settings, embedder=e5))
    return LLMAnswerer(extractive, ChatClient(chat[1], "fake-model", SecretStr("sk-test"), timeout=0.5))


Q = "DeepSeek-R1 的 AIME 2024 pass@1 提升到多少？"


def test_valid_answer_kept_with_citations(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "R1-Zero 的 AIME 2024 pass@1 从 15.6% 提升到 71.0%。 [deepseek-r1]")]
    result = llm.answer(Q)
    assert result.mode == "llm" and not result.abstained and result.notes == []
    assert result.answer.endswith("[deepseek-r1]") and [c.id for c in result.citations] == ["deepseek-r1"]
    sent = chat[0].requests[0]
    assert sent["model"] == "fake-model" and "[deepseek-r1]" in sent["messages"][-1]["content"]


def test_invented_ids_removed_and_reported(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "提升到 71.0%。 [deepseek-r1] [gpt-9] 另一个说法。 [made-up-paper]")]
    result = llm.answer(Q)
    assert "[gpt-9]" not in result.answer and "made-up-paper" not in result.answer
    assert [c.id for c in result.citations] == ["deepseek-r1"]
    assert any("[gpt-9]" in n for n in result.notes) and any("made-up-paper" in n for n in result.notes)


def test_wrong_number_sentence_dropped(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "提升到 71.0%。 [deepseek-r1] 投票达到 99.9%。 [deepseek-r1]")]
    result = llm.answer(Q)
    assert "99.9" not in result.answer and "71.0%" in result.answer
    assert any("numbers" in n for n in result.notes)


def test_a_sentence_naming_what_its_cited_text_does_not_is_dropped(
    llm: LLMAnswerer, chat: tuple[FakeChat, str]
) -> None:
    chat[0].replies = [("ok", "提升到 71.0%。 [deepseek-r1] 它超过了 AlphaCode。 [deepseek-r1]")]
    result = llm.answer(Q)
    assert "AlphaCode" not in result.answer and "71.0%" in result.answer
    assert any("naming ['alphacode']" in n for n in result.notes), result.notes


@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (("slow", "提升到 71.0%。 [deepseek-r1]"), "timed out"),
        (("500", ""), "HTTP 500"),
        (("garbage", ""), "malformed"),
        (("ok", "It improved a lot. [not-in-evidence]"), "no sentence"),
    ],
)
def test_failures_fall_back_to_extractive(
    llm: LLMAnswerer, chat: tuple[FakeChat, str], reply: tuple[str, str], reason: str
) -> None:
    chat[0].replies = [reply]
    started = time.monotonic()
    result = llm.answer(Q)
    assert time.monotonic() - started < 5
    assert result.mode == "extractive" and "71.0%" in result.answer and "[deepseek-r1]" in result.answer
    assert any(reason in n for n in result.notes), result.notes


def test_model_not_covered_reply_abstains(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "NOT_COVERED")]
    result = llm.answer(Q)
    assert len(chat[0].requests) == 1
    assert result.abstained and result.citations == [] and result.mode == "llm" and result.kind == "not_covered"


def test_question_the_survey_does_not_answer_is_not_sent_to_the_model(
    llm: LLMAnswerer, chat: tuple[FakeChat, str]
) -> None:
    result = llm.answer("What does the survey say about the weather?")
    assert chat[0].requests == []
    assert result.abstained and result.kind == "not_covered"
    assert any("LLM was not asked" in n for n in result.notes)


@pytest.mark.parametrize("question", ["Which entries in the survey are from 2025?", "2025 年收录了哪些工作？"])
def test_survey_level_questions_answered_from_the_facts_table(
    llm: LLMAnswerer, chat: tuple[FakeChat, str], question: str
) -> None:
    # The LLM sees only the top-k passages; a list over the whole survey must not depend on it.
    chat[0].replies = [("ok", "Only DeepSeek-R1. [deepseek-r1]")]
    result = llm.answer(question)
    assert chat[0].requests == []
    assert result.mode == "extractive" and result.kind == "list"
    assert {i.id for i in result.items} == {"deepseek-r1", "kimi-k2"}
    assert any("facts table" in n for n in result.notes)


def test_deadline_bounds_the_whole_call_not_each_read(chat: tuple[FakeChat, str]) -> None:
    # One byte every 0.3 s never trips a 0.5 s read timeout; the deadline must still end the call.
    chat[0].replies = [("trickle", "提升到 71.0%。 [deepseek-r1]")]
    client = ChatClient(chat[1], "fake-model", timeout=0.5)
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"timed out after 0\.5 s"):
        client.complete("system", "user")
    assert time.monotonic() - started < 0.5 + 0.5


def test_completion_is_bounded_and_the_key_stays_out_of_reprs(chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "NOT_COVERED")]
    client = ChatClient(chat[1], "fake-model", SecretStr("sk-very-secret"), max_tokens=123)
    assert client.complete("system", "user") == "NOT_COVERED"
    assert chat[0].requests[0]["max_tokens"] == 123
    assert chat[0].requests[0]["temperature"] == 0  # the default: the same evidence gives the same answer
    assert "sk-very-secret" not in repr(client) and "sk-very-secret" not in str(client)


def test_the_temperature_setting_reaches_the_request(chat: tuple[FakeChat, str], service: Service) -> None:
    chat[0].replies = [("ok", "NOT_COVERED")]
    update = {"llm_base_url": chat[1], "llm_model": "fake", "llm_temperature": 0.7}
    settings = service.settings.model_copy(update=update)
    llm = Service(settings, service.retriever).llm
    assert llm is not None
    llm.client.complete("system", "user")
    assert chat[0].requests[-1]["temperature"] == 0.7
    with pytest.raises(ValidationError, match="llm_temperature"):
        Settings(llm_temperature=3)


def test_a_slow_name_lookup_does_not_outlast_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    real = socket.getaddrinfo

    def slow(*args: Any, **kwargs: Any) -> Any:
        time.sleep(3)
        return real(*args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", slow)
    client = ChatClient("http://llm.invalid/v1", "fake-model", timeout=0.5)
    started = time.monotonic()
    with pytest.raises(LLMError, match="timed out"):
        client.complete("system", "user")
    assert time.monotonic() - started < 0.5 + 0.5


@pytest.mark.parametrize("url", ["http://127.0.0.1:99999/v1", "http://127.0.0.1:1/v1", "not a url"])
def test_an_unusable_endpoint_falls_back_instead_of_failing(tiny_settings: Settings, e5: E5Embedder, url: str) -> None:
    build_index(tiny_settings, embedder=e5)
    extractive = ExtractiveAnswerer(Retriever.from_settings(tiny_settings, embedder=e5))
    result = LLMAnswerer(extractive, ChatClient(url, "fake-model", timeout=2)).answer(Q)
    assert result.mode == "extractive" and "[deepseek-r1]" in result.answer
    assert any("LLM" in n for n in result.notes), result.notes


# -- streaming -----------------------------------------------------------------------------
def test_stream_hands_over_each_piece_in_order_and_returns_the_whole_reply(chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", "R1-Zero 的 AIME 2024 pass@1 提升到 71.0%。 [deepseek-r1]")]
    pieces: list[str] = []
    reply = ChatClient(chat[1], "fake-model").stream("system", "user", pieces.append)
    assert chat[0].requests[0]["stream"] is True
    assert len(pieces) == 8 and "".join(pieces) == reply == "R1-Zero 的 AIME 2024 pass@1 提升到 71.0%。 [deepseek-r1]"


def test_stream_deadline_bounds_the_whole_call(chat: tuple[FakeChat, str]) -> None:
    chat[0].replies = [("ok", " ".join(["word"] * 40))]
    chat[0].stream_delay = 0.05  # each piece is quick; all of them together take 2 s
    client = ChatClient(chat[1], "fake-model", timeout=0.5)
    pieces: list[str] = []
    started = time.monotonic()
    with pytest.raises(LLMError, match=r"timed out after 0\.5 s"):
        client.stream("system", "user", pieces.append)
    assert time.monotonic() - started < 0.5 + 0.5
    assert 0 < len(pieces) < 40


@pytest.mark.parametrize(("kind", "reason"), [("garbage", "malformed chunk"), ("500", "HTTP 500")])
def test_a_broken_stream_falls_back_with_the_reason(
    llm: LLMAnswerer, chat: tuple[FakeChat, str], kind: str, reason: str
) -> None:
    chat[0].replies = [(kind, "R1-Zero 提升到 71.0%。 [deepseek-r1]")]
    result = llm.answer(Q, on_token=lambda piece: None)
    assert result.mode == "extractive" and "[deepseek-r1]" in result.answer
    assert any(reason in n for n in result.notes), result.notes


def test_streamed_answer_is_validated_like_a_complete_one(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    reply = "R1-Zero 的 AIME 2024 pass@1 提升到 71.0%。 [deepseek-r1] 它还用了 PPO。 [made-up]"
    chat[0].replies = [("ok", reply)]
    pieces: list[str] = []
    result = llm.answer(Q, on_token=pieces.append)
    assert "".join(pieces) == reply == result.raw  # the tokens show what the model wrote ...
    assert result.answer == "R1-Zero 的 AIME 2024 pass@1 提升到 71.0%。 [deepseek-r1]"  # ... the answer what holds
    assert any("[made-up]" in n for n in result.notes)
    assert result.timings["first_token_seconds"] <= result.timings["llm_seconds"]


def test_the_prompt_is_compact_and_asks_for_the_question_language(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    llm.answer("What AIME 2024 pass@1 did R1-Zero reach?")
    user = chat[0].requests[0]["messages"][-1]["content"]
    assert user.rstrip().endswith("Answer in English. Cite like this: [deepseek-r1]")
    assert user.startswith("Evidence:\n[deepseek-r1] DeepSeek-R1")  # the entry the extractive answer cites first
    assert "71.0%" in user
    llm.answer(Q)
    assert "请用中文回答。" in chat[0].requests[1]["messages"][-1]["content"]


def test_worked_examples_go_first_as_earlier_turns_with_ids_no_entry_has(
    llm: LLMAnswerer, chat: tuple[FakeChat, str]
) -> None:
    from surveyqa.citations import MARKER
    from surveyqa.corpus import parse_survey
    from surveyqa.prompts import EXAMPLES
    from surveyqa.settings import default_corpus_path

    llm.answer(Q)
    messages = chat[0].requests[0]["messages"]
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user", "assistant", "user"]
    assert messages[1:5] == [
        {"role": role, "content": text}
        for pair in EXAMPLES
        for role, text in zip(("user", "assistant"), pair, strict=True)
    ]
    survey_ids = {e.id for e in parse_survey(default_corpus_path().read_text(encoding="utf-8")).entries}
    example_ids = {i for pair in EXAMPLES for text in pair for i in MARKER.findall(text)}
    assert example_ids and not example_ids & survey_ids


def test_the_llm_column_counts_what_validation_did(llm: LLMAnswerer, chat: tuple[FakeChat, str]) -> None:
    from surveyqa import llm_eval
    from surveyqa.evaluation import QAItem
    from surveyqa.judge import SupportJudge

    items = [
        QAItem("a", Q, "zh", "lookup", "test", True, ("deepseek-r1",), facts=("71.0%",)),
        QAItem(
            "b",
            "What AIME 2024 pass@1 did R1-Zero reach?",
            "en",
            "lookup",
            "test",
            True,
            ("deepseek-r1",),
            facts=("71.0%",),
        ),
        QAItem("c", "What does the survey say about the weather?", "en", "off_topic", "test", False, ()),
    ]
    chat[0].replies = [
        ("ok", "[deepseek-r1] R1-Zero 的 AIME 2024 pass@1 提升到 71.0%。 它还用了 PPO。 [made-up]"),
        ("ok", "R1-Zero reached 99.9% on AIME 2024. [deepseek-r1]"),
    ]
    by_id = llm.extractive.retriever.by_id
    rows, sentences = llm_eval.run_llm_column(
        items, llm.answer, llm.extractive.answer, by_id, SupportJudge(llm.extractive.retriever.embedder)
    )
    a, b, c = rows
    assert a.mode == "llm" and a.correct and a.invented_before == 1 and a.unknown_after == 0 and a.dropped == 1
    assert a.sentences == 1 and a.supported == 1  # the kept sentence, judged against what it cites
    assert b.fallback and b.dropped == 1 and b.mode == "extractive" and b.correct  # 99.9% is not in the entry
    assert not c.asked and c.abstained
    figures = llm_eval.summarise(rows)
    assert figures["asked"] == 2 and figures["fallback_rate"] == 0.5 and figures["invented_ids_before_validation"] == 1
    assert figures["unknown_ids_after_validation"] == 0 and figures["abstain_llm"] == 1.0
    assert [(s["question_id"], s["kept"]) for s in sentences] == [("a", True), ("a", False), ("b", False)]
    assert sentences[0]["ids"] == ["deepseek-r1"] and "71.0%" in sentences[0]["cited_text"]["deepseek-r1"]


@pytest.mark.parametrize(
    ("sentence", "source", "missing"),
    [
        ("WebShop has 1.18 million products and 12,087 instructions.", "约 118 万商品；12,087 条指令", set()),
        ("It collected 12.3 million samples.", "TL;DR 约 12.3 万样本", {"12.3"}),  # the scale changed
        ("About 64,000 preference pairs.", "约 6.4 万偏好对", set()),
        ("A 7B model trained on 2 tasks.", "7B 模型", {"2"}),
        ("The rental cost was $534,700.", "成本 53.5 万美元；$534,700", set()),
    ],
)
def test_numbers_are_checked_as_quantities(sentence: str, source: str, missing: set[str]) -> None:
    from surveyqa.citations import missing_numbers

    assert missing_numbers(sentence, source) == missing
