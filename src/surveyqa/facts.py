"""The facts table: typed facts read off each entry's survey line and abstract, each with its verbatim span.

Kinds:

- ``benchmark``: a reported result — canonical benchmark, value, unit, setting (pass@1, voting,
  thinking mode, step budget, subset), and ``own`` = False when the number belongs to a system the
  entry compares against (``> Claude(22.0)``) or, in a benchmark's own entry, to the systems it tested;
- ``size`` (``total`` / ``active`` / ``params``), ``context`` (tokens), ``quantity`` (a count of tasks,
  APIs, websites, ...), ``cost``;
- ``concept`` (a technique, topic or model family the entry mentions), ``org`` (normalised, with its
  parents), ``base_model``.

Extraction is pattern-based over the lexicon (``data/lexicon.toml``); ``coverage`` reports what share of
the survey's score-like numbers became benchmark facts, and lists the rest.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any, Literal

from surveyqa.corpus import Entry
from surveyqa.lexicon import Lexicon, Match, lexicon
from surveyqa.text import split_sentences

FactKind = Literal["benchmark", "size", "context", "quantity", "cost", "concept", "org", "base_model"]
Source = Literal["summary", "abstract", "header", "title"]

# A number as written, with what may follow it. Digits glued to letters belong to names (Qwen2.5).
_NUMBER = re.compile(
    r"(?<![\w.\-@^])(?P<sign>[+＋])?(?P<approx>约\s*)?(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)"
    r"(?P<unit>\s*(?:\\?%|％|个百分点|percentage points|points|分|(?:-)?th\b|pt\b))?"
)
# Units after a number that make it a size, a multiplier or a date, not a score.
_NOT_SCORE_AFTER = re.compile(
    r"^\s*(?:[BMKTbmkt]\b|[BMKT]-|×|x\b|倍|年|月|-\d|\.\d|万|千|亿|个|项|条|道|题|款|张|步|"
    r"(?:training |inference )?(?:steps?|budget)\b|"
    r"天|周|小时|days?|hours?|weeks?|token|GPU|H\d|LLMs?\b|tasks?\b|APIs?\b|languages\b|samples\b|agents?\b|nodes\b)"
)
_CLAUSE_BREAK = re.compile(r"[。；;！？!?]|\.(?=\s+[A-Z(\[])")
_COMPARISON = re.compile(
    r">|＞|\bvs\.?|超过|超|优于|胜过|对比|高于|than|surpass\w*|outperform\w*|exceed\w*|compared|beats?"
)
_IMPROVE = re.compile(r"→|->|提到|提升到|提升至|提高到|升至|from\s*$|to\s*$|improv\w* (?:\w+ )?to")
_MODEL_NAME = re.compile(
    r"(?:(?i:GPT-4[\w.\-]*(?:\+plugins)?)|GPT-3[\w.\-]*|Claude(?:[\w.\-]*|\s\d(?:\.\d)?)?|o1[\w.\-]*|o3[\w.\-]*|Llama[\w.\-]*|GLM-[\w.\-]+|Qwen[\w.\-]*|最优模型|"
    r"Gemini[\w.\-]*|DeepSeek[\w.\-]*|R1-Zero[\w.\-]*|Search-o1|人类|human|humans|CoT|ToT|Act-only|[A-Z][\w]*-\d[\w.\-]*)"
)
_ENGLISH_ON = re.compile(
    r"^(?:\s*(?:\\?%|points?))?(?P<between>[^\d。；;]{0,48}?(?:pass@\d+)?[^\d。；;]{0,40}?)\b(?:on|in|at)\s+(?:the\s+)?$"
)

_ENUMERATOR = re.compile(r"[)）]")
_BEFORE_ENUMERATOR = re.compile(r"(?:^|[\s；;，,。：:、])$")
MAX_GAP = 24  # characters between a benchmark name (or its last value) and a value that belongs to it
NEGATION_WINDOW = 100  # characters before a concept searched for "without …" in its clause
MAX_CLAUSE = 120  # longest span kept as the verbatim clause for a list line


@dataclass(frozen=True)
class Fact:
    """One typed fact about an entry; ``span`` occurs verbatim in the entry's text (see ``entry_texts``)."""

    entry_id: str
    kind: FactKind
    name: str
    span: str
    source: Source
    value: float | None = None
    unit: str = ""
    raw: str = ""
    setting: str = ""
    subject: str = ""
    own: bool = True

    def record(self) -> dict[str, Any]:
        return asdict(self)


def result_scale(unit: str, value: float) -> Literal["score", "percentile", "rating"]:
    """A benchmark result's scale: a percentile ("89th"), an Elo-like rating (a bare number above 100, "2088 on
    Codeforces"), or a score."""
    if unit == "percentile":
        return "percentile"
    if not unit and value > 100:
        return "rating"
    return "score"


def entry_texts(entry: Entry) -> dict[Source, str]:
    """The texts a fact may come from: the summary, the abstract, the header line and the title."""
    return {"summary": entry.summary, "abstract": entry.abstract or "", "header": entry.header(), "title": entry.title}


# -- numbers ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Num:
    start: int
    end: int
    value: float
    raw: str
    unit: str
    gain: bool


def _numbers(text: str, skip: Sequence[tuple[int, int]]) -> list[_Num]:
    out = []
    for m in _NUMBER.finditer(text):
        if any(s <= m.start("num") < e for s, e in skip):
            continue
        if _NOT_SCORE_AFTER.match(text[m.end("num") :]) and not m.group("unit"):
            continue
        if (
            _ENUMERATOR.match(text[m.end("num") :])
            and m.group("num").isdigit()
            and _BEFORE_ENUMERATOR.search(text[: m.start("num")])
        ):
            continue  # "1) … 2) …": a list marker, not a value
        value = float(m.group("num").replace(",", ""))
        unit_raw = (m.group("unit") or "").strip()
        unit = {"%": "%", "\\%": "%", "％": "%", "分": "points", "个百分点": "pp", "percentage points": "pp"}.get(
            unit_raw, "percentile" if unit_raw.endswith("th") else unit_raw
        )
        out.append(_Num(m.start(), m.end(), value, m.group().strip(), unit, bool(m.group("sign"))))
    return out


