from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from conftest import tiny_index
from surveyqa import tuning
from surveyqa.answer import ExtractiveAnswerer
from surveyqa.catalog import NameHit
from surveyqa.citations import cited_ids, split_cited, verbatim
from surveyqa.embedding import E5Embedder
from surveyqa.judge import SupportJudge
from surveyqa.prompts import ABSTAIN_EN, ABSTAIN_ZH
from surveyqa.reader import _dense_scores, _runner_up, _unsized_part
from surveyqa.retrieval import Retriever
from surveyqa.sentences import Sentence
from surveyqa.suite import in_question_language
from surveyqa.understand import Question


@pytest.fixture(scope="module")
def answerer(tmp_path_factory: pytest.TempPathFactory, e5: E5Embedder) -> ExtractiveAnswerer:
    """The tiny survey, indexed once for this module: its tests only ask."""
    settings = tiny_index(tmp_path_factory.mktemp("answer"), embedder=e5)
    return ExtractiveAnswerer(Retriever.from_settings(settings, embedder=e5))


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
        # Verbatim, or a verbatim quote behind a lead in the question's language built from the entry's name.
        framed = SupportJudge().judge(sent.text, [by_id[i] for i in sent.ids], allow_paraphrase=False)
        assert all(verbatim(sent.text, by_id[i]) for i in sent.ids) or framed.reason == "framed", sent
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


@pytest.mark.parametrize(
    ("question", "lang", "lead"),
    [
        ("What does Toolformer filter candidate API calls with?", "en", "Toolformer, in the survey's words"),
        ("How was DeepSeek-R1-Zero trained, according to its abstract?", "en", None),
        ("DeepSeek-R1-Zero 是怎么训练的？", "zh", None),
    ],
)
def test_answers_speak_the_questions_language(
    answerer: ExtractiveAnswerer, question: str, lang: str, lead: str | None
) -> None:
    """Issue 11: a quote in the other language gets a lead in the question's own, built from verbatim tokens."""
    result = answerer.answer(question)
    by_id = answerer.retriever.by_id
    assert not result.abstained
    if lead:
        assert result.answer.startswith(lead)
    assert in_question_language(result.answer, question, lang, by_id), result.answer
    judge = SupportJudge()
    for sent in split_cited(result.answer):
        assert judge.judge(sent.text, [by_id[i] for i in sent.ids], allow_paraphrase=False).supported, sent


def test_a_bare_quote_in_the_other_language_is_not_in_the_questions_language(answerer: ExtractiveAnswerer) -> None:
    by_id = answerer.retriever.by_id
    quote = "1T 总参 MoE；"
    question = "How big is Kimi K2?"
    assert not in_question_language(f"{quote} [kimi-k2]", question, "en", by_id)
    assert in_question_language(f"Kimi K2, in the survey's words (Chinese): {quote} [kimi-k2]", question, "en", by_id)
    # Own words in the other language fail however the quotes read.
    assert not in_question_language(f"调研原文：{quote} [kimi-k2]", question, "en", by_id)


def test_the_judge_catches_a_lead_with_the_wrong_name_or_value(answerer: ExtractiveAnswerer) -> None:
    by_id = answerer.retriever.by_id
    judge = SupportJudge()
    quote = "1T 总参 MoE；SWE-Bench Verified 65.8、Tau2-Bench 66.1。"
    good = f"Kimi K2 — SWE-Bench Verified 65.8, in the survey's words (Chinese): {quote}"
    assert judge.judge(good, [by_id["kimi-k2"]], allow_paraphrase=False).supported
    for bad in (good.replace("Kimi K2 —", "Toolformer —"), good.replace("Verified 65.8,", "Verified 72.8,")):
        assert not judge.judge(bad, [by_id["kimi-k2"]], allow_paraphrase=False).supported, bad


def test_the_judge_accepts_a_lead_only_with_the_entrys_own_name_and_results(answerer: ExtractiveAnswerer) -> None:
    """A word of the name ("K2"), another work the text mentions, or a longer name are not the entry's name;
    a value paired with the wrong benchmark is not in the cited text."""
    by_id = answerer.retriever.by_id
    judge = SupportJudge()
    quote = "1T 总参 MoE；SWE-Bench Verified 65.8、Tau2-Bench 66.1。"
    for lead in ("K2", "Tau2-Bench", "the model", "Kimi K2 — SWE-Bench Verified 66.1"):
        text = f"{lead}, in the survey's words (Chinese): {quote}"
        assert not judge.judge(text, [by_id["kimi-k2"]], allow_paraphrase=False).supported, lead


