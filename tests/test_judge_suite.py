from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from surveyqa.answer import Answer
from surveyqa.build import build_index
from surveyqa.citations import missing_numbers
from surveyqa.corpus import Entry
from surveyqa.embedding import E5Embedder
from surveyqa.judge import (
    SupportJudge,
    misbound,
    mismeasured,
    missing_counts,
    missing_names,
    misstated,
    named_terms,
    range_ends,
)
from surveyqa.llm import validate
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings
from surveyqa.suite import Config, check_gate, corruptions, judge_answer, reworded, run_suite, write_reports

R1 = Entry(
    id="deepseek-r1",
    title="DeepSeek-R1",
    summary="纯 RL 激发推理：GRPO + 可验证奖励，AIME 2024 pass@1 15.6%→71.0%。",
    section="s",
    org="DeepSeek",
    date="2025-01",
    kind="paper",
)
K2 = Entry(
    id="kimi-k2", title="Kimi K2", summary="1T 总参 MoE；SWE-Bench Verified 65.8、Tau2-Bench 66.1。", section="s"
)
BY_ID = {e.id: e for e in (R1, K2)}


@pytest.fixture(scope="module")
def judge() -> SupportJudge:
    return SupportJudge(E5Embedder())


def test_verbatim_and_its_failures(judge: SupportJudge) -> None:
    assert judge.judge("AIME 2024 pass@1 15.6%→71.0%。", [R1], allow_paraphrase=False).supported
    assert not judge.judge("AIME 2024 pass@1 15.6%→71.0%。", [K2], allow_paraphrase=False).supported
    assert not judge.judge("AIME 2024 pass@1 15.6%→79.0%。", [R1], allow_paraphrase=False).supported
    assert not judge.judge("anything", [], allow_paraphrase=True).supported


def test_paraphrase_rules(judge: SupportJudge) -> None:
    ok = judge.judge("DeepSeek-R1 raised AIME 2024 pass@1 from 15.6% to 71.0% with GRPO.", [R1])
    assert ok.supported and ok.reason == "paraphrase", ok
    bad_number = judge.judge("DeepSeek-R1 raised AIME 2024 pass@1 from 15.6% to 79.0% with GRPO.", [R1])
    assert not bad_number.supported and "79.0" in bad_number.reason
    bad_name = judge.judge("DeepSeek-R1 used PPO-X2 to reach 71.0% on AIME 2024.", [R1])
    assert not bad_name.supported and "ppo-x2" in bad_name.reason
    off_topic = judge.judge("Kimi K2 是一个 1T 总参的 MoE 模型。", [R1])
    assert not off_topic.supported
    assert {"qwen2.5-7b", "gpt-4o", "osworld"} <= named_terms("Qwen2.5-7B beats GPT-4o on OSWorld.")


def test_names_stop_at_chinese_and_aliases_count_as_named() -> None:
    # A Latin name glued to Chinese is the Latin part only: "top8路由" names top8, which the text gives.
    assert named_terms("用了 192 个专家、top8路由，上下文 128K。") == {"top8"}
    assert missing_names("用了 192 个专家、top8路由。", "MoE，192 专家、top8 路由") == set()
    # An organisation under another alias, or through a lab under it; a benchmark under another spelling.
    assert missing_names("ByteDance built BeyondAIME.", "Seed1.5-Thinking（字节 Seed）；BeyondAIME") == set()
    assert missing_names("Moonshot AI released it.", "Kimi K2 (月之暗面, 2025-07)") == set()
    assert missing_names("Kimi K2 gets 65.8 on SWE-bench Verified.", K2.title + " " + K2.summary) == set()
    # Not another organisation, nor a benchmark the text does not name.
    assert missing_names("OpenAI built BeyondAIME.", "Seed1.5-Thinking（字节 Seed）；BeyondAIME") == {"openai"}
    assert missing_names("Kimi K2 gets 65.8 on OSWorld.", K2.title + " " + K2.summary) == {"osworld"}
    # A model name spelled another way is the same name; an organisation the text does not name is not.
    assert missing_names("Kimi-K2 gets 65.8; so does KimiK2.", K2.title + " " + K2.summary) == set()
    assert missing_names("Google built Kimi K2.", K2.title + " (Moonshot AI) " + K2.summary) == {"google"}