def _setting(text: str, lex: Lexicon, only: Sequence[str] = ()) -> str:
    """The settings named in a stretch of text, as a short label ("pass@1", "voting", "50步")."""
    found: list[str] = []
    for name, pattern in lex.settings.items():
        if only and name not in only:
            continue
        for m in pattern.finditer(text):
            label = m.group().strip()
            if name == "voting":
                label = f"voting ({label})" if label not in ("投票", "voting") else "voting"
            if label and label not in found:
                found.append(label)
    return ", ".join(found)


# -- benchmark results ---------------------------------------------------------------------------------
_CONNECTOR = re.compile(
    r"[\s、,，/／()（）:：;]|and|with|respectively|at|of|仅|只|达|约|分别|上|下|为|是|从|提到|提升到|提升至|到|→|->|to|from|improving|improv\w*|the",
    re.IGNORECASE,
)
_ACHIEVE = re.compile(
    r"achiev\w*|attain\w*|reach\w*|scor\w*|obtain\w*|gets?|records?|yield\w*|rate of|accuracy of", re.IGNORECASE
)
_VERSION = re.compile(r"(?<![\w.])(\d+\.\d+)$")


def benchmark_facts(entry: Entry, text: str, source: Source, lex: Lexicon, *, own_results: bool) -> list[Fact]:
    """Results in ``text``: Chinese style (``OSWorld 38.1%``) and English style (``38.1% on OSWorld``).

    In a benchmark's own entry (``own_results`` False) a value with no benchmark name before it belongs
    to that benchmark (``GPT-4 仅 14.41% vs 人类 78.24%`` in WebArena's line).
    """
    facts: list[Fact] = []
    implicit = None if own_results else _title_benchmark(entry, lex)
    english = source == "abstract"
    for sent in split_sentences(text):
        mentions = lex.benchmarks.find(sent)
        quantities = [(m.start(), m.end()) for m in _QUANTITY.finditer(sent)]
        numbers = [
            n
            for n in _numbers(sent, [(m.start, m.end) for m in mentions] + quantities)
            if not _is_year_or_ordinal(sent, n)
        ]
        if not mentions and implicit is None:
            continue
        assigned: dict[int, tuple[Match, str]] = {}
        for i, num in enumerate(numbers):
            target = _english_target(sent, num, numbers, mentions, lex)
            if target is not None:
                assigned[i] = target
        for i, num in enumerate(numbers):
            if i in assigned:
                continue
            target = _chinese_target(sent, i, numbers, mentions, assigned, english=english, lex=lex)
            if (
                target is None
                and implicit is not None
                and num.unit == "%"
                and not any(m.end <= num.start for m in mentions)
            ):
                target = (Match(implicit, 0, 0, ""), _setting(_strip_spans(sent[: num.start], mentions), lex))
            if target is not None:
                assigned[i] = target
        chain: Fact | None = None
        for i, (mention, setting) in sorted(assigned.items()):
            fact = _result(entry, sent, source, mention, numbers[i], setting, lex)
            if source == "abstract" and mention.end == 0:
                fact = replace(fact, own=False)  # a benchmark paper's abstract reports other systems
            compared = chain is not None and not chain.own and chain.subject not in ("", "before")
            if compared and chain is not None and chain.name == fact.name and fact.subject != "before":
                fact = replace(fact, own=False, subject=fact.subject or chain.subject)  # "> Claude(22.0/14.9)"
            if chain is not None and chain.subject == "before" and chain.name == fact.name and not fact.setting:
                fact = replace(fact, setting=chain.setting)  # "pass@1 15.6%→71.0%": the improved value's setting too
            facts.append(fact)
            chain = fact
    return facts


def _title_benchmark(entry: Entry, lex: Lexicon) -> str | None:
    head = re.split(r": | — ", entry.title, maxsplit=1)[0]
    found = lex.benchmarks.find(head)
    return found[0].name if found else None


def _is_year_or_ordinal(sent: str, num: _Num) -> bool:
    if not num.unit and re.fullmatch(r"(?:199\d|20[0-3]\d)", num.raw):
        return True
    before, after = sent[max(0, num.start - 2) : num.start], sent[num.end : num.end + 3]
    return (
        "第" in before or bool(re.match(r"(?:st|nd|rd)\b|th\b position", after)) or bool(re.match(r"\s*[:：]\d", after))
    )


def _strip_spans(text: str, mentions: Sequence[Match], offset: int = 0) -> str:
    """``text`` with benchmark names blanked, so "Verified" in a name is not read as a setting."""
    chars = list(text)
    for m in mentions:
        for k in range(max(m.start - offset, 0), min(m.end - offset, len(chars))):
            chars[k] = " "
    return "".join(chars)


def _english_target(
    sent: str, num: _Num, numbers: Sequence[_Num], mentions: Sequence[Match], lex: Lexicon
) -> tuple[Match, str] | None:
    after = [m for m in mentions if m.start >= num.end]
    if not after:
        return None
    between = sent[num.end : after[0].start]
    if not _ENGLISH_ON.match(between):
        return None
    if any(n.start >= num.end and n.end <= after[0].start for n in numbers):
        return None
    return after[0], _setting(between, lex)


def _chinese_target(
    sent: str,
    i: int,
    numbers: Sequence[_Num],
    mentions: Sequence[Match],
    assigned: dict[int, tuple[Match, str]],
    *,
    english: bool,
    lex: Lexicon,
) -> tuple[Match, str] | None:
    num = numbers[i]
    before = [m for m in mentions if m.end <= num.start]
    if not before:
        return None
    mention = before[-1]
    prior = [j for j in range(i) if numbers[j].start >= mention.end and j in assigned and assigned[j][0] == mention]
    if prior:
        # A further value of the same benchmark: only settings, connectors, comparisons and names between
        # (the previous value's own "(50步)" is not this one's).
        gap = re.sub(r"^\s*[（(][^（）()]{0,16}[）)]", "", sent[numbers[i - 1].end : num.start])
        rest = _MODEL_NAME.sub(" ", gap)
        for pattern in lex.settings.values():
            rest = pattern.sub(" ", rest)
        rest = _COMPARISON.sub(" ", _CONNECTOR.sub(" ", rest))
        if len(gap) > MAX_GAP or _CLAUSE_BREAK.search(gap) or len(rest.strip()) > 2:
            return None
        return mention, _setting(gap, lex)
    if any(j in assigned for j in range(i) if numbers[j].start >= mention.end):
        return None  # an earlier value after this name went elsewhere
    gap = sent[mention.end : num.start]
    limit = 48 if english and _ACHIEVE.search(gap) else MAX_GAP + 8
    if len(gap) > limit or _CLAUSE_BREAK.search(gap) or (("，" in gap or ", " in gap) and len(gap) > 10):
        return None
    if english and not (_ACHIEVE.search(gap) or not re.search(r"[A-Za-z]{3,}", gap)):
        return None
    return mention, _setting(gap, lex)


