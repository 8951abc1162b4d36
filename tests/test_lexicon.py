"""The lexicon's matching rules, as a table."""

from __future__ import annotations

import re

import pytest

from surveyqa.lexicon import lexicon


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Opus 4 SWE-bench Verified 72.5%", ["SWE-bench Verified"]),
        ("SWE Bench Verified and swebench", ["SWE-bench Verified", "SWE-bench"]),
        ("SWE-Bench Pro 58.6%、SWE-Bench PRO 56.3", ["SWE-bench Pro", "SWE-bench Pro"]),
        ("OSWorld-Verified 78.7%, OSWorld-V 73.1, OSWorld 38.1%", ["OSWorld-Verified", "OSWorld-Verified", "OSWorld"]),
        ("AIME 2024 pass@1, AIME24, AIME~24, AIME 24", ["AIME 2024"] * 4),
        ("AIME 2025 cons@64 and AIME 77.5", ["AIME 2025", "AIME"]),
        ("Tau2-Bench 66.1 and τ²-bench and TAU-bench retail", ["τ²-bench", "τ²-bench", "τ-bench"]),
        ("VAB-WebArena-Lite 55.2% vs WebArena-Lite vs WebArena", ["VAB-WebArena-Lite", "WebArena-Lite", "WebArena"]),
        ("MATH500 96.2 and MATH 突破 50%, math class", ["MATH-500", "MATH"]),
        ("Humanity's Last Exam and HLE 32.9", ["Humanity's Last Exam", "Humanity's Last Exam"]),
        ("no benchmark here: web arena, swebenchx", []),
    ],
)
def test_benchmark_aliases(text: str, expected: list[str]) -> None:
    assert [m.name for m in lexicon().benchmarks.find(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("浙大 / 腾讯 AI Lab / 西湖大学", ["Zhejiang University", "Tencent AI Lab", "Westlake University"]),
        ("Meta AI/FAIR", ["Meta", "Meta"]),
        ("智谱 / 清华 KEG", ["Zhipu", "Tsinghua KEG"]),
        ("Which AI agents can call tools in research labs?", []),  # "AI", "Research", "Lab" are not orgs
        ("the meta-learning literature", []),  # "Meta" only with its capital
        ("ByteDance Seed and Tsinghua AIR", ["ByteDance Seed", "Tsinghua AIR"]),
        ("月之暗面 and Moonshot", ["Moonshot AI", "Moonshot AI"]),
    ],
)
def test_org_aliases_match_whole_names(text: str, expected: list[str]) -> None:
    assert [m.name for m in lexicon().orgs.find(text)] == expected


def test_org_families_roll_labs_up() -> None:
    lex = lexicon()
    assert lex.org_family("Google") == {"Google", "Google DeepMind", "Google Research"}
    assert {"Alibaba Qwen", "Alibaba Tongyi"} <= lex.org_family("Alibaba")
    assert lex.org_family("OpenAI") == {"OpenAI"}


def test_a_terms_false_friends_are_not_matches() -> None:
    """ "memory usage of PPO" is hardware memory; "episodic memory buffer" is an agent's."""
    found = lexicon().concepts.find(
        "optimizing the memory usage of PPO, with zero memory redundancy; an episodic memory buffer"
    )
    assert [m.name for m in found if m.name == "memory"] == ["memory"] and found[-1].text == "memory"


def test_coding_agents_sit_under_coding() -> None:
    lex = lexicon()
    assert {"coding agents", "command line"} <= lex.concept_family("coding")
    assert "coding" not in lex.concept_family("coding agents")
    assert [m.name for m in lex.concepts.find("终端 agentic 编码 CLI")] == ["command line", "coding", "command line"]
    assert not [m for m in lex.concepts.find("532M 视觉编码器") if m.name == "coding"]  # an encoder is no coding


def test_org_groups_hold_known_orgs_and_are_never_an_entrys_org() -> None:
    lex = lexicon()
    groups = [t for t in lex.orgs.terms.values() if t.extra.get("members")]
    assert {g.name for g in groups} >= {"Chinese organisations", "US organisations", "universities"}
    for g in groups:
        unknown = set(g.extra["members"]) - set(lex.orgs.terms)
        assert not unknown, f"{g.name}: members that are no org: {unknown}"
        assert g.extra.get("label_en") and g.extra.get("label_zh")
    assert {"Alibaba Qwen", "ByteDance Seed", "DeepSeek"} <= lex.org_family("Chinese organisations")
    assert "OpenAI" not in lex.org_family("Chinese organisations")
    assert {"Tsinghua KEG", "Stanford"} <= lex.org_family("universities") and "Google" not in lex.org_family(
        "universities"
    )
    # The longer name wins: "中国人民大学" is Renmin University, not the group "中国" or "大学".
    assert [m.name for m in lex.orgs.find("中国人民大学的工作")] == ["Renmin University"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R1-Zero 用 GRPO（去 critic）+ 规则化可验证奖励（RLVR）", ["GRPO", "critic", "RLVR"]),
        ("Group Relative Policy Optimization and PPO", ["GRPO", "PPO"]),
        ("RLHF, not RL-based", ["RLHF", "reinforcement learning"]),
        ("在线策略蒸馏 and distillation", ["on-policy distillation", "distillation"]),
        ("Lean4 theorem proving", ["theorem proving", "theorem proving"]),
        # a model family with its version written onto the name is still the family; a longer word is not
        ("GRPO on Qwen2.5-7B and Llama3", ["GRPO", "Qwen", "Llama"]),
        ("Qwenish Llamas", []),
    ],
)
def test_concepts(text: str, expected: list[str]) -> None:
    assert lexicon().concepts.names(text) == list(dict.fromkeys(expected))


def test_literal_kind_beats_the_flexible_one() -> None:
    kinds = lexicon().kinds
    assert [m.name for m in kinds.find("kind technical-report")] == ["technical-report"]
    assert [m.name for m in kinds.find("a technical report")] == ["report"]
    assert [m.name for m in kinds.find("博客 and model cards")] == ["blog", "model card"]


def test_glossary_links_both_languages() -> None:
    glossary = lexicon().glossary
    assert {"专家", "experts"} <= glossary["expert"] and "expert" in glossary["专家"]
    assert "困惑度" in glossary["perplexity"]
    assert "专家" in lexicon().countable and "gpu" in lexicon().countable


def test_a_versioned_family_takes_its_version_joined_any_way_but_never_a_size() -> None:
    from surveyqa.lexicon import alias_pattern

    pattern = re.compile(alias_pattern("GPT", versioned=True))
    for text, said in (("GPT-4o", "GPT-4o"), ("gpt4o", "gpt4o"), ("GPT 4o", "GPT 4o"), ("GPT-4.1", "GPT-4.1")):
        m = pattern.search(f"which papers ran {text}?")
        assert m is not None and m.group() == said, (text, m)
    llama = re.compile(alias_pattern("LLaMA", versioned=True))
    m = llama.search("fine-tunes LLaMA-7B")
    assert m is not None and m.group() == "LLaMA", m  # a size is no version
