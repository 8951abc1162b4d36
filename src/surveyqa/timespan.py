"""The dates a question names: years, months, halves, and before / after another work."""

from __future__ import annotations

import itertools
import re

from surveyqa.catalog import Catalog, NameHit

_YEAR = r"(?:19|20)\d\d"


_MONTHS = {
    m: i + 1
    for i, m in enumerate(
        [
            "january",
            "february",
            "march",
            "april",
            "may",
            "june",
            "july",
            "august",
            "september",
            "october",
            "november",
            "december",
        ]
    )
}


_MONTH_NAME = (
    r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?"
    r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b\.?"
)


HALF = re.compile(
    rf"(?:(?P<y1>{_YEAR})\s*年?\s*(?P<h1>上半年|下半年|前半年|后半年|[Hh][12](?![\dA-Za-z])|第?[一二三四1-4]季度|[Qq][1-4](?![\dA-Za-z])))"
    rf"|(?:\b(?P<h2>(?:first|second|1st|2nd|front|back|earlier|later|latter) half|H[12]|Q[1-4]"
    rf"|(?:first|second|third|fourth|last|final|1st|2nd|3rd|4th) quarter)[\s\-]*(?:of\s*)?(?P<y2>{_YEAR}))",
    re.IGNORECASE,
)


_MONTH_RANGE = re.compile(
    # "2024 年 1 到 6 月", "2024年1月至6月", "2024 年 1-6 月", "2024-01 to 2024-06" (not a day: "2025-03-05")
    rf"(?P<y>{_YEAR})\s*[年\-/.]\s*(?P<a>\d{{1,2}})\s*月?\s*(?:到|至|~|to|–|—|-(?=\s*\d{{1,2}}\s*月))\s*"
    rf"(?:(?P<yb>{_YEAR})\s*[年\-/.]\s*)?(?P<b>\d{{1,2}})\s*月?(?![\d\-])"
    # "between March and June 2025", "from December 2024 to March 2025", "March–June 2025"
    rf"|(?:between\s+|from\s+)?(?P<ma>{_MONTH_NAME})\s*(?P<ya>{_YEAR})?\s*(?:and|to|through|until|-|–|—|/)\s*"
    rf"(?P<mb>{_MONTH_NAME})\s*,?\s*(?P<y3>{_YEAR})"
    # "spring 2023 (March through May)", "in 2024, from May to August": the year said first
    rf"|(?P<y4>{_YEAR})\s*[,(]?\s*(?:from\s+|between\s+)?(?P<mc>{_MONTH_NAME})\s*(?:and|to|through|until|-|–|—)\s*"
    rf"(?P<md>{_MONTH_NAME})\b(?!\s*,?\s*{_YEAR})",
    re.IGNORECASE,
)


# Months listed in one year ("2025 年 2、3 月", "25 年 2 月和 3 月", "2024年1、2、3月"): a span when they run on.
_MONTH_LIST = re.compile(
    rf"(?P<y>{_YEAR})\s*年\s*(?P<months>\d{{1,2}}\s*月?(?:\s*(?:、|，|,|和|与|及|跟|/)\s*\d{{1,2}}\s*月?)+)"
    r"(?<=月)(?![\d\-])"
)


_ONE_MONTH = re.compile(
    rf"({_YEAR})\s*[-/.年]\s*(\d{{1,2}})\s*月?(?![\d\-])|({_MONTH_NAME})\s+({_YEAR})\b", re.IGNORECASE
)


_SINCE_MONTH = re.compile(r"^\s*(?:以来|起|及以后|或更晚)|(?:since|from .{0,3}on)\s*$", re.IGNORECASE)


# The English words for "before" / "after" a date or a named work.
_BEFORE_WORDS = r"before|prior to|earlier than|older than|pre-?dated?s?"
_AFTER_WORDS = r"after|later than|newer than|post-?dated?s?"


_AFTER_MONTH = re.compile(rf"^\s*(?:之后|以后)|(?:{_AFTER_WORDS})\s*$", re.IGNORECASE)


_BEFORE_MONTH = re.compile(rf"^\s*(?:之前|以前|前(?!后))|(?:{_BEFORE_WORDS})\s*$", re.IGNORECASE)


_AFTER_NAME = re.compile(rf"\b(?:since|{_AFTER_WORDS})\s+(?:the\s+)?$", re.IGNORECASE)