def _result(entry: Entry, sent: str, source: Source, mention: Match, num: _Num, setting: str, lex: Lexicon) -> Fact:
    implicit = mention.end == 0
    lo, hi = (mention.start, num.end) if mention.start < num.start and not implicit else (num.start, mention.end)
    if implicit:
        lo, hi = num.start, num.end
    after = sent[num.end :]
    tail = re.match(r"\s*[（(]([^（）()]{1,16})[）)]", after)
    if tail and not re.search(r"\d+(?:\.\d+)?\s*%", tail.group(1)):
        extra = _setting(tail.group(1), lex)
        setting = ", ".join(x for x in (setting, extra) if x)
        hi = max(hi, num.end + tail.end())
    follow = re.match(r"\s*(pass@\d+|pass\^\d+|cons@\d+|with \d+ steps|\(\d+\s*步\))", after)
    if follow and follow.group(1) not in setting:
        setting = ", ".join(x for x in (setting, follow.group(1).strip("()")) if x)
    setting = ", ".join(dict.fromkeys(s for s in setting.split(", ") if s))
    version = _VERSION.search(mention.text)
    if version and version.group(1) not in mention.name:
        setting = ", ".join(x for x in (f"v{version.group(1)}", setting) if x)
    clause_start = max((m.end() for m in _CLAUSE_BREAK.finditer(sent[: num.start])), default=0)
    mentions_in_clause = [m for m in lex.benchmarks.find(sent) if clause_start <= m.start < num.start]
    if mentions_in_clause and not implicit:
        lead = _strip_spans(sent[clause_start : mentions_in_clause[0].start], [])
        lead_setting = _setting(lead, lex, only=("thinking", "tools", "voting"))
        if lead_setting and lead_setting not in setting:
            setting = ", ".join(x for x in (lead_setting, setting) if x)
    previous = max((m.end() for m in _NUMBER.finditer(sent[: num.start])), default=0)
    lead_gap = sent[max(previous, 0 if implicit else mention.end, clause_start) : num.start]
    if implicit:
        lo = max(clause_start, num.start - 30)
        names = list(_MODEL_NAME.finditer(sent[lo : num.start]))
        subject = names[-1].group() if names else ""
        lo = lo + names[-1].start() if names else num.start
    else:
        local = sent[max(mention.end, num.start - 24) : num.start] if mention.start < num.start else ""
        names = list(_MODEL_NAME.finditer(local))
        near = names and names[-1].end() >= len(local.rstrip(" (（仅只:：约的达")) - 1
        subject = names[-1].group() if near else ""
    compared = bool(_COMPARISON.search(lead_gap)) or (
        implicit and bool(_COMPARISON.search(sent[clause_start : num.end + 12]))
    )
    baseline = bool(re.match(r"\s*(?:→|->|to\b)", after)) or bool(re.search(r"\bfrom\s*$", sent[: num.start]))
    if subject and _mentions_entry(subject, entry):
        subject = ""
    if compared and not subject:
        subject = "a compared system"
    if baseline:
        subject = subject or "before"
    own = not compared and not baseline and not num.gain and subject.lower() not in ("人类", "human", "humans")
    if implicit:
        own = own and not subject
    return Fact(
        entry_id=entry.id,
        kind="benchmark",
        name=mention.name,
        span=sent[lo:hi].strip(),
        source=source,
        value=num.value,
        unit="gain" if num.gain else num.unit,
        raw=num.raw,
        setting=setting,
        subject=subject,
        own=own,
    )


def _mentions_entry(name: str, entry: Entry) -> bool:
    """Is ``name`` the entry's own model (a word of its title head), not another one ("GPT-3" in WebGPT)?"""
    head = re.split(r": | — ", entry.title, maxsplit=1)[0].lower()
    words = [w for w in re.split(r"[\s/()&,]+", head) if w]
    stem = name.lower().split("-")[0]
    return name.lower() in words or any(w == stem or w.startswith(name.lower()) for w in words)