def test_the_language_measure_is_not_fooled_by_a_stray_word_or_an_own_english_sentence(
    answerer: ExtractiveAnswerer,
) -> None:
    by_id = answerer.retriever.by_id
    quote = "1T 总参 MoE；"
    assert not in_question_language(f"so: {quote} [kimi-k2]", "How big is Kimi K2?", "en", by_id)
    english = "Notably it obtains 65.8 on SWE-Bench Verified [kimi-k2]"
    assert not in_question_language(english, "Kimi K2 的 SWE-Bench Verified 多少分？", "zh", by_id)
    listing = (
        "调研中提到 MoE 的条目共 3 项：\n- Kimi K2 (2025-07): 1T 总参 MoE [kimi-k2]\n……另有 2 项：codeact, toolformer。"
    )
    assert in_question_language(listing, "哪些工作用了 MoE？", "zh", by_id)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("CodeAct 和 Toolformer 哪个先发布？", "按调研标注的日期，Toolformer 更早（2023-02）："),
        ("Toolformer 跟 CodeAct 谁发布得更晚", "按调研标注的日期，CodeAct 更晚（2024-02）："),
        ("Which came out first, Kimi K2 or DeepSeek-R1?", "By the survey's dates, DeepSeek-R1 came out first"),
        ("Kimi K2 vs DeepSeek-R1: which one was released later?", "By the survey's dates, Kimi K2 came out later"),
        ("Was CodeAct released before Toolformer?", "By the survey's dates, Toolformer came out first"),
        ("Toolformer 比 CodeAct 晚发布吗？", "按调研标注的日期，CodeAct 更晚（2024-02）："),
    ],
)
def test_a_comparison_of_dates_says_which_came_first(answerer: ExtractiveAnswerer, question: str, said: str) -> None:
    result = answerer.answer(question)
    assert result.kind == "comparison" and result.answer.startswith(said), result.answer  # before the other side
    q = answerer.understand(question)
    assert q.asks == ("date",), q.asks  # 谁 here is "which one", not "who made it"
    by_id = answerer.retriever.by_id
    for sent in split_cited(result.answer):
        verdict = SupportJudge().judge(sent.text, [by_id[i] for i in sent.ids], allow_paraphrase=False)
        assert verdict.supported, (sent, verdict)


def test_when_without_an_order_gets_no_order_line(answerer: ExtractiveAnswerer) -> None:
    result = answerer.answer("When were CodeAct and Toolformer released?")
    assert result.kind == "comparison" and "came out" not in result.answer, result.answer
    assert "2024-02" in result.answer and "2023-02" in result.answer


def test_a_title_line_answer_is_led_as_the_surveys_listing(answerer: ExtractiveAnswerer) -> None:
    result = answerer.answer("Kimi K2 是谁发布的？")
    assert result.answer.startswith("Kimi K2，调研所列条目："), result.answer
    assert "Moonshot AI" in result.answer and "调研原文" not in result.answer


def test_language_centring_moves_the_other_languages_sentences_by_the_gap(monkeypatch: pytest.MonkeyPatch) -> None:
    """The embedder rates the question's own language higher whatever is said: the other language's sentences are
    moved by the gap between the two languages' mean similarity, so their order among themselves decides; not when
    one language has a single sentence (its mean would be its own score)."""
    vectors = np.array([[0.9, 0.0], [0.8, 0.0], [0.5, 0.0], [0.7, 0.0]], dtype=np.float32)
    zh1 = Sentence("e", "summary", 0, "中文句子一", -1, vec=0)
    zh2 = Sentence("e", "summary", 1, "中文句子二", -1, vec=1)
    en1 = Sentence("e", "abstract", 2, "An English sentence.", -1, vec=2)
    en2 = Sentence("e", "abstract", 3, "Another English one.", -1, vec=3)
    question = Question(text="问题", lang="zh", intent="lookup", tokens=())
    qvec = np.array([1.0, 0.0], dtype=np.float32)
    monkeypatch.setattr(tuning, "LANGUAGE_CENTRING", True)
    dense = _dense_scores(question, [zh1, zh2, en1, en2], qvec, vectors, vectors)
    # Chinese mean 0.85, English mean 0.6: the English ones move up by 0.25
    assert dense[3] == pytest.approx(0.95) and dense[2] == pytest.approx(0.75)  # en2, en1
    assert dense[0] == pytest.approx(0.9)  # zh1
    assert _dense_scores(question, [zh1, zh2, en2], qvec, vectors, vectors)[2] == pytest.approx(0.7)
    monkeypatch.setattr(tuning, "LANGUAGE_CENTRING", False)
    assert _dense_scores(question, [zh1, zh2, en1, en2], qvec, vectors, vectors)[3] == pytest.approx(0.7)