def test_numbers_keep_their_names_ranges_and_counts(judge: SupportJudge) -> None:
    tool = Entry(id="toolrl", title="ToolRL", summary="奖励设计 + GRPO；较 base +17%、较 SFT +15%。", section="s")
    text = tool.title + " " + tool.summary
    # A number moved to another name of the same sentence is caught; the right binding and the entry's own
    # name are not ("ToolRL" holds every number of its entry).
    assert misbound("ToolRL 比 SFT 好 17%。", [tool], text) == [(17.0, "SFT")]
    assert misbound("ToolRL beats SFT by 15%.", [tool], text) == []
    assert misbound("ToolRL gains 17% over base.", [tool], text) == []
    bad = judge.judge("ToolRL 的奖励设计比 SFT 好 17%。", [tool])
    assert not bad.supported and "bound to another name" in bad.reason
    # Two results in one clause with "respectively", or a bracket qualifying a result, bind nothing wrongly.
    assert misbound("Kimi K2 gets 66.1 on Tau2-Bench.", [K2], K2.title + " " + K2.summary) == []
    assert misbound("Majority voting reaches 86.7% on AIME 2024.", [R1], "AIME 2024 71.0%（投票 86.7%）") == []
    # Versions, years and bare counts are not results.
    source = "Claude 3.5 Sonnet（2024-10）：SWE-bench 64%，17 个评测"
    assert misbound("Claude 3.5 Sonnet solves 64% on SWE-bench over 17 tasks in 2024.", [R1], source) == []
    assert misbound("Claude 3.5 solves 64%.", [R1], "SWE-bench 64%，Claude 3.5 评测 12.5%") == [(64.0, "Claude")]
    # A clause with a value and no name of its own is the clause before it's ("扩展设置 72.5%" is AIME's; "rising to
    # 71.0% with RL" too); "respectively" binds by order, so it is not checked; a thousands comma splits nothing.
    assert misbound("It reaches 72.5% on AIME.", [R1], "AIME 67%（400 步），扩展设置 72.5%。") == []
    assert (
        misbound("R1 reaches 71.0% on AIME 2024.", [K2], "pass@1 on AIME 2024 is 15.6%, rising to 71.0% with RL.") == []
    )
    respectively = "在 SWE-bench Verified、LiveCodeBench 上分别为 65.8% 和 47.3%。"
    assert misbound("It gets 47.3% on SWE-bench Verified.", [K2], respectively) == []
    assert misbound("It scores 2,294.5 Elo on Codeforces.", [K2], "Codeforces 2,294.5 Elo，SWE-bench 65.8%") == []
    # One end of a range is not the value, unless the sentence says it is a bound.
    source = "throughput improvement of 1.53$\\times$~20.57$\\times$ over baselines"
    assert range_ends("It is 1.53 times faster.", source) == {"1.53"}
    assert range_ends("It is up to 20.57 times faster.", source) == set()
    assert range_ends("It is 1.53 to 20.57 times faster.", source) == set()
    assert range_ends("最低提速 1.53 倍。", source) == range_ends("The maximum speedup is 20.57×.", source) == set()
    assert range_ends("It came out in 2022.", "2022–2023 的工作") == set()
    # A count in words the text never gives; list markers do not count, words in either language do.
    stages = "Four key stages: (1) data, (2) sampling, (3) SFT, (4) RL."
    assert missing_counts("配方分三步：数据→采样→SFT→RL。", stages) == {3}
    assert missing_counts("The recipe has four stages.", stages) == set()
    assert missing_counts("训练分两个阶段。", "two stages of training") == set()
    # Not an ordinal, a vague count or part of a larger numeral; not a count followed by what it counts.
    assert missing_counts("共有二十个任务，第三步是 SFT，覆盖数十个基准。", "20 个任务 (1) a (2) b (3) SFT") == set()
    assert (
        missing_counts("It uses three benchmarks: AIME, GPQA and LiveCodeBench.", "AIME, GPQA, LiveCodeBench") == set()
    )
    assert misstated("配方分四个阶段。", [R1], stages) is None
    # The LLM answer's validator drops such a sentence and keeps the rest.
    raw = "ToolRL beats SFT by 17%. [toolrl] It beats SFT by 15%. [toolrl]"
    answer, citations, notes = validate(raw, {"toolrl": tool})
    assert answer == "It beats SFT by 15%. [toolrl]" and [c.id for c in citations] == ["toolrl"]
    assert len(notes) == 1 and "bound to another name" in notes[0] and "17%" in notes[0]


