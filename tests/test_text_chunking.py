from __future__ import annotations

from llama_index.core.node_parser import SentenceSplitter

from surveyqa.chunking import chunk_entries, make_splitter
from surveyqa.corpus import Entry
from surveyqa.text import split_sentences, tokenize

ZH = (
    "主张用可执行 Python 代码作为统一动作空间，取代 JSON 调用。"
    "在 17 个 LLM 上成功率最多高 20%！开源 CodeActInstruct 与 CodeActAgent；深刻影响 OpenHands。"
) * 3


def test_tokens_keep_model_names() -> None:
    toks = tokenize("GPT-4o 与 Qwen2.5-7B 的 pass@1，以及 o4-mini")
    for name in ("gpt-4o", "qwen2.5-7b", "qwen2.5", "pass@1", "o4-mini"):
        assert name in toks
    assert "的" not in toks  # stopword


def test_sentences_split_on_both_scripts() -> None:
    parts = split_sentences("第一句。第二句？Qwen2.5 is here. Next! 最后；结束")
    assert parts == ["第一句。", "第二句？", "Qwen2.5 is here.", "Next!", "最后；", "结束"]


def test_stock_splitter_cuts_chinese_badly_ours_at_sentence_ends() -> None:
    text = "模型在 Qwen2.5-7B 上训练。" * 20
    stock = SentenceSplitter(chunk_size=60, chunk_overlap=0).split_text(text)
    ours = make_splitter(chunk_size=60, chunk_overlap=0).split_text(text)
    # The stock splitter (NLTK punkt, blind to 。) falls back to cutting at any dot: "Qwen2." | "5-7B".
    assert any(c.endswith("Qwen2.") for c in stock), stock
    assert all(c.endswith("。") for c in ours), ours
    assert "".join(ours) == text
    zh = make_splitter(chunk_size=60, chunk_overlap=0).split_text(ZH)
    assert all(c.rstrip().endswith(("。", "！", "；", "？")) for c in zh), zh


def test_chunks_know_entry_kind_and_start_with_title() -> None:
    entry = Entry(id="codeact", title="CodeAct", summary=ZH, section="s", abstract="We propose code actions. " * 40)
    chunks = chunk_entries([entry], chunk_size=60, chunk_overlap=0)
    kinds = {c.kind for c in chunks}
    assert kinds == {"summary", "abstract"}
    assert all(c.entry_id == "codeact" and c.embed_text.startswith("CodeAct\n") for c in chunks)
    assert len({c.id for c in chunks}) == len(chunks)
