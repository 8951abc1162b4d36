"""Survey lines at the edges of the format, on a tiny survey written here: a title line with a link and no
summary, no link, no date or org, only Chinese, only English, a bare title. Every kind of question about
them is answered (or declined) without an error, and cites only entries that exist, verbatim."""

from __future__ import annotations

import pytest

from conftest import assert_well_cited, tiny_index
from surveyqa.answer import ExtractiveAnswerer
from surveyqa.embedding import E5Embedder
from surveyqa.retrieval import Retriever
from surveyqa.suite import unverbatim_citations

EDGE_SURVEY = """AI Research 技术调研

Agentic 训练

“Agentic 训练”指让大模型学会调用工具、操作浏览器并从环境反馈中学习，本段是测试用的概述段落，长度足够被识别为概述而不是标题。

范围与去重：本章只收录测试条目，用来验证解析器、索引和答案在边界条目上的行为，长度同样超过八十个字符以便识别为范围段落。

一、边界条目（2024）

  • BareAgent: A Header-Only Entry (Foo Labs, 2024-05, paper) — https://arxiv.org/abs/2405.00001
  • LinklessTool: Tool Calls Without a Link (Bar University, 2024-06, blog) — 没有链接的条目：用强化学习训练工具调用，成功率 42%。
  • 中文智能体训练框架 (清华, 2024-07, paper) — 全中文的条目：用 GRPO 训练网页智能体，WebArena 成功率 35.2%。https://example.com/zh
  • EnglishOnly: Web Agents Trained with RL (Stanford, 2024-08, paper) — Trains web agents with reinforcement learning; reaches 50.1% on WebArena. https://example.com/en

增量补录（测试）

  • UndatedNote — 没有日期和机构的补录条目，提到 GRPO 与 agent swarm。
  • LinkOnlyNote — https://example.com/link-only
  • TitleOnlyNote
"""

QUESTIONS_ABOUT = [
    "Who made {name}?",
    "What is {name}?",
    "When was {name} released?",
    "What did {name} score on WebArena?",
    "How many parameters does {name} have?",
    "Tell me about {name}",
    "{name}",
    "{name} 是谁做的？",
    "{name} 是什么？",
    "{name} 什么时候发布的？",
    "{name} 在 WebArena 上的成功率是多少？",
]
SURVEY_QUESTIONS = [
    "Which works use GRPO?",
    "哪些工作用了强化学习？",
    "How many entries are there?",
    "How many entries are from Tsinghua?",
    "Which works are from 2024?",
    "2024 年有多少条目？",
    "What is the earliest work?",
    "最新的工作是哪个？",
    "Which entry has the highest WebArena score?",
    "Compare BareAgent and EnglishOnly",
    "BareAgent 和 UndatedNote 有什么区别？",
    "Which scored higher on WebArena, BareAgent or TitleOnlyNote?",
    "What does the survey cover?",
]


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder) -> ExtractiveAnswerer:
    settings = tiny_index(tmp_path_factory.mktemp("edge-lines"), EDGE_SURVEY, abstracts=(), embedder=e5)
    return ExtractiveAnswerer(Retriever.from_settings(settings, embedder=e5))


def test_the_survey_has_each_edge_case(answerer: ExtractiveAnswerer) -> None:
    by_id = answerer.retriever.by_id
    bare = by_id["bareagent"]
    assert bare.summary == "" and bare.urls == ("https://arxiv.org/abs/2405.00001",) and bare.org == "Foo Labs"
    assert by_id["linklesstool"].urls == () and by_id["linklesstool"].summary
    chinese = next(e for e in by_id.values() if e.title.startswith("中文"))
    assert chinese.org == "清华" and chinese.date == "2024-07"
    assert by_id["undatednote"].date == "" and by_id["undatednote"].org == ""
    assert by_id["linkonlynote"].summary == "" and by_id["linkonlynote"].urls
    assert by_id["titleonlynote"].summary == "" and by_id["titleonlynote"].urls == ()


@pytest.mark.parametrize("question", ["What is BareAgent?", "BareAgent 是什么？", "Tell me about BareAgent"])
def test_a_line_without_a_summary_gets_what_the_survey_states(answerer: ExtractiveAnswerer, question: str) -> None:
    """Issue 12, defect 3: the title line is all the survey says about BareAgent. The answer says so and shows
    that line, cited; it does not claim the survey never covers an entry it lists."""
    result = answerer.answer(question)
    assert result.kind == "not_stated" and result.abstained, result
    assert "BareAgent: A Header-Only Entry (Foo Labs, 2024-05, paper) [bareagent]" in result.answer
    assert [c.id for c in result.citations] == ["bareagent"]


def test_a_line_without_a_summary_answers_who_made_it(answerer: ExtractiveAnswerer) -> None:
    for question in ("Who made BareAgent?", "BareAgent 什么时候发布的？"):
        result = answerer.answer(question)
        assert not result.abstained and "Foo Labs, 2024-05" in result.answer, result
        assert [c.id for c in result.citations] == ["bareagent"]


def test_a_comparison_says_which_side_has_only_its_title_line(answerer: ExtractiveAnswerer) -> None:
    result = answerer.answer("Compare BareAgent and EnglishOnly")
    assert [c.id for c in result.citations] == ["englishonly"]
    assert "does not state anything beyond its title line for BareAgent" in result.answer, result.answer


def test_every_question_about_an_edge_line_is_answered_and_cited_faithfully(answerer: ExtractiveAnswerer) -> None:
    by_id = answerer.retriever.by_id
    names = [e.title.split(":")[0] for e in by_id.values() if e.kind not in ("overview", "scope")]
    questions = [t.format(name=n) for n in names for t in QUESTIONS_ABOUT] + SURVEY_QUESTIONS
    for question in questions:
        result = answerer.answer(question)
        assert_well_cited(result, by_id, question)
        assert unverbatim_citations(result, by_id) == 0, (question, result.answer)
        if result.abstained:
            assert result.kind in ("not_covered", "not_stated"), (question, result.kind)