# -- sizes, context, quantities, cost, base models ---------------------------------------------------------
_SIZE = r"\d+(?:\.\d+)?\s*[BTM](?![\w])"
_SIZE_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "total+active",
        re.compile(
            rf"(?P<total>{_SIZE})\s*(?:总参数?|总参|总|total(?: parameters)?|MoE)?\s*[/／]\s*(?:约\s*)?"
            rf"(?P<active>{_SIZE})\s*(?:激活|active|activated)"
        ),
    ),
    ("total", re.compile(rf"(?P<v>{_SIZE})\s*(?:总参数?|总参|总|total parameters|total)")),
    ("active", re.compile(rf"(?P<v>{_SIZE})\s*(?:激活|activated|active)")),
    ("active", re.compile(r"(?P<v>\d+(?:\.\d+)?)\s*billion (?:parameters )?activated")),
    ("total", re.compile(r"(?P<v>\d+(?:\.\d+)?)\s*billion total parameters")),
    ("total+active", re.compile(r"(?<![\w.])(?P<total>\d+(?:\.\d+)?B)-A(?P<active>\d+(?:\.\d+)?B)\b")),
    (
        "params",
        re.compile(
            rf"(?<![\w.\-])(?P<v>{_SIZE}(?:\s*/\s*{_SIZE})*)\s*-?\s*"
            r"(?:参数|参|parameters?|params|稠密|dense|稀疏 MoE|MoE|视觉语言模型|模型|基座)"
        ),
    ),
    ("params", re.compile(r"(?P<v>\d+(?:\.\d+)?)\s*(?:billion|trillion) parameters")),
    # A family's range of sizes: "0.6B–235B", "1B 到 72B".
    ("params", re.compile(rf"(?<![\w.\-])(?P<v>{_SIZE}\s*(?:–|—|~|-|到|至)\s*{_SIZE})")),
    ("params", re.compile(r"[（(](?P<v>\d+(?:\.\d+)?[BM](?:\s*/\s*\d+(?:\.\d+)?[BM])+)[，,）)]")),
    # Three or more sizes of one release: "1.8B/7B/20B 全开放", "six dense models (1.5B, 7B, 8B, 14B, 32B, 70B)".
    ("params", re.compile(r"(?<![\w.\-/])(?P<v>\d+(?:\.\d+)?[BM](?:\s*/\s*\d+(?:\.\d+)?[BM]){2,})(?![\w/])")),
    ("params", re.compile(r"[（(](?P<v>\d+(?:\.\d+)?[BM](?:\s*[,，、]\s*\d+(?:\.\d+)?[BM]){2,})[）)]")),
    # "旗舰（约 104B）", "111B 企业级多语言模型": a lone size in brackets, or a few words before 模型.
    ("params", re.compile(rf"[（(]\s*(?:约|~|about)?\s*(?P<v>{_SIZE})\s*[）)]")),
    # (B or T only: "1M 上下文模型" is a context; not after a token count, "约 15T token")
    ("params", re.compile(r"(?<![\w.\-])(?P<v>\d+(?:\.\d+)?\s*[BT](?![\w]))(?!\s*token)\s*[\u4e00-\u9fff]{1,8}?模型")),
)
_CONTEXT = re.compile(r"(?<![\w.])(?P<v>\d+(?:\.\d+)?\s*[KkMm])(?![\w])")
_CONTEXT_CUE = re.compile(r"上下文|context", re.IGNORECASE)
# A window said without the word "context": "原生 256K 外推 1M", "natively 128K, extrapolated to 1M".
# Only the native length: an extrapolated one is no window a "native context" question should get.
_CONTEXT_BEFORE = re.compile(r"(?:原生|\bnative(?:ly)?)\s*(?:(?:支持|supports?)\s*)?(?:a\s+)?$", re.I)
# ... and only when nothing else is counted by the number ("原生 3M 条轨迹", "natively 2M samples").
_CONTEXT_AFTER = re.compile(r"\s*(?:-?tokens?\b|上下文|context|[，,、；;。）)/]|外推|\bextrapol|$)", re.I)
_CONTEXT_ITEM = re.compile(r"[、，,；;。（）()：:→]")  # what ends the list item a context length sits in
_QUANTITY = re.compile(
    r"(?<![\w.\-])(?P<v>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(?P<mult>万|千|[Kk](?![\w]))?\+?\s*(?:个|项|条|道|款|张|名)?\s*(?:[\u4e00-\u9fff]{1,5}?)?\s*"
    r"(?P<noun>真实\s*issue|issue|任务|题|tasks?|RESTful API|APIs?|API|网站|websites?|领域|domains?|apps?|app|"
    r"环境|environments?|"
    r"轨迹|trajectories|样本|samples|偏好对|商品|指令|instructions|基准|benchmarks?|LLMs?|语言|languages|GPU|节点|nodes|"
    r"子agent|agents?|专家|experts|用户|users|问题)"
)
_MULTIPLIERS = {"万": 1e4, "千": 1e3, "K": 1e3, "k": 1e3, None: 1.0}
_QUANTITY_UNIT = {
    "真实issue": "issue", "issue": "issue", "任务": "task", "题": "task", "task": "task", "tasks": "task",
    "RESTfulAPI": "API", "API": "API", "APIs": "API", "网站": "website", "website": "website", "websites": "website",
    "领域": "domain", "domain": "domain", "domains": "domain", "app": "app", "apps": "app", "环境": "environment",
    "environment": "environment", "environments": "environment", "轨迹": "trajectory", "trajectories": "trajectory",
    "样本": "sample", "samples": "sample", "偏好对": "preference pair", "商品": "product", "指令": "instruction",
    "instructions": "instruction", "基准": "benchmark", "benchmark": "benchmark", "benchmarks": "benchmark",
    "LLM": "LLM", "LLMs": "LLM", "语言": "language", "languages": "language", "GPU": "GPU", "节点": "node",
    "nodes": "node", "子agent": "agent", "agent": "agent", "agents": "agent", "专家": "expert", "experts": "expert",
    "用户": "user", "users": "user", "问题": "task",
}  # fmt: skip
_COST = re.compile(
    r"(?:约\s*)?\d[\d,.]*\s*(?:万|亿)?\s*(?:美元|美金|dollars|USD)|(?<![\w$\\])\$\s?\d[\d,.]*(?![\d,.]*\$)\s*(?:million|billion|[MBK])?|\\\$\s?\d[\d,.]*\s*(?:million|billion|[MBK])?|降价\s*\d+%\+?|成本[^，,。；]{0,12}"
)
_BASE_MODEL_NAME = (
    r"(?:GPT-J(?:\s\d+(?:\.\d+)?B)?|GPT-3\.5[\w.\-]*|GPT-3|GPT-4[\w.\-]*|ChatGPT(?:/GPT-3\.5)?|PaLM[\w.\-]*|LLaMA[\w.\-]*|"
    r"Llama[\w.\-]*(?:\s\d+)?|Qwen[\w.\-]*|QwQ[\w.\-]*|GLM-[\w.\-/]+|Mistral[\w.\-]*|DeepSeek[\w.\-]*|Ling-[\w.\-]+|"
    r"MiniMax-[\w.\-]+|Gemma[\w.\-]*)"
)
_BASE_MODEL = re.compile(
    rf"(?:基座|基于|主干|backbone|based on|built on|on top of|微调|fine-?tun\w*(?: from)?|instruction-?tun\w*|"
    rf"initiali[sz]ed from|"
    rf"train(?:s|ed|ing)?|"
    rf"apply it to|applied to|starting from|在)\s*[:：]?\s*(?:the\s+|open\s+)?(?P<m>{_BASE_MODEL_NAME})"
    rf"|(?P<m2>{_BASE_MODEL_NAME})\s*(?:基座|底座|base\b|\+\s*(?:GRPO|PPO|RL|SFT|DPO|RLVR))"
    # A model whose own result the work takes from one value to another ("Llama-3.1-8B 4.8%→42.4%"): it trained it.
    rf"|(?P<m4>{_BASE_MODEL_NAME})\s*(?:[:：]\s*)?\d+(?:\.\d+)?\s*%?\s*(?:→|->)\s*\d+(?:\.\d+)?%?"
    # A model given its own count of training steps ("Qwen2.5-32B 400 步达 AIME 67%"): the model the work trained.
    # ("GPT-4o in 15 steps" is a step budget, not training.)
    rf"|(?P<m5>{_BASE_MODEL_NAME})\s+\d[\d,]*\s*(?:步|(?:training|RL) steps\b)"
    # A model a system runs on ("we use ChatGPT to conduct task planning", "拿 ChatGPT 当大脑"), not one it
    # uses to make data or to judge ("use GPT-4 to generate trajectories").
    rf"|(?:\b(?:we |they )?(?:use[sd]?|using|employ(?:s|ed|ing)?|leverag(?:e|es|ed|ing))\s+(?:the\s+)?|拿|用)"
    rf"(?P<m3>{_BASE_MODEL_NAME})\s*(?:\b(?:to|as)\s+(?!(?:generat|construct|creat|synthesi|annotat|evaluat|judg|label"
    rf"|build|produc|collect|distil|scor|rat|compar|filter|verif|rewrit|simulat|play|search|find"
    rf"|a judge|an? (?:evaluator|judge"
    rf"|annotator|teacher|baseline))\w*)|当|作为|做)"
)


