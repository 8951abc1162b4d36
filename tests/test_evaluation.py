"""Strict scoring of one answer: key facts as written, or the same quantity written another way."""

from __future__ import annotations

import pytest

from surveyqa.evaluation import QAItem, fact_present, score_answer
from surveyqa.results import Answer


@pytest.mark.parametrize(
    ("fact", "answer", "present"),
    [
        ("118 万", "about 1.18 million real products", True),
        ("118 万", "118万件商品", True),
        ("6.4 万", "some 64K preference pairs", True),
        ("200K", "a 200,000-token window", True),
        ("20B", "20 billion active parameters", True),
        ("12.3 万", "12.3 million samples", False),  # 万 is ten thousand, not a million
        ("200K", "2000K", False),
        ("131K", "131,072 tokens", False),  # close is not the same
        ("1B", "10B", False),
        ("56%", "56 %", True),
        ("56%", "0.56", False),  # only a scaled number is read as a quantity
        ("GPT-4o", "gpt-4o", True),
        # a number is not found inside a longer one
        ("1B", "Hunyuan-A13B with 11B active", False),
        ("30%", "130% of the baseline", False),
        ("5", "a 1.5x speed-up", False),
        ("41.0%", "a 41.0% solve rate", True),
        ("7B", "Qwen2.5-7B", True),
        ("15.6%", "AIME 2024 pass@1 15.6%→71.0%", True),  # a space apart is another number
        ("4.3", "Sim RL(+4.312.3)", True),  # a run that is no number ("4.3–12.3" with its dash lost)
        ("1", "1,000 tasks", False),
        ("11", "from 1 11 to 12", True),
        ("GPT-4", "GPT-4.1", False),
        # the two-character scale words: 千万 is ten million, 万亿 a trillion
        ("1 千万", "10 million users", True),
        ("1 千万", "1 thousand users", False),
        ("1 万亿", "1 trillion parameters", True),
        ("1T", "1 万亿参数", True),
        ("1 万亿", "10,000 parameters", False),
    ],
)
def test_a_fact_is_present_as_written_or_as_the_same_quantity(fact: str, answer: str, present: bool) -> None:
    assert fact_present(fact, answer) is present


def test_a_rewritten_quantity_counts_only_with_the_gold_cited() -> None:
    item = QAItem(
        "x", "How many products does WebShop hold?", "en", "lookup", "dev", True, ("webshop",), facts=("118 万",)
    )
    right = Answer("WebShop holds 1.18 million real-world products. [webshop]", False, [], [])
    wrong_entry = Answer("WebShop holds 1.18 million real-world products. [webarena]", False, [], [])
    wrong_value = Answer("WebShop holds 1.18 thousand products. [webshop]", False, [], [])
    assert score_answer(item, right).correct
    assert not score_answer(item, wrong_entry).correct
    assert not score_answer(item, wrong_value).correct
