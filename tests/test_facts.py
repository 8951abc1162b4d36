"""The facts extractor on single survey-style lines (Chinese and English patterns), as a table."""

from __future__ import annotations

import pytest

from surveyqa.corpus import Entry
from surveyqa.facts import Fact, clause_around, extract_facts


def _entry(summary: str, *, title: str = "Some Model", abstract: str | None = None, section: str = "十、") -> Entry:
    return Entry(
        id="e",
        title=title,
        summary=summary,
        section=section,
        org="智谱 / 清华",
        date="2025-08",
        kind="paper",
        abstract=abstract,
    )


def _results(entry: Entry) -> list[tuple[str, str, str, bool]]:
    return [(f.name, f.raw, f.setting, f.own) for f in extract_facts([entry]) if f.kind == "benchmark"]


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        (
            "TAU-Bench 70.1%、AIME 24 91.0%、SWE-bench Verified 64.2%。",
            [
                ("τ-bench", "70.1%", "", True),
                ("AIME 2024", "91.0%", "", True),
                ("SWE-bench Verified", "64.2%", "", True),
            ],
        ),
        (
            "AIME 2024 pass@1 15.6%→71.0%（投票 86.7%）。",
            [
                ("AIME 2024", "15.6%", "pass@1", False),
                ("AIME 2024", "71.0%", "pass@1", True),  # the improved value, in its starting point's setting
                ("AIME 2024", "86.7%", "voting", True),
            ],
        ),
        (
            "non-thinking 下 Tau2-Bench 66.1、SWE-Bench Verified 65.8。",
            [("τ²-bench", "66.1", "non-thinking", True), ("SWE-bench Verified", "65.8", "non-thinking", True)],
        ),
        (
            "OSWorld 24.6(50步)/22.7(15步) > Claude(22.0/14.9)。",
            [
                ("OSWorld", "24.6", "50步", True),
                ("OSWorld", "22.7", "15步", True),
                ("OSWorld", "22.0", "", False),
                ("OSWorld", "14.9", "", False),
            ],
        ),
        (
            "Terminal-Bench 2.0 82.7%、BrowseComp swarm 86.3。",
            [("Terminal-Bench", "82.7%", "v2.0", True), ("BrowseComp", "86.3", "swarm", True)],
        ),
        ("GPQA Diamond 77.0%，专家盲评 56% 偏好于 o1-mini。", [("GPQA Diamond", "77.0%", "", True)]),
        ("WebWalkerQA 46.5（NeurIPS 2025）。", [("WebWalkerQA", "46.5", "", True)]),
        ("两点：1) SWE-bench Verified 72.5%；2) 长程稳定。", [("SWE-bench Verified", "72.5%", "", True)]),
    ],
)
def test_benchmark_results_from_survey_lines(summary: str, expected: list[tuple[str, str, str, bool]]) -> None:
    got = _results(_entry(summary))
    assert [(n, r, s.split(", ")[0] if s else "", o) for n, r, s, o in got] == expected


def test_english_abstract_results_and_spans_are_verbatim() -> None:
    abstract = "Notably, K2 obtains 66.1 on Tau2-Bench, 76.5 on ACEBench (En), and 65.8 on SWE-Bench Verified."
    entry = _entry("1T 总参/32B 激活 MoE。", title="Kimi K2", abstract=abstract)
    facts = extract_facts([entry])
    results = {(f.name, f.raw) for f in facts if f.kind == "benchmark"}
    assert results == {("τ²-bench", "66.1"), ("ACEBench", "76.5"), ("SWE-bench Verified", "65.8")}
    sizes = {(f.name, f.raw) for f in facts if f.kind == "size"}
    assert sizes == {("total", "1T"), ("active", "32B")}
    for f in facts:
        source = {"summary": entry.summary, "abstract": abstract, "header": entry.text(), "title": entry.title}[
            f.source
        ]
        assert f.span in source, f


def test_a_base_model_instruction_tuned() -> None:
    abstract = "AgentTuning is used to instruction-tune the Llama 2 series, resulting in AgentLM."
    facts = extract_facts([_entry("轨迹指令微调。", title="AgentTuning", abstract=abstract)])
    assert [(f.name, f.span) for f in facts if f.kind == "base_model"] == [("Llama 2", "instruction-tune the Llama 2")]


def test_a_context_span_never_ends_inside_a_word() -> None:
    abstract = "The model supports up to 1M context length and achieves comparable accuracy."
    facts = extract_facts([_entry("混合 MoE。", title="Nemotron", abstract=abstract)])
    assert [f.span for f in facts if f.kind == "context"] == ["up to 1M context"]


