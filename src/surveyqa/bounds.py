"""The numbers a question sets: the measure a ranking is over, thresholds, ranges and count bounds."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Literal

_UNIT = r"(?P<u>[KMBT])(?![A-Za-z])"  # "10B", "10B以下", "256K 上下文"; not "10Bn"


THRESHOLD = re.compile(
    # "10T+ tokens", "40B+ active": a plus right after the unit, then no other thing added ("7B+RL", "16B base + SFT")
    rf"(?P<v>\d+(?:\.\d+)?)\s*{_UNIT}(?:\+(?=\s*(?:$|[?？,，.。;；)）]|(?:tokens?|params?|parameters?|active|"
    r"activated|context|models?)\b|的|以上|token|参数|激活|上下文|模型))|[^。？?]{0,12}?"
    r"(?:or more|or longer|or larger|or bigger|and above|or above|and up|以上|及以上|"
    r"甚至更长|或更长|更长|或更多|更多|以上的|或更大|更大))"
    r"|(?:at least|no less than|no fewer than|not less than|not fewer than|more than|bigger than|larger than|"
    r"greater than|longer than|over|above|≥|>=|"
    r"超过|不少于|不低于|不小于|至少|大于)"
    rf"\s*(?P<v2>\d+(?:\.\d+)?)\s*{_UNIT.replace('<u>', '<u2>')}",
    re.IGNORECASE,
)


AT_MOST = re.compile(
    rf"(?P<v>\d+(?:\.\d+)?)\s*{_UNIT}[^。？?]{{0,12}}?(?:or less|or fewer|or smaller|or below|and below|"
    r"or under|以下|及以下|以内|或更少|或更小|更小)"
    # "no less than", "不少于", "不低于" are at-least bounds: a negation before these words turns them round.
    r"|(?<!\bno )(?<!\bnot )(?<!不)"
    r"(?:at most|fewer than|less than|smaller than|under|below|no more than|not more than|≤|<=|<|"
    r"少于|不到|小于|低于|不超过|至多)"
    rf"\s*(?P<v2>\d+(?:\.\d+)?)\s*{_UNIT.replace('<u>', '<u2>')}",
    re.IGNORECASE,
)


# "哪些模型的上下文窗口是 256K", "Which models have a 256K context?": a list by one value of its measure.
_EXACTLY = re.compile(rf"(?<![\w.])(?P<v>\d+(?:\.\d+)?)\s*{_UNIT}", re.IGNORECASE)


# Which units bound which measure: a context in K or M tokens, a size in B or T parameters.
BOUND_UNITS = {"context": "KM", "size:total": "BT", "size:active": "BT"}


_QUANTITY_NOUNS = {
    "task": r"tasks?|任务|题目?|问题",
    "API": r"APIs?",
    "language": r"languages?(?!\s+models?)|语言(?!模型)|语种",
    "environment": r"environments?|环境",
    "website": r"websites?|网站",
    "app": r"\bapps?\b|应用",
    "agent": r"sub-?agents?|子\s*agent|agents?(?= in parallel)",
    "expert": r"experts?|专家",
    "GPU": r"GPUs?|显卡|卡(?=数|的集群)|GPU 集群|集群",
    # "the most benchmarks", "benchmark 数量最多", "基准数量": how many benchmarks a work evaluates on
    "benchmark": r"benchmarks?(?= (?:it|they) (?:evaluat|report))|个基准|(?:公开\s*)?benchmark\s*(?:的)?数量"
    r"|基准(?:的)?数量|(?:most|fewest|more|fewer)\s+(?:public\s+)?benchmarks",
    "issue": r"issues?",
    "trajectory": r"trajector(?:y|ies)|轨迹",
}


# A ranking by model size: parameters, or a superlative of size next to "model" ("the smallest language model").
_SIZE = re.compile(
    r"\bparameters?\b|\bparams?\b|参数|规模最[大小]|"
    r"\b(?:biggest|largest|smallest|tiniest)\b(?:\s+[\w\-]+){0,2}?\s+models?\b|最[大小]的(?:\S{0,6}?)模型|"
    # "Among the models built for function calling, which one is the largest?", "这些模型里哪个最大"
    r"\bmodels?\b[^?？]{0,60}?\b(?:which|what)(?:\s+(?:one|model))?\s+is\s+(?:the\s+)?(?:biggest|largest|smallest)"
    r"\s*(?:[?？.,]|$)"
    # "Which model is the largest?", "哪个模型最大": the model itself is what is big
    r"|\bwhich\s+models?\s+(?:is|are)\s+(?:the\s+)?(?:biggest|largest|smallest)\s*(?:[?？.]|$)"
    r"|(?:哪个|哪一个|哪款|哪一款)模型(?:是)?最[大小](?:的)?\s*(?:[？?。]|$)"
    r"|模型(?:里|中|当中)[^？?]{0,12}?(?:哪个|哪一个|哪款|哪一款|谁)(?:的)?(?:参数)?(?:规模)?最[大小]\s*(?:[？?。，]|$)",
    re.I,
)


_SIZED_CONTEXT = re.compile(r"\d+(?:\.\d+)?\s*[KkMm](?:[- ]?tokens?)?(?:\s+of)?[- ]context\b", re.I)  # "a 1M context"


# "active", "activates", "激活": the words of a mixture of experts' active parameter count.
ACTIVE = re.compile(r"\bactive\b|\bactivat\w*|激活", re.I)


# How sparse a mixture of experts is: the share of its parameters active per token.
_SPARSITY = re.compile(
    r"\bsparse(?:st)?\b|\bsparsity\b|稀疏|\b(?:ratio|share|fraction|proportion|percentage) of (?:its )?(?:parameters )?"
    r"(?:active|activated)|\bactive[- ](?:to|/)[- ]total\b"
    r"|(?:激活|active)[^。？?]{0,8}(?:占|/)[^。？?]{0,6}总[^。？?]{0,4}(?:比例|比率|占比)|激活(?:参数)?的?(?:比例|比率|占比)"
    r"|\bactivat\w*\s+(?:the\s+)?(?:smallest|largest|lowest|highest)\s+(?:fraction|share|proportion)|\bby sparsity\b",
    re.I,
)


_SPARSEST = re.compile(
    r"\b(?:sparsest|densest|most sparse|least sparse"
    r"|(?:highest|lowest|largest|smallest) (?:ratio|share|fraction|proportion)|by sparsity)\b"
    r"|最(?:不)?\S{0,1}稀疏|(?:比例|比率|占比)最(?:高|低|大|小)|最(?:高|低|大|小)的?(?:比例|比率|占比)",
    re.I,
)


_MORE_OR_LESS = re.compile(r"most|fewest|least|largest|smallest|biggest|最多|最少|最大|最小|more|fewer", re.I)


_SPEED = re.compile(
    r"tok(?:en)?s?/s|tokens? per second|每秒|吞吐|throughput|generation speed|生成速度|最快|fastest", re.I
)


_TOKENS = re.compile(
    r"\btokens?\b.*\b(?:pre-?train|train)|(?:pre-?train|train)\w*\b.*\btokens?\b"
    r"|预训练.*token|token.*预训练|训练数据量|训练 token",
    re.I,
)


# "reduce / shorten training time", "缩短训练时间": a change to it, not how long it took.
_REDUCES = re.compile(
    r"\b(?:reduc|shorten|cut|speed|lower|sav|halv)\w*|缩短|减少|降低|节省|加速|提速|减半", re.IGNORECASE
)


_HUMAN_GAP = re.compile(
    r"\b(?:gap|difference|distance)\b[^?？]{0,40}\bhumans?\b|\bhumans?\b[^?？]{0,40}\b(?:gap|difference|distance)\b"
    r"|人类[^？?]{0,20}(?:差距|差别|差值)|(?:差距|差别)[^？?]{0,20}人类",
    re.IGNORECASE,
)


_HUMAN = re.compile(
    r"\bhuman (?:baseline|performance|score|accuracy|success rate)s?\b|\bhumans?\b.*\b(?:scor|achiev)(?:e|es|ed|ing)\b"
    r"|人类(?:表现|水平|基线|成绩|分数|准确率|成功率)",
    re.I,
)


_ONE_SCALE = re.compile(
    r"\b(?:a|one)[\s-]+(thousand|million|billion|trillion)\b|(百万|万亿)(?=\s*(?:token|上下文|参数))", re.IGNORECASE
)


_SCALE_LETTER = {"thousand": "K", "million": "M", "billion": "B", "trillion": "T", "百万": "M", "万亿": "T"}


_NUMBER_SCALE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*(thousand|million|billion|trillion)\b", re.IGNORECASE)


# A bound on a benchmark result: "above 90", "超过 60%", "90 分以上", "70% or higher"; at most: "below 20%", "不到 50".
_SCORE_NUMBER = (
    r"(?<![\w.])(?P<v>\d+(?:\.\d+)?)(?![\d.]*\s*(?:[BTKMbtkm]\b|[BTKMbtkm](?=[\s\u4e00-\u9fff])|billion|trillion"
    r"|parameters|params|参数|亿|万))\s*(?:%|分|points?\b|pts\b)?"
)


# "between 60 and 70", "60 到 70 分之间", "60–70%": a range of results, both ends included.
_SCORE_RANGE = re.compile(
    r"\bbetween\s+(?P<lo>\d+(?:\.\d+)?)\s*%?\s*(?:and|to)\s*(?P<hi>\d+(?:\.\d+)?)\s*%?"
    r"|(?<![\w.])(?P<lo2>\d+(?:\.\d+)?)\s*%?\s*(?:到|至|-|–|~|～)\s*(?P<hi2>\d+(?:\.\d+)?)\s*(?:%|分)?\s*(?:之间|以内)",
    re.IGNORECASE,
)


_SCORE_AT_MOST = re.compile(
    r"(?<!\bno )(?<!\bnot )(?<!不)"
    r"(?:at most|no more than|not more than|less than|fewer than|lower than|under|below|≤|<=|<"
    r"|低于|不到|不超过|不高于|少于|小于)\s*"
    + _SCORE_NUMBER
    + r"|"
    + _SCORE_NUMBER.replace("<v>", "<v2>")
    + r"\s*(?:以下|及以下|以内|or less|or lower|or below|and below)",
    re.IGNORECASE,
)


# "过 70% 的都有谁": 过 said alone before the number (not 超过, 通过, 经过).
_OVER_ALONE = r"(?<![超通经不跑做测])过(?=\s*\d)"


_SCORE_AT_LEAST = re.compile(
    r"(?:at least|no less than|not less than|no fewer than|more than|greater than|higher than|over|above|exceeding|"
    r"≥|>=|>|超过|高于|不低于|至少|大于|突破|"
    + _OVER_ALONE
    + r")\s*"
    + _SCORE_NUMBER
    + r"|"
    + _SCORE_NUMBER.replace("<v>", "<v2>")
    + r"\s*(?:以上|及以上|or more|or higher|or above|and above|\+)",
    re.IGNORECASE,
)


_COUNT = r"(?<![\w.])(?P<v>\d+)(?![\d.]*\s*(?:[BTKMbtkm]\b|%|万|亿|年|分|points?\b))"


_COUNT_AFTER = r"(?<![\w.])(?P<v2>\d+)\+?\s*(?:个|道|项|条|种|题)?\s*"


_COUNT_AT_MOST = re.compile(
    r"(?:at most|no more than|not more than|(?<!no )(?<!not )(?:fewer|less) than|under|below|≤|<=|<"
    r"|不到|不超过|不多于|不高于|(?<!不)(?:少于|小于|低于))\s*"
    + _COUNT
    + r"|"
    + _COUNT_AFTER
    + r"(?:以下|以内|or fewer|or less)",
    re.IGNORECASE,
)


_COUNT_AT_LEAST = re.compile(
    r"(?:at least|no fewer than|no less than|not less than|(?<!no )(?<!not )(?:more|greater|higher) than|over|above"
    r"|exceeding|≥|>=|>|至少|不少于|不低于|(?<!不)(?:超过|多于|大于|高于))\s*"
    + _COUNT
    + r"|"
    + _COUNT_AFTER
    + r"(?:以上|及以上|or more|and above)",
    re.IGNORECASE,
)


# Bounds that leave the number itself out ("fewer than 500", "超过 500"), not "no fewer than", "不超过".
_STRICT = re.compile(
    r"(?<!no )(?<!not )(?:fewer|less|more|greater|higher) than|\b(?:under|below|over|above|exceeding)\b|<(?!=)|>(?!=)"
    r"|不到|(?<!不)(?:少于|小于|低于|超过|多于|大于|高于)|" + _OVER_ALONE,
    re.IGNORECASE,
)


# "between 300B and 700B", "10B 到 30B 之间", "10–30B active": a range, both ends included.
_RANGE = re.compile(
    r"(?:\bbetween\s+|\bfrom\s+|在\s*)?(?<![\w.\-])(?P<v>\d+(?:\.\d+)?)\s*(?P<u>[KMBT])?(?![A-Za-z])\s*"
    r"(?:\band\b|\bto\b|–|—|-|~|～|到|至)\s*(?P<v2>\d+(?:\.\d+)?)\s*(?P<u2>[KMBT])(?![A-Za-z])(?P<tail>\s*(?:之间|范围))?",
    re.IGNORECASE,
)


def first_word_of(text: str, mins: object, maxs: object) -> str:
    lo = mins.find(text)  # type: ignore[attr-defined]
    hi = maxs.find(text)  # type: ignore[attr-defined]
    if lo and (not hi or lo[0].start <= hi[0].start):
        return "min"
    return "max"


def ranked_measure(text: str, benchmarks: tuple[str, ...], asks: tuple[str, ...]) -> str | None:
    """What a ranking ranks by: a benchmark, a size, the context, training tokens, a speed or a count."""
    if _HUMAN_GAP.search(text) and not benchmarks:
        return "gap:human"  # "the biggest gap between humans and the best model": each benchmark's own paper
    if _HUMAN.search(text) and not benchmarks:
        return "human"
    if benchmarks:
        return f"benchmark:{benchmarks[0]}"
    if _SPARSITY.search(text) and _SPARSEST.search(text):
        return "size:ratio"  # "which MoE is the sparsest": active over total parameters
    if _SPEED.search(text):
        return "speed"
    if "tokens" in asks or _TOKENS.search(text):
        return "tokens"
    if "hardware" in asks:
        return "quantity:GPU"
    if "duration" in asks and not _REDUCES.search(text):
        return "quantity:day"  # "how long did training take", "墙钟时间最长": days a run took
    sized = "size" in asks or _SIZE.search(text) or _bounded_in_params(text)
    if not sized and (_MORE_OR_LESS.search(text) or _count_bound(text)):
        for unit, pattern in _QUANTITY_NOUNS.items():
            if re.search(pattern, text, re.I):
                return f"quantity:{unit}"
    if sized:
        if ACTIVE.search(text):
            return "size:active"
        return "size:total"
    if "context" in asks or _SIZED_CONTEXT.search(text):
        return "context"

    if "cost" in asks:
        return "cost"
    return None


def _bounded_in_params(text: str) -> bool:
    """A bound in B or T ("超过 100B", "under 10B", "between 10B and 30B") is on a parameter count."""
    for pattern in (THRESHOLD, AT_MOST, _RANGE):
        for m in pattern.finditer(text):
            if (m.group("u2") or m.group("u") or "").upper() in ("B", "T"):
                return True
    return False


# A number with a Chinese scale word: "100 万 token" is 1M, "1.5 万亿" 1.5T, "3000 亿" 300B.
_CJK_SCALED = re.compile(r"(?<![0-9A-Za-z.])(\d+(?:\.\d+)?)\s*(万亿|千亿|百亿|亿|百万|万)")
_CJK_SCALE = {"万": 1e4, "百万": 1e6, "亿": 1e8, "百亿": 1e10, "千亿": 1e11, "万亿": 1e12}


def _as_letter(m: re.Match[str]) -> str:
    value = float(m.group(1)) * _CJK_SCALE[m.group(2)]
    scale, letter = next(((s, u) for s, u in ((1e12, "T"), (1e9, "B"), (1e6, "M"), (1e3, "K")) if value >= s), (1, ""))
    return f"{value / scale:g}{letter} "  # spaced: "100万token" reads "1M token"


def scaled(text: str) -> str:
    """Scales in words as a unit: "a million tokens" is 1M tokens, "10 trillion" 10T, "百万 token" 1M token,
    "100 万" 1M."""
    text = _CJK_SCALED.sub(_as_letter, text)
    text = _NUMBER_SCALE.sub(lambda m: m.group(1) + _SCALE_LETTER[m.group(2).lower()], text)  # "10 trillion" is 10T
    return _ONE_SCALE.sub(lambda m: " 1" + _SCALE_LETTER[(m.group(1) or m.group(2)).lower()], text)


def threshold(text: str, measure: str | None, *, exact: bool) -> tuple[float, Literal[">=", "<=", "=="]] | None:
    """The bound a list puts on its measure: at least, at most, or (``exact``: a list by one value) equal to.
    Only a number whose unit fits the measure bounds it ("Which 7B models have a 128K context?" bounds the
    context by 128K, not by 7B)."""
    if measure and measure.startswith("quantity:"):
        counted = _count_bound(text)  # "任务数不到 300 个", "more than 1,000 tasks": a plain count
        if counted:
            return counted
    units = BOUND_UNITS.get(measure or "", "KMBT")
    text = scaled(text)
    patterns: list[tuple[re.Pattern[str], Literal[">=", "<=", "=="]]] = [(AT_MOST, "<="), (THRESHOLD, ">=")]
    if exact:
        patterns.append((_EXACTLY, "=="))
    for pattern, op in patterns:  # at most first: "不超过 20B", "no more than 10B" also hold an at-least cue
        for m in pattern.finditer(text):
            value, unit = (m.group("v"), m.group("u")) if m.group("v") else (m.group("v2"), m.group("u2"))
            if unit.upper() in units:
                scale = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}[unit.lower()]
                return float(value) * scale, op
    if re.search(r"万亿参数|万亿级|trillion[\s-]param(?:eter)?s?\b|trillion-scale", text, re.I):
        return 1e12, ">="
    return None


def _count_bound(text: str) -> tuple[float, Literal[">=", "<="]] | None:
    """A bound on a plain count ("不到 300 个", "fewer than 300", "1,000 个以上"); a share ("90%") or a number with a
    unit ("2K") is none. A strict bound on whole things moves by one: "fewer than 500" is at most 499."""
    plain = re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)
    for pattern, op in ((_COUNT_AT_MOST, "<="), (_COUNT_AT_LEAST, ">=")):
        m = pattern.search(plain)
        if m:
            value = float(m.group("v") or m.group("v2"))
            if _STRICT.search(m.group()):
                value += 1 if op == ">=" else -1
            return value, op  # type: ignore[return-value]
    return None


def score_bound(
    text: str, names: Sequence[tuple[int, int]]
) -> tuple[float, Literal[">=", "<=", "=="], float | None] | None:
    """A bound on a benchmark result: (value, at least / at most, upper end of a range or None). At most is read
    first ("不超过 50%" also holds "超过"); at least and at most together, or "between 60 and 70", make a range. Not
    a number inside a benchmark's name ("AIME 2024", "Terminal-Bench 2.0"), a year or a model size ("10B")."""
    r = _SCORE_RANGE.search(text)
    if r:
        lo, hi = float(r.group("lo") or r.group("lo2")), float(r.group("hi") or r.group("hi2"))
        if lo < hi:
            return lo, ">=", hi
    found: dict[str, float] = {}
    spans: list[tuple[int, int]] = []
    for pattern, op in ((_SCORE_AT_MOST, "<="), (_SCORE_AT_LEAST, ">=")):
        for m in pattern.finditer(text):
            group = "v" if m.group("v") else "v2"
            at = m.start(group)
            if any(a <= at < b for a, b in names) or re.fullmatch(r"(?:19|20)\d\d", m.group(group)):
                continue
            if op == ">=" and any(a <= m.start() < b for a, b in spans):
                continue  # the "超过" inside "不超过"
            found.setdefault(op, float(m.group(group)))
            spans.append(m.span())
    if "<=" in found and ">=" in found and found[">="] < found["<="]:
        return found[">="], ">=", found["<="]
    if "<=" in found:
        return found["<="], "<=", None
    if ">=" in found:
        return found[">="], ">=", None
    return None