_BEFORE_NAME = re.compile(rf"\b(?:{_BEFORE_WORDS})\s+(?:the\s+)?$", re.IGNORECASE)


# 之后 / 以前, never a bare 后 or 前: "DeepSeek-R1 后训练" is post-training, "GPT-5 前沿" is frontier.
_NAME_AFTER = re.compile(r"^\s*(?:发布)?(?:之后|以后|以来)|^\s*发布后")


_NAME_BEFORE = re.compile(r"^\s*(?:发布)?(?:之前|以前)|^\s*发布前")


_ORDINALS = ("first", "second", "third", "fourth")


def dates_named(text: str, taken: list[tuple[int, int]]) -> tuple[tuple[int, int] | None, str | None]:
    """A year range and/or a month the question restricts to, ignoring years inside names (AIME 2024)."""
    clean = list(text)
    for s, e in taken:
        for k in range(s, e):
            clean[k] = " "
    t = "".join(clean)
    t = re.sub(r"(?:NeurIPS|ICML|ICLR|ACL|EMNLP|IMO|IOI|ICPC|HMMT|AIME)[\s\-]*" + _YEAR, " ", t, flags=re.I)
    # "the 2025 version", "2025 版": a version of something named, not a date ("the 2025 ones" are works of 2025)
    t = re.sub(rf"(?<!\d){_YEAR}(?=\s*(?:versions?\b|editions?\b|版|那一?届))", " ", t, flags=re.I)
    # "25年9月", "24 年下半年": a year written with two digits
    t = re.sub(
        r"(?<![\d.])(?<!过去)(?<!过去 )(?<![近这多前后越了约跨])(?<![近这多前后越了约跨] )(?<!最近)(?<!最近 )"
        r"(1[6-9]|2\d)(\s*年\s*(?:\d{1,2}\s*(?:(?:-|–|~|到|至)\s*\d{1,2}\s*)?月|\d{1,2}\s*(?:月?\s*(?:、|和|与|及|/)\s*\d{1,2}\s*)+月|[上下]半年|第?[一二三四1-4]季度|[QqHh][1-4](?![\dA-Za-z])|发布|推出|发表|收录|以来|及?(?:以后|之后|以前|之前)|(?:出来|开源|提出|上线|放出|问世|发)[的了]|出[的了]"
        r"|的(?:东西|工作|论文|条目|模型|成果|文章|博客|报告|新东西)))",
        r"20\1\2",
        t,
    )
    # "26 年国内团队发的论文", "（25 年，国内的）": a two-digit year opening the question or a clause is a date, not a
    # duration ("20 年来", "3 年内", "过去 20 年" never open a clause that way)
    t = re.sub(
        r"(?:^|(?<=[，,；;：:（(]))(\s*)(2\d)(?=\s*年\s*(?!来|前|内|间|多|里|左右|时|以上|以内|后|的)(?:[\u4e00-\u9fff]|[，,）)]|[A-Za-z]))",
        r"\g<1>20\2",
        t,
    )
    # "2022–23", "2024-25": a span of years with the second one shortened (not "2024-12", a month)
    t = re.sub(
        r"(?<![\d.])(20)(\d\d)(\s*(?:–|-|—|~|到|至)\s*)(\d\d)(?![\d.%])",
        lambda m: f"{m[1]}{m[2]}{m[3]}20{m[4]}" if m[4] > m[2] else m[0],
        t,
    )
    span = _month_span(t)
    if span:
        lo, hi = span
        return (int(lo[:4]), int(hi[:4])), (lo if lo == hi else f"{lo}..{hi}")
    month = None
    m = _ONE_MONTH.search(t)
    if m:
        number = int(m.group(2)) if m.group(1) else _month_number(m.group(3)) or 0
        if 1 <= number <= 12:
            month = f"{m.group(1) or m.group(4)}-{number:02d}"
    rng = re.search(rf"({_YEAR})\s*(?:–|-|—|~|到|至|to|and|and the end of)\s*({_YEAR})", t)
    if rng:
        return (int(rng.group(1)), int(rng.group(2))), month
    years = [int(y) for y in re.findall(rf"(?<!\d)({_YEAR})(?!\d)", t)]
    if not years:
        return None, month
    bounded = _bounds_each(t)
    if bounded:
        return bounded, month
    y = years[0]
    after = t[t.find(str(y)) + 4 : t.find(str(y)) + 14]
    before = t[max(0, t.find(str(y)) - 12) : t.find(str(y))]
    if re.search(rf"之前|以前|前的|{_BEFORE_WORDS}\b", after + before, re.I):
        return (1900, y - 1), month
    # "2025 年以后 / 之后 / 及以后" count 2025 itself, as readers say it ("00 后" are born in 2000 or later), unless the
    # question leaves the year out ("不算 2025 年的", "（不含2024）"); "after 2024" does not count it.
    if re.match(r"\s*年?\s*及?\s*(?:之后|以后)", after) and not re.search(rf"(?:不算|不含|不包括)\s*{y}", t):
        return (y, 2100), month
    if re.search(rf"之后|以后|{_AFTER_WORDS}\b", after + before, re.I):
        return (y + 1, 2100), month
    # "since 2025", "2025 年起", "from 2025 on", "2025+": that year and later
    at = t.find(str(y)) + 4
    from_on = re.search(r"\bfrom\s*$", before, re.I) and _ON_AFTER_YEAR.match(t, at)
    since = re.search(r"以来|起|since|from .* on|onwards?|or later|and later|or newer", after + before, re.I)
    if from_on or since or re.match(r"\+(?!\s*\d)", after):  # "2025+", not "2024+2025"
        return (y, 2100), month
    return (y, y), month


