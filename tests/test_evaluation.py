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
