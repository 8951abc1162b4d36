from __future__ import annotations

import pytest

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.build import build_index
from surveyqa.citations import cited_ids, split_cited, verbatim
from surveyqa.embedding import E5Embedder
from surveyqa.prompts import ABSTAIN_EN, ABSTAIN_ZH
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings


@pytest.fixture
def answerer(tiny_settings: Settings, e5: E5Embedder) -> ExtractiveAnswerer:
    build_index(tiny_settings, embedder=e5)
    return ExtractiveAnswerer(Retriever.from_settings(tiny_settings, embedder=e5))


@pytest.mark.parametrize(
    ("question", "entry", "fact"),
    [
        ("CodeAct 用什么作为 agent 的动作空间？", "codeact", "Python"),
        ("What action space does CodeAct propose?", "codeact", "Python"),
        ("DeepSeek-R1 的 AIME 2024 pass@1 提升到多少？", "deepseek-r1", "71.0%"),
        ("What is Kimi K2's SWE-Bench Verified score?", "kimi-k2", "65.8"),
        ("Which base model did Toolformer use?", "toolformer", "GPT-J"),
    ],
)
def test_answers_cite_verbatim_sentences(answerer: ExtractiveAnswerer, question: str, entry: str, fact: str) -> None:
    result = answerer.answer(question)
    assert not result.abstained
    assert fact in result.answer
    assert cited_ids(result.answer) == [entry] == [c.id for c in result.citations]
    by_id = answerer.retriever.by_id
    for sent in split_cited(result.answer):
        assert sent.ids, f"uncited sentence {sent.text!r}"
        assert all(verbatim(sent.text, by_id[i]) for i in sent.ids), sent
    assert len(result.answer) < 300  # a chosen sentence, not the whole entry pasted


def test_comparison_cites_both_sides(answerer: ExtractiveAnswerer) -> None:
    result = answerer.answer("How do DeepSeek-R1 and Kimi K2 differ?")
    assert result.kind == "comparison"
    assert set(cited_ids(result.answer)) == {"deepseek-r1", "kimi-k2"}


def test_comparison_says_which_side_lacks_the_fact(answerer: ExtractiveAnswerer) -> None:
    # The tiny survey gives DeepSeek-R1's AIME score but no AIME score for Kimi K2.
    result = answerer.answer("Which scored higher on AIME, DeepSeek-R1 or Kimi K2?")
    assert not result.abstained and "71.0%" in result.answer
    assert cited_ids(result.answer) == ["deepseek-r1"]
    assert "does not state the AIME score for Kimi K2" in result.answer


@pytest.mark.parametrize(
    ("question", "message"),
    [("What is the capital of Australia?", ABSTAIN_EN), ("AlphaGo 是哪一年击败李世石的？", ABSTAIN_ZH)],
)
def test_abstains_in_the_question_language(answerer: ExtractiveAnswerer, question: str, message: str) -> None:
    result = answerer.answer(question)
    assert result.abstained and result.answer == message
    assert result.citations == [] and cited_ids(result.answer) == []
    assert result.retrieved  # the nearest entries are still listed


def test_split_cited() -> None:
    parts = split_cited("A b. [x] C 很好。 [y] [z] D 无引用。E 有引用。 [x] tail.")
    assert [(p.text, p.ids) for p in parts] == [
        ("A b.", ("x",)),
        ("C 很好。", ("y", "z")),
        ("D 无引用。", ()),
        ("E 有引用。", ("x",)),
        ("tail.", ()),
    ]


@pytest.mark.parametrize("text", ["word " * 4000, " " * 20_000 + "x", "[" * 20_000, "a [b " * 4000])
def test_split_cited_is_linear_on_text_without_markers(text: str) -> None:
    # The old pattern rescanned the rest of the text from every position: 8,000 blanks took minutes.
    # A thread with a join timeout keeps a regression from hanging the suite.
    import threading

    out: list[object] = []
    worker = threading.Thread(target=lambda: out.append(split_cited(text)), daemon=True)
    worker.start()
    worker.join(timeout=5)
    assert out, "split_cited took over 5 s on a 20k-character answer without markers"
    assert all(p.ids == () for p in out[0])  # type: ignore[attr-defined]


def test_concurrent_questions_get_the_same_answers(answerer: ExtractiveAnswerer) -> None:
    from concurrent.futures import ThreadPoolExecutor

    questions = [
        "CodeAct 用什么作为 agent 的动作空间？",
        "What is Kimi K2's SWE-Bench Verified score?",
        "DeepSeek-R1 的 AIME 2024 pass@1 提升到多少？",
        "Which base model did Toolformer use?",
        "What is the capital of Australia?",
    ] * 6
    serial = [answerer.answer(q).answer for q in questions]
    # Eight threads at once: queries meet in the embedder's micro-batches and share BM25 and FAISS.
    with ThreadPoolExecutor(8) as pool:
        parallel = list(pool.map(lambda q: answerer.answer(q).answer, questions))
    assert parallel == serial