# "from 2025 on, …", "from 2025 on use PPO", "from 2025 onwards": the "on" of a span, not "from 2024 on RL" (a topic).
_ON_AFTER_YEAR = re.compile(
    r"\s*(?:on(?:wards?)?|and\s+(?:on|later))(?=\s*(?:[,，?？.;)]|$|\b(?:or|and|but|which|use[sd]?|"
    r"report(?:s|ed)?(?!\s+(?:of|on|about)\b)|mention(?:s|ed)?|train(?:s|ed)?|are|were|have|has|do|did)\b))",
    re.IGNORECASE,
)


_LEADS_TO_YEAR = re.compile(
    rf"(?:(?P<before>{_BEFORE_WORDS})|(?P<after>{_AFTER_WORDS}))\s+(?:the\s+(?:year\s+)?)?$", re.IGNORECASE
)
_FOLLOWS_YEAR = re.compile(r"^\s*年?\s*(?:(?P<before>之前|以前)|(?P<after>之后|以后))")  # never a bare 前 / 后 (后训练)


def _bounds_each(t: str) -> tuple[int, int] | None:
    """Two or more years each with its own direction ("after 2024 and before 2026", "2023 年之后、2026 年之前"):
    the range they bound together, or None when fewer than two years say which way they point."""
    lo, hi, bounded = 1900, 2100, 0
    for m in re.finditer(rf"(?<!\d)({_YEAR})(?!\d)", t):
        y = int(m.group(1))
        lead = _LEADS_TO_YEAR.search(t[max(0, m.start() - 16) : m.start()])
        follow = _FOLLOWS_YEAR.match(t[m.end() : m.end() + 6])
        way = lead or follow
        if way is None:
            continue
        bounded += 1
        if way.group("before"):
            hi = min(hi, y - 1)
        else:
            lo = max(lo, y + 1)
    return (lo, hi) if bounded >= 2 and lo <= hi else None


def date_anchors(text: str, names: list[NameHit], catalog: Catalog) -> tuple[list[NameHit], tuple[str, str] | None]:
    """Named works that date a survey-level question ("after GPT-5", "DeepSeek-R1 之前", "after o1 and before
    DeepSeek-R1"): those works, and the span of months strictly after / before their months."""
    anchors: list[NameHit] = []
    lo, hi = "1900-01", "2100-12"
    for n in names:
        date = catalog.by_id[n.entry_id].date or ""
        if not re.fullmatch(r"\d{4}-\d{2}", date):
            continue
        if _AFTER_NAME.search(text[: n.start]) or _NAME_AFTER.match(text[n.end :]):
            anchors.append(n)
            lo = max(lo, _shift_month(date, 1))
        elif _BEFORE_NAME.search(text[: n.start]) or _NAME_BEFORE.match(text[n.end :]):
            anchors.append(n)
            hi = min(hi, _shift_month(date, -1))
    return anchors, ((lo, hi) if anchors and lo <= hi else None)


