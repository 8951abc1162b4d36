"""Text utilities shared by chunking, BM25 and answering: sentence splitting and tokens."""

from __future__ import annotations

import logging
import re
from functools import lru_cache

# A Latin "word" keeps inner dots, dashes, @ and + so model names survive whole:
# GPT-4o, Qwen2.5-7B, o4-mini, pass@1, Claude 3.5 (as two tokens), τ-bench.
_LATIN_TOKEN = re.compile(r"[0-9A-Za-zτ]+(?:[.\-@+/_][0-9A-Za-zτ]+)*")
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
# Sentence ends: Chinese full stops split anywhere; Latin ones only before
# whitespace, so "2.5", "e.g." inside a word and "Qwen2.5-7B" stay intact.
_SENTENCE_END = re.compile(r"(?<=[。？！；])|(?<=[.?!;])(?=\s)")

# Function words that carry no retrieval signal in either language.
# The last line holds the pieces a contraction leaves ("what's", "don't").
STOPWORDS = frozenset(
    """a an the of to in on for and or with by is are was were be been being as at from that this
    these those it its which what who whom whose how why when where do does did can could would
    should will shall may might than then there their they them we our you your i me my he she his
    her not no yes if so such into about over under more most less least very also just only but
    的 了 是 在 和 与 及 或 把 被 对 为 以 于 之 等 也 都 而 并 又 中 上 下 个 这 那 其 它 他 她 我 你
    吗 呢 吧 啊 哪 哪些 什么 怎么 怎样 如何 多少 几 是否 有 有没有 没有 一个 一种 用 用于 通过 进行
    哪个 谁 请问 请 告诉 一下 里 中的 之中 呀 还 就 但 但是 却 ， 。 、 ？ ！ ； ：
    s t don doesn didn isn aren wasn weren ll ve""".split()  # noqa: SIM905
)


@lru_cache(maxsize=1)
def _jieba():  # type: ignore[no-untyped-def]
    import jieba

    jieba.setLogLevel(logging.WARNING)
    jieba.initialize()
    return jieba


def split_sentences(text: str) -> list[str]:
    """Split on 。？！； anywhere and on .?!; followed by whitespace; drop empty pieces."""
    return [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]


def split_sentences_lossless(text: str) -> list[str]:
    """Like :func:`split_sentences` but keeps whitespace, so ``"".join(parts) == text``."""
    return [p for p in _SENTENCE_END.split(text) if p]


def has_cjk(text: str) -> bool:
    """True when the text contains at least one CJK ideograph."""
    return _CJK.search(text) is not None


def cjk_runs(text: str) -> list[str]:
    """The runs of CJK ideographs in the text, in order."""
    return _CJK_RUN.findall(text)


def tokenize(text: str, *, drop_stopwords: bool = True) -> list[str]:
    """BM25 tokens: jieba words for Chinese runs, lower-cased Latin words (model names intact)."""
    return list(_tokenize(text, drop_stopwords))


@lru_cache(maxsize=8192)
def _tokenize(text: str, drop_stopwords: bool) -> tuple[str, ...]:
    # Cached: the answer steps tokenize the same survey sentences for every question.
    tokens: list[str] = []
    pos = 0
    for m in _CJK_RUN.finditer(text):
        tokens.extend(_latin(text[pos : m.start()]))
        tokens.extend(w for w in _jieba().lcut(m.group(), HMM=False) if w.strip())
        pos = m.end()
    tokens.extend(_latin(text[pos:]))
    if drop_stopwords:
        tokens = [t for t in tokens if t not in STOPWORDS]
    return tuple(tokens)


def _latin(text: str) -> list[str]:
    out: list[str] = []
    for m in _LATIN_TOKEN.finditer(text):
        word = m.group().lower()
        out.append(word)
        # Also index the parts of a compound so "qwen2.5" matches "Qwen2.5-7B".
        if any(c in word for c in "-/_") and len(word) > 3:
            out.extend(p for p in re.split(r"[\-/_]", word) if len(p) > 1)
    return out


def count_tokens(text: str) -> int:
    """Rough model-token count for chunk sizing: one per CJK char, one per Latin word."""
    return len(_CJK.findall(text)) + len(_LATIN_TOKEN.findall(text))


# Small counts in words, shared by the reader (members of a counted set) and the judge (counts in LLM sentences).
SMALL_NUMBERS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")  # 2-12
CJK_NUMBERS = "一二三四五六七八九十"  # 1-10


def count_value(said: str) -> int:
    """A small count as a number ("3", "three", "三", "两"); 0 when it is none of these."""
    low = said.lower()
    if low.isdigit():
        return int(low)
    if low in SMALL_NUMBERS:
        return SMALL_NUMBERS.index(low) + 2
    if said == "两":
        return 2
    return CJK_NUMBERS.index(said) + 1 if len(said) == 1 and said in CJK_NUMBERS else 0


def number_words(n: int) -> tuple[list[str], list[str]]:
    """A count's English word and Chinese numerals ("two"; "二", "两"), each empty when it has none."""
    english = [SMALL_NUMBERS[n - 2]] if 2 <= n <= 12 else []
    chinese = [CJK_NUMBERS[n - 1]] if 1 <= n <= 10 else []
    return english, chinese + (["两"] if n == 2 else [])


def squashed(text: str) -> str:
    """Lower-cased, with spaces, hyphens, underscores and dots dropped: "GPT-4" and "gpt4" read alike."""
    return re.sub(r"[\s\-_.]+", "", text.lower())