def size_value(raw: str) -> float:
    m = re.match(r"(\d+(?:\.\d+)?)\s*([BTMbtm]?)", raw.strip())
    if not m:
        return 0.0
    scale = {"t": 1e12, "b": 1e9, "m": 1e6, "": 1e9}[m.group(2).lower()]
    return float(m.group(1)) * scale


def size_facts(entry: Entry, text: str, source: Source) -> list[Fact]:
    facts: list[Fact] = []
    taken: list[tuple[int, int]] = []
    for label, pattern in _SIZE_PATTERNS:
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            before = text[max(0, m.start() - 8) : m.start()]
            if re.search(r"基座|基于|主干|based on|微调", before) and label == "params":
                continue  # the size of a base model, not the entry's own
            if re.search(r"distill|蒸馏", text[max(0, m.start() - 30) : m.end() + 30], re.IGNORECASE):
                continue  # "six dense models (1.5B … 70B) distilled from DeepSeek-R1": the students, not the entry
            if _PART_AFTER_SIZE.match(text[m.end() : m.end() + 24]):
                continue  # "532M 视觉编码器": a component's size, not the model's
            if _other_model_size(entry, text, m.start() + (text[m.start()] in "（(")):
                continue  # "对标 DeepSeek-R1（671B/37B）": the compared model's size
            if label == "total+active" and not _own_name_size(entry, text, m.start()):
                continue
            taken.append((m.start(), m.end()))
            span = m.group().strip()
            if label == "total+active":
                pairs = [("total", m.group("total")), ("active", m.group("active"))]
            else:
                raw = m.group("v")
                parts = (
                    [p.strip() for p in re.split(r"/|–|—|~|(?<=[BTM])-|到|至|,|，|、", raw)]
                    if re.search(r"[/–—~到至,，、]|[BTM]-", raw)
                    else [raw]
                )
                pairs = [(label, p) for p in parts]
            if label == "params" and re.search(r"激活|activ", text[max(0, m.start() - 10) : m.start()], re.I):
                pairs = [("active", raw) for _, raw in pairs]  # "动态激活 18.6B–31.3B"
            for name, raw in pairs:
                billions = "billion" in span or "trillion" in span
                value = float(raw) * (1e12 if "trillion" in span else 1e9) if billions else size_value(raw)
                facts.append(Fact(entry.id, "size", name, span, source, value, "params", raw.strip()))
    for m in _NAMED_SIZE.finditer(text if source == "summary" else ""):
        # The entry's own model named with its size in the survey's line ("Llama3-SWE-RL-70B"); an abstract
        # names a family's other members so ("ChatGLM-6B" in the GLM-4 report), and "AgentLM-7B" is not
        # AgentTuning by name.
        if any(m.start() < e and s < m.end() for s, e in taken) or not _own_model_name(entry, m.group("name")):
            continue
        before = re.split(r"[→，,；;。]", text[max(0, m.start() - 12) : m.start()])[-1]  # "QwQ-32B→WebThinker-32B"
        if re.search(r"基座|基于|主干|based on|distill|蒸馏", before, re.I):
            continue
        taken.append((m.start(), m.end()))
        for raw in re.split(r"\s*/\s*", m.group("v")):
            facts.append(Fact(entry.id, "size", "params", m.group(), source, size_value(raw), "params", raw))
    return facts


# A model named with its size: "DeepSeekMath-7B", "ToRL-7B", "Llama3-SWE-RL-70B", "WebThinker-32B".
_NAMED_SIZE = re.compile(
    r"(?<![\w.\-])(?P<name>[A-Za-z][\w.]*(?:-[A-Za-z][\w.]*)*)-(?P<v>\d+(?:\.\d+)?B(?:/\d+(?:\.\d+)?B)*)(?![\w.])"
)


def _own_model_name(entry: Entry, name: str) -> bool:
    """Does the name contain the entry's own (the first word of its title: "SWE-RL" in "Llama3-SWE-RL")?"""
    head = re.split(r": | — |\s", entry.title, maxsplit=1)[0]
    squash = re.sub(r"[\s\-_]", "", head.lower())
    return len(squash) >= 3 and squash in re.sub(r"[\s\-_]", "", name.lower())