def test_a_benchmark_entry_reports_other_systems() -> None:
    entry = _entry(
        "812 个长程任务执行级评测。GPT-4 仅 14.41% vs 人类 78.24%；衍生 WebArena-Lite。",
        title="WebArena",
        section="五、真实环境与基准",
    )
    facts = extract_facts([entry])
    scores = [(f.raw, f.subject, f.own) for f in facts if f.kind == "benchmark" and f.name == "WebArena"]
    assert scores == [("14.41%", "GPT-4", False), ("78.24%", "人类", False)]
    assert [(f.name, f.value) for f in facts if f.kind == "quantity"] == [("task", 812.0)]


@pytest.mark.parametrize(
    ("summary", "kind", "expected"),
    [
        ("355B 总/32B 激活，另 Air 106B。", "size", {("total", "355B"), ("active", "32B")}),
        ("Qwen3-Coder-480B-A35B（MoE，原生 256K 外推 1M）。", "size", {("total", "480B"), ("active", "35B")}),
        ("基于 Qwen2.5-32B 训练的医疗模型。", "size", set()),  # a base model's size is not the entry's
        ("上下文 128K→200K，编程增强。", "context", {("context", "128K"), ("context", "200K")}),
        ("集成工具调用时的批判性思考；131K 上下文，Apache 2.0。", "context", {("context", "131K")}),
        ("API 可设思考预算（最高 128K）。", "context", set()),  # a thinking budget is not a context window
        # A window said without the word "context": native and extrapolated lengths.
        ("Qwen3-Coder-480B-A35B（MoE，原生 256K 外推 1M）。", "context", {("context", "256K")}),
        ("natively 128K, extrapolated to 1M tokens.", "context", {("context", "128K")}),
        ("原生 3M 条轨迹数据，natively 2M samples。", "context", set()),  # a native count of something else
        # A window's usual size alone in a spec list is its context; another count is not.
        ("198B MoE（11B 激活、400 tok/s、256k、三档推理）。", "context", {("context", "256k")}),
        ("数据集（3 个领域、150K、人工标注）。", "context", set()),  # 150K is no window size
        ("基座 GPT-J 6.7B（QA/计算器）。", "base_model", {("base_model", "GPT-J 6.7B")}),
        ("Qwen2.5-7B + GRPO 仅用结果奖励。", "base_model", {("base_model", "Qwen2.5-7B")}),
        # a model the work takes from one result to another is the one it trained
        ("X-Lite 上 Llama-3.1-8B 4.8%→42.4%。", "base_model", {("base_model", "Llama-3.1-8B")}),
        ("仅 512×H800 约三周（约 53.5 万美元）。", "cost", {("cost", "")}),
        ("an environment with $1.18$ million products and $12,087$ instructions。", "cost", set()),  # TeX math
        ("a success rate of $29%$ and latency down by $4.5\\times$。", "cost", set()),
        ("at a cost of \\$0.70 per million output tokens。", "cost", {("cost", "")}),
        ("23T token 预训练，吞吐 400 tok/s。", "quantity", {("token", "23T"), ("tok/s", "400")}),
        ("over 100 tokens per second (TPS) for inference。", "quantity", {("tok/s", "100")}),
        # A speed-up is a multiple beside a speed word; a multiple of something else is not.
        ("吞吐较基线提升 3.1×，训练计算 +6×。", "quantity", {("speedup", "3.1")}),
        ("it runs up to 2.5x faster and uses 4x less memory.", "quantity", {("speedup", "2.5")}),
        ("a $1.9\\times$ training speedup over synchronous RL.", "quantity", {("speedup", "1.9")}),
        # Accelerators are hardware counts, not speed-ups.
        ("在 8×H800 上吞吐翻倍，用 64x H100 GPUs for faster rollouts。", "quantity", {("GPU", "8"), ("GPU", "64")}),
        ("rollouts on 1,000 VMs。", "quantity", {("VM", "1,000")}),
        # Three or more sizes of one release, with slashes or in a bracketed list.
        ("1.8B/7B/20B 全开放技术报告。", "size", {("params", "1.8B"), ("params", "7B"), ("params", "20B")}),
        (
            "we open-source six dense models (1.5B, 7B, 8B, 14B, 32B, 70B) for the community.",
            "size",
            {("params", v) for v in ("1.5B", "7B", "8B", "14B", "32B", "70B")},
        ),
        # Students distilled from the entry's model are not its size.
        ("six dense models (1.5B, 7B, 8B, 14B, 32B, 70B) distilled from DeepSeek-R1.", "size", set()),
    ],
)
def test_sizes_context_base_models_cost(summary: str, kind: str, expected: set[tuple[str, str]]) -> None:
    facts = [f for f in extract_facts([_entry(summary, title="Qwen3-Coder: Agentic Coding")]) if f.kind == kind]
    got = {("base_model", f.name) if kind == "base_model" else (f.name, f.raw) for f in facts}
    assert got == expected


