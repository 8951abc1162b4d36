"""Survey-level answers on a small survey written here: lists, counts, rankings, timelines, not-stated answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import tiny_index
from surveyqa.answer import ExtractiveAnswerer
from surveyqa.citations import MARKER, split_cited
from surveyqa.embedding import E5Embedder
from surveyqa.judge import SupportJudge
from surveyqa.results import Answer
from surveyqa.retrieval import Retriever
from surveyqa.suite import judge_answer, unverbatim_citations

SURVEY = """AI Research 技术调研

Agentic 训练

“Agentic 训练”指让大模型学会调用工具、操作浏览器并从环境反馈中学习，本段是测试用的概述段落，长度足够被识别为概述而不是标题。

范围与去重：本章只收录测试条目，用来验证列表、计数、排名和时间线答案，长度同样超过八十个字符以便识别为范围段落。

一、强化学习（2024–2025）

  • DeepSeekMath (DeepSeek, 2024-02, paper) — 首次提出 GRPO（Group Relative Policy Optimization），去掉 critic。https://arxiv.org/abs/2402.03300
  • DeepSeek-R1 (DeepSeek, 2025-01, paper) — R1-Zero 用 GRPO + 可验证奖励，AIME 2024 pass@1 15.6%→71.0%（投票 86.7%）。https://arxiv.org/abs/2501.12948
  • DAPO: Open-Source LLM RL System at Scale (字节 Seed / 清华 AIR, 2025-03, paper) — 开源大规模 RL 系统（Clip-Higher / Dynamic Sampling），基于 verl；AIME 2024 达 50 分。https://arxiv.org/abs/2503.14476

二、旗舰基座（2025）

  • Kimi K2: Open Agentic Intelligence (Moonshot AI, 2025-07, paper) — 1T 总参/32B 激活 MoE；non-thinking 下 SWE-Bench Verified 65.8、Tau2-Bench 66.1。https://arxiv.org/abs/2507.20534
  • GLM-4.5: Agentic, Reasoning, and Coding (ARC) (智谱, 2025-08, paper) — 355B 总/32B 激活 MoE，用 GRPO 做 RL；SWE-bench Verified 64.2%、AIME 24 91.0%。https://arxiv.org/abs/2508.06471
  • Introducing Claude 4 (Opus 4 & Sonnet 4) (Anthropic, 2025-05, blog) — 主打编码：Opus 4 SWE-bench Verified 72.5%、Terminal-bench 43.2%。https://www.anthropic.com/news/claude-4
  • Claude 3.7 Sonnet and Claude Code (Anthropic, 2025-02, blog) — 混合推理模型，思考预算最高 128K。https://www.anthropic.com/news/claude-3-7-sonnet

增量补录（测试）

  • Kimi-K2.6 — agent swarm 300 子agent/4000步。详