def _shift_month(month: str, by: int) -> str:
    """ "2025-12" + 1 → "2026-01"; "2025-01" - 1 → "2024-12"."""
    n = int(month[:4]) * 12 + int(month[5:7]) - 1 + by
    return f"{n // 12}-{n % 12 + 1:02d}"


def _month_number(word: str) -> int | None:
    return next((n for name, n in _MONTHS.items() if name.startswith(word.lower().rstrip(".")[:3])), None)


def _month_span(t: str) -> tuple[str, str] | None:
    """A span of months the question restricts to, as inclusive "YYYY-MM" bounds: a half or quarter of a year
    ("2024 年上半年", "H1 2025", "Q3 2025"), a range of months ("2024 年 1 到 6 月", "between March and June
    2025"), or months since / after / before a month ("2025 年 3 月以来", "after March 2025 and before June
    2025")."""
    m = HALF.search(t)
    if m:
        year, part = next((m.group(f"y{i}"), m.group(f"h{i}")) for i in (1, 2) if m.group(f"y{i}"))
        part = re.sub(r"^(?:front|earlier) half$|^前半年$", "1 half", part.lower())
        part = re.sub(r"^(?:back|later|latter) half$|^后半年$", "2 half", part)
        part = part.replace("last", "4").replace("final", "4")
        part = re.sub(r"\b(first|second|third|fourth)\b", lambda w: str(_ORDINALS.index(w.group()) + 1), part)
        part = re.sub(r"(\d)(?:st|nd|rd|th)\b", r"\1", part)
        if part in ("上半年", "h1", "1 half"):
            first, last = 1, 6
        elif part in ("下半年", "h2", "2 half"):
            first, last = 7, 12
        else:
            digit = re.search(r"[1-4一二三四]", part)
            mark = digit.group() if digit else "1"
            quarter = int(mark) if mark.isdigit() else "一二三四".find(mark) + 1
            first, last = 3 * quarter - 2, 3 * quarter
        return f"{year}-{first:02d}", f"{year}-{last:02d}"
    m = _MONTH_LIST.search(t)
    if m:
        numbers = [int(n) for n in re.findall(r"\d{1,2}", m.group("months"))]
        if all(1 <= n <= 12 for n in numbers) and all(b == a + 1 for a, b in itertools.pairwise(numbers)):
            return f"{m.group('y')}-{numbers[0]:02d}", f"{m.group('y')}-{numbers[-1]:02d}"
    m = _MONTH_RANGE.search(t)
    if m:
        if m.group("y"):
            a, b, y, yb = int(m.group("a")), int(m.group("b")), m.group("y"), m.group("yb") or m.group("y")
        elif m.group("y4"):
            a, b = _month_number(m.group("mc")) or 0, _month_number(m.group("md")) or 0
            y = yb = m.group("y4")
        else:
            a, b = _month_number(m.group("ma")) or 0, _month_number(m.group("mb")) or 0
            y, yb = m.group("ya") or m.group("y3"), m.group("y3")
        if 1 <= a <= 12 and 1 <= b <= 12 and f"{y}-{a:02d}" <= f"{yb}-{b:02d}":
            return f"{y}-{a:02d}", f"{yb}-{b:02d}"
        return None
    lo, hi = "1900-01", "2100-12"
    for m in _ONE_MONTH.finditer(t):
        year, number = (m.group(1), int(m.group(2))) if m.group(1) else (m.group(4), _month_number(m.group(3)) or 0)
        if not 1 <= number <= 12:
            continue
        month = f"{year}-{number:02d}"
        after, before = t[m.end() : m.end() + 6], t[max(0, m.start() - 12) : m.start()]
        if _SINCE_MONTH.search(after) or _SINCE_MONTH.search(before):
            lo = max(lo, month)
        elif _AFTER_MONTH.search(after) or _AFTER_MONTH.search(before):
            lo = max(lo, _shift_month(month, 1))  # "after March 2025" is April on, as "after 2025" is 2026 on
        elif _BEFORE_MONTH.search(after) or _BEFORE_MONTH.search(before):
            hi = min(hi, _shift_month(month, -1))
    if (lo, hi) == ("1900-01", "2100-12") or lo > hi:
        return None
    return lo, hi