_PART_AFTER_SIZE = re.compile(
    r"\s*(?:的)?\s*(?:视觉编码器|编码器|vision encoder|encoder|ViT|adapter|projector|"
    r"草稿模型|draft|奖励模型|reward model|verifier|验证器|判别器|critic)",
    re.IGNORECASE,
)


def _other_model_size(entry: Entry, text: str, at: int) -> bool:
    """Is the size at ``at`` another model's: in brackets right after a model name that is not the entry's
    own, or in a clause that compares ("对标 DeepSeek-R1（671B/37B）", "vs Llama 3 405B")?"""
    clause = re.split(r"[。；;，,]", text[max(0, at - 40) : at])[-1]
    if _COMPARISON.search(clause) or re.search(r"对标|比肩|媲美|相当于|接近|类似", clause):
        return True
    named = re.search(r"([A-Za-z][\w.\-]*)\s*[（(]\s*$", clause)
    return bool(named and _MODEL_NAME.fullmatch(named.group(1)) and not _mentions_entry(named.group(1), entry))


def _own_name_size(entry: Entry, text: str, at: int) -> bool:
    """``480B-A35B`` counts when it is not glued to another model's name (``Qwen3-30B-A3B`` as a base is not)."""
    name = re.search(r"([\w.\-]+)-$", text[max(0, at - 30) : at])
    if not name:
        return True
    head = re.split(r": | — ", entry.title, maxsplit=1)[0].lower().replace(" ", "-")
    return name.group(1).lower().startswith(head.split("-")[0]) and not re.search(
        r"基于|基座", text[max(0, at - 40) : at]
    )


# A window's usual sizes, in K tokens: alone as an item of a model's spec list ("11B 激活、400 tok/s、256k、三档推理")
# such a number is its context length.
_WINDOW_SIZES = {32, 64, 128, 131, 160, 200, 256, 262, 400, 512}


def _spec_item(text: str, m: re.Match[str]) -> bool:
    raw = m.group("v").replace(" ", "")
    if raw[-1] not in "Kk" or float(raw[:-1]) not in _WINDOW_SIZES:
        return False
    before = text[max(0, m.start() - 2) : m.start()].rstrip()
    after = text[m.end() : m.end() + 2].lstrip()
    return before[-1:] in ("、", "（", "(") and after[:1] in ("、", "）", ")") and "、" in (before[-1:] + after[:1])


def context_facts(entry: Entry, text: str, source: Source) -> list[Fact]:
    facts = []
    for m in _CONTEXT.finditer(text):
        after, before = text[m.end() : m.end() + 12], text[max(0, m.start() - 10) : m.start()]
        before = re.split(r"[。；;，,]", before)[-1]  # only this clause: "…批判性思考；131K 上下文" is a context
        native = bool(_CONTEXT_BEFORE.search(before) and _CONTEXT_AFTER.match(text, m.end()))
        if not (_CONTEXT_CUE.search(after) or _CONTEXT_CUE.search(before) or native or _spec_item(text, m)):
            continue
        if re.search(r"思考|thinking|budget|预算", re.split(r"、", before)[-1] + re.split(r"[、，,；;。]", after)[0]):
            continue  # a thinking budget, not a context window (in this clause: "…上下文、思考预算可控" is both)
        raw = m.group("v").replace(" ", "")
        value = float(raw[:-1]) * (1e6 if raw[-1] in "Mm" else 1e3)
        # The span is the list item around the number ("256K 上下文"), not a window cut through words.
        cuts = [c.end() for c in _CONTEXT_ITEM.finditer(text, max(0, m.start() - 30), m.start())]
        lo = cuts[-1] if cuts else max(0, m.start() - 4)
        while lo > 0 and text[lo - 1].isascii() and text[lo - 1].isalnum():
            lo -= 1  # not cut through a word: "natively 128K", not "ely 128K"
        end = _CONTEXT_ITEM.search(text, m.end(), min(len(text), m.end() + 30))
        hi = end.start() if end else min(len(text), m.end() + 6)
        while not end and hi < len(text) and text[hi].isascii() and text[hi].isalnum() and text[hi - 1].isalnum():
            hi += 1  # nor at its end: "up to 1M context", not "up to 1M conte"
        span = text[lo:hi].strip()
        setting = "extrapolated" if re.search(r"外推|extrapol", before) else ("partly" if "部分" in before else "")
        facts.append(Fact(entry.id, "context", "context", span, source, value, "tokens", raw, setting))
    return facts


# A speed-up said as a multiple beside what it speeds up: "吞吐最高 6.4×", "up to 6.4x higher throughput",
# "1.53$\\times$~20.57$\\times$ throughput improvement". Not a ratio with no speed word near it ("+6× compute").
_MULTIPLE = re.compile(
    # not a count of accelerators ("8×H800", "64x H100 GPUs")
    r"(?<![\w.])(?P<v>\d+(?:\.\d+)?)\s*(?:×|\$?\\times\$?|(?-i:x)\b|倍)(?!\s*(?:[A-Z]\d{2,4}|GPU|TPU|NPU|卡))"
)
_SPEED_WORD = re.compile(r"吞吐|throughput|faster|speed-?ups?|加速|提速|速度", re.IGNORECASE)
# What ends the stretch a multiple belongs to: punctuation, or a conjunction starting another claim.
_MULTIPLE_BREAK = re.compile(r"[，,、；;。：:]|\.\s|\b(?:and|but|while)\b|和|及|但", re.IGNORECASE)


def _speedup(text: str, start: int, end: int) -> bool:
    """Is the multiple at ``text[start:end]`` a speed-up: a speed word right beside it, in its own stretch?"""
    before = _MULTIPLE_BREAK.split(text[max(0, start - 40) : start])[-1]
    after = _MULTIPLE_BREAK.split(text[end : end + 40])[0]
    return bool(_SPEED_WORD.search(before) or _SPEED_WORD.search(after))


_TOKENS = re.compile(r"(?<![\w.])(?P<v>\d+(?:\.\d+)?)\s*(?P<u>[TB])\+?\s*(?:tokens?|词)", re.IGNORECASE)
_SPEED = re.compile(r"(?<![\w.])(?P<v>\d+(?:\.\d+)?)\s*(?:tok(?:ens)?/s|tokens? per second\b|TPS\b)")