"""


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder) -> ExtractiveAnswerer:
    settings = tiny_index(tmp_path_factory.mktemp("survey-level"), SURVEY, abstracts=(), embedder=e5)
    return ExtractiveAnswerer(Retriever.from_settings(settings, embedder=e5))


def cited(answer: Answer) -> list[str]:
    return list(dict.fromkeys(MARKER.findall(answer.answer)))


def assert_faithful(answer: Answer, answerer: ExtractiveAnswerer) -> None:
    """Every line is verbatim or framed from verbatim tokens; snippets are verbatim; the judge agrees."""
    by_id = answerer.retriever.by_id
    assert unverbatim_citations(answer, by_id) == 0
    sentences, supported, citations, precise, unknown = judge_answer(answer, by_id, SupportJudge())
    assert sentences and supported == sentences and precise == citations and unknown == 0, answer.answer


def test_list_by_technique_cites_every_entry(answerer: ExtractiveAnswerer) -> None:
    for question in ("Which works in the survey use GRPO?", "哪些工作用了 GRPO？"):
        a = answerer.answer(question)
        assert a.kind == "list" and not a.abstained
        assert set(cited(a)) == {"deepseekmath", "deepseek-r1", "glm-4-5"}, a.answer
        assert [i.id for i in a.items] == ["deepseekmath", "deepseek-r1", "glm-4-5"]  # in date order
        assert_faithful(a, answerer)
    assert answerer.answer("哪些工作用了 GRPO？").answer.startswith("调研中提到 GRPO")


def test_list_by_org_adds_unattributed_notes_apart(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which entries come from Moonshot AI?")
    lines = a.answer.split("\n")
    assert lines[0] == "The survey has 1 entry from Moonshot AI:" and "[kimi-k2]" in lines[1]
    assert "by name only" in lines[2] and "[kimi-k2-6]" in lines[3]
    assert_faithful(a, answerer)


def test_a_group_of_organisations_is_every_member_with_its_labs(answerer: ExtractiveAnswerer) -> None:
    """ "Chinese labs", "国内", "US companies": a reader's group of makers, not one organisation."""
    a = answerer.answer("Which models from Chinese labs reported SWE-bench Verified?")
    assert a.kind == "list" and set(cited(a)) == {"kimi-k2", "glm-4-5"}, a.answer
    assert a.answer.startswith("The survey has 2 entries from Chinese organisations"), a.answer
    b = answerer.answer("国内团队有哪些工作用了 GRPO？")
    assert set(cited(b)) == {"deepseekmath", "deepseek-r1", "glm-4-5"} and "来自中国机构" in b.answer, b.answer
    c = answerer.answer("Which works come from US companies?")
    assert set(cited(c)) == {"claude-4", "claude-3-7-sonnet-and-claude-code"}, c.answer
    d = answerer.answer("海外厂商的工作有哪些？")
    assert set(cited(d)) == {"claude-4", "claude-3-7-sonnet-and-claude-code"}, d.answer
    assert_faithful(a, answerer)
    assert_faithful(b, answerer)


def test_unattributed_notes_join_only_a_list_by_org_alone(answerer: ExtractiveAnswerer) -> None:
    """An add-on note states no kind or date, so it cannot meet "papers from Moonshot AI" or "2025"."""
    for question in ("Which papers come from Moonshot AI?", "月之暗面 2025 年有哪些工作？"):
        a = answerer.answer(question)
        assert cited(a) == ["kimi-k2"], (question, a.answer)