def test_from_to_benchmark_scope_sizes_dates_and_aliases(judge: SupportJudge) -> None:
    tot = (
        "GPT-4 在 Game of 24 从 CoT 4% 提到 ToT 74%。 while GPT-4 with chain-of-thought prompting only solved 4% of"
        " tasks, our method achieved a success rate of 74%."
    )
    # "from CoT 4% to ToT 74%": each end is its own name's; "our method" is the cited work, not the clause before.
    assert misbound("Chain-of-thought prompting on Game of 24 achieved 74%.", [R1], tot) == [(74.0, "chain-of-thought")]
    assert misbound("Chain-of-thought prompting on Game of 24 solved 4%.", [R1], tot) == []
    # A benchmark named once holds for the models after it, until another is named.
    web = (
        "WebArena-Lite 上 Llama-3.1-8B 4.8%→42.4%、GLM-4-9B 6.1%→43%，均超 GPT-4-Turbo(17.6%)/GPT-4o(13.9%)，"
        "OSWorld 上 GPT-4o 5%。"
    )
    assert misbound("GLM-4-9B 在 WebArena-Lite 上从 6.1% 提高到 43%。", [R1], web) == []
    assert misbound("GPT-4-Turbo got 17.6% on WebArena-Lite.", [R1], web) == []
    assert [(v, n.lower()) for v, n in misbound("GPT-4o got 5% on WebArena-Lite.", [R1], web)] == [
        (5.0, "webarena-lite")
    ]
    # A change of one name ("ToT raises it from 4% to 74%") is checked where it ends; the subject before "from" holds
    # for both halves ("GPT-4 … 从 CoT 4% 提到 ToT 74%" binds 74% to GPT-4 too).
    tree = Entry(id="tot", title="Tree of Thoughts (ToT)", summary=tot, section="s")
    assert misstated("ToT 让 GPT-4 在 Game of 24 上的成功率从 4% 提升到 74%。", [tree], tot) is None
    assert misstated("With ToT, GPT-4 solves 74% of Game of 24, up from 4% with CoT.", [tree], tot) is None
    rl = "On WebArena-Lite, WebRL improves Llama-3.1-8B from 4.8% to 42.4%, and from 6.1% to 43% for GLM-4-9B."
    webrl = Entry(id="webrl", title="WebRL", summary=rl, section="s")
    assert misstated("On WebArena-Lite, WebRL raises GLM-4-9B from 6.1% to 43%.", [webrl], rl) is None
    assert misstated("Llama-3.1-8B reaches 42.4% with WebRL.", [webrl], rl) is None
    # A size given for another measure than the text's: total and active swapped, or a parameter count as context.
    mimo = "1.02T 总参/42B 激活开源 MoE，最高 1M 上下文"
    assert mismeasured("最长上下文是 42B 总参、1.02T 激活的 MoE。", mimo) == {"42B", "1.02T"}
    assert mismeasured("它的上下文窗口是 42B 激活。", mimo) == {"42B"}
    assert mismeasured("It has 1.02T total parameters, 42B active, and a 1M context window.", mimo) == set()
    assert mismeasured("A 42B MoE.", mimo) == set()
    # A measure word between two sizes could be either's; a size inside a model name is no size.
    assert mismeasured("MiMo-V2.5-Pro 总参 1.02T 激活 42B。", mimo) == set()
    assert mismeasured("Kimi K2 是 1T 总参 32B 激活的 MoE。", "1T 总参/32B 激活") == set()
    assert mismeasured("Qwen2.5-32B 上下文为 128K。", "32B 激活；Qwen2.5-32B 支持 128K 上下文") == set()
    # A frame's count is checked too: "three steps" before a list of four is not what the text says.
    webdancer = Entry(id="w", title="WebDancer", summary="配方：浏览数据构造→轨迹采样→SFT 冷启动→RL。", section="s")
    assert not judge.judge("WebDancer 的配方分三步：浏览数据构造→轨迹采样→SFT 冷启动→RL。", [webdancer]).supported
    # A month and year is a date, not a name; "23 年" is 2023 (and "23 年以上" a count of years).
    assert named_terms("The January-2025 model beat o1-mini.") == {"o1-mini"}
    assert missing_numbers("1 万亿参数", "a 1-trillion-parameter MoE, 1 trillion parameters") == set()
    assert missing_numbers("1 trillion parameters", "总参数 1 万参数") == {"1"}  # 万 is not 万亿
    assert missing_numbers("5 千万 tokens", "50 million tokens") == set()
    assert missing_numbers("Ant's October 2025 trillion-parameter model", "Ring-1T (Ant Group, 2025-10)") == set()
    assert missing_numbers("trained on 8 T4 GPUs", "eight T4 GPUs, 8 nodes") == set()  # T4 is a GPU, not 8 trillion
    assert missing_numbers("pass@1 at T=0.6", "pass@1 at T=0.6") == set()
    assert missing_numbers("2,000 million tokens", "2 billion tokens") == set()  # a scaled count, not a year
    assert missing_numbers("Meta 23 年的模型", "Toolformer (Meta, 2023-02, paper)") == set()
    assert missing_numbers("训练了 23 年以上", "Toolformer (Meta, 2023-02, paper)") == {"23"}
    assert missing_numbers("Meta 23 年的工作，准确率 23%。", "Meta 2023 年的工作，准确率 45%。") == {"23"}
    # A concept under another alias is named ("SFT" for 监督微调), and words count across languages in the overlap.
    assert missing_names("The SFT baseline degraded.", "与监督微调基线相比") == set()
    # Not another name of a family the text names ("o3" where it says "o1").
    assert missing_names("o3 reaches 83.3% on AIME 2024.", "o1 reaches 83.3% on AIME 2024.") == {"o3"}
    # A framed line that lists the n things it counts; an empty sentence supports nothing.
    k2 = Entry(id="k2", title="Kimi K2", summary="SWE-Bench Verified 65.8、Tau2-Bench 66.1、AIME 49.5。", section="s")
    assert judge.judge("Kimi K2 在三个基准上：SWE-Bench Verified 65.8、Tau2-Bench 66.1、AIME 49.5。", [k2]).supported
    assert not judge.judge("  ", [k2]).supported
    assert SupportJudge.overlap("改善了保住的能力", "improves and maintains") > SupportJudge.overlap(
        "改善了保住的能力", "x"
    )