def value_range(text: str, measure: str | None) -> tuple[float, float] | None:
    """The two ends of a range the question bounds its measure by, when it asks for one."""
    units = BOUND_UNITS.get(measure or "")
    if not units:
        return None
    for m in _RANGE.finditer(text):
        joined = text[m.start() : m.end()]
        worded = re.match(r"\s*(?:between|from|在)", joined, re.IGNORECASE) or m.group("tail")
        # "7B to 70B", "100B 到 1T": both ends with their unit, joined by to / 到 / 至
        worded = worded or (m.group("u") and re.search(r"\bto\b|到|至", joined, re.IGNORECASE))
        dashed = re.search(r"\d\s*[KMBT]?\s*(?:–|—|-|~|～)\s*\d", joined, re.IGNORECASE)
        if not (worded or dashed) or m.group("u2").upper() not in units:
            continue
        if m.group("u") and m.group("u").upper() not in units:
            continue
        scale = {"k": 1e3, "m": 1e6, "b": 1e9, "t": 1e12}
        lo = float(m.group("v")) * scale[(m.group("u") or m.group("u2")).lower()]
        hi = float(m.group("v2")) * scale[m.group("u2").lower()]
        if 0 < lo < hi:
            return lo, hi
    return None


def ranking_bound(text: str) -> tuple[tuple[float, Literal[">=", "<=", "=="]] | None, str | None]:
    """A size or context bound in a question that ranks by something else, and the measure it bounds."""
    size = "size:active" if ACTIVE.search(text) else "size:total"
    for measure in (size, "context"):
        if measure == "context" and not re.search(r"context|上下文", text, re.IGNORECASE):
            continue
        ends = value_range(text, measure)
        bound: tuple[float, Literal[">=", "<=", "=="]] | None = (
            (ends[0], ">=") if ends else threshold(text, measure, exact=False)
        )
        if bound and not (measure == "context" and bound[0] >= 1e12):  # 万亿参数 bounds a size, not a context
            return bound, measure
    return None, None
