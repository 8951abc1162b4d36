from __future__ import annotations

import re

from conftest import SURVEY, TINY_SURVEY
from surveyqa.corpus import load_survey, parse_survey, title_slug

EXPECTED_BULLETS = 137


def test_full_survey_accounts_for_every_bullet() -> None:
    text = SURVEY.read_text(encoding="utf-8")
    survey = load_survey(SURVEY)
    bullets = [ln for ln in text.splitlines() if ln.strip().startswith("•")]
    assert len(bullets) == EXPECTED_BULLETS
    assert survey.bullet_count == EXPECTED_BULLETS
    entries = [e for e in survey.entries if e.kind not in ("overview", "scope")]
    assert len(entries) == EXPECTED_BULLETS, "a bullet was dropped or two were merged"
    # Each bullet maps to exactly one entry, in order, and the summary is its text verbatim.
    for line, entry in zip(bullets, entries, strict=True):
        assert entry.title in line
        assert entry.summary in line
        assert line.count("•") == 1


def test_ids_unique_readable_and_known_examples() -> None:
    survey = load_survey(SURVEY)
    ids = [e.id for e in survey.entries]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids), ids
    for expected in ("deepseek-r1", "kimi-k2", "kimi-k2-5", "webgpt", "codeact", "overview", "scope", "tau-bench"):
        assert expected in ids


def test_ids_stable_and_insertion_changes_no_other_id() -> None:
    text = SURVEY.read_text(encoding="utf-8")
    before = [e.id for e in parse_survey(text).entries]
    assert before == [e.id for e in parse_survey(text).entries]
    new_line = "  • Brand New Agent: Something (Test Lab, 2026-07, paper) — 新条目。https://arxiv.org/abs/2607.00001\n"
    anchor = "  • ReAct:"
    assert anchor in text
    after = [e.id for e in parse_survey(text.replace(anchor, new_line + anchor, 1)).entries]
    assert "brand-new-agent" in after
    assert [i for i in after if i != "brand-new-agent"] == before


def test_fields_sections_and_faithful_scars() -> None:
    by_id = load_survey(SURVEY).by_id()
    r1 = by_id["deepseek-r1"]
    assert (r1.org, r1.date, r1.kind, r1.arxiv_id) == ("DeepSeek", "2025-01", "paper", "2501.12948")
    assert r1.section.startswith("八、")
    assert "15.6%→71.0%" in r1.summary
    assert by_id["kimi-k2"].section.endswith("/ 2025")
    world = by_id["qwen-agentworld"]
    assert "(+4.312.3)" in world.summary and world.summary.endswith("详")  # export scars kept as is
    assert world.section.startswith("增量补录")
    assert by_id["overview"].summary.startswith("“Agentic 训练”")
    assert by_id["scope"].summary.startswith("范围与去重")


def test_title_slug_rule() -> None:
    assert title_slug("Kimi K2.5: Visual Agentic Intelligence") == "kimi-k2-5"
    assert title_slug("Generative Language Modeling for Automated Theorem Proving (GPT-f)") == "gpt-f"
    assert title_slug("HybridFlow (verl)") == "hybridflow"
    assert title_slug("Introducing Claude 4 (Opus 4 & Sonnet 4)") == "claude-4"
    assert title_slug("System Card: Claude Opus 4.6") == "system-card-claude-opus-4-6"


def test_tiny_survey_parses() -> None:
    survey = parse_survey(TINY_SURVEY)
    assert [e.id for e in survey.entries] == [
        "overview",
        "scope",
        "codeact",
        "toolformer",
        "deepseek-r1",
        "kimi-k2",
        "qwen-agentworld",
    ]