def test_alce_counts(judge: SupportJudge) -> None:
    answer = Answer("AIME 2024 pass@1 15.6%→71.0% [deepseek-r1] [kimi-k2] 没有引用的一句。 [gpt-9]", False, [], [])
    sentences, supported, citations, precise, unknown = judge_answer(answer, BY_ID, judge)
    assert (sentences, supported, citations, precise, unknown) == (2, 1, 3, 1, 1)


def test_corruptions_and_rewording() -> None:
    import random

    answer = "纯 RL 激发推理：GRPO + 可验证奖励，AIME 2024 pass@1 15.6%→71.0% [deepseek-r1]"
    bad = corruptions(answer, [R1, K2], random.Random(1))
    assert set(bad) == {"citation swapped", "number changed", "unsupported sentence added", "citation dropped"}
    assert "[kimi-k2]" in bad["citation swapped"] and "2031" in bad["number changed"]
    assert "[deepseek-r1]" not in bad["citation dropped"]
    assert reworded(answer).startswith("AIME 2024 pass@1 15.6%→71.0%，纯 RL")


def test_suite_reports_and_gate(
    tiny_settings: Settings, e5: E5Embedder, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    build_index(tiny_settings, embedder=e5)
    engine_calls: list[str] = []
    real_queries = E5Embedder.embed_queries

    def recorded(self: E5Embedder, texts: Any) -> Any:
        engine_calls.extend(texts)
        return real_queries(self, texts)

    monkeypatch.setattr(E5Embedder, "embed_queries", recorded)
    qa = tmp_path / "qa.jsonl"
    base = {"acceptable": [], "count": None, "where": "survey", "author": "helper-dev", "split": "dev"}
    rows = [
        base
        | {"id": "a", "question": "CodeAct 用什么作为动作空间？", "lang": "zh", "kind": "lookup", "answerable": True}
        | {"gold": ["codeact"], "facts": ["Python"]},
        base
        | {"id": "b", "question": "What is Kimi K2's SWE-Bench Verified score?", "lang": "en", "kind": "lookup"}
        | {"answerable": True, "gold": ["kimi-k2"], "facts": ["65.8"], "author": "helper-test", "split": "test"},
        base
        | {"id": "c", "question": "Who won the 2022 FIFA World Cup?", "lang": "en", "kind": "off_topic"}
        | {"answerable": False, "gold": [], "facts": [], "author": "helper-test", "split": "test"},
    ]
    qa.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), encoding="utf-8")
    assert Retriever.from_settings(tiny_settings, embedder=e5)
    report = run_suite(
        tiny_settings, qa_path=qa, configs=[Config("hybrid (e5)", "e5", "hybrid"), Config("bm25 (e5)", "e5", "bm25")]
    )
    assert report["splits"] == ["dev", "test"] and report["questions"] == {"dev": 1, "test": 2}
    # Each configuration's answer embeds its question for real (its latency counts it); its ranker reuses that.
    assert engine_calls.count("CodeAct 用什么作为动作空间？") == 2, engine_calls
    test = report["columns"]["hybrid (e5)"]["test"]
    assert test["lookup_correctness"] == 1.0 and test["off_topic_abstain"] == 1.0 and test["citation_precision"] == 1.0
    assert report["columns"]["hybrid (e5)"]["dev"]["lookup_correctness"] == 1.0
    assert set(report["meta"]) == {"verbatim judge", "paraphrase judge"}
    assert report["meta"]["verbatim judge"]["catch_rate"] == 1.0
    written = write_reports(report, tmp_path / "reports")
    assert {p.name for p in written} >= {"latest.md", "latest.json"}
    md = (tmp_path / "reports" / "latest.md").read_text()
    assert "| lookup correctness | ≥ 0.93 |" in md and "| dev | test |" in md
    assert check_gate(report, {"split": "test", "default": {"lookup_correctness": {"min": 0.9}}}) == []
    failures = check_gate(
        report,
        {
            "split": "test",
            "default": {"latency_p50_ms": {"max": 0.001}},
            "meta": {"verbatim judge": {"catch_rate_min": 1.1, "false_reject_max": 0.0}},
        },
    )
    assert len(failures) == 2 and "latency_p50_ms" in failures[0]
    assert "was not evaluated" in check_gate(report, {"split": "holdout"})[0]