def test_what_an_org_released_in_a_month(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What did DeepSeek release in January 2025?")
    assert a.kind == "list" and "deepseek-r1" in cited(a), a.answer
    header = a.answer.split("\n")[0]
    assert "2025-01" in header and "2025 " not in header, "the month says the year once"
    assert all(i.date == "2025-01" for i in a.items)
    assert_faithful(a, answerer)


def test_a_span_of_months(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which works came out in the first half of 2025?")
    assert set(cited(a)) == {"deepseek-r1", "dapo", "claude-4", "claude-3-7-sonnet-and-claude-code"}, a.answer
    assert a.answer.startswith("The survey has 4 entries dated 2025-01 to 2025-06:"), a.answer
    b = answerer.answer("2025 年 7 月以来有哪些工作？")
    assert set(cited(b)) == {"kimi-k2", "glm-4-5"} and "2025-07 及以后" in b.answer.split("\n")[0], b.answer
    assert_faithful(a, answerer)


def test_a_named_work_dates_the_list(answerer: ExtractiveAnswerer) -> None:
    """ "after GPT-5" / "DeepSeek-R1 之前": the named work's month bounds the list; it is not the list's topic."""
    a = answerer.answer("Which works came out after Claude 4?")
    assert set(cited(a)) == {"kimi-k2", "glm-4-5"} and "2025-06 or later" in a.answer.split("\n")[0], a.answer
    b = answerer.answer("DeepSeek-R1 之前有哪些工作？")
    assert cited(b) == ["deepseekmath"] and "2024-12 及以前" in b.answer.split("\n")[0], b.answer
    assert_faithful(a, answerer)


def test_who_and_when_lead_with_the_title_line(answerer: ExtractiveAnswerer) -> None:
    """The title line ("Title (org, date, kind)") answers who made a work and when; it comes first."""
    for question, org_or_date in (("When was DAPO released?", "2025-03"), ("Who made GLM-4.5?", "智谱")):
        a = answerer.answer(question)
        assert a.answer.split(" [")[0].endswith(")") and org_or_date in a.answer.split("[")[0], a.answer
        assert_faithful(a, answerer)


def test_what_the_survey_says_about_a_topic_or_an_unknown_name(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What does the survey say about GRPO?")
    assert a.kind == "list" and set(cited(a)) == {"deepseekmath", "deepseek-r1", "glm-4-5"}, a.answer
    assert answerer.answer("What does the survey say about CrewAI crews?").abstained
    # "Self-RAG": the survey has "self" and "RAG" but never the name; a topic match does not make it covered.
    assert answerer.answer("What does the survey say about Self-RAG and its retrieval tokens?").abstained
    assert answerer.answer("How does Self-RAG decide when to retrieve?").abstained
    assert answerer.answer("What does the survey say about Kimi K2?").kind == "lookup"


def test_count_by_org_and_year(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("How many entries are from Anthropic?")
    assert a.kind == "count" and a.answer.startswith("The survey has 2 entries from Anthropic:")
    # an org typed in lower case is named as it is spelt
    assert answerer.answer("how many entries are from anthropic").answer.startswith(
        "The survey has 2 entries from Anthropic:"
    )
    assert set(cited(a)) == {"claude-4", "claude-3-7-sonnet-and-claude-code"}
    b = answerer.answer("综述里 2025 年的工作有几条？")
    assert b.kind == "count" and "共 6 项" in b.answer.split("\n")[0]
    assert_faithful(b, answerer)


def test_which_group_holds_the_most_entries(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which organisation has the most entries in the survey?")
    lines = a.answer.split("\n")
    assert a.kind == "count" and lines[0] == "DeepSeek and Anthropic are tied for the most of the survey's entries:"
    assert lines[1] == "DeepSeek, 2:" and lines[4] == "Anthropic, 2:", a.answer  # each count over its entries
    assert set(cited(a)) == {"deepseekmath", "deepseek-r1", "claude-4", "claude-3-7-sonnet-and-claude-code"}
    assert_faithful(a, answerer)
    b = answerer.answer("哪一年收录得最多？")
    assert b.kind == "count" and b.answer.startswith("调研中的条目里，2025 年最多，共 6 项："), b.answer
    assert len(cited(b)) == 6
    assert_faithful(b, answerer)
    # the question's topic narrows what is tallied; a lab counts under its organisation, not apart
    c = answerer.answer("Which org has the most works that use GRPO?")
    assert c.answer.startswith("DeepSeek has the most of the survey's entries that mention GRPO, 2:"), c.answer
    assert set(cited(c)) == {"deepseekmath", "deepseek-r1"}
    d = answerer.answer("What kind of entry is the most common?")
    assert d.answer.startswith("Kind “paper” has the most of the survey's entries, 5:"), d.answer
    assert_faithful(d, answerer)


def test_ranking_gives_winner_runners_up_and_flags_settings(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which model in the survey reports the highest SWE-bench Verified score?")
    assert a.kind == "ranking" and cited(a)[:3] == ["claude-4", "kimi-k2", "glm-4-5"]
    assert [i.value for i in a.items] == ["72.5%", "65.8", "64.2%"]
    assert a.items[1].setting == "non-thinking" and "not all comparable" in a.answer
    assert_faithful(a, answerer)
    low = answerer.answer("哪个模型的 SWE-bench Verified 分数最低？")
    assert cited(low)[0] == "glm-4-5" and low.answer.startswith("调研中 SWE-bench Verified 成绩最低的是")
    aime = answerer.answer("Which entry reports the best AIME 2024 result?")
    assert cited(aime)[0] == "glm-4-5" and "91.0%" in aime.answer.split("\n")[0]


def test_ranking_by_size(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What's the biggest model by total parameters?")
    assert cited(a)[:2] == ["kimi-k2", "glm-4-5"] and "1T" in a.answer.split("\n")[0]


def test_earliest_and_latest(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What is the earliest work in the survey that uses GRPO?")
    assert a.kind == "timeline" and cited(a)[0] == "deepseekmath" and "2024-02" in a.answer
    b = answerer.answer("Anthropic 最新的条目是哪个？")
    assert cited(b)[0] == "claude-4"
    assert_faithful(a, answerer)


def test_the_model_set_aside_is_not_the_one_asked(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What did Opus 4 (not Sonnet 4) score on SWE-bench Verified?")
    assert not a.abstained and "72.5%" in a.answer, a.answer


@pytest.mark.parametrize(
    ("question", "missing"),
    [
        ("What learning rate did DAPO use?", "learning rate"),
        ("What did Kimi K2 score on GAIA?", "GAIA"),
        ("How many parameters does Claude 4 have?", "parameter count"),
        ("DeepSeekMath 的训练成本是多少？", "成本"),
        ("What did Sonnet 4 score on SWE-bench Verified?", "SWE-bench Verified"),  # the survey gives Opus 4's
        ("What did Sonnet 4 (not Opus 4) score on SWE-bench Verified?", "SWE-bench Verified"),  # set aside
        ("Sonnet 4 本体（不是 Opus 4）SWE-bench Verified 多少分？", "SWE-bench Verified"),
        ("What did Opus 4 get on the original SWE-bench (not SWE-bench Verified)?", "SWE-bench"),  # one version
        ("Opus 4 在原版 SWE-bench 上多少分？", "SWE-bench"),
        ("How many virtual machines did DAPO's RL run on?", "virtual machine"),
        ("GLM-4.5 的训练用了多少张图像？", "图像"),
        ("How many pull requests did DAPO learn from?", "pull request"),
        ("Kimi K2 用了多少个模型做蒸馏？", "模型"),
        ("What win rate does Claude 3.7 Sonnet get against human experts?", "rate"),
        ("How much faster is DAPO than plain verl?", "speed"),
        ("DAPO 比 verl 快多少？", "速度"),
        ("How many human comparisons went into GLM-4.5's reward model?", "comparison"),
    ],
)
def test_facts_the_survey_does_not_state(answerer: ExtractiveAnswerer, question: str, missing: str) -> None:
    a = answerer.answer(question)
    assert a.abstained and a.kind == "not_stated", a.answer
    first = split_cited(a.answer)[0].text
    assert missing in first and a.citations  # says what is missing, and cites what the survey does say


def test_stated_facts_are_answered_not_declined(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("How many parameters does Kimi K2 have?")
    assert not a.abstained and "1T" in a.answer
    b = answerer.answer("What is Kimi K2's SWE-Bench Verified score?")
    assert not b.abstained and "65.8" in b.answer
    c = answerer.answer("What did Opus 4 score on SWE-bench Verified?")
    assert not c.abstained and "72.5%" in c.answer


def test_a_count_in_words_is_stated_and_a_vague_one_is_not(answerer: ExtractiveAnswerer) -> None:
    """ "five models" answers "how many models"; "hundreds of VMs" answers "how many VMs" but not "how many VMs
    exactly" (``rough=False``, what a question asking for the exact number reads)."""
    from surveyqa.reader import counts

    lex_catalog = answerer.catalog
    assert counts("we release five models in the series", "models", lex_catalog)
    assert counts("共 3 个模型", "模型", lex_catalog) and counts("两个模型", "模型", lex_catalog)
    assert counts("trained on hundreds of virtual machines", "virtual machines", lex_catalog)
    assert not counts("trained on hundreds of virtual machines", "virtual machines", lex_catalog, rough=False)
    assert counts("数百个模型", "模型", lex_catalog) and not counts("数百个模型", "模型", lex_catalog, rough=False)
    assert not counts("第二个模型", "模型", lex_catalog)
    assert not counts("a two-stage pipeline that learns tool use", "tools", lex_catalog)
    # The number counts the first thing after it: four models on the GPUs is no number of GPUs.
    assert not counts("co-locate four models on the same GPUs", "GPUs", lex_catalog)
    assert not counts("runs 3 rollouts per GPU node", "GPU", lex_catalog)
    assert counts("trained on 8 A100 GPUs", "GPUs", lex_catalog) and counts("用 64 张 GPU 训练", "GPU", lex_catalog)
    assert counts("nothing more than a handful of demonstrations for each API", "demonstrations", lex_catalog)
    assert counts("prompted with only one or two in-context examples", "examples", lex_catalog)
    # Every start is tried: the rejected "four models on …" does not hide the count after it.
    assert counts("four models on two GPUs", "GPUs", lex_catalog) and counts(
        "a 7B model on eight GPUs", "GPUs", lex_catalog
    )
    assert counts("trains two policies for three tasks", "tasks", lex_catalog)
    assert not counts("four models against human baselines", "baselines", lex_catalog)
    # Steps are counted by listing them; two joined by an arrow are a transition, not a recipe.
    assert counts("端到端配方：数据构造→轨迹采样→SFT 冷启动→RL", "步", lex_catalog)
    assert counts("SFT -> reward model -> PPO", "steps", lex_catalog)
    assert not counts("AIME 2024 pass@1 15.6%→71.0%", "步", lex_catalog)
    assert not counts("SWE-bench 33.4%→49.0%→53.1%", "steps", lex_catalog)  # a score's changes are no steps


def test_a_count_in_the_other_language_is_not_declined(answerer: ExtractiveAnswerer) -> None:
    # "steps" is not a glossary noun; the survey counts them in Chinese ("4000步"): never claim it is missing.
    a = answerer.answer("How many steps can the Kimi-K2.6 agent swarm run?")
    assert not a.abstained and "4000步" in a.answer


def test_off_topic_and_empty_lists_decline(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What is the capital of Australia?")
    assert a.abstained and a.kind == "not_covered" and a.citations == []
    b = answerer.answer("Which works in the survey come from Apple?")
    assert b.abstained and b.kind == "not_covered" and "no entries" in b.answer


def test_question_openers_do_not_read_as_unknown_names(answerer: ExtractiveAnswerer) -> None:
    for opener in ("Briefly,", "Hey,", "Quick question:", "Honestly,"):
        a = answerer.answer(f"{opener} what does DAPO build on?")
        assert not a.abstained and "verl" in a.answer, (opener, a.answer)


def test_items_are_data(answerer: ExtractiveAnswerer, tmp_path: Path) -> None:
    a = answerer.answer("Which works in the survey use GRPO?")
    item = a.items[0]
    assert item.id == "deepseekmath" and item.date == "2024-02" and item.org == "DeepSeek" and "GRPO" in item.snippet


def test_left_out_kinds_and_techniques(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which works are not blogs?")
    assert a.kind == "list" and "claude-4" not in cited(a) and "kimi-k2" in cited(a)
    b = answerer.answer("哪些工作没有用 GRPO？")
    assert "dapo" in cited(b) and not {"deepseekmath", "deepseek-r1", "glm-4-5"} & set(cited(b))
    assert "GRPO" in b.answer.split("\n")[0]


def test_works_that_say_they_do_without_a_technique(answerer: ExtractiveAnswerer) -> None:
    """ "skip / 跳过 X" asks for works that say they do without X ("去掉 critic"); when none says so, the works
    that do not mention it."""
    a = answerer.answer("Which works skip the critic?")
    assert a.kind == "list" and cited(a) == ["deepseekmath"], a.answer
    assert a.answer.startswith("The survey has 1 entry explicitly without critic"), a.answer
    b = answerer.answer("哪些工作跳过了 PPO？")
    assert "deepseekmath" in cited(b) and "未提到" in b.answer.split("\n")[0], b.answer
    assert_faithful(a, answerer)


def test_section_by_its_heading(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("旗舰基座这一节收录了哪些条目？")
    assert set(cited(a)) == {"kimi-k2", "glm-4-5", "claude-4", "claude-3-7-sonnet-and-claude-code"}
    assert [i.id for i in a.items] == cited(a)  # items are the rows shown


def test_version_named_is_the_version_asked(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("What is GLM-4.5's AIME 2025 score?")  # it reports AIME 24 only
    assert a.abstained and a.kind == "not_stated" and "AIME 2025" in a.answer


def test_comparison_notes_the_side_that_does_not_state(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which scored higher on SWE-bench Verified, Kimi K2 or DeepSeek-R1?")
    assert not a.abstained and cited(a) == ["kimi-k2"] and "65.8" in a.answer
    assert "does not state the SWE-bench Verified score for DeepSeek-R1" in a.answer


def test_ranking_with_a_single_reporter(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("哪个模型的 Tau2-Bench 分数最高？")
    assert a.kind == "ranking" and cited(a) == ["kimi-k2"] and [i.value for i in a.items] == ["66.1"]


def test_a_ranking_keeps_its_restriction(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Which Anthropic model has the highest SWE-bench Verified score?")
    assert cited(a)[0] == "claude-4" and "from Anthropic" in a.answer.split("\n")[0]
    b = answerer.answer("Which Anthropic model has the highest AIME 2024 score?")  # no Anthropic entry reports one
    assert b.abstained and b.kind == "not_stated" and not b.citations and "Anthropic" in b.answer


def test_measure_facts_come_in_survey_order(answerer: ExtractiveAnswerer) -> None:
    # Tied values keep this order in a ranking, so it must not depend on set iteration (PYTHONHASHSEED).
    from surveyqa.measures import measure_facts

    catalog = answerer.catalog
    pool = [e.id for e in catalog.entries]
    got = list(dict.fromkeys(f.entry_id for f in measure_facts("benchmark:SWE-bench Verified", pool, catalog)))
    assert got == [e for e in pool if e in got] and len(got) >= 3


BENCHMARK_SURVEY = """AI Research 技术调研

Agentic 训练

“Agentic 训练”指让大模型学会调用工具、操作浏览器并从环境反馈中学习，本段是测试用的概述段落，长度足够被识别为概述而不是标题。

范围与去重：本章只收录测试条目，用来验证基准论文自己的成绩如何回答，长度同样超过八十个字符以便识别为范围段落。

一、基准（2023–2025）

  • AgentBench: Evaluating LLMs as Agents (清华, 2023-08, benchmark) — 首个多环境 LLM-as-agent 综合基准：8 个交互环境，测 25+ 模型。https://arxiv.org/abs/2308.03688
  • Mind2Web 2: Evaluating Agentic Search with Agent-as-a-Judge (Ohio State, 2025-06, benchmark) — 130 个长程、需实时浏览的真实任务，提出 Agent-as-a-Judge。https://arxiv.org/abs/2506.21506
"""
BENCHMARK_ABSTRACTS = [
    {
        "arxiv_id": "2506.21506",
        "title": "Mind2Web 2",
        "abstract": "We introduce Mind2Web 2, a benchmark of 130 realistic tasks. The best-performing system, "
        "OpenAI Deep Research, can already achieve 50-70% of human performance while spending half the time.",
        "source": "test",
    }
]


@pytest.fixture(scope="module")
def bench_answerer(tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder) -> ExtractiveAnswerer:
    settings = tiny_index(tmp_path_factory.mktemp("benchmarks"), BENCHMARK_SURVEY, BENCHMARK_ABSTRACTS, embedder=e5)
    return ExtractiveAnswerer(Retriever.from_settings(settings, embedder=e5))


def test_a_benchmark_papers_own_results_are_read_in_it(bench_answerer: ExtractiveAnswerer) -> None:
    """'Which system did best on Mind2Web 2?' is a question about the benchmark's own paper: it is read there
    (no leaderboard of survey entries), and a score it does not give is still not stated."""
    best = bench_answerer.answer("Mind2Web 2 评测的系统里表现最好的是哪个？达到人类表现的多少？")
    assert not best.abstained and cited(best) == ["mind2web-2"] and best.kind == "lookup", best.answer
    assert_faithful(best, bench_answerer)
    missing = bench_answerer.answer("AgentBench 上 GPT-4 的总分具体是多少？")
    assert missing.abstained and missing.kind == "not_stated", missing.answer


def test_a_number_inside_a_name_is_not_the_number_asked_for(answerer: ExtractiveAnswerer) -> None:
    """ "How many systems … in Mind2Web 2?": the "2" of the name answers nothing; "nine systems" does."""
    from surveyqa.reader import covered, has_answer_type

    catalog = answerer.catalog
    q = answerer.understand("How many frontier systems were evaluated in Mind2Web 2?")
    assert covered("Altogether, Mind2Web 2 provides a rigorous foundation for agentic search.", q, catalog) == 0
    assert covered("We evaluate nine frontier agentic search systems on Mind2Web 2.", q, catalog) == 1
    # Tasks named after a colon are what a work was evaluated on, though no benchmark lexicon knows them.
    tasks = "ToT improves problem solving on three novel tasks requiring search: Game of 24, Creative Writing."
    assert has_answer_type(tasks, "benchmark", catalog)
    assert not has_answer_type("把 CoT 从一条线推广为思考树。", "benchmark", catalog)
    # A rate is a share: "56% preferred", "3 of 5"; not a speed-up, a GPU count or a date.
    assert has_answer_type("56% preferred over o1-mini", "rate", catalog)
    assert has_answer_type("sliding-window+full attention 3:1 混合架构", "rate", catalog)  # a ratio
    assert not any(has_answer_type(t, "rate", catalog) for t in ("8×H100", "3× speedup", "released 2024/05"))


def test_an_overview_is_one_passage_not_a_comparison(answerer: ExtractiveAnswerer) -> None:
    for question in ("What does this survey cover?", "这份综述讲了什么？"):
        a = answerer.answer(question)
        assert a.kind == "lookup" and not a.abstained, (question, a.kind, a.answer)
        assert {"overview", "scope"} & set(cited(a)), a.answer


def test_a_list_or_ranking_leaves_out_the_works_set_aside(answerer: ExtractiveAnswerer) -> None:
    a = answerer.answer("Besides DeepSeek-R1, which works report AIME 2024?")
    assert a.kind == "list" and set(cited(a)) == {"dapo", "glm-4-5"}, a.answer
    assert "other than DeepSeek-R1" in a.answer.split("\n")[0]
    assert_faithful(a, answerer)
    b = answerer.answer("除了 Claude 4，哪个模型的 SWE-bench Verified 分数最高？")
    assert b.kind == "ranking" and cited(b)[0] == "kimi-k2" and "claude-4" not in cited(b), b.answer
    assert "除 Introducing Claude 4" in b.answer.split("\n")[0] or "除 Claude 4" in b.answer.split("\n")[0], b.answer
    c = answerer.answer("Besides DeepSeek-R1, DeepSeekMath and DAPO, which works report AIME 2024?")
    assert "other than DeepSeek-R1, DeepSeekMath and DAPO" in c.answer.split("\n")[0], c.answer


def test_a_number_asked_about_a_thing_named_only_without_one_is_not_stated(answerer: ExtractiveAnswerer) -> None:
    # DeepSeekMath "去掉 critic" gives no figure for it; Claude 3.7 Sonnet's thinking budget is given, 128K.
    missing = answerer.answer("DeepSeekMath 去掉 critic 具体是百分之多少？")
    assert missing.kind == "not_stated" and missing.answer.startswith("调研没有给出 DeepSeekMath"), missing.answer
    given = answerer.answer("Claude 3.7 Sonnet 的思考预算最高多少？")
    assert given.kind == "lookup" and "128K" in given.answer, given.answer


def test_a_header_about_one_entry_agrees_with_it(answerer: ExtractiveAnswerer) -> None:
    """ "1 entry that mentions …", never "1 entry that mention …"; several keep the plural."""
    one = answerer.answer("Which Zhipu works use GRPO?")
    assert one.answer.startswith("The survey has 1 entry from Zhipu that mentions GRPO"), one.answer
    several = answerer.answer("Which works use GRPO?")
    assert "entries that mention GRPO" in several.answer, several.answer