def test_the_other_sources_runner_up_joins_only_with_something_new() -> None:
    """In a lookup, an abstract's second sentence joins its best when it nearly ties it and holds what the chosen
    sentences do not: two question words or a rare one (in the other language, where no word is shared, it does not)."""

    class Names:
        entry_tokens = [("word",)] * 100

        def short_title(self, entry_id: str) -> str:
            return "WebVoyager"

        def named_entries(self, text: str) -> list[NameHit]:
            return [NameHit("e", 0, 10, "WebVoyager")] if "WebVoyager" in text else []

        def idf(self, token: str) -> float:
            return 5.0 if token == "simplified" else 1.0  # a rare word, and common ones

    line = Sentence("e", "summary", 0, "多模态网页 agent", -1, tokens=("多模态", "网页", "agent"))
    best = Sentence("e", "abstract", 1, "Web agents handle one modality.", -1, tokens=("web", "agents", "modality"))

    def runner_for(question: Question, tokens: tuple[str, ...], score: float) -> Sentence | None:
        runner = Sentence("e", "abstract", 2, "They are evaluated in simplified settings.", -1, tokens=tokens)
        scored = [(1.0, line), (0.8, best), (score, runner)]
        return _runner_up(scored, (0.8, best), [line, best], 260, question, Names())  # type: ignore[arg-type]

    en = Question(
        text="What shortcomings of web agents did WebVoyager fix?",
        lang="en",
        intent="lookup",
        tokens=("shortcomings", "web", "agents", "webvoyager", "settings", "simplified"),
    )
    assert runner_for(en, ("simplified", "settings"), 0.75) is not None  # 0.75 ≥ 0.9 × 0.8, two new words
    assert runner_for(en, ("simplified",), 0.75) is not None  # one rare one
    assert runner_for(en, ("settings",), 0.75) is None  # one common word is no answer
    assert runner_for(en, ("web", "agents", "webvoyager"), 0.79) is None  # nothing the chosen ones do not say
    assert runner_for(en, ("simplified", "settings"), 0.7) is None  # not close enough
    assert runner_for(replace(en, intent="comparison"), ("simplified", "settings"), 0.75) is None  # lookups only
    zh = Question(text="WebVoyager 要解决以前网页 agent 的哪些不足？", lang="zh", intent="lookup", tokens=("不足",))
    assert runner_for(zh, ("simplified", "settings"), 0.8) is None  # a tie, but nothing of the question


def test_a_part_with_its_size_beside_it_is_sized() -> None:
    q = Question(text="How big is the reward model?", lang="en", intent="lookup", tokens=(), asks=("size",))
    assert _unsized_part(q, "A 7B reward model scores each answer.") == ""
    assert _unsized_part(q, "奖励模型（72B）给每个回答打分") == ""
    assert _unsized_part(q, "奖励模型（Qwen2.5-72B，由人类偏好训练）") == ""
    assert _unsized_part(q, "SFT + 72B 奖励模型") == ""
    assert _unsized_part(q, "用 72B RM打分") == ""
    # a count of tokens is no size
    assert _unsized_part(q, "reward model trained on 15.5T tokens") == "reward model"
    # a size across "+" or "/" belongs to something else
    assert _unsized_part(q, "1.8B/7B/14B 基座 + Qwen-Chat（SFT+RM+RLHF）") == "reward model"
    assert _unsized_part(replace(q, asks=()), "1.8B/7B/14B 基座 + Qwen-Chat（SFT+RM+RLHF）") == ""


def test_the_question_is_embedded_while_it_is_read(answerer: ExtractiveAnswerer, e5: E5Embedder) -> None:
    """The answerer starts the question's embedding on the embedder's thread before reading the question, and
    answers exactly as it does when it embeds after reading (an embedder without ``query_later``)."""
    started: list[str] = []

    class Watching:
        name, dim = e5.name, e5.dim

        def query_later(self, text: str) -> object:
            started.append(text)
            return e5.query_later(text)

        def embed_queries(self, texts: list[str]) -> np.ndarray:
            return e5.embed_queries(texts)

    class Plain:
        name, dim = e5.name, e5.dim

        def embed_queries(self, texts: list[str]) -> np.ndarray:
            return e5.embed_queries(texts)

    retriever = answerer.retriever
    for question in ("What is Kimi K2's SWE-Bench Verified score?", "哪些工作用了 GRPO？", "whos behind CodeAct"):
        try:
            retriever.embedder = Watching()  # type: ignore[assignment]
            early = answerer.answer(question)
            retriever.embedder = Plain()  # type: ignore[assignment]
            late = answerer.answer(question)
        finally:
            retriever.embedder = e5
        assert started and started[-1] == answerer.understand(question).text  # respelled as read ("who's")
        assert early == late, question