def test_judge_checks_list_lines_and_headers(judge: SupportJudge) -> None:
    good = Answer(
        "The survey has 2 entries that mention GRPO:\n- DeepSeek-R1 (2025-01): GRPO + 可验证奖励 [deepseek-r1]\n"
        "- Kimi K2: 1T 总参 MoE [kimi-k2]",
        False,
        [],
        [],
    )
    assert judge_answer(good, BY_ID, judge) == (3, 3, 2, 2, 0)
    wrong_count = Answer(good.answer.replace("has 2", "has 3"), False, [], [])
    assert judge_answer(wrong_count, BY_ID, judge)[1] == 2
    wrong_name = Answer(good.answer.replace("- Kimi K2:", "- Kimi K9:"), False, [], [])
    assert judge_answer(wrong_name, BY_ID, judge)[1] == 2
    wrong_date = Answer(good.answer.replace("2025-01", "2022-01"), False, [], [])
    assert judge_answer(wrong_date, BY_ID, judge)[1] == 2
    uncited = Answer(good.answer.replace(" [kimi-k2]", ""), False, [], [])
    assert judge_answer(uncited, BY_ID, judge)[:2] == (3, 1)  # the line and the header it no longer matches
    # A span of months in a header restates the question; it holds only when every cited entry lies inside it.
    dated = Answer(
        "The survey has 1 entry dated 2025-01 to 2025-06:\n- DeepSeek-R1 (2025-01): GRPO [deepseek-r1]", False, [], []
    )
    assert judge_answer(dated, BY_ID, judge)[:2] == (2, 2)
    outside = Answer(dated.answer.replace("2025-01 to 2025-06", "2024-01 to 2024-06"), False, [], [])
    assert judge_answer(outside, BY_ID, judge)[:2] == (2, 1)
    # The span's numbers never vouch for the count: "12 entries dated 2024-12 or later" over one line is wrong.
    miscount = Answer(
        "The survey has 12 entries dated 2024-12 or later:\n- DeepSeek-R1 (2025-01): GRPO [deepseek-r1]", False, [], []
    )
    assert judge_answer(miscount, BY_ID, judge)[:2] == (2, 1)