def test_concepts_skip_negations_and_orgs_normalise() -> None:
    entry = _entry("纯 RL（无蒸馏、无 SFT 冷启动）激发自主检索，用 GRPO 训练。")
    facts: list[Fact] = extract_facts([entry])
    concepts = {f.name for f in facts if f.kind == "concept"}
    assert "GRPO" in concepts and "distillation" not in concepts
    assert {f.name for f in facts if f.kind == "org"} == {"Zhipu", "Tsinghua"}


def test_clause_around_cuts_at_punctuation_only() -> None:
    text = "一个很长的开头，说明背景和动机，" * 6 + "核心是 GRPO 算法，去掉 critic。后面的句子。"
    at = text.find("GRPO")
    clause = clause_around(text, at, at + 4, limit=40)
    assert "GRPO" in clause and clause in text and len(clause) <= 40 and not clause.endswith("，")


@pytest.mark.parametrize(
    ("title", "summary", "abstract", "expected"),
    [
        # The entry's own model named with its size, in the survey's line.
        ("SWE-RL: Advancing LLM Reasoning", "训练 Llama3-SWE-RL-70B，SWE-bench Verified 41.0%。", None, {"70B"}),
        ("DeepSeekMath: Pushing the Limits", "DeepSeekMath-7B 首次让开源模型在竞赛级 MATH 突破 50%。", None, {"7B"}),
        # Another model's name with a size is not the entry's, nor is a base it is built on.
        ("DAPO: An Open-Source LLM RL System", "Qwen2.5-32B base 在 AIME 2024 达 50 分。", None, set()),
        ("WebThinker: Deep Research", "主干 WebThinker-32B 的基座。", None, set()),
        # An abstract names a family's other members so; only the survey's line sizes the entry by name.
        ("ChatGLM: A Family of Models", "GLM-4 系列技术报告。", "We have been developing ChatGLM-6B.", set()),
    ],
)
def test_a_size_glued_to_the_entrys_own_model_name(
    title: str, summary: str, abstract: str | None, expected: set[str]
) -> None:
    facts = extract_facts([_entry(summary, title=title, abstract=abstract)])
    assert {f.raw for f in facts if f.kind == "size"} == expected
    assert all(f.span in summary for f in facts if f.kind == "size")


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Specifically, we use ChatGPT to conduct task planning when receiving a user request.", {"ChatGPT"}),
        ("We use GPT-4 to generate agent trajectories and fine-tune smaller models.", set()),
        ("We use GPT-4 as a judge of the final answers.", set()),
    ],
)
def test_a_model_a_system_runs_on_is_its_base_and_one_that_makes_its_data_is_not(
    abstract: str, expected: set[str]
) -> None:
    facts = extract_facts([_entry("一个系统。", title="SomeAgent: A System", abstract=abstract)])
    assert {f.name for f in facts if f.kind == "base_model"} == expected


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("约 20T+ token 30 天训成，多阶段后训练。", {30.0}),
        ("全程 RL 仅 512×H800 约三周（约 53.5 万美元）。", {21.0}),
        ("Its full RL training completes in only three weeks.", {21.0}),
        # Not how long a run took: an agent working for hours, the effort to build a benchmark.
        ("可持续 agent 工作数小时（Rakuten 验证连续 7 小时重构）。", set()),
        ("构建耗 1000+ 小时的真实任务。", set()),
    ],
)
def test_how_long_a_training_run_took_is_a_duration_in_days(summary: str, expected: set[float]) -> None:
    facts = extract_facts([_entry(summary)])
    assert {f.value for f in facts if f.kind == "quantity" and f.name == "day"} == expected


def test_a_model_given_its_own_training_steps_is_the_base() -> None:
    line = "结果奖励教模型调解释器。Qwen2.5-32B 400 步达 AIME 67%（文本 RL 基线 40% 需 1080 步），超 o1-preview。"
    facts = extract_facts([_entry(line, title="ReTool")])
    assert [(f.name, f.span) for f in facts if f.kind == "base_model"] == [("Qwen2.5-32B", "Qwen2.5-32B 400 步")]
    budget = extract_facts([_entry("GUI 评测。GPT-4o in 15 steps reaches 5% on OSWorld.", title="OSWorld")])
    assert not [f for f in budget if f.kind == "base_model"]  # a step budget, not training