def quantity_facts(entry: Entry, text: str, source: Source) -> list[Fact]:
    facts = []
    for m in _TOKENS.finditer(text):
        value = float(m.group("v")) * (1e12 if m.group("u").upper() == "T" else 1e9)
        facts.append(
            Fact(entry.id, "quantity", "token", m.group().strip(), source, value, "token", m.group("v") + m.group("u"))
        )
    for m in _SPEED.finditer(text):
        facts.append(
            Fact(entry.id, "quantity", "tok/s", m.group().strip(), source, float(m.group("v")), "tok/s", m.group("v"))
        )
    for m in _MULTIPLE.finditer(text):
        if _speedup(text, m.start(), m.end()):
            facts.append(
                Fact(entry.id, "quantity", "speedup", m.group().strip(), source, float(m.group("v")), "×", m.group("v"))
            )
    for m in _QUANTITY.finditer(text):
        value = float(m.group("v").replace(",", "")) * _MULTIPLIERS[m.group("mult")]
        unit = _QUANTITY_UNIT.get(re.sub(r"\s+", "", m.group("noun")), m.group("noun"))
        raw = m.group("v") + (m.group("mult") or "")
        facts.append(Fact(entry.id, "quantity", unit, m.group().strip(), source, value, unit, raw))
    for m in _DURATION.finditer(text):
        # "约 20T+ token 30 天训成", "512×H800 约三周": how long a training run took, in days.
        clause = re.split(r"[，,；;。]", text[: m.start()])[-1] + text[m.start() : m.end() + 12]
        if not _TRAINING.search(clause) or _NOT_TRAINING_TIME.search(clause):
            continue
        raw = m.group("v")
        number = float(raw) if raw[0].isdigit() else float(_NUMBER_WORDS.get(raw.lower(), 0))
        if not number:
            continue
        value = number * _DAYS[m.group("u").lower().rstrip("s")]
        facts.append(Fact(entry.id, "quantity", "day", m.group().strip(), source, value, "day", m.group().strip()))
    for m in _ACCELERATORS.finditer(text):
        # "512×H800", "64 TPUs", "1,000 VMs": the hardware a run used, counted by the accelerator or machine.
        unit = "VM" if re.match(r"VM|虚拟机", m.group("noun"), re.IGNORECASE) else "GPU"
        value = float(m.group("v").replace(",", ""))
        facts.append(Fact(entry.id, "quantity", unit, m.group().strip(), source, value, unit, m.group("v")))
    return facts


