"""Works a question measures against a model: 'beat GPT-4o', 'compare against o1', '对标 DeepSeek-V3'."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Protocol, TypeVar

from surveyqa.lexicon import Lexicon, model_alias_flags


class _Span(Protocol):
    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


_Found = TypeVar("_Found", bound=_Span)

# "Which works measure themselves against GPT-4 Turbo?", "哪些工作拿 ChatGPT / GPT-3.5 当对标？": a model named
# after a cue of comparison (or, in Chinese, before one: "拿 X 当对标") is what the listed works compare with.
VERSUS_BEFORE = re.compile(
    r"(?:\b(?:against|compar\w*(?:\s+\w+){0,2}?\s+(?:to|with)|relative to|on par with|"
    r"match(?:es|ed|ing)?|rival\w*|beat\w*|outperform\w*|surpass\w*|exceed\w*|close to|as good as|"
    r"catch(?:es|ing)? up (?:to|with)|(?:go\w*\s+)?(?:head-to-head|toe-to-toe) (?:with|against))\b"
    r"|对标|对比|比肩|追平|媲美|超过|超越|逼近|击败|打败|赶上|胜过|相比|比)",
    re.IGNORECASE,
)


_VERSUS_AFTER = re.compile(
    # "Qwen 系列模型当对比对象": the family's words may come between the name and the cue.
    r"(?:\s*(?:系列|家族|的|模型)){0,3}"
    r"(?:\s*(?:(?:当|作为|做了?|当作|当成)\s*)?(?:对标|基线|对照|参照|比较|对比|对手|竞品)|\s*(?:相比|比肩|持平|打平|差不多|比过|比了|PK))"
)


# Names joined to a model ("ChatGPT / GPT-3.5 当对标"): the cue after the last one is theirs too.
_MODEL_CHAIN = re.compile(
    r"(?:\s*(?:/|、|,|，|或|和|\bor\b|\band\b)\s*[\w.\-]+(?:\s[A-Z][\w.\-]*)?|\s*[（(][^（()）]{1,30}[)）])*"
)


# A model set aside in the same breath ("not the original GPT-4 or GPT-4o", "不是 GPT-5.5").
_NOT_THIS_MODEL = re.compile(
    r"(?:\b(?:not|rather than|instead of|excluding|other than)\b|不是|而非|不算|不含|除了)", re.IGNORECASE
)


# What may follow a family's name in a model's name: a version, a tier, a date ("GPT-4 Turbo", "o1-1217").
_MODEL_TAIL = (
    r"(?:-?(?=[\w.]*\d)[\w.]++|o)?(?:-[\w.]++)*+"
    r"(?:\s(?:[A-Z]?\d[\w.]*|Turbo|turbo|mini|preview|Pro|Flash|Ultra|Sonnet|Opus|Haiku|Max|Plus|Lite)\b)*"
)


# A model named as an example of the works asked for ("… like Kimi K2 does", "比如 Kimi K2"), not measured against.
_EXAMPLE_BEFORE = re.compile(r"(?:\b(?:like|such as|e\.g\.?|say)|比如|例如|像)\s*$", re.IGNORECASE)


# What ends a comparison cue's reach before a name: a clause break or a verb of another relation.
_VERSUS_GAP_BREAK = re.compile(
    r"[,，;；。.?？!！]|\b(?:and|but|that|which|who|are|is|were|was|built|based|trained|fine-?tuned|using|uses?|used"
    r"|on|with|from)\b|并且|而且|基于|训练|微调|用了|使用",
    re.IGNORECASE,
)


# A name joined to the one before it: "ChatGPT / GPT-3.5", "o1, o1-1217", "o1 line (o1-preview", "GPT-4 or GPT-4o".
_VERSUS_JOINED = re.compile(r"\s*(?:/|、|,|，|或|和|\bor\b|\band\b)\s*|[\s\w']{0,12}[(（][^)）]{0,40}", re.IGNORECASE)


def beaten_names(text: str, names: Sequence[_Found]) -> list[_Found]:
    """Named works (or makers) a question's description says its subject beat or matched ("beat OpenAI's CUA and
    Claude 3.7"): a rival cue before the first, nothing starting another clause between, the rest joined on ("and",
    "/", "、")."""
    out: list[_Found] = []
    last_end = -1
    for n in sorted(names, key=lambda n: n.start):
        if _rival_at(text, n.start, last_end, window=40):
            out.append(n)
            last_end = n.end
    return out


def _rival_at(text: str, start: int, last_end: int, *, window: int) -> bool:
    """A name at ``start`` is one measured against: a rival cue within ``window`` characters before it governs it
    (nothing starting another clause between: "beat GPT-4 and are built on Llama", "超过了 GPT-4，并且基于 Qwen"
    leave Llama and Qwen to the rest of the question), or it is joined on to the rival before it, ending at
    ``last_end`` ("ChatGPT / GPT-3.5")."""
    cues = list(VERSUS_BEFORE.finditer(text, max(0, start - window), start))
    if cues and not _VERSUS_GAP_BREAK.search(text, cues[-1].end(), start):
        return True
    return last_end >= 0 and bool(_VERSUS_JOINED.fullmatch(text, last_end, start))


def versus_spans(text: str, lex: Lexicon) -> list[tuple[int, int, str]]:
    """Where a list question names the models its works are measured against ("against GPT-4 Turbo", "拿 ChatGPT /
    GPT-3.5 当对标", "against o1 (o1, o1-preview)"); those it sets aside ("not GPT-5.5") are left out."""
    found: list[tuple[int, int, str]] = []
    for pattern in _model_name_patterns(lex):
        for m in pattern.finditer(text):
            name = m.group().rstrip(".")
            found.append((m.start(), m.start() + len(name), name))
    # The longest name at each place ("GPT-4 Turbo", not also "GPT-4" or "GPT").
    found.sort(key=lambda f: (f[0], -f[1]))
    names: list[tuple[int, int, str]] = []
    for f in found:
        if not names or f[0] >= names[-1][1]:
            names.append(f)
    out: list[tuple[int, int, str]] = []
    last_end = -1  # the end of the last model measured against (set aside or not)
    for start, end, name in names:
        after = _MODEL_CHAIN.match(text, end)
        cue_after = _VERSUS_AFTER.match(text, after.end() if after else end)
        if not (_rival_at(text, start, last_end, window=60) or cue_after) or _EXAMPLE_BEFORE.search(text, 0, start):
            continue
        last_end = end
        # (within its own clause: "不算阿里自己的条目，哪些工作拿 Qwen 当对手" sets Alibaba's works aside, not Qwen)
        lead = re.split(r"[，,。;；？?！!]", text[max(0, start - 30) : start])[-1]
        if _NOT_THIS_MODEL.search(lead) and not re.search(r"\b(?:not (?:just|only))\b", lead, re.IGNORECASE):
            continue
        out.append((start, end, name))
    return out


def _model_name_patterns(lex: Lexicon) -> list[re.Pattern[str]]:
    """A model's name for each alias of a family with a known maker, compiled once per lexicon."""
    cache = lex.__dict__.setdefault("_model_name_patterns", [])
    if not cache:
        for term in lex.model_families:
            if not term.extra.get("org"):
                continue
            for alias in term.aliases:
                pattern = rf"(?<![A-Za-z0-9.\-]){re.escape(alias)}{_MODEL_TAIL}(?![A-Za-z0-9])"
                cache.append(re.compile(pattern, model_alias_flags(alias)))
    return cache  # type: ignore[no-any-return]