# How long a training run took: "30 天", "约三周", "two weeks", "10 days".
_DURATION = re.compile(
    r"(?<![A-Za-z0-9.])(?P<v>\d+(?:\.\d+)?|[一二两三四五六七八九十]{1,2}"
    r"|(?:one|two|three|four|five|six|seven|eight|nine|ten)(?= ))"
    r"\s*(?P<u>天|周|个月|小时|days?|weeks?|months?|hours?)"
    r"(?![A-Za-z0-9])",
    re.IGNORECASE,
)
_TRAINING = re.compile(r"训|train|RL\b|强化|预训练|post-?train", re.IGNORECASE)
# Not a run's length: an agent working for hours, annotation effort, a schedule.
_NOT_TRAINING_TIME = re.compile(r"连续|持续|工作|标注|人工|annotat|human|每|per\b|之后|after|later", re.IGNORECASE)
_DAYS = {"天": 1.0, "day": 1.0, "周": 7.0, "week": 7.0, "个月": 30.0, "month": 30.0, "小时": 1 / 24, "hour": 1 / 24}
_NUMBER_WORDS = {"一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}
_NUMBER_WORDS |= {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_NUMBER_WORDS["ten"] = 10


_ACCELERATORS = re.compile(
    r"(?<![\w.])(?P<v>\d{1,3}(?:,\d{3})+|\d+)\s*(?:×|x|\*|张|块|台|个)?\s*"
    r"(?P<noun>[HAB]\d{2,3}\b|GB200|TPU\s*v\d\w*|TPUs?\b|VMs?\b|虚拟机)"
)


_LATEX_MATH = re.compile(r"(?<!\\)\$[^$\n]{1,40}?(?<!\\)\$")


def cost_facts(entry: Entry, text: str, source: Source) -> list[Fact]:
    # "$29%$", "$4.5\times$", "$1.18$ million": TeX math in an abstract is not a dollar figure.
    masked = _LATEX_MATH.sub(lambda m: " " * len(m.group()), text)
    return [Fact(entry.id, "cost", "cost", text[m.start() : m.end()].strip(), source) for m in _COST.finditer(masked)]


def base_model_facts(entry: Entry, text: str, source: Source) -> list[Fact]:
    facts = []
    for m in _BASE_MODEL.finditer(text):
        name = next((g for g in m.group("m", "m2", "m3", "m4", "m5") if g), "").rstrip("-.,/")
        if name and not _mentions_entry(name, entry):
            facts.append(Fact(entry.id, "base_model", name, m.group().strip(), source))
    return facts


# -- concepts and orgs ------------------------------------------------------------------------------------
def clause_around(text: str, start: int, end: int, limit: int = MAX_CLAUSE) -> str:
    """The verbatim clause holding ``text[start:end]``: its sentence, narrowed at commas and colons to about
    ``limit`` characters. Cuts fall only at punctuation, never inside a word; trailing punctuation is dropped."""
    lo = max((m.end() for m in _CLAUSE_BREAK.finditer(text[:start])), default=0)
    nxt = _CLAUSE_BREAK.search(text, end)
    hi = nxt.end() if nxt else len(text)
    if hi - lo > limit:
        # (not the colon of a link: "https://github.com/…" is no place to cut)
        cuts = [lo] + [lo + m.end() for m in re.finditer(r"(?:[，,：]|:(?!//))\s*", text[lo:hi])] + [hi]
        cuts = sorted(set(cuts))
        # The smallest run of sub-clauses around the match, grown while it fits.
        i = max(k for k, c in enumerate(cuts) if c <= start)
        j = min(k for k, c in enumerate(cuts) if c >= end)
        while True:
            grown = False
            if j + 1 < len(cuts) and cuts[j + 1] - cuts[i] <= limit:
                j, grown = j + 1, True
            if i > 0 and cuts[j] - cuts[i - 1] <= limit:
                i, grown = i - 1, True
            if not grown:
                break
        lo, hi = cuts[i], cuts[j]
    return text[lo:hi].strip().rstrip("，,；;：:").strip()


_NEGATED = re.compile(r"(?:无|不用|不需|没有|非|免|without|no|w/o)\s*$", re.IGNORECASE)
_WITHOUT = re.compile(r"\bwithout\b|\bno need\b|无需|不需要|不依赖|无(?=\S{0,3}[、/])", re.IGNORECASE)


def concept_facts(entry: Entry, texts: dict[Source, str], lex: Lexicon) -> list[Fact]:
    facts = []
    for source in ("summary", "abstract", "title"):
        text = texts[source]
        seen: set[str] = set()
        for m in lex.concepts.find(text):
            term = lex.concepts.terms[m.name]
            # Model families count only in titles; other concepts anywhere (a title names what the work is about).
            if m.name in seen or (term.scope == "title" and source != "title"):
                continue
            # The clause before the mention; English lists after "without … such as" run on past commas.
            window = text[max(0, m.start - NEGATION_WINDOW) : m.start]
            breaks = r"[。；;:：]|\.\s" if window.isascii() else r"[。；;，,:：]|\.\s"
            before = re.split(breaks, window)[-1]
            if _NEGATED.search(text[max(0, m.start - 6) : m.start]) or _WITHOUT.search(before):
                continue  # "无蒸馏", "without requiring … distillation": the entry says it does not use it
            seen.add(m.name)
            span = text if source == "title" else clause_around(text, m.start, m.end)
            facts.append(Fact(entry.id, "concept", m.name, span, source, raw=m.text))
    return facts


def org_facts(entry: Entry, lex: Lexicon) -> list[Fact]:
    if not entry.org:
        return []
    names = [n for n in lex.orgs.names(entry.org) if not lex.is_org_group(n)]
    parents = {lex.orgs.terms[n].parent for n in names} - {""}
    while parents - set(names):
        names += sorted(parents - set(names))
        parents = {lex.orgs.terms[n].parent for n in names} - {""}
    return [Fact(entry.id, "org", n, entry.org, "header") for n in names]


# -- the table -------------------------------------------------------------------------------------------
def has_role(entry: Entry, role: str, lex: Lexicon) -> bool:
    """Is the entry a benchmark / a framework? Its section, or a cue in its summary's opening clause."""
    term = lex.roles.terms[role]
    opening = re.split(r"[：:；]", entry.summary, maxsplit=1)[0]
    in_section = any(entry.section.startswith(s) for s in term.extra.get("sections", []))
    return in_section or any(cue in opening for cue in term.extra.get("entry", []))


def is_benchmark_entry(entry: Entry, lex: Lexicon) -> bool:
    """Entries that are benchmarks themselves: their numbers are other systems' results."""
    return has_role(entry, "benchmark", lex)


def extract_facts(entries: Iterable[Entry], lex: Lexicon | None = None) -> list[Fact]:
    """Every fact of every entry, in entry order."""
    lex = lex or lexicon()
    out: list[Fact] = []
    for entry in entries:
        if entry.kind in ("overview", "scope"):
            continue
        texts = entry_texts(entry)
        own = not is_benchmark_entry(entry, lex)
        for source in ("summary", "abstract"):
            text = texts[source]
            if not text:
                continue
            out += benchmark_facts(entry, text, source, lex, own_results=own)
            out += size_facts(entry, text, source)
            out += context_facts(entry, text, source)
            out += quantity_facts(entry, text, source)
            out += cost_facts(entry, text, source)
            out += base_model_facts(entry, text, source)
        out += concept_facts(entry, texts, lex)
        out += org_facts(entry, lex)
    return out


def fact_from(record: dict[str, Any]) -> Fact:
    return Fact(**record)


# -- coverage --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Coverage:
    """How many of the survey's score-like numbers became benchmark facts, and which did not."""

    total: int
    covered: int
    missing: tuple[tuple[str, str], ...]  # (entry id, the number in its context)

    @property
    def share(self) -> float:
        return self.covered / self.total if self.total else 1.0


def coverage(entries: Sequence[Entry], facts: Sequence[Fact], lex: Lexicon | None = None) -> Coverage:
    """Benchmark numbers in survey summaries vs the benchmark facts extracted from them.

    A benchmark number is a score-like number (a % value, points, a percentile, or any value right
    after a benchmark name) in a sentence that names a benchmark, or in a benchmark's own entry.
    Numbers that are sizes, context lengths, counts or costs are left out.
    """
    lex = lex or lexicon()
    by_entry: dict[str, list[Fact]] = {}
    for f in facts:
        if f.source == "summary" and f.kind in ("benchmark", "size", "context", "quantity", "cost"):
            by_entry.setdefault(f.entry_id, []).append(f)
    total = covered = 0
    missing: list[tuple[str, str]] = []
    for entry in entries:
        if entry.kind in ("overview", "scope"):
            continue
        own_benchmark = is_benchmark_entry(entry, lex) and _title_benchmark(entry, lex) is not None
        for sent in split_sentences(entry.summary):
            mentions = lex.benchmarks.find(sent)
            if not mentions and not own_benchmark:
                continue
            for num in _numbers(sent, [(m.start, m.end) for m in mentions]):
                near = any(0 <= num.start - m.end <= 12 for m in mentions)
                if not (num.unit in ("%", "points", "pp", "percentile") or near) or _is_year_or_ordinal(sent, num):
                    continue
                mine = by_entry.get(entry.id, [])
                if any(f.kind != "benchmark" and num.raw in f.span for f in mine):
                    continue  # a size, context length, count or cost, not a benchmark number
                total += 1
                if any(f.kind == "benchmark" and num.raw.lstrip("+＋约 ") in f.span for f in mine):
                    covered += 1
                else:
                    missing.append((entry.id, sent[max(0, num.start - 30) : num.end + 10]))
    return Coverage(total, covered, tuple(missing))
