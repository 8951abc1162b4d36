"""Understand a question once: language, intent, and slots, read into one typed value the later steps share.

Intents: lookup, comparison, list, ranking, earliest, latest, count, overview. Slots: named entries,
benchmarks, orgs, concepts (techniques, topics, model families), entry kinds, a role (benchmarks,
frameworks), a survey section, a year range, what kind of fact is asked for (``asks``), and for
rankings the measure, direction and any threshold. Cue phrases live in ``data/lexicon.toml``; the
rules that combine them are below, and ``tests/test_understand.py`` holds a phrasing table per intent.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from surveyqa.bounds import (
    ACTIVE,
    AT_MOST,
    BOUND_UNITS,
    THRESHOLD,
    first_word_of,
    ranked_measure,
    ranking_bound,
    scaled,
    score_bound,
    threshold,
    value_range,
)
from surveyqa.catalog import Catalog, NameHit
from surveyqa.lexicon import Lexicon, Match
from surveyqa.names import latin_names, written_in_lines
from surveyqa.rivals import VERSUS_BEFORE, beaten_names, versus_spans
from surveyqa.text import STOPWORDS, has_cjk, tokenize
from surveyqa.timespan import HALF, date_anchors, dates_named

Intent = Literal["lookup", "comparison", "list", "ranking", "earliest", "latest", "count", "overview"]
# What a tally groups the survey's entries by: their org, year or kind, or the benchmarks they report / the techniques
# they name ("Which benchmark is reported most often?").
Tally = Literal["org", "year", "kind", "benchmark", "technique"]
Lang = Literal["en", "zh"]

# Words that ask or point rather than say what the question is about: dropped from the focus.
_FRAME_WORDS = frozenset(
    [
        "survey",
        "surveys",
        "here",
        "there",
        "entry",
        "entries",
        "work",
        "works",
        "paper",
        "papers",
        "item",
        "items",
        "model",
        "models",
        "article",
        "articles",
        "listed",
        "list",
        "mention",
        "mentioned",
        "mentions",
        "cover",
        "covered",
        "covers",
        "include",
        "included",
        "includes",
        "including",
        "report",
        "reports",
        "reported",
        "according",
        "describe",
        "described",
        "say",
        "says",
        "said",
        "deal",
        "deals",
        "dealing",
        "discuss",
        "discusses",
        "discussed",
        "discussing",
        "tackle",
        "tackles",
        "tackling",
        "regarding",
        "concerning",
        "tell",
        "know",
        "want",
        "wonder",
        "briefly",
        "hey",
        "hi",
        "please",
        "quick",
        "quickly",
        "question",
        "exactly",
        "actually",
        "really",
        "specifically",
        "concrete",
        "specific",
        "number",
        "exact",
        "many",
        "much",
        "how",
        "total",
        "count",
        "altogether",
        "date",
        "dated",
        "time",
        "timeline",
        "order",
        "tagged",
        "kind",
        "type",
        "category",
        "section",
        "part",
        "chapter",
        "综述",
        "调研",
        "一共",
        "总共",
        "共",
        "几",
        "几个",
        "多少",
        "多少个",
        "哪些",
        "哪个",
        "有",
        "是",
        "属于",
        "来自",
        "相关",
        "讨论",
        "涉及",
        "提到",
        "提及",
        "谈到",
        "讲到",
        "日期",
        "时间",
        "一条",
        "一项",
        "一篇",
        "一份",
        "类型",
        "部分",
        "章节",
        "合作",
        "包括",
        "含",
        "本章",
        "条目",
        "工作",
        "论文",
        "文章",
        "模型",
        "收录",
        "提到",
        "提及",
        "涉及",
        "介绍",
        "里面",
        "其中",
        "一下",
        "想",
        "知道",
        "请问",
        "告诉",
        "说",
        "讲",
        "具体",
        "到底",
        "究竟",
        "呢",
        "吗",
        "have",
        "has",
        "had",
        "use",
        "uses",
        "used",
        "using",
        "published",
        "publish",
        "released",
        "release",
        "label",
        "without",
        "neither",
        "nor",
        "无需",
        "不是",
        "不用",
        "labels",
        "labelled",
        "labeled",
        "plain",
        "发表",
        "发布",
        "使用",
        "用",
        "用了",
        "采用",
    ]
)
_MODELS_RELEASING = re.compile(
    r"\b(?:which|what)\s+(?:[\w\-]+\s+)?models?\b[^?？]*\breleas\w*\s+"
    r"(?:a\s+|an\s+|their own\s+|its own\s+)?(?:new\s+)?(?:benchmarks?|datasets?)",
    re.IGNORECASE,
)
_ROLE_HEAD = {
    "benchmark": re.compile(
        r"\b(?:which|what|list|name|all)\s+(?:of\s+(?:the|these|its|this)\s+(?:survey(?:'|’)s\s+)?|"
        r"(?:are|were)\s+(?:all\s+)?(?:the\s+)?)?(?:\w+\s+){0,3}?"  # "what are the GUI agent benchmarks?"
        r"(?:benchmarks?|environments?|datasets?|evals?|testbeds?|leaderboards?)\b"
        r"(?!\s+(?:themselves|itself|their|its|against|scores?|results?|numbers?|figures?)\b)"  # a verb, or a result
        # "works that introduce a new benchmark", "which papers released their own dataset"
        r"|\b(?:introduc|propos|releas|buil|creat|construct)\w*\s+(?:a\s+|an\s+|their own\s+|its own\s+)?(?:new\s+)?"
        r"(?:benchmarks?|environments?|datasets?|testbeds?)\b"
        # a bare noun phrase: "GUI agent benchmarks in here?", "coding benchmarks in the survey?"
        r"|^\W*(?:[\w\-]+\s+){0,3}?(?:benchmarks|environments|datasets)\s+(?:in|from)\s+(?:the\s+survey|here|there)\b"
        r"|(?:哪些|哪几个|哪几项|哪个|列出)[^，。？?]{0,8}?(?:基准|评测|测评|环境|数据集|benchmark|榜单)"
        r"(?!\s*(?:分数|成绩|结果|得分|数字|数据|上|中|里))"  # "哪些给出了 benchmark 分数": works with scores
        r"|(?:^|[，,。？?\s的])(?:基准|评测|测评|数据集|benchmarks?|榜单)\s*(?:都|一共|共)?(?:是哪|有哪|有几|有多少)"
        # among them: "2024 年的 agent 评测基准 / 环境里，哪些是纯公司做的", "Among the 2024 benchmarks, which …"
        r"|(?:基准|评测|测评|数据集|benchmarks?|榜单)(?:\s*/\s*(?:评测)?环境)?\s*(?:里|中|当中|之中)[^？?]{0,40}?哪(?:些|几个|几项)是"
        # "GUI 基准里（网页基准不算），哪个任务数最多": the benchmarks, ranked
        r"|(?:基准|评测基准|测评集|数据集|benchmarks?)(?:\s*/\s*(?:评测)?环境)?\s*(?:里|中|当中|之中)[^？?]{0,40}?哪(?:个|一个)"
        r"|\b(?:among|of)\s+(?:the\s+|these\s+|all\s+(?:the\s+)?)?(?:[\w\-]+\s+){0,3}?(?:benchmarks|environments|datasets)\b"
        r"(?=[^?？]*\b(?:which|what)\b)"
        r"|最(?:早|新|晚|近)的(?:\S{0,4}?)(?:基准|评测|测评|数据集|benchmark|榜单)"
        r"|\b(?:earliest|latest|newest|oldest|first|most recent)(?:-dated)?\s+(?:\w+\s+){0,2}?"
        r"(?:benchmarks?|environments?|datasets?)\b"
        # "How many benchmarks does the survey cover?", "综述里有多少个基准？"
        r"|\bhow many\s+(?:\w+\s+){0,2}?(?:benchmarks|environments|datasets|evals|testbeds)\b"
        r"(?!\s+(?:does|did|do)\s+(?!the survey)\S)"
        r"|(?:多少|几)(?:个|项|种)?(?:\S{0,4}?)(?:基准|评测集|测评集|数据集|benchmark|榜单)(?![上中里])",
        re.IGNORECASE,
    ),
    "framework": re.compile(
        r"\b(?:which|what|list|name)\s+(?:(?:are|were)\s+(?:all\s+)?(?:the\s+)?)?(?:\w+\s+){0,3}?"
        r"(?:frameworks?|infrastructures?|librar(?:y|ies)|toolkits?|platforms?|training systems?)\b"
        r"|(?:哪些|哪几个|哪个|列出)[^，。？?]{0,8}?(?:框架|基础设施|平台|训练系统)"
        r"|\bhow many\s+(?:\w+\s+){0,2}?(?:frameworks|infrastructures|libraries|toolkits|platforms)\b"
        r"(?!\s+(?:does|did|do)\s+(?!the survey)\S)"
        r"|(?:多少|几)(?:个|项|种)?(?:\S{0,4}?)(?:框架|训练系统)",
        re.IGNORECASE,
    ),
}
_NOT_BENCHMARKS = re.compile(
    r"as opposed to (?:just )?(?:benchmark|evaluat)|not (?:just )?(?:a )?benchmarks?|rather than (?:benchmark|evaluat)|"
    r"excluding benchmarks|benchmarks? (?:don't|do not) count|"
    r"而不是(?:只是)?(?:做)?(?:基准|评测)|不算基准|不含基准|除了基准|"
    # (not "网页基准不算": some benchmarks set aside, not benchmarks as such)
    r"(?:^|(?<=[\s，,。（(：:；;？?！!]))(?:纯)?基准(?:都)?不算|基准除外",
    re.IGNORECASE,
)
# A list of models or agents, not of works or entries: "which models report …", "哪些模型报了 …".
_MODELS_ASKED = re.compile(r"\b(?:models?|agents?|LLMs?)\b|模型|智能体", re.I)
_WORKS_ASKED = re.compile(
    r"\b(?:entries|entry|works?|papers?|studies|benchmarks?|environments?)\b|条目|工作|论文|基准|环境|本身", re.I
)
_EITHER_COUNTS = re.compile(
    r"都算|都可以|均可|either|both count|or benchmarks|models? or benchmarks?|模型或基准|基准或模型", re.I
)
# A clause that leaves something out: "阿里自己发布的条目不算", "not counting Alibaba's own".
_NEGATED_CLAUSE = re.compile(
    r"不算|不包括|不含|除了|除外|排除|不是|(?<!(?<![没所只])有)没有|"  # "有没有 X" asks whether there is any
    r"excluding|except|not counting|other than|apart from|besides|not from|\bwith no\b|\bwithout(?: any)?\b|\bno\s*$|"
    r"\boutside(?:\s+of)?(?:\s+the)?\s*$|"  # "Outside the Chinese labs, …"
    r"\b(?:did|do|does)(?: not|n't) come from|\bnot (?:made|built|released|published) by"
    r"|\b(?:are|is|were|was)(?: not|n't) (?:from|by|made by|built by)\s*$"
    # right before an org named with its preposition: "papers aren't from China", "weren't made by companies"
    r"|(?:\bnot|n't)(?:\s+(?:made|built|released|published))?\s*$",
    re.I,
)
# A technique the works do not use: "did not use RL", "没有用强化学习".
_NOT_USING = re.compile(
    r"\b(?:did|do|does)(?: not|n't)\s+(?:\w+\s+)?(?:use|employ|rely|apply|need|involve|mention|discuss|cover)|"
    r"\bnot\s+(?:use|using|used|mention\w*)\b|\b(?:but|and) not\b|\brather than\b|\binstead of\b|而(?:不是|非)|"
    r"\bwithout\b|\bno\s+(?:use of|RL|SFT)\b|"
    # what the reader sets aside: "I don't mean RLHF reward models", "not counting distillation", "不是指 RLHF 的"
    r"\b(?:do|did)(?: not|n't)\s+mean\b|\bnot counting\b|\bexcluding\b|不是指|不包括|不算|"
    # not "有没有用 X" (whether it is used); "有没有没用 X", "所有没用 X" still leave X out
    r"(?<!(?<![没所只])有)没有?(?:用|使用|采用|依赖)|不(?:用|使用|采用|依赖)|未(?:用|使用|采用)|无需",
    re.I,
)
# "MIT 协议", "MIT license": a licence named after an organisation is not the organisation.
_LICENCE_AFTER = re.compile(r"\s*(?:协议|许可|开源协议|licen[cs]e[sd]?)", re.I)
# A negation right before a concept: "稠密（非 MoE）", "non-MoE", "not RL-based".
# Doing without a technique, as a property of the work: "skip SFT", "bypass the critic", "跳过 SFT", "无需 SFT 冷启动".
_DOES_WITHOUT = re.compile(
    r"\bskip(?:s|ping|ped)?\b|\bbypass(?:es|ing|ed)?\b|\bforgo(?:es|ing)?\b|\bdispens\w+ with\b"
    r"|\bdrop(?:s|ping|ped)?\b(?![^,.;?？]*\binto\b)"  # not "drop the agent into an OS"
    r"|\bdo(?:es)? away with\b|\bwith no\b|\bw/o\b|\bwithout\b|跳过|绕过|省去|省掉|去掉|免去|不经过?|无需|不需要",
    re.I,
)
# Cues that set an org aside from after it: "阿里以外", "OpenAI 除外", "Meta 排除在外".
_NEGATED_AFTER = re.compile(r"以外|之外|除外|不算|不包括在内|排除在外|\b(?:excluded|aside)\b(?!\s+from)", re.I)
# What sets something else aside: "在 computer use 之外" (beyond it), "leave RL aside".
_OTHER_ASIDE = re.compile(r"在[^，,。；;]*?(?:以外|之外)|\b(?:leav\w*|set\w*|put\w*)\b[^,;.]*?\baside\b", re.I)


_OPTIONAL_PARTNER = re.compile(
    r"(?:\b(?:on (?:its|their) own|alone|by (?:itself|themselves)|solo)\s*,?\s*(?:or|and/or)\s+"
    r"(?:together\s+|jointly\s+)?(?:with|alongside)\s+(?:an?\s+|other\s+|any\s+|some\s+)*"
    r"|(?:单独|独立|自己)(?:做|发布|完成)?的?\s*(?:或|或者|还是)\s*(?:与|和|跟|联合)\s*)$",
    re.IGNORECASE,
)


# A short aside in brackets right after a name ("国内高校（港校也算）合作的"): what follows it still goes with the name.
_ASIDE = re.compile(r"^\s*[（(][^（）()]{0,30}[)）]")


def _past_aside(rest: str) -> str:
    return _ASIDE.sub("", rest)


# A country before two kinds of maker ("国内高校或企业", "US companies and universities"): the country holds for both.
_COUNTRY_MAKERS = re.compile(
    r"(?P<c>国内|中国|美国|\bChinese|\bUS|\bU\.S\.|\bAmerican)\s*(?:的)?\s*"
    r"(?:高校|大学|企业|公司|厂商|universit(?:y|ies)|compan(?:y|ies)|labs?|firms?)"
    r"(?P<j>\s*(?:和|与|或者|或|、|/|及|&|\band\b|\bor\b)\s*)(?:the\s+)?(?:国内|中国|美国)?\s*(?:的)?\s*"
    r"(?:高校|大学|企业|公司|厂商|研究院|研究机构|机构|实验室|universit(?:y|ies)|compan(?:y|ies)|labs?|firms?|institutions?"
    r"|academia)",
    re.IGNORECASE,
)
_NATIONAL_GROUPS = {
    "cn": ("Chinese organisations", ("Chinese companies", "Chinese universities")),
    "us": ("US organisations", ("US companies", "US universities")),
}


def _national_makers(text: str, org_m: list[Match]) -> list[Match]:
    """One country's makers of two kinds: the country's whole group, or, asked as joint work ("国内公司和国内高校合作",
    "joint work of US companies and universities"), its companies and its universities, both."""
    for found in _COUNTRY_MAKERS.finditer(text):
        country = "cn" if found.group("c") in ("国内", "中国") or found.group("c").lower() == "chinese" else "us"
        whole, parts = _NATIONAL_GROUPS[country]
        rest = _past_aside(text[found.end() :])
        joint = _JOINT_AFTER.match(rest) or _JOINT_BEFORE.search(text[: found.start()])
        # Joint: the two kinds side by side, the joiner between them, as _joint reads named orgs.
        spans = [(found.start(), found.start("j")), (found.end("j"), found.end())] if joint else [found.span()]
        kept = [m for m in org_m if m.end <= found.start() or m.start >= found.end()]
        new = [Match(n, a, b, text[a:b]) for n, (a, b) in zip(parts if joint else (whole,), spans, strict=True)]
        org_m = sorted([*kept, *new], key=lambda m: m.start)
    return org_m


# A part of an org named right after it: "Meta 超级智能实验室", "Google's Brain team", "Meta Superintelligence Labs";
# not "除了 OpenAI 之外还有哪些实验室" or "other than DeepSeek, which labs …", where the labs are the others.
_ORG_PART_AFTER = re.compile(
    r"(?:'s|’s)?\s+(?:[A-Z][\w\-]*\s+){0,2}(?:[Ll]abs?|[Tt]eam|[Dd]ivision|[Uu]nit)\b"
    r"|\s*(?:的\s*)?(?P<zh>[\u4e00-\u9fff]{0,6}?)(?:实验室|团队|部门|事业部)"
)
_NOT_A_PART = re.compile(r"之外|以外|还有|哪|其他|其它|别的|另外|以及|和|或")


def _names_a_part(text: str, end: int) -> bool:
    """Does a lab or team of the org named up to ``end`` follow it?"""
    m = _ORG_PART_AFTER.match(text, end)
    return m is not None and not _NOT_A_PART.search(m.group("zh") or "")


def _org_set_aside(text: str, m: Match) -> bool:
    """Is the org left out ("not from Google", "除了 OpenAI", "阿里自己发布的条目不算")? A cue before it in its clause,
    or one after it there; "besides the bootstrapped generator" after Zhipu's work, "在 computer use 之外", "leave RL
    aside" set other things aside."""
    clause = _clause_of(text, m.start, m.end)
    lo = _clause_start(text, m.start)
    after = clause[m.end - lo :]
    set_aside_after = bool(_NEGATED_AFTER.search(after)) and not _OTHER_ASIDE.search(after)
    return (
        bool(_NEGATED_CLAUSE.search(clause[: m.start - lo]))
        or set_aside_after
        or _left_out_around(text, m.start, m.end)
    )


# "Leaving OpenAI out, …", "leave R1 and o3 out": the name between the verb and "out".
_LEAVING_BEFORE = re.compile(r"\b(?:leav(?:e|es|ing)|keep(?:s|ing)?|tak(?:e|es|ing))\s+(?:the\s+)?$", re.I)
_OUT_AFTER = re.compile(r"\s*(?:(?:,?\s*(?:and|or)\s+|、|/)[\w.\-]+(?:\s[A-Z][\w.\-]*)?)*\s+out\b", re.I)


def _left_out_around(text: str, start: int, end: int) -> bool:
    """Is the name at ``start:end`` set aside by "leaving … out" around it?"""
    return bool(_LEAVING_BEFORE.search(text, 0, start)) and bool(_OUT_AFTER.match(text, end))


_NON_BEFORE = re.compile(r"(?:\bnon-|非)\s*$", re.I)  # "non-DeepSeek works", "非 OpenAI 的工作"
_NOT_RIGHT_BEFORE = re.compile(r"(?:非|不是|\bnon-?|\bnot)\s*$", re.I)
# A kind the question leaves out, the negation attached to it: "(not a technical report)", "works that are not
# blogs", "non-paper entries", "不算技术报告" / "技术报告不算".
_NOT_KIND_BEFORE = re.compile(
    r"(?:\b(?:not|without|excluding|except(?: for)?|besides|apart from|aside from|not counting|as opposed to"
    r"|rather than|instead of|other than)\s+(?:an?\s+|the\s+)?"
    # "not the cards or papers": a word that names no kind may come first in the left-out alternatives
    r"(?:[\w/\-]+\s+(?:or|nor)\s+)?|\bnon-?\s*|不是|并非|而非|除了|不含|不包括|不算"
    # "which ones aren't research papers at all"
    r"|(?<=\w\s)(?:are|is|were|was)(?:n't| not)\s+(?:an?\s+|the\s+)?(?:research\s+|academic\s+|real\s+)?)\s*$",
    re.I,
)
# "as opposed to blog posts or system/model cards", "不算博客和系统卡": a kind joined to a left-out one is left out.
_JOINED_KIND = re.compile(
    r"^(?:\s*(?:posts?|entries|ones)\b)?\s*,?\s*(?:or|nor|and|或者|或|和|及|与|/|、)\s*(?:the\s+)?(?:[\w\-]+/)?$", re.I
)
_KIND_STATED = re.compile(
    r"(?:\b(?:kind|type|tagged|labell?ed|marked)|类型|标成|标为|标注为?)\s*(?:=|:|：|\bis\b|\bas\b|为|是|成)?\s*"
    r"(?:\ban?\s+|\bplain\s+|[\u4e00-\u9fff]{1,4}\s*[（(]\s*)?['\"“‘]?([A-Za-z][A-Za-z\-]*)",
    re.I,
)
# "papers" said of works in general ("Some agent papers sell … — which entries make that pitch?") is no kind filter:
# readers call blogs and reports papers too. Nor is one paper pointed at ("the WebArena paper itself", "in their
# original papers"). It stays a filter when the kind is marked ("actual research papers", "论文（paper）", "正式论文")
# or set against another kind ("papers, not blog posts"), and whenever a concept or benchmark is the topic.
_PAPER_MARKED = re.compile(
    r"\b(?:research|actual|real|proper|formal|academic|peer[- ]reviewed)\s+papers?\b"
    r"|正经|正式|学术论文|论文\s*[（(]\s*paper"
    r"|\bblogs?\b|blog posts?|博客|博文|model[- ]cards?|system[- ]cards?|模型卡|系统卡|technical reports?|技术报告",
    re.IGNORECASE,
)
_PAPER_POINTED = re.compile(
    r"\b(?:original|own|its|their)\s+papers?\b|\bthe\s+(?-i:[A-Z])[\w\-.]*\s+paper\b(?!s)|\bpapers?\s+itself\b"
    r"|论文本身|原论文|原始论文",
    re.IGNORECASE,
)


def _loose_paper(text: str, concepts: Sequence[str], benchmarks: Sequence[str], focus: Sequence[str]) -> bool:
    """Is "paper(s)" here a word for works, with a topic the list is about, rather than the kind asked for?"""
    if _PAPER_MARKED.search(text):
        return False
    # Only a list with no concept or benchmark to go by loses the filter: with one, the filter has always held.
    return bool(_PAPER_POINTED.search(text) or (not concepts and not benchmarks and len(focus) >= 4))


# "不算", "不用算", "别算": not to be counted.
_NOT_COUNTED = r"(?:不|不用|不要|别)算"
_NOT_KIND_AFTER = re.compile(
    r"\s*[）)]?\s*(?:里|中|里面)?\s*(?:的)?\s*(?:那种|那类|这种|这类|那些|这些|之类的?|等)?\s*(?:的)?\s*(?:条目)?\s*(?:都|也|就)?"
    rf"(?:{_NOT_COUNTED}|除外|不包括|以外|之外|不要(?=\s*(?:[。？?！!，,；;]|$)))"
    # "The add-on notes don't count", "(notes excluded)"
    r"|\s+(?:do\s+not|don't|doesn't|does\s+not)\s+count\b|\s+(?:are\s+|is\s+)?(?:excluded|removed|left\s+out)\b"
)
# Where a negation stops governing what follows: "do not use RL | but use SFT", "无需人工标注 | 就用强化学习".
_SCOPE_BREAK = re.compile(r"\b(?:but|and|yet|while|whereas|that|which|who)\b|但|却|就|而且|并且|同时|且", re.I)
# A model family used right before its name ("built on Mistral", "基于 Mistral"), not its maker.
_FAMILY_USED_BEFORE = re.compile(
    r"(?:\b(?:based on|built on|on top of|fine-?tuned (?:from|on)|trained (?:on|from)|initiali[sz]ed from"
    r"|uses?|used|using)"
    r"|基于|用了?|使用了?|采用了?)\s*(?:the\s+)?$",
    re.IGNORECASE,
)
_MAKERS_OWN_AFTER = re.compile(r"'s|’s|\s+own\b|\s*的", re.IGNORECASE)
# A model family used, not a family's own releases: "works built on Qwen models".
_USES = re.compile(
    r"\b(?:based on|built on|on top of|fine-?tun\w*|train(?:ed|s)? (?:on|with)|"
    r"use[sd]? (?:the )?[\w\-]+ (?:models?|family)|"
    r"initiali[sz]ed from)\b|基于|之上|上训练|上微调|微调了?|用了?\S{0,6}模型",
    re.IGNORECASE,
)
# Which of two came out first or later: "which came out first", "which is older", "released before",
# "哪个先发布", "谁更早", "哪个在前"; the group ``later`` when the later one is asked for. Shared with the
# composer, which then says which side the survey dates first.
_RELEASED = r"(?:came out|come out|was released|released|launched|shipped|published|appeared)"
_ZH_RELEASED = r"(?:发布|发表|推出|出来|出|上线|公开|发)"
# One side against the other needs the release itself: not 发现 / 出现 / 发生 ("RL 之后出现了什么").
_ZH_OUT = r"(?:发布|发表|推出|出来|上线|公开)"
_ORDER_IN_TIME = (
    rf"(?P<later>\b{_RELEASED} (?:later|last|after)\b|\b(?:is|was) (?:newer|more recent)\b"
    rf"|(?:哪个|哪一个|谁)(?:更|最)?晚{_ZH_RELEASED}?|(?:哪个|哪一个|谁){_ZH_RELEASED}得?(?:更|最)?晚|哪个在后"
    # "Did A postdate B?", "Is A newer than B?", "Did A come after B?", "A 比 B 晚发布吗", "A 晚于 B",
    # "A 是在 B 之后发布的吗": one side against the other (not 比较 "rather", 比如 "for example")
    rf"|\bpost-?dates?\b|^\s*(?:is|was)\b[^?？]{{1,60}}\b(?:newer|more recent|later)\s+than\b"
    rf"|^\s*(?:did|does)\b[^?？]{{1,60}}\bcome after\b"
    rf"|比(?![较如方])[^，。？?]{{1,40}}?(?:更)?晚(?:{_ZH_OUT}|吗|[？?]|$)|晚于|在[^，。？?]{{1,40}}?之?后{_ZH_OUT})"
    rf"|\b{_RELEASED} (?:first|earlier|before)\b|\b(?:is|was) (?:older|earlier)\b|\bpre-?dates?\b"
    rf"|^\s*(?:is|was)\b[^?？]{{1,60}}\b(?:older|earlier)\s+than\b|^\s*(?:did|does)\b[^?？]{{1,60}}\bcome before\b"
    rf"|(?:哪个|哪一个|谁)(?:更|最)?[先早]{_ZH_RELEASED}?|(?:哪个|哪一个|谁){_ZH_RELEASED}得?(?:更|最)?早|哪个在前|发布(?:的)?先后"
    rf"|比(?![较如方])[^，。？?]{{1,40}}?(?:更)?(?:早(?:{_ZH_OUT}|吗|[？?]|$)|先{_ZH_OUT})|早于|(?<!优)先于"
    rf"|在[^，。？?]{{1,40}}?之?前{_ZH_OUT}"
)
ORDER_IN_TIME = re.compile(_ORDER_IN_TIME, re.IGNORECASE)
# "… on which benchmark does it lead when it's allowed to use tools?": a "when" after the question word in the
# same sentence is a condition, not a question about time.
_CONDITION_WHEN = re.compile(r"\b(?:which|what|how|who)\b[^?？.!。]{3,80}(?<!\band)(?<!\bor)(?<!,)\s+when$", re.I)
# "So did anything emerge when it was trained with RL?": in a yes/no question it is a condition too, unless what
# follows is a release ("Can you find out when Kimi K2 came out?", "did the survey say when it was released?").
_YES_NO_WHEN = re.compile(
    r"(?:^|[.!?。？,，]\s*|\b(?:so|and|also|then)\s+)(?:did|does|do|is|are|was|were|has|have|had|can|could|will|would)\b"
    r"[^?？.!。]{3,80}(?<!\band)(?<!\bor)(?<!,)\s+when$",
    re.I,
)
_WHEN_RELEASED = re.compile(
    r"\s+(?:[\w\-.'’]+\s+){0,5}?(?:released|came out|comes? out|published|launched|announced|introduced|proposed"
    r"|appeared|dropped|shipped|unveiled|open-?sourced|out)\b",
    re.I,
)
_DATE_Q = re.compile(
    # "When X shipped, how much did Y go up?": a "when" clause that sets the scene does not ask for a date.
    # "when to call a tool", "教模型何时/如何调代码解释器": when to act, not a date.
    # "applied only when the model is run", "even when tools are off": a condition, not a date asked.
    r"(?<!\bonly )(?<!\bjust )(?<!\beven )(?<!\bexcept )(?<!\bunless )"
    r"\bwhen\b(?!\s+to\b)(?![^?？]*[,，]\s*(?:how|what|which|who|where|did|does|do|is|was|were)\b)"
    r"|\b(?:what|which) (?:year|month|date|day)s?\b(?!-)|\brelease date\b"
    r"|\b(?:what|which) (?:exact|precise|specific) (?:day|date)\b"
    r"|哪一?天|几号|(?:什么|啥)时候(?![/、]\s*(?:怎么|如何|怎样)|该|要|应|需要|去|调用?|使用|用)|何时(?![/、]|如何|该|要|应|需要|去|调用?|使用|停)|哪一年|哪年|哪一?个月|几月|发布时间|发表时间|日期"
    # "7 月还是 8 月发的", "in July or August?", "2024 or 2025?": one date or the other, asked which
    r"|\d{1,2}\s*月份?\s*(?:还是|或者?是?)\s*\d{1,2}\s*月|(?:19|20)?\d\d\s*年\s*(?:还是|或者?是?)\s*(?:19|20)?\d\d\s*年"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+or\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct"
    r"|Nov|Dec)[a-z]*\b(?:\s+(?:19|20)\d\d)?\s*[?？]"
    r"|\b(?:released|published|launched|out|dated|from)\s+(?:in\s+)?(?:19|20)\d\d\s+or\s+(?:19|20)\d\d\s*[?？]"
    # "which one came out first": an order in time, answered by the dates
    rf"|{_ORDER_IN_TIME}",
    re.I,
)
# "first" that points back at the work a question is about ("that first … add-on", "its first version"), while
# the question asks a measure of it ("how much", "what gain", "多少"): a description, not an earliest work.
_FIRST_DESCRIBES = re.compile(
    r"\b(?:that|this|its|their)\s+(?:very\s+)?first\b[^?？]*?"
    r"(?:\bhow (?:much|many|well|big|long|fast)\b|\bwhat (?:gain|score|improvement|accuracy|speed-?up)\b|多少|几)",
    re.I,
)
_WHICH_FIRST = re.compile(
    r"\b(?:which|who|whose)\b|\bwhat(?:'s| is| was| were)? (?:the )?(?:very )?(?:first|earliest|oldest)\b"
    r"|\b(?:earliest|oldest)\b|哪|谁|最早",
    re.I,
)
# "What did <org> release in <month>?", "DeepSeek 2025 年 1 月发布了什么？": the org's works, by date.
_WHAT_RELEASED = (
    r"\bwhat (?:did|has|have|does)\b.*\b(?:(?:release|publish|put out|ship|launch|announce|introduce)\w*"
    r"|work(?:ed)? on)"
    r"|\bwhat (?:\w+ )?(?:got|was|were|came|has been|have been) (?:released|published|out|launched|shipped|announced)\b"
    # (not "发布了哪些尺寸的…")
    r"|(?:发布|推出|发表|发)了?(?:些)?(?:什么|哪些|啥)(?:工作|模型|论文|成果|东西)?\s*[？?]?\s*$"
    r"|\bwhat(?:'s|’s| is| was) (?:from|by) \S+(?: \S+)? (?:in here|in (?:the|this) survey)\b"
)
# A question about the survey's metadata that asks for entries without a list word.
_METADATA_LIST = re.compile(
    r"收录|收了|entries|works|papers|有什么|(?:都|一共|总共)?有(?:哪些|哪几[个篇份款项条]|啥)"
    r"|what .* (?:include|cover)|"
    r"\bwhat(?:['’]s|\s+is)\s+(?:in\s+)?(?:there|here|the survey)\b|(?-i:\banything\b)|"  # (not "Segment Anything")
    r"的(?:工作|论文|条目|模型|博客|报告|成果)\s*[？?]?\s*$|" + _WHAT_RELEASED,
    re.I,
)
# Works made by two organisations together ("字节和清华一起做的", "joint work of A and B", "A and B jointly"): every
# one named must be among the entry's makers. Not "与谷歌合作的也算" (collaborations count too: any of them).
_JOINT_AFTER = re.compile(
    r"\s*(?:(?:have|has)\s+)?(?:joint(?:ly)?|together|both|co-?(?:authored|developed|wrote|written|created|published))\b"
    r"|\s*(?:一起|合作|联合|共同|联手|携手|合写|合著)(?!的也算|也算)",
    re.IGNORECASE,
)
_JOINT_BEFORE = re.compile(
    r"\b(?:joint(?:ly)?\s+(?:\w+\s+)?(?:by|of|from|between)|co-?(?:authored|developed|written|published)\s+by"
    r"|collaborations?\s+(?:between|of)|\bboth|\bjoint(?:ly)?)\s*$|(?:由|是)\s*$",
    re.IGNORECASE,
)
JOINED = re.compile(r"\s*(?:,|，|、|&|/|[–—-]|x|×|and|和|与|及|以及|跟)\s*", re.IGNORECASE)


# "did A and B write together": a verb of making, then together (not "are evaluated together with GPT-4").
_MADE_TOGETHER = re.compile(
    r"\s*(?:write|wrote|written|publish(?:ed)?|release[sd]?|buil[dt]|develop(?:ed)?|ma[dk]e|do|did|work(?:ed)?|"
    r"create[sd]?|train(?:ed)?)\s+(?:together|jointly)\b",
    re.IGNORECASE,
)


# "which of them are actual papers?": the kind itself, also beside a topic (where "papers" may mean works).
_REAL_PAPERS = re.compile(r"\b(?:actual|real|proper|genuine)\s+papers?\b|正式(?:的)?论文|真正的论文", re.I)
# A concept let in beside another: "RLHF counts", "RLHF is fine too", "包括 RLHF", "RLHF 也算".
_LET_IN_AFTER = re.compile(
    r"\s*(?:(?:also|too)\s+)?(?:counts?|is fine|are fine|is ok(?:ay)?|included|(?:is|are) included"
    r"|也算|算|都算|也行|也可以)\b",
    re.I,
)
_LET_IN_BEFORE = re.compile(r"(?:\bincluding|\bincl\.?|包括|含|包含)\s*$", re.I)
# "purely by companies", "only universities", "纯学术", "只有高校": no maker outside the orgs named.
_ONLY_BEFORE = re.compile(
    r"\b(?:purely|solely|exclusively|entirely|only)\s+(?:(?:made|built|written|released|done)\s+)?(?:by\s+|from\s+)?"
    r"(?:the\s+)?$|(?:纯|只有|仅有|全是|全由)\s*$",
    re.I,
)
_ONLY_ALIAS = re.compile(r"\b(?:purely|solely|exclusively|entirely|only)\b|-only\b|纯|只有", re.I)


def _joint(text: str, found: Sequence[Match]) -> bool:
    """Does the question ask for works its organisations made together (named side by side, then "together" /
    "一起做的", or after "joint work of")?"""
    if len(found) < 2 or not all(JOINED.fullmatch(text[a.end : b.start]) for a, b in itertools.pairwise(found)):
        return False
    rest = _past_aside(text[found[-1].end :])
    if _JOINT_AFTER.match(rest) or _MADE_TOGETHER.match(rest):
        return True  # "A 和 B 一起做的", "A and B jointly", "did A and B write together"
    before = _JOINT_BEFORE.search(text[: found[0].start])
    if before and before.group().strip() in ("由", "是"):
        return bool(_JOINT_AFTER.search(rest))  # "由 A 和 B 联合发布的"
    return bool(before)  # "joint work of A and B"


# Who made a work, asked with a list noun ("which labs are behind", "哪几家机构一起做的"), and words that ask
# for results instead.
_MADE_ASKED = re.compile(
    r"\b(?:made|built|created|developed|proposed|introduced|authored|wrote|behind|came up with)\b"
    r"|做的|做出|提出|推出|开发|出品|联合|合作|打造|搞的|发布的"
)
# Before a name set aside as too broad: "not just 'GPQA'", "不只是 GPQA".
_NOT_JUST = re.compile(
    r"(?:\bnot\s+(?:just|only|merely|simply|plain|generic)|\binstead\s+of\s+(?:just\s+)?|不只是|不仅仅?是|不光是|而不是笼统的?)"
    r"\s*(?:the\s+)?['\"‘“「]?\s*$",
    re.IGNORECASE,
)


def _made_asked(text: str, bench: Match) -> bool:
    """Is the benchmark the work made ("labs are behind OSWorld", "OSWorld 是哪几家机构一起做的"), not what the
    works made are measured on ("labs built models that beat humans on OSWorld")?"""
    if _WORK_AFTER.match(text, bench.end) or re.search(
        r"(?:基于|围绕|用|在|\bon|\bfor|\bwith)\s*$", text[: bench.start]
    ):
        return False  # "developed WebArena agents", "基于 WebArena 开发了 agent": works made for it
    before = [m for m in _MADE_ASKED.finditer(text, max(0, bench.start - 16), bench.start) if m.group().isascii()]
    if before and re.fullmatch(r"\s*(?:the\s+)?", text[before[-1].end() : bench.start]):
        return True
    after = _MADE_ASKED.search(text, bench.end, bench.end + 16)
    return bool(
        after
        and not after.group().isascii()
        and not re.search(r"[，,。？?]", text[bench.end : after.start()])
        and re.match(r"的?\s*(?:[？?。！!]|$)", text[after.end() :])  # "…一起做的？", not "做了哪些训练"
    )


# A work made for a benchmark, named right after it: "WebArena agents", "SWE-bench 的 agent".
_WORK_AFTER = re.compile(
    r"\s*(?:的\s*)?(?:agents?|models?|systems?|methods?|solutions?|policies|模型|智能体|系统|方法)(?![A-Za-z])", re.I
)


_RESULTS_ASKED = re.compile(
    r"\b(?:results?|scores?|numbers?|report\w*|evaluat\w*|tested)\b|结果|成绩|分数|得分|报告|评测", re.I
)
_ORG_Q = re.compile(
    r"\bwho (?:made|built|developed|released|proposed|created|published|introduced|put out|trained|shipped|maintains)\b"
    r"|\bwho(?:'s|’s|\s+is|\s+was|\s+are|\s+were)\s+behind\b"
    r"|\b(?:what|which) (?:orgs?|organi[sz]ations?|labs?|companies|company|institutions?|teams?|groups?)\s+"
    r"(?:is|are|was|were)\s+behind\b"
    r"|\bwhich (?:part|arm|division|unit) of [A-Z][\w\-]*(?:\s+[A-Z][\w\-]*)?\s+"
    r"(?:put out|released?|built|made|developed|published|created)\b"
    r"|\bwhich (?:lab|company|org\w*|team|institution|group)\b"
    # "which google team": an org's name before a lab, company or team (not "which GitHub org", "which age group")
    r"|\bwhich (?!(?:github|gitlab|hugging\s*face|hf|age|test|control|user|target)\b)[A-Za-z]+\s+(?:lab|company|team)\b"
    r"|\bwhich (?:labs|companies|org\w*s|teams|institutions|groups)\b"
    # "from which university", not "built from which two stages"
    r"|\bfrom which\s+(?:universit(?:y|ies)|institutes?|schools?|countr(?:y|ies)|vendors?|providers?)\b"
    r"|\bfrom which\s*[?？]|哪家|哪几家|哪个机构|哪些机构|哪个团队|哪些团队|哪个公司|哪些公司|哪个实验室|谁家"
    r"|谁(?:提出|发布|开发|推出|做)(?!得?(?:更|最)?[早晚])|出自|来自哪"
    r"|(?:跟|和|与)谁(?:一起)?合作|\bwho (?:did|does) (?:[\w\-.]+\s+){0,3}(?:partner|collaborate|team up) with\b",
    re.I,
)
_NUMBER_Q = re.compile(
    r"\bhow (?:many|much|far|large|long|big|fast)\b"
    r"|\bwhat (?:percentage|share|fraction|proportion|score|rate|accuracy|value|number)\b|\bwhich value\b"
    r"|\bby how much\b|\b(?:score|scored|scores|accuracy|success rate|pass@\d|resolve rate|percent)\b"
    r"|\b(?:max(?:imum)?|min(?:imum)?|total|average|exact)\s+number\s+of\b"  # "the total number of tasks"
    r"|\b(?:rate|ratio|percentage)\b"
    # "分成几档", "几个阶段" (not "哪几种", which asks which; not "几月", a date)
    r"|多少|(?<!哪)几[个条项]|(?<![哪这那前后好十])几(?:档|级|类|种|步|轮|次|篇|位|层|倍|组|份)|百分之|比例|得分|分数|成绩|准确率|成功率|通过率|提升了",
    re.I,
)
# Words that ask for a quantity outright, unlike a score word that may only describe what is asked about.
_QUANTITY_Q = re.compile(
    r"\bhow (?:many|much|far|large|long|big|fast)\b|\bby how much\b"
    r"|\b(?:what|which)\s+(?:[\w\-]+\s+)?(?:percentage|share|fraction|number|score|rate|accuracy|value)\b"
    r"|多少|(?<!哪)几[个条项]|几倍|几分|百分之|提升了",
    re.I,
)
# "Which exam …", "哪个考试", "what benchmark": a thing asked for by name.
_NAME_Q = re.compile(
    r"\b(?:which|what)\s+(?:[\w\-]+\s+){0,2}?(?:exam|test|benchmark|model|dataset|paper|work|company|lab|team|method"
    r"|technique|algorithm|tool|product|system|framework|task|domain|language|baseline)s?\b"
    r"|(?:哪个|哪一个|哪款|哪种|哪类|哪篇|哪项|哪家|哪位|哪些)\s*(?!分数|得分|成绩|比例|版本的?(?:分数|成绩))",
    re.I,
)
# "在哪一类任务上", "on what kind of tasks", "in which domains": a kind of task or setting asked for, not a score.
_KIND_ASKED = re.compile(
    r"(?:哪一?[类种]|什么样?的?|什么类型的?)\s*(?:任务|场景|领域|问题|方面|环境)"
    r"|\b(?:what|which)\s+(?:(?:kinds?|types?|sorts?)\s+of\s+)?(?:tasks?|domains?|settings?|problems?|areas?)\b",
    re.I,
)
_REPORTED = re.compile(
    r"(?:(?<![小据听])说(?![法明])|认为|指出|表明|声称|发现|强调)"
    r"|\b(?:says?|said|shows?|showed|argues?|argued|claims?|claimed|finds?|found)\s+that\b"
    r"|\bto (?:show|argue|claim|illustrate)\b",
    re.I,
)


def _reported_score(text: str) -> bool:
    """ "拿哪个考试举例，说考试分数和临床能力有落差？": a thing asked for by name, where the only score words are in
    what the paper is said to say; they describe what is asked about and ask for no number."""
    if _QUANTITY_Q.search(text) or not _NAME_Q.search(text):
        return False
    return all(
        (said := _REPORTED.search(text[: m.start()])) is not None
        and not re.search(r"[,，;；?？。]|\.\s", text[said.end() : m.start()])
        for m in _NUMBER_Q.finditer(text)
    )


_SCORE_Q = re.compile(
    r"\b(?:score|scored|scores|scoring|accuracy|success rate|pass@\d+|resolve rate|result|results|perform|performance"
    r"|do on|did on|get on|got on|reach|reached|achieve|achieved|go up|went up"
    r"|rating|elo|percentile)\b"
    r"|得分|等级分|百分位|分数|总分|均分|平均分|成绩|准确率|成功率|通过率|表现|拿了|拿到|能拿|拿多少|考了|考多少|达到|多少分|结果"
    r"|有分[吗么嘛]?\s*(?:[？?]|$)",  # "在 B 上有分吗？"
    re.I,
)
# What joins two names side by side: "X and Y", "X or Y", "X vs Y", "X 和 Y", "X 还是 Y", "X、Y".
_JOINED_NAMES = re.compile(r"\s*(?:,?\s*(?:and|or|vs\.?|versus)|和|与|跟|还是|或|、|,|，|/)\s*", re.IGNORECASE)
# Where in the paper the question looks: its opening ("论文开头说", "the paper opens by") or its close ("收尾时说",
# "in its conclusion").
_OPENING_ASKED = re.compile(
    r"开头|开篇|一开始|一上来|开宗明义|\bopens?\s+(?:with|by)\b|\bopening\b|\bat\s+the\s+(?:very\s+)?(?:start|beginning|outset)\b"
    r"|\bbegins?\s+(?:with|by)\b|\bfirst\s+sentence\b|\bup\s+front\b",
    re.IGNORECASE,
)
# Where the question says the answer is: the paper's abstract ("摘要里说", "according to its abstract").
_ABSTRACT_ASKED = re.compile(
    r"(?:论文|文章|原文|paper)?摘要(?:里|中|上|部分)?(?:说|提到|写|称|讲|给出|表示|指出|声称|里|中)"
    r"|\b(?:in|from|per|according to)\s+(?:the|its|their|that)\s+(?:paper'?s\s+|papers'\s+|arxiv\s+)?abstracts?\b"
    r"|\bthe\s+abstract\s+of\b"
    r"|\b(?:the|its|their)\s+(?:paper'?s\s+|arxiv\s+)?abstract\s+"
    r"(?:says?|said|states?|mentions?|claims?|reports?|notes?)\b",
    re.IGNORECASE,
)
# "不算论文摘要", "只看综述条目本身", "not counting the paper abstracts", "in the survey lines only": an answer
# drawn from what the survey's own lines say, not from the linked abstracts.
_SURVEY_ONLY = re.compile(
    r"(?:不算|不含|不包括|除去|排除|不看|不管)\s*(?:论文|arxiv)?\s*(?:的)?摘要|摘要(?:里的内容)?(?:不算|除外)"
    r"|只看(?:综述|调研)?(?:的)?(?:条目|正文|描述)|(?:条目|综述)(?:本身|描述|正文)(?:里|中)"
    r"|\b(?:not\s+(?:counting|including|the)|(?:don'?t|do not)\s+count|excluding|exclude|ignoring|ignore|leaving\s+out)"
    r"\s+(?:the\s+)?(?:linked\s+|paper\s+|arxiv\s+)?abstracts?\b"
    r"|\b(?:only\s+(?:in\s+)?)?the\s+survey(?:'s)?\s+(?:own\s+)?(?:text|lines?|descriptions?|summaries|entries)\s+"
    r"(?:only|themselves|itself)\b"
    r"|\bonly\s+(?:in\s+|from\s+)?the\s+survey(?:'s)?\s+(?:own\s+)?(?:text|lines?|descriptions?|summaries)\b",
    re.IGNORECASE,
)
# "综述里 ReTool 条目的摘要", "DAPO 的中文摘要": the survey's own line, not the paper's abstract.
_SURVEY_SUMMARY = re.compile(r"(?:综述|调研|条目|中文)[^，,。？?]{0,12}摘要")
_CLOSING_ASKED = re.compile(
    r"收尾|结尾|末尾|最后总结|\bconclu(?:de|des|ded|sion)\b|\bclosing\b|\bends?\s+(?:with|by|on)\b|\bwraps?\s+up\b"
    r"|\blast\s+sentence\b",
    re.IGNORECASE,
)
# How a work puts its results in words ("How does the paper characterize its results on GAIA?", "怎么评价自己在
# GAIA 上的表现"), with no number asked for: what it says of them answers, where it names the benchmark.
_CHARACTERISES = re.compile(
    r"\bhow\s+(?:does|did|do)\s+[^?？,，]{1,50}?\s(?:characteri[sz]e|describe|frame|sum\s+up|summari[sz]e|portray)\b"
    r"|(?:怎么|如何|怎样)(?:评价|描述|概括|形容)",
    re.I,
)
_NUMBER_ASKED = re.compile(
    r"\b(?:score|rate|percent(?:age)?|number|points?|accuracy|how\s+(?:much|many|high|well))\b|多少|几分|几个点|百分",
    re.I,
)
_OWNER_OF = re.compile(r"\s*(?:'s|’s|的)\s*")
_MAKER_OF = re.compile(r"\s*(?:'s|’s|的)\s*(?:[\w\-]+\s+){0,3}")
# ... asked the densest way round: the largest active share ("最不稀疏", "least sparse", "激活比例最高").
_DENSER = re.compile(
    r"最不\S{0,2}稀疏|least sparse|\bdensest\b|(?:比例|比率|占比)最(?:高|大)|最(?:高|大)的?(?:比例|比率|占比)"
    r"|\b(?:highest|largest|biggest) (?:ratio|share|fraction|proportion)",
    re.I,
)
# Two named things set side by side: "WebArena vs OSWorld", "each", "分别", "各有多少".
_EACH = re.compile(
    r"\bvs\.?(?!\w)|\bversus\b|\beach\b|分别|各自|各有|各是|各为"
    r"|^\s*compare\b|\b(?:differ|difference|differences)\b|有什么(?:区别|不同)|区别在哪|(?:对比|比较)一下",
    re.I,
)


@dataclass(frozen=True)
class Question:
    """A question read once: what it asks and about what; every later step works from this."""

    text: str
    lang: Lang
    intent: Intent
    tokens: tuple[str, ...]
    entries: tuple[str, ...] = ()
    benchmarks: tuple[str, ...] = ()
    benchmarks_aside: tuple[str, ...] = ()  # set aside ("不算 VAB-WebArena-Lite"): no version of a family asked
    orgs: tuple[str, ...] = ()
    concepts: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    role: str | None = None
    exclude_role: str | None = None
    exclude_orgs: tuple[str, ...] = ()
    orgs_joint: bool = False  # "字节和清华一起做的", "joint work of A and B": every org named, not any
    orgs_only: bool = False  # "made purely by companies", "纯学术团队": no maker outside the orgs asked for
    exclude_entries: tuple[str, ...] = ()  # named works a list or ranking leaves out ("besides R1", "除了 R1")
    not_own_benchmark: bool = False  # "which models report an OSWorld number?": not the benchmark's own entry
    versus: tuple[str, ...] = ()  # models a list's works measure themselves against ("against GPT-4 Turbo")
    versus_not_base: bool = False  # ... and not as the model they are built on ("当比较对象，不是拿来当基座")
    hosts: tuple[str, ...] = ()  # orgs whose platform a list's works use ("Hugging Face 上的模型"), not their maker
    exclude_kinds: tuple[str, ...] = ()
    kind_stated: bool = False  # the survey's kind named as such ("kind = paper"): it binds even beside a topic
    exclude_concepts: tuple[str, ...] = ()
    without: tuple[str, ...] = ()  # concepts the works asked for skip ("skip SFT", "跳过 SFT")
    stray_names: tuple[str, ...] = ()  # name-like words outside every slot and named entry ("Self-RAG")
    uses_family: bool = False
    section: str | None = None
    years: tuple[int, int] | None = None
    month: str | None = None
    asks: tuple[str, ...] = ()
    direction: Literal["max", "min"] = "max"
    measure: str | None = None
    threshold: float | None = None
    threshold_op: Literal[">=", "<=", "=="] = ">="  # "at least 100B", "fewer than 10B active", "a 256K context"
    threshold_hi: float | None = None  # the upper end of a range ("between 300B and 700B"), with threshold its lower
    bound_measure: str | None = None  # what the threshold bounds, when it is not what a ranking ranks by
    size_bound: tuple[str, float, str] | None = None  # a list by a result also bounded by size: (measure, value, op)
    focus: tuple[str, ...] = ()
    ask_tokens: tuple[str, ...] = ()
    mentioned: tuple[str, ...] = ()
    unseen: tuple[str, ...] = ()  # Latin names the index never uses (Chinese ones: unseen_chinese_names)
    other_names: tuple[str, ...] = ()  # names the index uses that are not entry names ("CodeActAgent")
    # Words a list asks for as written ("literally 'Thinking' in the name", "写成“全开源”"), any of them;
    # literal_in_name: only in the entry's title.
    literal: tuple[str, ...] = ()
    literal_not: tuple[str, ...] = ()
    literal_all: bool = False
    literal_in_name: bool = False
    literal_prefix: bool = False  # the term opens the entry's name ("names starting with 'Web'")
    from_overview: bool = False  # a list of the works the survey's overview paragraph names for something
    # Where in the paper the question looks ("论文开头说", "how does the paper conclude"): "opening" or "closing".
    place: Literal["opening", "closing"] | None = None
    in_abstract: bool = False  # "摘要里说…", "what does the abstract say": the paper's abstract, not the survey line
    survey_only: bool = False  # "不算论文摘要", "not counting the abstracts": what the survey lines themselves say
    # "How does the paper characterize its results on GAIA?", no number asked: what it says of them answers.
    results_described: bool = False
    # Narrower concepts said only to count too ("用到了强化学习？RLHF 也算"): part of their parent's topic.
    also_counted: tuple[str, ...] = ()
    # "counting the add-on notes at the end", "补录里的也算": the org's add-on notes (which name no org) count too.
    notes_counted: bool = False
    # "How many parameters does the latest MiniMax model have?": the earliest / latest work, then the fact asked of it
    then_asks: bool = False
    # "the paper that got 12.5% on SWE-bench": the work found by a result the question quotes (not what it asks)
    quoted_result: bool = False
    # "Which lab has the most entries?", "哪一年收录得最多": the survey's entries tallied by "org", "year" or "kind",
    # the largest (direction "max") or smallest group asked for.
    tally: Tally | None = None
    # "What does the survey not say about GPT-5?", "综述没提到 Kimi K2 的哪些信息？": what the survey leaves out
    # about an entry, no one fact asked.
    gaps: bool = False
    notes: tuple[str, ...] = field(default=(), compare=False)

    @property
    def has_filters(self) -> bool:
        """Does the question narrow the survey by metadata or a fact (not just by topic words)?"""
        return bool(
            self.orgs
            or self.years
            or self.month
            or self.kinds
            or self.section
            or self.benchmarks
            or self.exclude_orgs
            or self.exclude_kinds
        )


# A quoted word or phrase (up to 30 characters); alternatives inside one pair of quotes split at "/".
_QUOTED = re.compile(r"(?<!\w)'([^']{1,30})'(?!\w)|\"([^\"]{1,30})\"|“([^”]{1,30})”|‘([^’]{1,30})’|「([^」]{1,30})」")
# The question asks for the quoted words as written, not for what they mean: "literally", "the word", "in their
# name", "写成“X”", "说成“X”", "名字里带“X”". Without such a cue, a list still takes a quoted English term
# the survey writes ("which entries feature an 'agent swarm'") as written; not a Chinese one, often quoted
# for emphasis (“静态”), nor one that is already a slot ('paper', 'DeepMind').
_LITERAL_CUE = re.compile(
    r"\bliterally\b|\bverbatim\b|\bthe\s+(?:exact\s+)?(?:word|term|phrase|string)s?\b|\bin\s+(?:its|their)\s+"
    r"(?:model\s+|product\s+)?names?\b|\bin\s+(?:its|their|the)\s+titles?\b|标题里|标题中"
    r"|字面|原话|这个词|这个字眼|写成|写着|明确(?:写|说)|说成|名字里|名称里|名字中|名称中"
    # ("也称为 self-evolving" glosses a term: no ask for words as written)
    r"|名字(?:带|含|里有)|(?<![也又亦或被可])(?:称作|称为|称之为)|(?<![也又亦或])被称",
    re.IGNORECASE,
)
# Works put side by side ("which came first", "哪个更大", "how do they differ"), not each described.
_COMPARED = re.compile(
    r"\b(?:first|earlier|later|older|newer|bigger|larger|smaller|better|worse|higher|lower|more|fewer|less|differ\w*)\b"
    r"|\bvs\.?|versus|compare|哪个|谁|区别|不同|更|先|后",
    re.IGNORECASE,
)
# The survey's own overview paragraph as the source ("the survey's overview says", "综述开头总结", "综述概述里说");
# not another work's ("AgentBench's introduction", "哪些论文的概述里") nor "the introduction of GRPO".
_OVERVIEW_TEXT = re.compile(
    r"\b(?:the|this)\s+survey(?:'?s|’s)?\s+(?:(?:big-picture|opening|first|initial|short|brief)\s+)?(?:overview|intro(?:duction)?|opening(?:\s+(?:paragraph|summary|section))?)\b"
    r"|\b(?:in|from|per|according\s+to)\s+the\s+overview\b"
    r"|\bthe\s+overview\s+(?:says?|names?|mentions?|lists?|gives?|points?|cites?|highlights?)\b"
    r"|(?:综述|调研)(?:的)?(?:概述|总览|导语|引言|开头)",
    re.IGNORECASE,
)
# How the survey chose its entries: what it takes in, what it merges, what it leaves to other chapters.
_SCOPE_TEXT = re.compile(
    r"\bmerged?\s+(?:\w+\s+){0,2}?into\s+(?:a\s+single|one)\s+entry\b"
    r"|\bhow\s+(?:does|did|do)\s+(?:the\s+survey|you|they)\s+(?:de-?dup\w*|merge)\b"
    r"|\b(?:entries|works|papers)\s+(?:\w+\s+){0,2}?merged\b"
    # "How were the entries chosen?", "how the entries got picked"
    r"|\bhow\s+(?:(?:were|are|did|do)\s+(?:the\s+)?(?:entries|works|papers)\s+(?:get\s+|got\s+)?"
    r"|(?:the\s+)?entries\s+(?:got|get|were|are)\s+)(?:picked|selected|chosen|included)\b"
    # (what it leaves out, not whether a topic is left out: "Does the survey leave out tree search?")
    r"|\b(?:what|which)\b[^?]{0,30}?\bthe\s+survey\s+(?:\w+\s+){0,2}?(?:leave|leaves|left|exclude|excludes|excluded|omit"
    r"|omits|omitted)\b(?![^?]*\b(?:about|regarding|concerning)\b)"  # (not "… leave out about GLM-4.5": its gaps)
    r"|\bwhy\s+(?:isn't|is\s+not|wasn't|was\s+not|aren't|are\s+not)\s+[^?]{1,40}?\s+in\s+(?:the|this)\s+(?:survey|chapter)\b"
    r"|\b(?:list|lists|listed|count|counts|counted|include|includes|included)\s+"
    r"(?:(?:it|them|a\s+(?:paper|work)|the\s+same\s+(?:work|paper|entry))\s+)?"
    r"(?:more than once|twice|several times|multiple times)\b"
    # (the survey leaving works out, not a work leaving a technique out: "deliberately skips MCTS")
    r"|\b(?:left|leaves?|leaving|kept|keeps?)\s+out\s+of\s+(?:this|the)\s+(?:chapter|survey|list)\b"
    r"|\b(?:the\s+survey|this\s+chapter)\b[^?]{0,40}\b(?:deliberately|intentionally|on purpose)\s+"
    r"(?:left|leaves?|leaving|omit\w*|exclud\w*|skip\w*)"
    r"|\b(?:selection|inclusion)\s+(?:criteri\w*|rules?)\b"
    r"|\b(?:what|which)\s+(?:\w+\s+){0,4}?(?:for\s+it\s+)?to\s+be\s+included\b"
    r"|收录(?:标准|规则|条件|口径)|怎么(?:选|挑|筛)(?:出来)?的(?:条目|论文|工作)|(?:综述|调研|本章)(?:是)?(?:怎么|如何)去重|合并(?:成|为)一条"
    r"|(?:重复|多次)(?:收录|列出)|不重复收录|(?:刻意|故意|特意)(?:不|没)收录?|为什么(?:没有?|不)(?:收录|收)",
    re.IGNORECASE,
)
# Works asked for: "which benchmarks", "what RL infrastructure", "哪些模型" (not "which year", "哪个年份").
_WORK_NOUNS = (
    r"works?|papers?|models?|benchmarks?|systems?|methods?|frameworks?|agents?|entries|entry|projects?|"
    r"infrastructures?|tools?|environments?|examples?|releases?|blogs?|posts?|reports?|cards?|products?"
)
_WHICH_WORKS = re.compile(
    rf"\b(?:which|what|how\s+many)\s+(?:[\w\-]+\s+){{0,3}}?(?:{_WORK_NOUNS})\b|哪些|哪几(?:个|篇|款|项|家|条)"
    r"|几(?:个|篇|款|项|家)|多少(?:个|篇|款|项)",
    re.IGNORECASE,
)
# "whose name starts with 'Web'", "名字以“Web”开头", "以“Web”开头的基准": the term opens the entry's name.
# "names starting with …", "名字以 … 开头": the start of a name asked for (the name said after it, quoted or not).
_NAMES_START_WITH = r"\bnames?\s+(?:that\s+)?(?:starts?|begins?|starting|beginning)\s+with"
_NAME_OPENS_WITH_ZH = r"(?:名字|名称|标题|型号)\s*以\s*"
_NAME_START = re.compile(
    _NAMES_START_WITH + r"\b"
    r"|\b(?:starts?|begins?|starting|beginning)\s+with\s+(?:the\s+(?:word|letters?|prefix)\s+)?['\"“‘]"
    r"|以\s*[“\"'‘][^”\"'’]{1,20}[”\"'’]\s*(?:开头|打头)|开头(?:是|为)\s*[“\"'‘]"
    # "名字以 SWE 开头的": a bare Latin name after 以 (the quotes optional)
    r"|" + _NAME_OPENS_WITH_ZH + r"[A-Za-z][\w\-.]{0,20}\s*(?:开头|打头)",
    re.IGNORECASE,
)
_IN_NAME = re.compile(
    r"\bin\s+(?:its|their|the)\s+(?:model\s+|product\s+)?(?:names?|titles?)\b|名字里|名称里|名字中|名称中|名字(?:带|含|里有)|型号里"
    r"|标题(?:里|中)|标题(?:就|都)?(?:带|含|里有)",
    re.IGNORECASE,
)
# A quoted term the list leaves out ("'Flash' but not 'Thinking'", "不带“Thinking”"), and one asking for every term.
_LITERAL_NOT = re.compile(
    r"(?:\bnot|\bwithout|\bno|\bexcept|不带|不含|不包括|没有|不是|但不|除了)\W{0,3}\s*$", re.IGNORECASE
)
_LITERAL_ALL = re.compile(r"\bboth\b|\ball\s+of\b|同时|都带|都有|都含", re.IGNORECASE)


# A quoted term that glosses the one before it ("（也被称为“self-evolving”）", "also called 'X'") names a topic.
_GLOSS_BEFORE = re.compile(
    r"(?:[也又亦或]被?|通常被?)(?:称为|称作|叫做?)\s*$|\b(?:also (?:called|known as)|aka|a\.k\.a\.)\s*$", re.I
)


_CALLED_NAME = re.compile(
    # "things called Lite", "something named X", "都叫 Lightning": not "agents that called GPT-4 as a judge"
    r"(?:\b(?:something|anything|things?|ones?|stuff|is|are|was|were|models?|works?|entries|benchmarks?|papers?)"
    r"\s+(?:called|named)\s+|(?:都|也|就|名|统称|被)叫(?:做)?\s*|叫做\s*)"
    r"((?-i:[A-Z])[\w\-.]{1,19}[\w])(?![\w\-]|\.\w)(?!\s+(?:as|a|an|the|their|its|his|her)\b)(?!\s*(?:来|去|做|当))"
    # "benchmarks with Bench in the title"
    r"|\b(?:with|have|has|having|contains?|containing)\s+((?-i:[A-Z])[\w\-.]{0,18}[\w])\s+in\s+(?:the|its|their)\s+"
    r"(?:names?|titles?)\b"
    # "标题里就带 bench 的基准": a Latin word said after the name's "带 / 含"
    r"|(?:名字|名称|标题|型号)(?:里|中)?(?:就|都)?(?:带|含|有)着?\s*([A-Za-z][\w\-.]{0,18}[\w]|[A-Za-z])(?![\w\-])"
    # "名字以 SWE 开头的", "names starting with Web": the start of a name, said without quotes
    r"|" + _NAME_OPENS_WITH_ZH + r"([A-Za-z][\w\-.]{0,18}[\w]|[A-Za-z])\s*(?:开头|打头)"
    r"|" + _NAMES_START_WITH + r"\s+((?-i:[A-Z])[\w\-.]{0,18}[\w]|[A-Z])(?![\w\-])",
    re.I,
)


def _names_called(text: str, taken: Sequence[tuple[int, int]] = ()) -> list[str]:
    """The names a question says without quotes after "called" / "named" / 叫 / 标题里带, outside the spans taken."""
    out = []
    for m in _CALLED_NAME.finditer(text):
        at = m.lastindex or 1  # the one alternative that matched holds the name
        if not any(a < m.end(at) and m.start(at) < b for a, b in taken):
            out.append(m.group(at))
            # "标题里带 Toward 或者 Towards", "called Lite or Mini": the other spelling asked for too
            more = _OTHER_NAME.match(text, m.end(at))
            if more:
                out.append(more.group(1))
    return out


_OTHER_NAME = re.compile(r"\s*(?:或者?|或是|、|/|\bor\b)\s*([A-Za-z][A-Za-z0-9\-.]{0,18}[A-Za-z0-9])(?![A-Za-z0-9\-])")


def _same_word(a: str, b: str) -> bool:
    """One word in two forms: equal, or a shared stem of five letters or more followed by endings of at most five
    letters each, letters only ("self-evolving", "self-evolution"; not "GPT-J" and "GPT", "RLVR-free" and "RLVR")."""
    a, b = a.lower(), b.lower()
    if a == b:
        return True
    shared = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
    return shared >= 5 and all(re.fullmatch(r"[a-z]{0,5}", rest) for rest in (a[shared:], b[shared:]))


def _literal_terms(
    text: str, catalog: Catalog | None = None, taken: Sequence[tuple[int, int]] = ()
) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
    """The quoted terms of a question that asks for words as written (see _LITERAL_CUE): those asked for, those
    left out, and whether every term asked for must be there (else any); nothing when no cue asks so."""
    if not (_LITERAL_CUE.search(text) or _NAME_START.search(text)):
        if catalog is None:
            return (), (), False
        plain = [
            next(g for g in m.groups() if g is not None).strip()
            for m in _QUOTED.finditer(text)
            if not any(a < m.end() and m.start() < b for a, b in taken)
            and not _GLOSS_BEFORE.search(text, 0, m.start())
            and not _NOT_JUST.search(text, max(0, m.start() - 16), m.start() + 1)  # "not just 'GPQA'": set aside
        ]
        terms = [
            t
            for t in plain
            if 1 <= len(t.split()) <= 3
            and len(t) <= 20
            and not has_cjk(t)
            # 'tool use', 'reasoning': a topic's own name, asked in any words ('agent swarm' is narrower than its topic)
            # ('self-evolving' is the topic self-evolution, inflected)
            and not any(_same_word(m.name, t) for m in catalog.lex.concepts.find(t))
            and written_in_lines(t, catalog)
        ]
        if not plain:  # "好几个东西都叫 Lightning", "things named Lite": a name said without quotes
            plain = _names_called(text, taken)
            terms = [t for t in plain if written_in_lines(t, catalog)]
        # One term, and nothing else that narrows the list (a benchmark, a bound, "but not 'dense'")
        return (tuple(terms), (), False) if len(plain) == 1 and len(terms) == 1 else ((), (), False)
    wanted: list[str] = []
    unwanted: list[str] = []
    for m in _QUOTED.finditer(text):
        quoted = next(g for g in m.groups() if g is not None)
        side = unwanted if _LITERAL_NOT.search(text[max(0, m.start() - 14) : m.start()]) else wanted
        for part in re.split(r"\s*[/／]\s*", quoted):
            part = part.strip(" ，,。、")
            # A term, not a sentence: at most three words and twenty characters.
            if part and len(part.split()) <= 3 and len(part) <= 20:
                side.append(part)
    if not wanted and not unwanted:  # "名字里带 Flash 的模型": the name said without quotes
        wanted = _names_called(text)
    wanted = list(dict.fromkeys(wanted))
    return tuple(wanted), tuple(dict.fromkeys(unwanted)), len(wanted) >= 2 and bool(_LITERAL_ALL.search(text))


def language(text: str) -> Lang:
    """Chinese when the question has any CJK ideograph, else English."""
    return "zh" if has_cjk(text) else "en"


# Some works asked for by a request ("给我几篇", "推荐几篇", "give me a few papers"): no tally of them.
_SOME_ASKED = re.compile(
    r"(?:给我|推荐|找|来|举)\s*(?:几|一些|些)\s*(?:篇|个|条|份)"
    r"|\b(?:give me|recommend|suggest|point me to)\s+(?:a few|some|several|a couple(?: of)?)\b",
    re.IGNORECASE,
)
# A number of things one work has, asked after the thing ("众包文本指令具体是多少条", "偏好数据有几条"): no count of
# entries.
_THING_COUNTED = re.compile(
    r"(?:指令|数据|轨迹|样本|偏好对?|回答|回复|题目?|问题|对话|示范|演示|prompt|query|queries)"
    # (not "提到偏好数据的条目有几条": what stands between may not lead to the entries counted)
    r"(?:(?!的|条目|工作|论文|模型|项目)[^，,。？?；;]){0,6}?(?:多少|(?<!哪)几)\s*(?:条|个|项|份|道)",
    re.IGNORECASE,
)


# A part of a work named after its kind ("论文摘要", "paper abstracts", "the paper's abstract").
_PART_OF_WORK = re.compile(r"\s*(?:的\s*)?摘要|(?:'s)?\s+abstracts?\b", re.IGNORECASE)


def query_text(text: str, catalog: Catalog) -> str:
    """The question as it is read and embedded: "whos behind it" is "who's behind it", "higest webvoyger score" is
    "highest webvoyager score" (embedded so unless it describes a sibling work to set aside; see understand)."""
    return _respelled(_with_apostrophes(_IME_SLIPS.sub(lambda m: _IME_SLIPS_TO[m.group()], text)), catalog)


# A bracket right after a work's name: what identifies the work ("(the Smallville one)", "（就是原来的 OpenDevin）").
_IDENTIFIES = re.compile(r"\s*[(（]([^()（）]{1,80})[)）]")
_ONE_OF_THEM = re.compile(r"那(?:一)?[个款篇版份]|\b(?:the|that)\b[^,，]{0,30}\b(?:one|version|release)\b", re.I)
_ANOTHER_WORK = re.compile(
    r"\s*(?:(?:or|and|vs|versus|compared|against|not|plus)\b|对比|相比|比较|还是|或者?|和|与|跟|以及|不是|而非)",
    re.IGNORECASE,
)


def understand(text: str, catalog: Catalog) -> Question:
    """Read ``text`` into a :class:`Question` (pure: no retrieval, no embedding).

    A described work told apart from its sibling ("Tencent's April 2026 MoE (not the 2025 80B one)",
    "那份系统卡（不是那份风险报告）") is read without the sibling's description: its words, dates and names
    describe the work not asked about. Only for a lookup or comparison; in a list, "not …" is a criterion."""
    return understand_prepared(query_text(text, catalog), catalog)


def understand_prepared(text: str, catalog: Catalog) -> Question:
    """:func:`understand` for a text :func:`query_text` has prepared already (the answerer embeds that text while
    it reads the question, and prepares it once)."""
    # Only an aside that describes another work ("the safety card", "那份风险报告"); "(not from OpenAI)",
    # "(not counting majority voting)" and "not DeepSeekMath" stay: they are criteria, or the answer itself.
    # What the reader says they have already ("I've got the 2024 posts covered already (…). What did they put out
    # from 2025 on?") is no part of what they ask: its dates and topics are not the list's.
    # Only for a question over the survey that does not point back at it ("I've read ReAct. What is its base
    # model?", "…. Which of those …?") nor check a claim it makes ("I've read that Kimi K2 has 1T parameters.").
    known = _KNOWN_ALREADY.match(text)
    rest = text[known.end() :] if known else ""
    if known and _ASK_CLAUSE.search(rest) and not _POINTS_BACK.search(rest) and not _CLAIM_HEARD.match(text):
        read = _understand(rest, catalog)
        # (and says on its own what it asks for: "I've got the τ-bench paper. Which entries give a retail number?"
        # needs the first sentence's benchmark)
        slots = read.orgs or read.years or read.month or read.benchmarks or read.concepts or read.kinds
        if read.intent in ("list", "count", "ranking", "earliest", "latest") and slots:
            return read
    aside = _SIBLING_ASIDE.sub(lambda m: " " if _SIBLING_WORK.search(m.group()) else m.group(), text)
    if aside != text:
        plain = re.sub(r"\s{2,}", " ", aside).strip()
        read = _understand(plain, catalog)
        if read.intent in ("lookup", "comparison"):
            return read
    return _understand(text, catalog)


# A first sentence that says what the reader has already: "I've got … covered already.", "我已经看过 2024 年的了。"
_KNOWN_ALREADY = re.compile(
    r"^\s*(?:I(?:'ve|’ve| have)\s+(?:already\s+)?(?:got|read|seen|covered|looked at|gone through)"
    r"|I\s+already\s+(?:have|know|read|saw|covered)|我(?:已经|早就)(?:看过|读过|知道|了解|有|整理过))"
    r"(?:[^.。!！?？]|\.(?!\s))*(?:\.\s|[。!！])\s*(?=\S)",  # (a point inside "3.5 Sonnet" ends no sentence)
    re.IGNORECASE,
)


_POINTS_BACK = re.compile(
    r"\b(?:it|its|it's|they|them|their|those|these|that one|there|this one|the same)\b"
    r"|它|其|他们|这些|那些|上面|前面|同一",
    re.IGNORECASE,
)
_CLAIM_HEARD = re.compile(
    r"^\s*I(?:'ve|’ve| have)\s+(?:\w+\s+)?(?:read|seen|heard)\s+(?:that|claims?|somewhere)\b", re.IGNORECASE
)


# A question word a pinyin keyboard slipped to its homophone ("都有哪写" for 哪些, both "naxie").
_IME_SLIPS_TO = {"哪写": "哪些"}
_IME_SLIPS = re.compile("|".join(_IME_SLIPS_TO))


# A contraction typed without its apostrophe: "whos", "whats", "doesnt", "didnt", "cant".
_APOSTROPHE_DROPPED = re.compile(
    r"\b(?:(who|what|where|when|how|that|there)(s)|(does|did|is|are|was|were|do|has|have|had|could|would|should|ca)(nt))\b",
    re.IGNORECASE,
)


def _with_apostrophes(text: str) -> str:
    return _APOSTROPHE_DROPPED.sub(lambda m: f"{m[1]}'s" if m[1] else f"{m[3]}n't", text)


_LATIN_WORD = re.compile(r"(?<![\w\-.])[A-Za-z]+(?![\w\-]|\.\w)")


def _respelled(text: str, catalog: Catalog) -> str:
    def fix(m: re.Match[str]) -> str:
        word = m.group()
        right = catalog.respelled(word)
        if right is None:
            return word
        return right.capitalize() if word[0].isupper() else right

    return _LATIN_WORD.sub(fix, text)


_STYLE_AFTER = re.compile(r"-(?:style|like|inspired|esque)\b|\s+style\b|\s*(?:式|风格)", re.IGNORECASE)
# A question that describes the work it asks about: "the … work that …", "那个……的工作".
_DESCRIBES_WORK = re.compile(
    r"\b(?:work|paper|model|system|agent|framework|study|method|report|benchmark)s?\s+(?:that|which|where|whose)\b"
    r"|那(?:个|篇|款|套).{0,40}?(?:工作|论文|模型|系统|框架|方法|报告|基准)",
    re.IGNORECASE,
)
# "(not the safety card)", "（不是那份风险报告）", ", not the audio model", "— not R1-Zero": a sibling set aside.
_SIBLING_ASIDE = re.compile(
    r"[（(]\s*(?:(?:but |and )?not |而?不是|并非|而非)[^（）()]*[）)]"
    r"|(?:[,，]|\s[—–-])\s*(?:but |and )?not (?:the|its|their|that|a|an|his|her)\b"
    r"[^,，.。;；?？!！—–()（）]*"
    r"|[,，]\s*(?:而)?不是[^,，。;；?？!！()（）]*?(?:那个|那份|那篇|那款|那套|那一版|那次)",
    re.IGNORECASE,
)


_SIBLING_WORK = re.compile(
    r"\b(?:the|its|their|that|his|her|a|an)\s+(?:[\w.\-]+\s+){0,5}?(?:one|version|report|card|post|announcement|"
    r"model|paper|blog|release|launch|system|preview)s?\b|那个|那份|那篇|那款|那套|那一版|那次|那一代",
    re.IGNORECASE,
)


# "What do the nodes and the edges stand for?": what plain things of the work mean, not a name spelled out
# ("what does the R in ReAct stand for", "what does the name stand for" still ask that).
_PLAIN_THINGS_STAND = re.compile(
    r"\b(?:do|does|did)\s+(?:the|these|those)\s+(?![^?]*\b(?:name|names|acronym|abbreviation|letters?|initials)\b)"
    r"[a-z][a-z\s\-]*$"
)


_PER_SECOND = re.compile(r"\s*(?:per\s+(?:second|sec)\b|/\s*s\b|每秒)", re.IGNORECASE)
_PER_SECOND_BEFORE = re.compile(r"每秒[^，,。？?]{0,6}$")


# Before a cost cue: which cost is meant ("哪一块成本", "which costs"), not how much.
_WHICH_COST = re.compile(
    r"(?:哪一?[块部种类项个]分?|哪些|什么样的|\b(?:which|what kinds? of|what sort of)\s+)\s*$", re.IGNORECASE
)
# After it, a comparison of amounts ("which costs more", "哪个成本更低"): how much after all.
_MORE_OR_LESS = re.compile(r"\s*(?:more|less|the most|the least|cheaper|更?[低高少多]|最[低高少多])", re.IGNORECASE)
# After a hardware cue, within its phrase: the share of it in use ("GPU 利用率", "compute utilization").
_HARDWARE_USE = re.compile(
    r"(?:(?!和|与|及|\band\b|\bwhat\b)[^。；;.!?？，,]){0,10}?(?:利用率|使用率|利用效率|空转|闲置|utili[sz]ation|usage|idle)",
    re.IGNORECASE,
)


# A number stated by the works a list asks for: "写明了 … 具体有多少条", "给出了 … 是多少".
_STATES_HOW_MANY = re.compile(
    r"(?:写明|写了|给出|给了|报告|报了|说明|说了|提到|列出|披露|公布|交代)了?[^。？?；，,]{0,30}?(?:具体)?(?:有|是)?多少"
)


def _understand(text: str, catalog: Catalog) -> Question:
    lex = catalog.lex
    lang = language(text)
    # "论文摘要", "the paper's abstract": where a text is, not a kind of work asked for.
    kinds_m = [m for m in lex.kinds.find(text) if not _PART_OF_WORK.match(text, m.end)]
    kind_hint = [k for m in kinds_m for k in lex.kinds.terms[m.name].kinds]
    names = _dedupe_overlaps(catalog.named_entries(text, kind_hint))
    benchmarks_m = _without_glosses(text, lex.benchmarks.find(text), lex)
    # "GPQA Diamond specifically, not just 'GPQA'": the family named to be set aside is not asked about.
    benchmarks_m = [
        b
        for b in benchmarks_m
        if not (
            _NOT_JUST.search(text, max(0, b.start - 16), b.start)
            and any(o.name != b.name and lex.benchmark_family(o.name) == b.name for o in benchmarks_m)
        )
    ]
    # ("I'm writing a background section on multi-agent setups. Which …": the reader's section, not the survey's)
    own_work = [m.span() for m in _READER_CONTEXT.finditer(text)]
    section, section_span = _section(text, lex, catalog, own_work)
    taken = [(n.start, n.end) for n in names] + [(m.start, m.end) for m in benchmarks_m] + section_span
    concepts_m = [m for m in lex.concepts.find(text) if not _inside(m, taken) and not _unclaimed(m, text, lex)]
    # "模型、训练方法、数据合成都算", "algorithms, systems or trained agents all count": the kinds of work the reader
    # lets in, no filter on the list (a concept also asked outside the note stays).
    included = [m.span() for m in _INCLUDED.finditer(text)]
    found_concepts_m = list(concepts_m)  # (before any is dropped: "RL (RLHF included)" lets RLHF in)
    # "involve RL training — RL algorithms, RL systems, or agents trained with RL?": a list after a dash that names
    # the concept asked again spells out what it covers; its other concepts are no further filter.
    for listed in _ELABORATION.finditer(text):
        inside = [c.name for c in concepts_m if _inside(c, [listed.span()])]
        if any(c.name in inside for c in concepts_m if c.end <= listed.start()):
            included.append(listed.span())
    # "I'm writing the related-work section for a search agent paper — which RL works …": the reader's own work,
    # no filter, when the ask names a topic of its own; else the context is the topic ("I'm writing a survey on
    # tool learning. Which works are from 2024?", "… — which ones use RL?")
    included += [
        (start, end)
        for start, end in own_work
        if not _REFERS_BACK.search(text, end) and any(c.end > end for c in concepts_m if not _inside(c, included))
    ]
    kinds_m = [m for m in kinds_m if not _inside(m, included)]
    # "counting the add-on note at the end", "补录里的也算": the notes are let in, not asked for alone.
    notes_said = [m.span() for m in _NOTES_COUNTED.finditer(text)]
    notes_counted = bool(notes_said)
    kinds_m = [m for m in kinds_m if not (m.name == "note" and _inside(m, notes_said))]
    # (a concept also named in a bracket outside it stays: "哪些模型用了 FP4（4 bit 浮点）？量化或者预训练里用都算")
    asked_outside_note = {m.name for m in concepts_m if not _inside(m, included)}
    concepts_m = [m for m in concepts_m if not _inside(m, included) or m.name in asked_outside_note]
    # Examples in brackets and things the question sets aside ("而不是只把代码解释器当工具") are not what it asks for.
    # A bracket that leaves things out ("(not web browsing or GUI control)") is no example: its concepts are left out.
    outside = [m for m in concepts_m if not _in_brackets(text, m.start) or _negated_bracket(text, m.start)]
    concepts_m = [m for m in (outside or concepts_m) if not _concept_set_aside(text, m)]
    # An org inside a longer concept name ("DeepSeek Sparse Attention") is part of that name.
    longer = [(c.start, c.end) for c in concepts_m]
    orgs_found = lex.orgs.find(text)
    org_m = [
        m
        for m in orgs_found
        if not _inside(m, taken)
        and not _inside_longer(m, longer)
        and not _LICENCE_AFTER.match(text, m.end)
        # "OpenAI 的 CUA", "Anthropic's Claude 4": the maker of a named work, not a restriction.
        and not any(_OWNER_OF.fullmatch(text, m.end, n.start) for n in names if n.start >= m.end)
        # "清华交叉信息研究院": the parent's name leads the unit's own (Tsinghua IIIS), it asks no wider family
        and not any(
            n.start >= m.end and not text[m.end : n.start].strip() and lex.orgs.terms[n.name].parent == m.name
            for n in orgs_found
        )
    ]
    makers = [  # the makers a work is said to be of ("OpenAI's human-validated SWE-bench subset"), for _made_by
        m.name for m in orgs_found if any(_MAKER_OF.fullmatch(text, m.end, n.start) for n in names if n.start >= m.end)
    ]
    # "Hugging Face 上的模型", "models hosted on Hugging Face", "OpenAI's API": a platform the works use, not
    # their maker.
    hosted_m = [m for m in org_m if _HOSTED_AFTER.match(text, m.end) or _HOSTED_BEFORE.search(text, 0, m.start)]
    org_m = [m for m in org_m if m not in hosted_m]
    # "models that claim to beat OpenAI's or Anthropic's agents", "超过 OpenAI 的模型": a maker measured against.
    rival_orgs = [m for m in beaten_names(text, org_m) if not _after_compared_thing(text, m.start)]
    org_m = [m for m in org_m if m not in rival_orgs]
    # "a US company — on its own or together with universities": a partner that may or may not be there is no filter.
    org_m = [m for m in org_m if not _OPTIONAL_PARTNER.search(text, 0, m.start)]
    org_m = _national_makers(text, org_m)
    # "提高 GPU / 计算资源的利用率", "GPU utilization": how well the hardware is used, not which or how much of it.
    # "省掉了哪一块成本", "which costs does it cut": what the cost is, not how much.
    answer_m = [
        m
        for m in lex.answer_types.find(text)
        if not (m.name == "hardware" and _HARDWARE_USE.match(text, m.end))
        and not (m.name == "cost" and _WHICH_COST.search(text, 0, m.start) and not _MORE_OR_LESS.match(text, m.end))
        and not (m.name == "expansion" and _PLAIN_THINGS_STAND.search(text, 0, m.start))
        # "每秒多少 token", "how many tokens per second": a speed, not an amount of training data
        and not (m.name == "tokens" and (_PER_SECOND.match(text, m.end) or _PER_SECOND_BEFORE.search(text, 0, m.start)))
        and not _inside(m, included)
    ]
    if not any(m.name == "training_method" for m in answer_m):
        # "How were the GLM-4 models aligned?", "How was DeepSeek-R1 trained?": the English form with the work
        # between "how was" and the verb, which the fixed cues ("how was it trained") do not reach.
        trained = _HOW_TRAINED.search(text)
        if trained:
            answer_m.append(Match("training_method", *trained.span(), trained.group()))
            answer_m.sort(key=lambda m: m.start)
    benchmarks = tuple(dict.fromkeys(m.name for m in benchmarks_m))
    non_m = [m for m in org_m if _NON_BEFORE.search(text, 0, m.start)]  # "non-DeepSeek works"
    # "… ? Not those from DeepSeek": what such a clause names is set aside (not an org also asked outside it:
    # "'Google DeepMind' itself (not the old plain DeepMind)")
    not_clauses = _not_clauses(text)
    asked_outside = {m.name for m in org_m if not _inside(m, not_clauses)}
    excluded_m = [
        m
        for m in org_m
        if m in non_m or _org_set_aside(text, m) or (_inside(m, not_clauses) and m.name not in asked_outside)
    ]
    # "Meta 的 FAIR 实验室 … Meta 超级智能实验室那种不算": an org the question asks about and then sets aside again,
    # naming a lab or team of it, sets aside that part, which the survey's orgs do not tell apart; the org stays
    # asked for ("non-DeepSeek works … against DeepSeek's models" still leaves DeepSeek out).
    asked = {m.name for m in org_m if m not in excluded_m}
    part_aside = {m.name for m in excluded_m if m not in non_m and _names_a_part(text, m.end)}
    excluded = [m.name for m in excluded_m if not (m.name in asked and m.name in part_aside)]
    # "Apart from DeepSeek, …", "non-DeepSeek": the family named like the org left out is left out with it
    set_aside_orgs = [(m.start, m.end) for m in [*_left_out(text, excluded_m), *non_m]]
    # ("… but aren't from DeepSeek": the family's name there is the org left out, no topic)
    concepts_m = [c for c in concepts_m if not _inside(c, [*set_aside_orgs, *((m.start, m.end) for m in excluded_m)])]
    # "Which works are built on Mistral?", "use Mistral as a base model": the model family right after the verb, not
    # its maker's entries (not "Did DeepSeek also release distilled models … built on?", nor "built on DeepSeek's").
    family_spans = [(c.start, c.end) for c in concepts_m if lex.concepts.terms[c.name].type == "family"]
    org_m = [
        m
        for m in org_m
        if not (
            (m.start, m.end) in family_spans
            and _FAMILY_USED_BEFORE.search(text[: m.start])
            and not _MAKERS_OWN_AFTER.match(text, m.end)
        )
    ]
    # "谷歌系算美国公司", "DeepMind counts as a US lab": a note on who belongs to the group asked for, no filter.
    org_m = [
        m
        for m in org_m
        if not (
            (at := _COUNTS_AS.match(text, m.end))
            and any(g.start == at.end() and lex.is_org_group(g.name) for g in org_m)
            and not re.search(r"吗|么|[?？]", text[at.end() :])  # "Meta 算是美国公司吗？" asks it
        )
    ]
    # "a Chinese institution involved (Hong Kong universities count)": a group let in beside another is no filter
    let_in_groups = [m for m in org_m if lex.is_org_group(m.name) and _LET_IN_AFTER.match(text, m.end)]
    if len(let_in_groups) < len([m for m in org_m if lex.is_org_group(m.name)]):
        org_m = [m for m in org_m if m not in let_in_groups]
    orgs = tuple(dict.fromkeys(m.name for m in org_m if m.name not in excluded))
    if any(not lex.is_org_group(o) for o in orgs):
        orgs = tuple(o for o in orgs if not lex.is_org_group(o))  # "Microsoft Research Asia in China": Microsoft
    # "Which works did not use RL?", "(not a technical report)": what the question leaves out.
    slot_ends = [m.end for m in (*concepts_m, *kinds_m, *org_m, *benchmarks_m)]
    not_using = [
        m
        for m in concepts_m
        if _NOT_USING.search(scope := _negation_scope(text, m.start, slot_ends))
        or _NOT_RIGHT_BEFORE.search(scope)
        # "（不是学出来的奖励模型）": a bracket that opens with a negation leaves its concepts out
        or (_in_brackets(text, m.start) and _negated_bracket(text, m.start))
    ]
    for before, m in itertools.pairwise(sorted(concepts_m, key=lambda c: c.start)):
        # "(not web browsing or GUI control)": the alternatives joined to a concept left out are left out too.
        if before in not_using and m not in not_using and _JOINED_KIND.match(text[before.end : m.start]):
            not_using.append(m)
    not_using = [m for m in not_using if not _inside(m, section_span)]
    # "Which works skip SFT …?", "哪些工作跳过了 SFT": works that say they do without it.
    skipped = [
        m
        for m in concepts_m
        if _DOES_WITHOUT.search(_negation_scope(text, m.start, slot_ends)) or re.match(r"-?free\b", text[m.end :], re.I)
    ]
    not_using = [m for m in not_using if m not in skipped]
    concepts = tuple(dict.fromkeys(m.name for m in concepts_m if m not in not_using and m not in skipped))
    # "… trained with RL? RLHF counts.", "RL (including RLHF)": a narrower concept let in beside a broader one is no
    # second condition.
    let_in: list[tuple[Match, str]] = []  # each concept let in, with the words of its cue
    for m in found_concepts_m:
        let_in_cues = [
            c.group()
            for c in (_LET_IN_AFTER.match(text, m.end), _LET_IN_BEFORE.search(text, max(0, m.start - 16), m.start))
            if c
        ]
        if let_in_cues and any(o != m.name and m.name in lex.concept_family(o) for o in concepts):
            let_in.append((m, " ".join(let_in_cues)))
    concepts = tuple(c for c in concepts if c not in {m.name for m, _ in let_in})
    # ... nor are its words and the cue letting it in ("RLHF counts") words of the topic
    let_in_words = {t for m, cue in let_in for t in tokenize(f"{text[m.start : m.end]} {cue}")}
    # A concept asked for elsewhere is not left out ("GUI agent 工作（不是浏览器，也不是手机）": 手机 is GUI too).
    exclude_concepts = tuple(dict.fromkeys(m.name for m in not_using if m.name not in concepts))
    without = tuple(dict.fromkeys(m.name for m in skipped))
    # A kind inside a clause opening with "not" is left out ("（不是 technical-report）", "not the … repo stuff"),
    # unless the clause points at one work ("not the benchmark paper itself"): then it is no kind at all.
    itself = [(a, b) for a, b in not_clauses if _ITSELF.search(text, a, b)]
    kinds_m = [m for m in kinds_m if not _inside(m, itself)]
    kinds_out = [
        m
        for m in kinds_m
        if _NOT_KIND_BEFORE.search(_negation_scope(text, m.start, slot_ends))
        or _NOT_KIND_AFTER.match(text, m.end)
        or _inside(m, not_clauses)
    ]
    for before, m in itertools.pairwise(sorted(kinds_m, key=lambda k: k.start)):
        if before in kinds_out and m not in kinds_out and _JOINED_KIND.match(text[before.end : m.start]):
            kinds_out.append(m)
    # "论文、博客、model card 那种不算": what is joined to a kind set aside after it is set aside too, down the chain
    set_aside_after = [m for m in kinds_m if _NOT_KIND_AFTER.match(text, m.end)]
    for before, m in reversed(list(itertools.pairwise(sorted(kinds_m, key=lambda k: k.start)))):
        if m in set_aside_after and before not in kinds_out and _JOINED_KIND.match(text[before.end : m.start]):
            kinds_out.append(before)
            set_aside_after.append(before)
    kinds_in = [m for m in kinds_m if m not in kinds_out]
    if len({m.name for m in kinds_in}) > 1:
        # "DeepSeek put out lots of blog posts in 2025 — which of their entries are actual papers?": the kind the
        # asking clause names, not the one the context does
        spans = asking_spans(text)
        opening = min((a for a, _ in spans), default=0)
        kinds_in = [m for m in kinds_in if m.start >= opening] or kinds_in
    literal = [m for m in kinds_in if lex.kinds.terms[m.name].literal]
    kinds_out_names = {k for m in kinds_out for k in _named_kinds(m, lex, text)}
    kinds = tuple(
        dict.fromkeys(
            k for m in (literal or kinds_in) for k in lex.kinds.terms[m.name].kinds if k not in kinds_out_names
        )
    )
    # The survey's own kind named as such ("类型标成 report", "标成论文（paper）", "kind = paper", "tagged as a plain
    # 'report'"): exactly it.
    stated = [
        k.group(1).lower()
        for k in _KIND_STATED.finditer(text)
        if k.group(1).lower() in catalog.entry_kinds
        and not _NOT_KIND_BEFORE.search(text, 0, k.start())
        and not _NOT_KIND_AFTER.match(text, k.end())
    ]
    if stated:  # with the kinds named beside it as the survey writes them ("kind is model-card or system-card")
        beside = [k for m in literal for k in lex.kinds.terms[m.name].kinds]
        kinds = tuple(dict.fromkeys(k for k in (*stated, *beside) if k not in kinds_out_names))
    # Words inside quotes are what something is called ('mini activations … maximum intelligence'), not cues.
    unquoted = re.sub(
        r"(?<!\w)'[^']{6,}'(?!\w)|\"[^\"]{6,}\"|“[^”]*”|(?<!\w)‘[^’]{6,}’(?!\w)|「[^」]*」|『[^』]*』", " ", text
    )
    # A short quoted word is a name ("Which 'Flash' models …"): its quotes are no part of the cue around it.
    unquoted = re.sub(r"(?<!\w)['\"‘]((?-i:[A-Z])[\w\-.]{0,4})['\"’](?!\w)", r" \1 ", unquoted)
    # A bound ("at least 1M", "fewer than 10B") is not a superlative: "least" there asks for no ranking.
    # Nor is a half of a year ("the first half of 2025"): "first" there asks for no earliest entry.
    unbounded = HALF.sub(" ", AT_MOST.sub(" ", THRESHOLD.sub(" ", scaled(unquoted))))
    intents = {name for name, pattern in lex.intents.items() if pattern.search(unbounded)}
    if "list_weak" in intents:
        # "anything in here on speech?" asks for works; "… on how OSWorld judges tasks?", "AgentBench 的环境都有啥？"
        # and "who tested Claude 2 on SWE-bench?" ask about what they name.
        intents.discard("list_weak")
        if not names and not benchmarks_m and not _stray_names(text, [*concepts_m, *org_m, *kinds_m], names):
            intents.add("list")
    if _WHERE_NAMED.search(unbounded):
        intents.add("list")
    if "list" in intents and _STATES_HOW_MANY.search(unbounded):
        intents.discard("count")  # "哪些条目写明了 … 具体有多少条": the works that state a number, no tally
    if "count" in intents and _SOME_ASKED.search(unbounded):
        intents.discard("count")  # "推荐几篇讲 reward model 的论文", "give me a few papers": some works, no tally
    if "count" in intents and not lex.intents["count"].search(_THING_COUNTED.sub(" ", unbounded)):
        intents.discard("count")  # "WebShop 的众包指令具体是多少条": a number of things in one work, no tally
    # A superlative or an order in time said only inside a name ("Humanity's Last Exam", "best-of-n") is no cue.
    unnamed = unbounded
    for m in (*benchmarks_m, *concepts_m):
        unnamed = unnamed.replace(m.text, " ")
    intents -= {i for i in ("ranking", "earliest", "latest") if i in intents and not lex.intents[i].search(unnamed)}
    claims = [m for m in concepts_m if lex.concepts.terms[m.name].type == "claim"]
    if claims and "earliest" in intents:
        intents.discard("earliest")  # "自称第一个", "claim to be the first": a claim, not the earliest work
    if "earliest" in intents and _FIRST_DESCRIBES.search(unbounded) and not _WHICH_FIRST.search(unbounded):
        intents.discard("earliest")  # "That first 'language world model' note: how much does it gain?": a description
    slot_spans = [*concepts_m, *org_m, *rival_orgs, *benchmarks_m, *kinds_m]
    stray = _stray_names(text, slot_spans, names)
    says = SAYS_ABOUT.search(unbounded)
    if says and not _unmatched_capitals(text[says.end() :], says.end(), slot_spans):
        # "What does the survey say about GUI agents?": the entries on that topic. A name that is no topic of
        # the lexicon ("… about Self-RAG's reflection tokens") keeps the question a lookup.
        intents.add("list")
    # "Kimi K2（25 年 7 月那个）": a date in a bracket that identifies the work named before it dates that work
    # only, no filter.
    identifying = [
        b.span()
        for n in names
        if (b := _IDENTIFIES.match(text, n.end))
        and _ONE_OF_THEM.search(b.group(1))
        and not _ANOTHER_WORK.match(b.group(1))
    ]
    years, month = dates_named(text, [*taken, *not_clauses, *identifying])  # "AIME 2025, not 2024": 2024 dates nothing
    survey_cue = bool(intents & {"list", "count", "earliest", "latest"})
    anchors, span = date_anchors(text, names, catalog) if survey_cue and not (years or month) else ([], None)
    if span:
        # "Which works came out after GPT-5?": the named work dates the list; it is not what the list is about
        # (nor a benchmark slot: "Which benchmarks came out before SWE-bench?").
        names = [n for n in names if n not in anchors]
        benchmarks_m = [b for b in benchmarks_m if not any(a.start <= b.start < a.end for a in anchors)]
        benchmarks = tuple(dict.fromkeys(m.name for m in benchmarks_m))
        lo, hi = span
        years, month = (int(lo[:4]), int(hi[:4])), f"{lo}..{hi}"
    if survey_cue or _DESCRIBES_WORK.search(text):
        # "Which works carry the DeepSeek-R1-style recipe …", "the work that gives o1-style reasoning models
        # retrieval": a name used to describe a kind of work is not the topic, nor the work described. (Asked
        # about itself, "What is ReAct-style prompting?", the name is the subject.)
        names = [n for n in names if not _STYLE_AFTER.match(text, n.end)]
    left_out = _left_out(text, names) if survey_cue or "ranking" in intents else []
    # "not WebArena-Lite", "excluding WebArena-Lite": the version named is set aside (as a benchmark slot below), not
    # the family's entry whose name it holds.
    versions_out = [b for b in benchmarks_m if any(_inside_longer(n, [(b.start, b.end)]) for n in left_out)]
    # "在 WebArena-Lite 本身（不算 VAB-WebArena-Lite）上": a benchmark the cue sets aside, beside one still asked.
    versions_out += [
        b
        for b in benchmarks_m
        if b not in versions_out
        and (_LEAVES_OUT_BEFORE.search(text, 0, b.start) or _LEAVES_OUT_AFTER.match(text, b.end))
        and any(o.name != b.name and not _LEAVES_OUT_BEFORE.search(text, 0, o.start) for o in benchmarks_m)
    ]
    left_out = [n for n in left_out if not _inside_longer(n, [(b.start, b.end) for b in versions_out])]
    set_aside: list[tuple[int, int]] = []
    # "Besides DeepSeek-R1, which works report AIME 2024?": the named work is not a subject; the answer leaves it out.
    names = [n for n in names if n not in left_out]
    if left_out and excluded:
        # "Which DeepSeek works other than DeepSeek-R1 …": the cue sets the work aside, not the org named before it
        first = min(n.start for n in left_out)
        kept_orgs = [m for m in excluded_m if m.end <= first and (m.start, m.end) not in set_aside_orgs]
        excluded = [m.name for m in excluded_m if m not in kept_orgs]
        orgs = tuple(dict.fromkeys([*orgs, *(m.name for m in kept_orgs)]))
    benchmarks_aside: tuple[str, ...] = ()
    if left_out or not_clauses or versions_out:  # "Besides SWE-bench, which coding benchmarks …": nor is a
        # benchmark set aside a benchmark slot ("… ojbench? not the swe-bench style repo stuff" either)
        aside = [(n.start, n.end) for n in left_out] + not_clauses + [(b.start, b.end) for b in versions_out]
        benchmarks_aside = tuple(dict.fromkeys(b.name for b in benchmarks_m if _inside(b, aside)))
        benchmarks_m = [b for b in benchmarks_m if not _inside(b, aside)]
        benchmarks = tuple(dict.fromkeys(m.name for m in benchmarks_m))
        benchmarks_aside = tuple(b for b in benchmarks_aside if b not in benchmarks)
    if survey_cue or "ranking" in intents:  # "Besides GRPO, which RL algorithms …": GRPO is no criterion
        # "除了 GRPO 还用了 PPO": in addition to, not instead of ("除了 GRPO，还有哪些…" sets it aside)
        # ("排除训推不一致的影响" removes its effect: the works that deal with it, not those without it)
        aside_m = [
            c
            for c in _left_out(text, concepts_m)
            if not _AS_WELL.match(text, c.end) and not re.match(r"\s*(?:的|带来的)?\s*(?:影响|干扰)", text[c.end :])
        ]
        kept = {c.name for c in concepts_m if c not in aside_m}
        aside_names = {m.name for m in aside_m}
        concepts = tuple(c for c in concepts if c in kept or c not in aside_names)
        set_aside = [(n.start, n.end) for n in left_out] + [(m.start, m.end) for m in aside_m]
    # "Which models beat Claude 3.5 Sonnet?": the model measured against is what the list is about, not its subject.
    versus_at = versus_spans(text, lex) if survey_cue and not benchmarks else []
    names = [n for n in names if not any(a <= n.start < b for a, b, _ in versus_at)]
    if not survey_cue and _ASKS_WORK_NAME.search(text):
        # "… a model that beat OpenAI's CUA and Claude 3.7 on GUI tasks. What was it called?": the works it beat
        # are not the one asked about.
        beaten = beaten_names(text, names)
        names = [n for n in names if n not in beaten]
    if versus_at:
        # The cue of comparison is no topic ("going head-to-head with Claude Sonnet 4" is not about win rates).
        cues = [c.span() for a, _, _ in versus_at for c in VERSUS_BEFORE.finditer(text, max(0, a - 60), a)]
        cued = {m.name for m in concepts_m if any(a <= m.start < b for a, b in cues)}
        concepts = tuple(c for c in concepts if c not in cued)
    # "…当对手来比的？不是拿来当基座训练的那种": a fact a clause opening with "not" sets aside is not what is asked.
    # ("… but are not built on it": the same, the negation right before the cue)
    denied_m = [m for m in answer_m if _inside(m, not_clauses) or _DENIED_ASK.search(text, 0, m.start)]
    asks = _asks(text, [m for m in answer_m if m not in denied_m], benchmarks, benchmarks_m)
    if (
        "score" in asks
        and _KIND_ASKED.search(text)
        and not _QUANTITY_Q.search(text)
        and names
        and all(n.entry_id in catalog.benchmark_entries for n in names)
        and all(any(n.start <= b.start and b.end <= n.end for n in names) for b in benchmarks_m)
    ):
        # "WebWalker 那篇论文说 RAG 在哪一类任务上表现很好？": the benchmark is named only as the work asked about
        # (no model is), and a kind of task is asked for; not its score on itself.
        asks = tuple(a for a in asks if a != "score")
    if not asks and len(benchmarks) == 1 and _terse_result(text, names, benchmarks_m, catalog):
        asks = ("score",)  # "glm-4.5-air swe-bench verified?", "InternLM2-Chat-20B GSM8k scroe?": its result there
    if asks and not names and _ONLY_NAME_ASKED.search(text) and not _NAME_OF_PART.search(text):
        # "… runs RL straight from a base model … What was it called?": the description asks nothing. Not when a work
        # is named ("OpenHands 原来叫什么？" asks its other name).
        asks = tuple(a for a in asks if a == "name")
    # (a bound's words are no superlative: "fewer than 10B active, which has the largest total" ranks by the largest)
    first_word = first_word_of(unbounded, lex.min_words, lex.max_words)
    direction: Literal["max", "min"] = "min" if first_word == "min" else "max"
    role = next((r for r, pattern in _ROLE_HEAD.items() if pattern.search(text)), None)
    if role == "benchmark" and _MODELS_RELEASING.search(text):
        role = None  # "Which models released their own dataset alongside the weights?": models, not benchmarks
    if role and _EITHER_COUNTS.search(text):
        role = None  # "模型或基准都算": not only benchmarks
    exclude_role = "benchmark" if _NOT_BENCHMARKS.search(text) else None
    not_own_benchmark = False
    if (
        benchmarks
        and not role
        and intents & {"list", "count"}
        and _MODELS_ASKED.search(text)
        and not _WORKS_ASKED.search(text)
    ):
        # "has any Chinese model or agent posted an OSWorld number?": the models, not the benchmark's own entry
        not_own_benchmark = True
    if role == exclude_role:
        role = None
    measure = ranked_measure(text, benchmarks, asks)
    if measure == "quantity:benchmark":
        role = None  # "哪个模型评测覆盖的 benchmark 数量最多": benchmarks are what is counted, not what is listed
    if measure == "size:ratio":
        intents.add("ranking")  # "最“稀疏”": the superlative may sit in quotes
        # "哪个 MoE 最稀疏" is the smallest active share; "最不稀疏", "least sparse" the largest.
        direction = "max" if _DENSER.search(text) else "min"
    tokens = tuple(tokenize(text))
    if any(not _in_brackets(text, m.start) for m in concepts_m):
        names = [n for n in names if not _in_brackets(text, n.start)]
    subjects = _subjects(text, names, catalog, benchmarks_m)
    subjects = [_made_by(e, names, makers, catalog) for e in subjects]
    # "… ? I want to contrast them with SWE-RL", "我想拿来和 SWE-RL 对比": in a list, the reader's foil, not its topic.
    foils: list[NameHit] = []
    if intents & {"list", "count"}:
        foils = [n for n in names if _FOIL_BEFORE.search(text, 0, n.start) or _reader_compares_zh(text, n)]
        subjects = [e for e in subjects if e not in {n.entry_id for n in foils}]
    # Beside a benchmark slot, a benchmark's own entry is not the subject ("GAIA 上分数最高的是哪个").
    core = [e for e in subjects if e not in catalog.benchmark_entries or _called_paper(text, names, e)]
    slots_only = bool(orgs or years or section or kinds)
    # Who made them / when they came out — unless it asks who does best on them ("Which company's agents do best …").
    side_by_side = _EACH.search(text) or ({"date", "org"} & set(asks) and not intents & {"ranking", "list", "count"})
    if benchmarks and not core and len(subjects) >= 2 and side_by_side and not _LIST_OF_WORKS.search(text):
        # "WebArena vs OSWorld: how many tasks each?", "… which came out first?": the benchmarks themselves, compared
        core = subjects
    elif benchmarks and side_by_side and "score" not in asks and len(core) == 1:
        # "Voyager and WebVoyager: which came out first?": a benchmark's own entry named right beside a work ("X and
        # Y", "X 还是 Y"), dates or makers asked of each, is compared with it, not a slot; not "When did AutoGLM come
        # out and how does it relate to WebArena?".
        work = next((n for n in names if n.entry_id in core), None)
        beside = [
            n.entry_id
            for n in names
            if n.entry_id in catalog.benchmark_entries
            and n.entry_id not in core
            and work is not None
            and _JOINED_NAMES.fullmatch(text[min(n.end, work.end) : max(n.start, work.start)])
        ]
        if beside:
            core = subjects = list(dict.fromkeys([*core, *beside]))
    # A model family used ("built on Qwen"), or denied ("but are not built on it"), each read once.
    uses_denied = [bool(_DENIED_ASK.search(text, 0, m.start())) for m in _USES.finditer(text)]
    # "DSA 那个稀疏注意力", "GRPO 那个算法": 那个 after a technique's name points at the technique, not at one work.
    pointed = text
    for m in concepts_m:
        at = re.match(r"\s*那个", text[m.end :])
        if at:
            pointed = pointed[: m.end] + " " * at.end() + pointed[m.end + at.end() :]
    intent = _intent(pointed, intents, core if benchmarks else subjects, slots_only, measure)
    # "美团第一个开源的那个 560B MoE，…的专家设计叫什么？": being first describes the work (its size says which);
    # what is asked is a fact of it.
    first_described = bool(_FIRST_DESCRIBED.search(text))
    if first_described and intent in ("earliest", "latest"):
        intent = "lookup"
    # A measure with a bound narrows what is tallied ("the most models over 100B parameters"); "the most benchmarks"
    # a lab or a year has are its benchmark entries, not a count of benchmarks one work reports.
    tally, tally_at = _tally(text) if not core else (None, None)
    if tally_at and not (
        measure is None or measure == "quantity:benchmark" or threshold(text, measure, exact=False) is not None
    ):
        tally, tally_at = None, None  # "Which lab's model has the most parameters?": a measure, ranked
    if tally_at:
        intent = "count"  # the entries that qualify, tallied by group
        direction = "min" if _TALLY_FEWEST.search(tally_at.group()) else "max"
        if measure == "quantity:benchmark":
            measure, role = None, "benchmark"
        if tally in _POPULAR:
            measure, role = None, None  # every entry's benchmarks / techniques, not a kind of entry
    if (
        intent == "comparison"
        and benchmarks
        and all(any(h.entry_id in subjects for h in catalog.named_entries(b)) for b in benchmarks)
    ):
        # "GAIA 和 OSWorld 的人类成绩各是多少": the benchmarks compared are the works asked about, each its own result.
        benchmarks, benchmarks_m = (), []
    according = _ACCORDING_TO.match(text)
    if (
        intent == "list"
        and according
        and not intents & {"count", "ranking", "earliest", "latest"}
        and any(n.end <= according.end() for n in names)
    ):
        intent = "lookup"  # "According to AgentBench, what holds LLM agents back?": what one named work says
    # "The survey's overview says 2024 moved evaluation onto real OSes: which benchmarks does it name?",
    # "综述开头拿哪些模型当例子？": the works the overview paragraph names where it says that.
    from_overview = bool(_OVERVIEW_TEXT.search(text)) and _WHICH_WORKS.search(text) is not None
    from_overview = from_overview and intent in ("list", "count", "overview", "lookup")
    if from_overview and intent in ("overview", "lookup"):
        intent = "list"
    ends = value_range(text, measure)
    exact = intent in ("list", "count") and measure in BOUND_UNITS
    bound: tuple[float, Literal[">=", "<=", "=="]] | None = (
        (ends[0], ">=") if ends else threshold(text, measure, exact=exact)
    )
    size_bound: tuple[str, float, str] | None = None
    if measure and measure.startswith("benchmark:") and intent in ("list", "count"):
        # "哪些模型报过 90 分以上的 AIME 成绩", "between 60 and 70 on SWE-bench Verified": a bound on the result;
        # "Which models under 10B parameters score above 40 on AIME?" also bounds the works by their size.
        score = score_bound(text, [(m.start, m.end) for m in benchmarks_m])
        bound = (score[0], score[1]) if score else None
        ends = (score[0], score[2]) if score and score[2] is not None else None
        other, other_measure = ranking_bound(text)
        if other and other_measure:
            size_bound = (other_measure, other[0], other[1])
    when = "earliest" if "earliest" in intents else "latest" if "latest" in intents else None
    if intent == "lookup" and when and measure in BOUND_UNITS and not subjects and not first_described:
        # "Which was the first model with a context over 1M?", "最早支持 1M 上下文的模型": the earliest of the works
        # at or over the value (a bare value is where being first starts, not a size to match exactly).
        reached = bound or threshold(text, measure, exact=True)
        if reached:
            exactly = reached[1] == "==" and re.search(r"\bexactly\b|正好|恰好|刚好", text, re.I)
            # "the earliest MoE that activates fewer than 10B": an upper bound stays one
            op = "==" if exactly else "<=" if reached[1] == "<=" else ">="
            intent, bound = when, (reached[0], op)  # type: ignore[assignment]
    # "最新的那个 Kimi 模型有多少参数", "the context length of the newest Qwen model": which work comes last (or
    # first), then a fact of that work, asked as a lookup of it.
    # (not "among the first to scale past 70B", "首个开源…": a first that describes the work; nor "the latest one
    # to report an AIME score", where the result is what qualifies, not what is asked)
    then_asks = bool(
        intent in ("lookup", when)
        and when
        and not subjects
        and not first_described
        and bound is None
        and _THEN_CUE.search(text)
        and not (measure or "").startswith("benchmark:")
        and set(asks) - {"org", "date", "name", "number", "score", "benchmark"}
    )
    if then_asks:
        intent = when  # type: ignore[assignment]
        # the words that ask the fact ("上下文多长") pick no works ("long context"): the earliest work is found first
        asked_spans = [(m.start, m.end) for m in answer_m]
        in_ask = {c.name for c in concepts_m if any(c.start < e and s < c.end for s, e in asked_spans)}
        concepts = tuple(c for c in concepts if c not in in_ask)
    bound_measure = measure if bound else None
    if intent == "ranking" and bound and measure in ("size:active", "size:total"):
        # "Among the MoEs activating fewer than 10B, which has the largest total?", "总参数超过 100B 的模型里哪个激活
        # 最少": both counts said, the one beside the bound is what it bounds, the other what the ranking ranks by.
        sizes = _other_size(text)
        if sizes:
            bound_measure, measure = sizes
            bound = threshold(text, bound_measure, exact=False) or bound
    if intent == "ranking" and measure not in BOUND_UNITS:
        # "Which model under 10B parameters scores best on GPQA?": a bound on another measure restricts the ranking.
        bound, bound_measure = ranking_bound(text)
        ends = value_range(text, bound_measure) if bound_measure else None
        if ends:
            bound = (ends[0], ">=")
    if (
        intent == "list"
        and asks[:1] == ("org",)
        and len(benchmarks) == 1
        and not (org_m or years or kinds)
        and any(_made_asked(text, b) for b in benchmarks_m if b.name == benchmarks[0])
        and not _RESULTS_ASKED.search(text)
    ):
        # "Which labs are behind OSWorld?", "WebArena 是哪些机构做的？": who made the benchmark, its own entry's org
        # (not the works that report it, as "Which labs report results on OSWorld?" asks).
        own = list(dict.fromkeys(n.entry_id for n in names if n.entry_id in catalog.benchmark_entries))
        if len(own) == 1:
            intent, subjects = "lookup", own
    if intent in ("list", "count", "ranking", "earliest", "latest"):
        # Names of benchmarks and orgs that are also entries act as slots here ("DeepSeek 最新的工作").
        subjects = [e for e in subjects if e not in catalog.benchmark_entries and not _org_named(e, org_m)]
    quoted_result = False
    if intent == "lookup" and benchmarks and all(e in catalog.benchmark_entries for e in subjects):
        # "That 2024 coding-agent paper that got 12.5% on SWE-bench — what's its takeaway?": the work whose result
        # the question quotes, not the benchmark it names.
        quoting = _quoting_result(text, benchmarks, catalog)
        if quoting:
            # the result quoted says which work; it is not what is asked ("… got 12.5% on SWE-bench — its takeaway?")
            subjects, quoted_result = [quoting], True
            asks = tuple(a for a in asks if a != "score")
    entries = tuple(subjects)
    if intent == "lookup" and not entries and not from_overview and _OVERVIEW_TEXT.search(text):
        # "Per the survey's opening overview, through which two kinds of work …": what the overview itself says
        entries = tuple(e for e in ("overview",) if e in catalog.by_id)
    elif intent == "comparison" and not from_overview and _OVERVIEW_TEXT.search(text) and not _COMPARED.search(text):
        # "In the survey's intro, what do ReAct, ToT and Reflexion get credited with?": what the overview says of
        # them, not each one's own entry (unless they are put side by side: which came first, which is bigger)
        intent, entries = "lookup", tuple(e for e in ("overview",) if e in catalog.by_id)
    if intent in ("lookup", "list", "comparison", "overview") and not from_overview and _SCOPE_TEXT.search(text):
        # "Does the survey list a paper more than once?", "which foundations did it leave out of this chapter?",
        # "收录标准是什么": how the survey chose and merged its entries, which its scope note says (works named
        # are its examples: "is DeepSeek-R1 listed more than once?")
        scope_note = tuple(e for e in ("scope",) if e in catalog.by_id)
        if scope_note:
            intent, entries = "lookup", scope_note
    # A cue's groups mark the kind of work it looks ahead to ("有没有 … 的工作", "any … studies"): a cue word too,
    # though the topic between is not.
    cue_spans = [
        span
        for pattern in lex.intents.values()
        for m in pattern.finditer(text)
        for span in (m.span(), *(m.span(g) for g in range(1, pattern.groups + 1) if m.start(g) >= 0))
    ]
    if tally_at:
        cue_spans.append(tally_at.span())  # "Which lab has the most": no topic words
    intent_spans = list(cue_spans)  # what a set-aside adds below drops every word, names too
    also_at = [
        (m, said)
        for m in concepts_m
        if (said := _ALSO_COUNTS.match(text, m.end)) and lex.concepts.terms[m.name].parent in concepts
    ]
    cue_spans += [(m.start, said.end()) for m, said in also_at]  # "RLHF counts too" is no topic, its name too
    cue_spans += included + notes_said
    # what the reader says of their foil is no topic either ("which explicitly skips tests")
    cue_spans += [(_clause_start(text, n.start), _sentence_end(text, n.end)) for n in foils]
    if set_aside:  # "besides", "除了 … 之外" and what they set aside are not what the list is about
        cue_spans += [*set_aside, *((m.start(), m.end()) for m in _LEAVES_OUT_WORDS.finditer(text))]
        # ("don't count standalone frameworks like verl": what the set-aside says of them is no topic either)
        leads = [_LEAVES_OUT_BEFORE.search(text, _clause_start(text, n.start), n.start) for n in left_out]
        cue_spans += [(m.start(), m.end()) for m in leads if m]
    focus = _focus(text, tokens, names, benchmarks_m, org_m, kinds_m, cue_spans, intent_spans)
    focus = tuple(t for t in focus if t not in let_in_words)
    unseen, other_names = latin_names(text, catalog, lex)
    # A placeholder is no name: "from X% to Y%", "model A vs model B".
    unseen = tuple(u for u in unseen if u not in ("X", "Y", "Z"))
    # "Generative Agents (the Smallville / Valentine's Day party one)": a bracket right after a named work says which
    # work is meant; a name in it the survey never writes is how the reader knows the work, not what is asked.
    # Not a benchmark's bracket ("OSWorld（WinPro 版本）" is a version asked for), nor one that brings in another work
    # ("Claude Code (or Cursor)", "（对比 Gemma 3）").
    brackets = [
        bracket.span(1)
        for n in names
        if n.entry_id not in catalog.benchmark_entries
        and (bracket := _IDENTIFIES.match(text, n.end))
        and not _ANOTHER_WORK.match(bracket.group(1))
    ]
    unseen = tuple(
        u
        for u in unseen
        if not brackets
        or not all(any(a <= m.start() < b for a, b in brackets) for m in re.finditer(re.escape(u), text))
    )
    # "WebWalkerQA 的题目分成几档？": a benchmark that its entry introduced, itself the topic (not a result on it,
    # "o3's SWE-bench number"), is asked about as that entry.
    home = catalog.benchmark_home.get(benchmarks[0]) if len(benchmarks) == 1 else None
    result_on_it = any(
        re.match(r"\s*(?:numbers?|scores?|results?|figures?|成绩|分数|得分|上(?!线))", text[m.end :])
        for m in benchmarks_m
    )
    if (
        home
        and intent == "lookup"
        and not entries
        and "score" not in asks
        and not (unseen or other_names or result_on_it)
    ):
        entries = (home,)
    if (
        intent == "lookup"
        and "score" in asks
        and other_names
        and not unseen
        and entries
        and all(e in catalog.benchmark_entries and not _called_paper(text, names, e) for e in entries)
        and not any(lex.concepts.find(n) for n in other_names)  # a model family's ("GPT-4o") is read as before
        and any(all(catalog.uses_name(e.id, n) for n in other_names) for e in catalog.entries if e.id not in entries)
    ):
        # "What did Project Mariner score on WebArena?": the benchmark is where the named model is scored, and the
        # work that names the model answers (or says it gives no such result), not the benchmark's own entry.
        entries = ()
    versus = tuple(dict.fromkeys(n for _, _, n in versus_at)) if intent in ("list", "count") else ()
    if versus and _ITSELF_COUNTS.search(text):
        versus = ()  # "o3 本身、基于 o3 的产品、拿 o3 当对比对象的都算": every work about it, its own too
    hosts = tuple(dict.fromkeys(m.name for m in hosted_m)) if intent in ("list", "count") else ()
    if hosted_m and not hosts:
        orgs = tuple(dict.fromkeys([*orgs, *(m.name for m in hosted_m)]))  # a lookup keeps it as it was
    if bound:  # "no more than 40B active": the bound's number is no model's name
        unseen = tuple(u for u in unseen if not re.fullmatch(r"[\d.]+[KMBT]", u, re.IGNORECASE))
    if kinds == ("paper",) and not stated and _loose_paper(text, concepts, benchmarks, focus):
        kinds = ()  # "Which papers build synthetic tool-use data?": "papers" there means works, not the kind
    as_written, not_written, every_word = (
        _literal_terms(text, catalog, [(m.start, m.end) for m in (*kinds_m, *org_m, *benchmarks_m)])
        if intent in ("list", "count")
        else ((), (), False)
    )
    quoted = [(m.start(), m.end()) for t in as_written for m in re.finditer(re.escape(t), text)]
    if kinds and not stated and kinds_in and all(_inside(m, quoted) for m in kinds_in):
        kinds = ()  # "entries with 'Technical Report' in their title": the words asked for, not a kind of entry
    survey_only = bool(_SURVEY_ONLY.search(text))
    return Question(
        text=text,
        lang=lang,
        intent=intent,
        tokens=tokens,
        literal=as_written,
        literal_not=not_written,
        literal_all=every_word,
        literal_in_name=bool(as_written) and _IN_NAME.search(text) is not None,
        literal_prefix=bool(as_written) and _NAME_START.search(text) is not None,
        from_overview=from_overview,
        place="opening" if _OPENING_ASKED.search(text) else "closing" if _CLOSING_ASKED.search(text) else None,
        in_abstract=bool(_ABSTRACT_ASKED.search(text)) and not _SURVEY_SUMMARY.search(text) and not survey_only,
        survey_only=survey_only,
        results_described=bool(_CHARACTERISES.search(text)) and not _NUMBER_ASKED.search(text),
        entries=entries,
        benchmarks=benchmarks,
        benchmarks_aside=benchmarks_aside,
        orgs=orgs,
        concepts=concepts,
        kinds=kinds,
        kind_stated=bool(stated) or bool(_REAL_PAPERS.search(text)),
        role=role,
        exclude_role=exclude_role,
        exclude_orgs=tuple(excluded),
        orgs_joint=len(orgs) >= 2
        and (
            _joint(text, [m for m in org_m if m.name in orgs])
            # "国内那些纯学术团队", "US companies' … from academia": groups named together narrow each other
            or (
                all(lex.is_org_group(o) for o in orgs)
                and not re.search(r"\bor\b|或", text, re.I)
                and bool(frozenset.intersection(*(lex.org_family(o) for o in orgs)))
            )
        ),
        orgs_only=any(
            _ONLY_BEFORE.search(text, max(0, m.start - 24), m.start) or _ONLY_ALIAS.search(text, m.start, m.end)
            for m in org_m
            if m.name in orgs
        ),
        exclude_entries=tuple(dict.fromkeys(n.entry_id for n in left_out)),
        not_own_benchmark=not_own_benchmark,
        versus=versus,
        versus_not_base=bool(versus) and (any(m.name == "base_model" for m in denied_m) or any(uses_denied)),
        hosts=hosts,
        exclude_kinds=tuple(sorted(kinds_out_names)),
        exclude_concepts=exclude_concepts,
        without=without,
        stray_names=stray,
        uses_family=not all(uses_denied),
        section=section,
        years=years,
        month=month,
        asks=asks,
        direction=direction,
        measure=measure,
        threshold=bound[0] if bound else None,
        threshold_op=bound[1] if bound else ">=",
        threshold_hi=ends[1] if ends and bound_measure else None,
        size_bound=size_bound,
        bound_measure=bound_measure,
        focus=focus,
        ask_tokens=asking_tokens(text),
        mentioned=tuple(dict.fromkeys(n.entry_id for n in names)),
        unseen=unseen,
        other_names=other_names,
        tally=tally,
        also_counted=tuple(dict.fromkeys(m.name for m, _ in also_at)),
        notes_counted=notes_counted,
        then_asks=then_asks,
        quoted_result=quoted_result,
        # A Chinese cue names the survey: "论文认为它们缺了什么能力" asks what the models lack
        gaps=bool(_GAPS_ASKED.search(text) and (lang == "en" or re.search(r"综述|调研", text))),
    )


# -- intent ---------------------------------------------------------------------------------------------
# A question that describes one work instead of naming it ("the paper that …", "那个…的工作") is a lookup;
# a superlative before the head noun ("the first paper that …") asks for a winner instead, one after it
# ("the paper that first introduced GRPO") still describes one work.
_HEADS = r"(?:paper|work|study|model|system|framework|benchmark|entry|report|post|one|method|agent)"
_ACCORDING_TO = re.compile(r"\s*(?:according to|per|根据|按照|据)\s*[^,，]{2,40}[,，]", re.IGNORECASE)
_THAT_RELEASE = re.compile(r"那次|那一次|那套|那项")
_WHICH_ZH = re.compile(r"哪些|哪几")
_DESCRIBES_ONE = re.compile(
    # (not a question before the dash: "When did Cohere first show up — which is its earliest entry?")
    # (nor a kind of work before it: "Anthropic stuff that isn't a model launch — what's in there?")
    # (nor only what is set aside: "Beyond citations — which entries …"; "Besides GRPO, one recipe … — which" is one)
    # (nor what a collection holds: "msft's 2025 work in this survey — what is there?")
    # (nor the reader's own work: "I'm writing the related-work section for a search agent paper — which …")
    r"^(?!\s*(?:I|we)(?:'m|’m|\s+am|'re|’re|\s+are)\s+(?:writing|working|doing|preparing|putting|drafting)\b)"
    r"(?!\s*(?:when|did|does|do|has|have|how many|how much)\b)(?![^?？—–]*\b(?:stuff|things|entries)\b)"
    r"(?![^?？]*\bwhat(?:'s|’s| is)\s+(?:in\s+)?there\b)"
    r"(?![^?？]*\b(?:does|do|did|has|have)\s+any\s+(?:other\s+)?(?:entry|entries|works?|papers?)\b)"
    # (nor which of them the survey holds: "Princeton papers from the second half of 2023 — which are in here?")
    r"(?![^?？]*[—–-]\s*which\s+(?:ones\s+)?(?:are|were|made\s+it|got)\s+(?:in|into)\s+(?:here|there|(?:the|this)\s+survey)\b)"
    # (nor several asked for as such: "Chinese MoE models — what are they?")
    r"(?![^?？]*[—–-]\s*(?:so\s+)?(?:which|what)\s+(?:ones\s+)?(?:are|were)\s+(?:they|those|these)\W*$)"
    # (nor works asked for after the dash: "hotpot qa results — which works report them?"; not "… — which
    # benchmarks?" or "… — which two papers does it cite?", what the one work described holds)
    r"(?![^?？]*[—–-]\s*(?:so\s+)?which\s+(?:of\s+(?:those|these|them)\s+(?:are|were|have|do|did)\b|"
    r"(?!(?:two|three|four|five|\d+)\b)(?:(?:[\w\-]+|/)\s+){0,4}?(?:works|papers|entries|ones)\b"
    r"(?!\s+(?:does|did|is|was|has)\s+it\b)|(?:models|agents|systems)(?:\s+or\s+\w+)?\s+"
    r"(?:report|use|give|have|train|support|mention|evaluate)\b))"
    r"(?!\s*(?:beyond|besides|apart from|aside from|other than|except|excluding|not counting|leaving out)\b"
    r"[^,，?？—–]*\s[—–])"
    r"[^?？—–]{12,}?\s[—–-]{1,2}\s+"
    r"(?:what|what's|whats|which|how|who|when|where|why|is|are|does|did|can|and)\b"
    # (not an aside in brackets that explains a term: "用了 DSA（deepseek 那个 sparse attention）的模型")
    # (nor one work set aside: "提出 GRPO 的 DeepSeekMath 那篇不用算")
    # (nor a part of the survey: "结尾那个“增量补录”部分一共几条")
    r"|(?:那个(?![月年季周])(?![^（(）)]*[）)])(?![^，。？?]{0,24}(?:部分|章节|一章|一节|段落))"
    r"|那篇|那份|那款)(?!\s*(?:" + _NOT_COUNTED + r"|除外|之外|以外))"
    r"|有个|有一篇|有一个|有篇"
    r"|\bthere(?:'s| is| was) (?:a|an|one)\b(?! (?:whole |big |huge |long )?(?:bunch|lot|few|couple|number|handful|"
    r"ton|range|host|family|series|wave|set|group|list|variety|slew)\b)"
    r"|\bI (?:remember|recall)\b"
    # "what kind of frameworks does Microsoft's 'RL for any agent' system bring in": one work, described
    r"|\b(?:does|did|is|was)\s+(?-i:[A-Z])[\w\-]*'s\s+(?:['\"‘“][^'\"’”]{1,40}['\"’”]\s+|(?-i:[a-z])[\w\-]*\s+){0,3}"
    r"(?:system|model|paper|work|framework|agent|method|benchmark)\b(?!s)"
    r"|\bthe (?!(?:(?!" + _HEADS + r"\b)[\w\-+]+ ){0,6}?"
    r"(?:oldest|earliest|latest|newest|first|last|best|highest|biggest|largest|most|fewest)\b)"
    r"(?:[\w\-+]+ ){0,6}?" + _HEADS + r" "
    # (not work as a mass noun from a group: "the 2026 work from Chinese labs")
    r"(?:that|which|where|whose|from(?!\s+(?:[\w\-]+\s+){0,2}(?:labs|teams|companies|universities|orgs|groups)\b)"
    r"|behind|in which)\b"
    # "one paper …" picks out one work; not "run by one model", "fold them into one model", "Magentic-One paper"
    r"|(?<![\-\w])(?<!\bby )(?<!\binto )(?<!\bwith )(?<!\bfrom )(?<!\bper )(?<!\bof )(?<!\bin )(?<!\beach )"
    r"one (?:paper|work|model|study)\b"
    # "When Anthropic first shipped …, what …?", "ByteDance Seed's paper that teaches …": one work, described.
    r"|^(?:when|after|once)\b[^?？]{12,}?,\s*(?:what|which|how|who|where|why)\b"
    r"|\b[\w\-]+'s (?:[\w\-+]+ ){0,4}?(?:paper|work|model|framework|system|benchmark|report|environment|agent)s? "
    r"(?:that|which|where|whose)\b",
    re.IGNORECASE,
)
# "Which framework lets you train AutoGen agents …": the named entry is the object, the answer another entry.
_WHICH_VERB = re.compile(
    # Not "What kind of model is Kimi K2?": a copula after "kind of" asks what the named work is.
    r"^\W*(?:which|what)\s+(?!(?:kind|type|sort)s?\s+of\s+[\w\-]+\s+(?:is|was|are|were)\b)(?:[\w\-]+\s+){0,2}?(?:framework|model|paper|work|system|benchmark|method|agent|library|tool|entry|"
    r"approach|platform|algorithm|one|study|dataset|environment|company|lab)s?\s+"
    r"(?:lets|allows|enables|can|could|supports|trains|trained|is|was|are|were|uses|used|"
    r"introduced|proposed|builds|built|extends|extended|beats|beat|outperforms|outperformed|compares|runs|powers|drives)\b",
    re.IGNORECASE,
)
# A superlative asks for a winner only alongside a question word for an entity.
_ASKS_WHICH = re.compile(
    r"\b(?:which|who|whose)\b|\bwhat(?:'s| is| are| was)? (?:the )?(?:\w+ )?(?:best|highest|top|lowest|biggest|largest|"
    r"smallest|longest|fastest|most|fewest|strongest|leading)\b"
    r"|\b(?:top|best|highest)[- ](?:scoring|performing)\b|哪|谁"
    r"|^\W*(?:the\s+)?(?:top|best|highest|lowest|biggest|largest|smallest|longest|max(?:imum)?|min(?:imum)?)\b"
    r"|\b(?:anyone|any model|any entry|any work)\b",
    re.IGNORECASE,
)
_PAPER_WORD = re.compile(
    r"^\W{0,3}(?:的\s*)?"
    r"(?:(?:paper|entry|work|report|benchmark paper|abstract)(?![A-Za-z])|论文|条目|摘要|这篇|那篇|本身)",
    re.IGNORECASE,
)
# "哪些工作是基于 verl 构建的": a list of works whose topic is a named entry.
_LIST_OF_WORKS = re.compile(
    r"\b(?:which|what)\s+(?:other\s+)?(?:[\w\-]+\s+){0,2}?(?:works|papers|entries|studies)\b"
    r"|\b(?:any|all|every|the)\s+(?:other\s+)?(?:works|papers|entries|studies)\s+"
    r"(?:that|which|where|in (?:the|this) survey)\b"
    r"|\b(?:does|do|did|has|have)\s+any\s+(?:other\s+)?(?:entry|entries|work|works|paper|papers)\b"
    r"|哪些(?:\S{0,6}?)(?:工作|论文|条目|研究)|(?:工作|论文|条目)(?:都)?有哪些",
    re.IGNORECASE,
)
# The end of a question, or a sentence after it that asks nothing more (no question mark, question word or request).
_ASIDE_ONLY = (
    r"\s*(?:[?？.!。！]+(?:\s*(?![^?？]*(?:[?？]|\b(?:what|which|who|whose|how|when|why|where|want|need|tell|give|show)\b"
    r"|什么|多少|哪|几|吗|谁|怎么|如何|为什么|想知道|告诉|给我))[^?？]+)?)?\s*"
)
# "where does DeepSeek-V3.2-Exp show up in the survey?", "GLM-4.5 在哪些地方被提到", "GLM-4.5 出现在哪些地方": the
# entries that name it. Only where nothing follows but the survey: "where does Kimi K2 appear on the leaderboard",
# "哪里提到 Kimi K2 用了 MuonClip" ask something of one entry.
_WHERE_NAMED = re.compile(
    # The question may end there or go on with an aside that asks nothing more ("… in the survey? its own card
    # counts too"); not with another question ("… come up? which entry introduced it?", "I want its context length").
    r"\bwhere\s+(?:else\s+)?(?:does|do|did|is|are|was|were)\s+(?:[\w\-.]+\s+|[(（][^)）]{0,30}[)）]\s+){1,6}?"
    r"(?:show(?:s|n)?\s+up|appears?|come\s+up|gets?\s+(?:mentioned|cited)|mentioned|cited)"
    rf"(?:\s+(?:in|across)\s+(?:the|this|your)\s+(?:survey|list|index|entries))?{_ASIDE_ONLY}$"
    rf"|在?哪些(?:地方|条目)(?:里|中)?(?:有)?(?:被)?(?:出现|提到|提及|引用)(?:过|了)?{_ASIDE_ONLY}$"
    rf"|出现在哪些(?:地方|条目)(?:里|中)?{_ASIDE_ONLY}$"
    # "… every entry that mentions it", "all the papers that cite WebArena"
    r"|\b(?:every|each|all(?:\s+the)?)\s+(?:entry|entries|works?|papers?|places?)\s+(?:that|which|where)\s+"
    r"(?:mentions?|names?|cites?|brings?\s+up|refers?\s+to)\b"
    r"|(?:所有|每个|每一个|全部)(?:提到|提及|引用)(?:过|了)?[^，,。？?；;]{0,30}?的(?:条目|地方|工作|论文)",
    re.IGNORECASE,
)


# "What does the survey say about X?", "the survey's coverage of X", "综述里关于 X 讲了什么": about one entry when X
# names it, else the entries on topic X (and nothing, when X is a name or word the survey never uses).
SAYS_ABOUT = re.compile(
    r"\bwhat does (?:the|this) survey (?:say|cover|have|include|mention|tell (?:me|us)) (?:about|on|regarding)\b"
    r"|\b(?:the |this )?survey(?:'s|’s)? coverage of\b"
    r"|(?:综述|调研)(?:里|中)?(?:关于|对于?)[^，。？?]{1,16}?(?:讲了什么|说了什么|写了什么|有什么内容|怎么说|有哪些内容)",
    re.IGNORECASE,
)


def _after_compared_thing(text: str, start: int) -> bool:
    """ "超过 GPT-4 的 OpenAI 模型", "对标 o1 的 DeepSeek 模型": the comparison's object ended at 的 before this org,
    which is then the maker of the works asked for, not one measured against."""
    cues = list(VERSUS_BEFORE.finditer(text, max(0, start - 40), start))
    return bool(cues) and "的" in text[cues[-1].end() : start]


def _stray_names(text: str, slots: Sequence[Match], names: Sequence[NameHit]) -> tuple[str, ...]:
    """Name-like words ("Self-RAG", "CrewAI", "Qwen3-Max") outside every slot and every named entry."""
    spans = [(m.start, m.end) for m in slots] + [(n.start, n.end) for n in names]
    out = []
    for m in re.finditer(r"(?<![\w\-])[A-Z][\w\-.]*[\w]", text):
        word = m.group()
        name_like = re.search(r"[a-z][A-Z]|-[A-Z]|\d", word) and re.search(r"[a-z]", word)
        if name_like and not any(a <= m.start() < b for a, b in spans):
            out.append(word)
    return tuple(out)


def _unmatched_capitals(tail: str, offset: int, slots: Sequence[Match]) -> bool:
    """Does the text (starting at ``offset`` of the question) hold a capitalised Latin word outside every slot?"""
    for m in re.finditer(r"(?<![\w\-])[A-Z][\w\-.]*", tail):
        at = offset + m.start()
        if not any(s.start <= at < s.end for s in slots):
            return True
    return False


# The question asks for a work: "which entry", "what's the latest model", "哪个模型", "最早的是哪篇".
_WHICH_WORK = re.compile(
    r"\b(?:which|what(?:'s|\s+is|\s+was)?)\s+(?:[\w\-]+\s+){0,4}?"
    r"(?:entry|entries|works?|papers?|models?|ones?|systems?|agents?|reports?|releases?)\b|哪(?:个|一个|篇|款|家|些|几)",
    re.IGNORECASE,
)


# Which group holds the most (or fewest) of the survey's entries: an organisation, a year or a kind of entry. Not a
# group's best work ("Which lab's model has the most parameters?": a measure, which keeps it a ranking).
# What is tallied must be the survey's entries, said as such ("the most entries / papers / benchmarks", "收录得最多",
# "论文最少"); "Which team trained on the most tokens?" or "谁的工具调用轮数最多" rank a measure instead.
_TALLY_NOUN_EN = (
    r"(?:the\s+)?(?:most|fewest|least)\s+(?:[\w\-]+\s+){0,3}?"
    r"(?:(?:entries|works|papers|models|benchmarks|releases|items|blogs|blog\s+posts|reports|write-?ups|"
    r"contributions|system\s+cards|model\s+cards)\b|(?:in|of)\s+(?:the|this)\s+(?:survey|list)\b)"
)
_TALLY_NOUN_ZH = (
    r"(?:[^，。？?]{0,20}?)(?:条目|工作|论文|模型|基准|博客|报告|成果|收录|篇|benchmarks?|models?|papers?)"
    r"[^，。？?]{0,6}?(?:最多|最少)"
)
_TALLY = {
    "org": re.compile(
        r"\b(?:which|what)\s+(?:[\w\-]+\s+){0,2}?(?:orgs?|organi[sz]ations?|labs?|compan(?:y|ies)|institutions?|"
        r"teams?|universit(?:y|ies)|vendors?|developers?|groups?)\s+(?:[\w\-']+\s+){0,4}?"
        + _TALLY_NOUN_EN
        + r"|\bwho\s+(?:has|have|had|contributed|contributes|published|publishes|wrote|released|releases|"
        r"shows?\s+up|appears?|is\s+behind)\s+(?:[\w\-']+\s+){0,3}?"
        + _TALLY_NOUN_EN
        + r"|(?:哪家|哪个机构|哪些机构|哪个公司|哪家公司|哪个团队|哪个实验室|哪所大学|哪个单位|谁家|谁)"
        + _TALLY_NOUN_ZH,
        re.IGNORECASE,
    ),
    "year": re.compile(
        r"\b(?:which|what)\s+year\s+(?:[\w\-']+\s+){0,4}?" + _TALLY_NOUN_EN + r"|哪(?:一|个)?年" + _TALLY_NOUN_ZH,
        re.IGNORECASE,
    ),
    "kind": re.compile(
        r"\b(?:which|what)\s+(?:kind|type|sort)\s+of\s+(?:entry|entries|work|works|item|items)\s+(?:[\w\-']+\s+){0,4}?"
        r"(?:the\s+)?(?:most|least)\s+(?:common|frequent)\b"
        r"|哪(?:种|类)(?:类型|体裁)(?:的)?(?:条目|工作)?[^，。？?]{0,12}?(?:最多|最少)",
        re.IGNORECASE,
    ),
}
# "Which benchmark is reported most often / by the most entries?", "最常用的基准是哪个", "Which technique do the most
# works use?": the benchmarks (techniques) the entries report (name), tallied.
_MOST_OFTEN_EN = (
    r"(?:most\s+(?:often|frequently|commonly|widely|popular|common|cited|used|reported)|by\s+the\s+most\s+"
    r"(?:entries|works|papers|models)|(?:the\s+)?most\s+(?:entries|works|papers|models)\s+(?:use|report|name|cite|mention))"
)
_MOST_OFTEN_ZH = r"(?:最多|最常|最常见|最普遍|最热门|最流行|最广泛)"
_POPULAR = {
    "benchmark": re.compile(
        r"\b(?:which|what)\s+(?:[\w\-]+\s+){0,2}?benchmarks?\b[^?]{0,40}?"
        + _MOST_OFTEN_EN
        + r"|\b(?:the\s+)?most\s+(?:popular|common|cited|used|reported|widely\s+used)\s+benchmarks?\b"
        + r"|(?:哪个|哪些|什么)(?:评测)?(?:基准|benchmark)[^，。？?]{0,16}?"
        + _MOST_OFTEN_ZH
        + r"|最(?:常用|常见|热门|流行|常被报告)的(?:评测)?(?:基准|benchmark)",
        re.IGNORECASE,
    ),
    "technique": re.compile(
        r"\b(?:which|what)\s+(?:[\w\-]+\s+){0,2}?(?:techniques?|methods?|algorithms?|approach(?:es)?)\b[^?]{0,40}?"
        + _MOST_OFTEN_EN
        + r"|\b(?:the\s+)?most\s+(?:popular|common|used|widely\s+used)\s+(?:[\w\-]+\s+)?"
        + r"(?:techniques?|methods?|algorithms?)\b"
        + r"|(?:哪个|哪种|哪些|什么)(?:技术|方法|算法)[^，。？?]{0,16}?"
        + _MOST_OFTEN_ZH
        + r"|最(?:常用|常见|热门|流行)的[^，。？?]{0,6}?(?:技术|方法|算法)",
        re.IGNORECASE,
    ),
}
# A negation right before a cue of what is asked: "(are) not built on", "isn't based on", "不是基于".
_DENIED_ASK = re.compile(r"(?:\bnot|n't|不是|并非|而非)\s*(?:(?:are|is|was|were|being)\s+)?$", re.IGNORECASE)
_COUNTS_AS = re.compile(
    r"\s*(?:系|家|的)?\s*(?:也|都)?算(?:是|作|成)?\s*|\s+(?:also\s+)?counts?\s+as\s+(?:an?\s+)?", re.IGNORECASE
)
_ALSO_COUNTS = re.compile(
    r"\s*(?:也算|也行|都算|也可以|也包括在内|也计入)|\s+(?:also\s+counts?|counts?\s+too|counts?\s+as\s+well|is\s+fine\s+too)\b",
    re.IGNORECASE,
)
# What the survey leaves out: "What does the survey not say / not tell us about X?", "what's missing / left out about
# X", "综述没说 X 的哪些方面", "关于 X 哪些信息没有给出", "缺了什么".
_GAP_SUBJECT = r"(?:the\s+survey|this\s+survey|the\s+entry|its\s+entry|it)"
_GAP_VERB = r"(?:say|state|mention|tell(?:\s+us)?|give|cover|specify|disclose)"
_GAP_VERB_ZH = r"(?:说|讲|提|写|给出|交代|披露|说明)"
_GAPS_ASKED = re.compile(
    # the survey (or the entry) as the subject, the question about what it leaves out
    rf"\bwhat\s+(?:does|did|do)\s+{_GAP_SUBJECT}\s+(?:(?:not|never)\s+{_GAP_VERB}|leaves?\s+out|omits?)\b"
    rf"|\bwhat\s+(?:does|did|do)n't\s+{_GAP_SUBJECT}\s+{_GAP_VERB}\b"
    r"|\bwhat(?:'s|\s+is)\s+(?:not\s+(?:said|stated|mentioned|covered|given)|missing|left\s+out)\s+(?:about|for|on)\b"
    # not "有没有提到…什么" (a yes / no question) nor "论文认为它们缺了什么" (checked with 综述 / 调研 at the call)
    rf"|(?<!有)(?:没(?:有)?|未){_GAP_VERB_ZH}(?:到|过|明)?[^，。？?]{{0,12}}?(?:哪些|什么)"
    rf"|(?:哪些|什么)(?:方面|信息|内容|细节)?(?<!有)(?:没(?:有)?|未){_GAP_VERB_ZH}"
    r"|缺(?:少|了)(?:哪些|什么)",
    re.IGNORECASE,
)
_TALLY_FEWEST = re.compile(r"\b(?:fewest|least)\b|最少", re.IGNORECASE)


def _tally(text: str) -> tuple[Tally | None, re.Match[str] | None]:
    """The group a question tallies the survey's entries by, and where it says so."""
    groups: tuple[Tally, ...] = ("org", "year", "kind", "benchmark", "technique")
    for group in groups:
        m = (_TALLY.get(group) or _POPULAR[group]).search(text)
        if m:
            return group, m
    return None, None


# The latest / earliest work of a kind, as the one a fact is then asked of ("the newest Qwen model", "最新的那个").
_THEN_CUE = re.compile(
    r"\b(?:latest|newest|most recent|earliest|oldest)\s+(?:[\w\-.]+\s+){0,3}?"
    r"(?:models?|papers?|works?|entry|entries|releases?|versions?|reports?|benchmarks?|agents?|systems?|frameworks?|one)\b"
    r"|(?:最新|最早|最近)的?(?:那个|那篇|那款|一个|一篇|一款)?[^，。？?、]{0,12}?(?:模型|论文|工作|条目|版本|报告|基准|agent|系统|框架)",
    re.IGNORECASE,
)
# (not a version, "GLM-4.5"; nor a bound compared against, "beat 72.5%", "超过 72.5%")
_QUOTED_FIGURE = re.compile(r"(?<![\w.\-])(\d+(?:\.\d+)?)\s*(%|％)?")
_COMPARED_BEFORE = re.compile(
    r"(?:\b(?:beat|beats|beating|above|over|exceed\w*|surpass\w*|more than|higher than|better than|below|under|"
    r"less than|lower than|at least|at most)|超过|高于|低于|不到|超出|好于)\s*$",
    re.IGNORECASE,
)


def _quoting_result(text: str, benchmarks: Sequence[str], catalog: Catalog) -> str | None:
    """The one work (no benchmark itself) whose own result on a benchmark the question names has a figure the
    question quotes with its decimals or its percent sign ("12.5% on SWE-bench", "87.7 on HumanEvalFix")."""
    quoted = {
        (float(m.group(1)), bool(m.group(2)))
        for m in _QUOTED_FIGURE.finditer(text)
        if ("." in m.group(1) or m.group(2))  # "12.5", "55%"; not a bare "3" or a year
        and not _COMPARED_BEFORE.search(text, max(0, m.start() - 16), m.start())
    }
    if not quoted:
        return None
    found = {
        f.entry_id
        for f in catalog.facts
        if f.kind == "benchmark"
        and f.own
        and f.name in benchmarks
        and f.value is not None
        and f.entry_id not in catalog.benchmark_entries
        and any(abs(f.value - v) < 1e-9 and (percent == (f.unit == "%") or not percent) for v, percent in quoted)
    }
    return found.pop() if len(found) == 1 else None


def _intent(text: str, intents: set[str], subjects: list[str], slots_only: bool, measure: str | None) -> Intent:
    """Combine the cue matches and the slots into one intent (rules in order; the first that applies wins)."""
    # "Anthropic 2025 年 5 月那次…发布" is one release; "哪些工作沿用了那套配方" still asks for works.
    described = _DESCRIBES_ONE.search(text)
    # "最早用 GRPO 的那个模型叫什么": 那个 after a superlative is which one is earliest, not one work described
    if described and described.group().startswith("那") and _SUPERLATIVE_THAT.search(text):
        described = None
    describes_one = bool(described) or bool(_THAT_RELEASE.search(text) and not _WHICH_ZH.search(text))
    survey_level = not subjects and not describes_one
    if "list" in intents and not describes_one and (_LIST_OF_WORKS.search(text) or _WHERE_NAMED.search(text)):
        survey_level = True  # named entries are the list's topic, not its subject
    if "count" in intents and survey_level:
        return "count"
    if "ranking" in intents and measure is not None and _ASKS_WHICH.search(text):
        if len(subjects) >= 2 and not survey_level:
            return "comparison"
        if survey_level:
            return "ranking"
    when = "earliest" if "earliest" in intents else ("latest" if "latest" in intents else None)
    # "Which entry was the first to put a GPQA number on the table?": the earliest of those with a result, not a
    # ranking; only when a work is asked for ("Why does Mind2Web's baseline run a small LM first?" asks a reason).
    dated_result = (
        measure is not None
        and measure.startswith("benchmark:")
        and "ranking" not in intents
        and bool(_WHICH_WORK.search(text))
    )
    if when and survey_level and (measure is None or dated_result):
        return when  # type: ignore[return-value]
    # "A and B", "A 比 B", "A than B", and "Was A out before B?" put two named entries side by side; not
    # "比 GPT-4o、Claude 3.5 Sonnet 这些", where the others are examples of what A beats.
    paired = re.search(
        r"\band\b|\bthan\b(?! (?:models |baselines )?(?:such as|like)\b)|\bvs\b|\bversus\b|和|与|跟|及"
        r"|比(?![较如方])(?![^，。？?]{0,40}(?:这些|那些|等|之类))",
        text,
    ) or ORDER_IN_TIME.search(text)
    if len(subjects) >= 2 and not survey_level and ("comparison" in intents or paired):
        return "comparison"
    if "overview" in intents and not subjects:
        return "overview"
    if "list" in intents and survey_level:
        return "list"
    if survey_level and slots_only and _METADATA_LIST.search(text):
        return "list"  # "2023 年收录了什么", "What did DeepSeek release in 2025-01?": metadata, no list word
    return "lookup"


_BUILT_ON = re.compile(
    r"(?:\b(?:built|based|running|runs|implemented|trained|fine-tuned|finetuned) (?:on|upon|from)|\bon top of|"
    r"\bpowered by|基于|构建于|建立在)"
    # "built on an early browsing-tuned o3": an article and up to two describing words before the base's name
    r"(?:\s+(?:an?|the|its)(?:\s+(?:early|earlier|later|internal|custom|special|[a-z]++-(?:tuned|trained|based)))"
    r"{0,2}+)?\s*$",
    re.I,
)


def _subjects(text: str, names: list[NameHit], catalog: Catalog, slots: Sequence[Match] = ()) -> list[str]:
    """The entries a question is about. A benchmark's name counts only when no other entry is named or it is
    called a paper ("the OSWorld paper"); beside a model it is a slot ("Kimi K2's SWE-bench score"). Names
    after "which framework lets you …" or inside a description of another work are objects, not subjects."""
    verb = _WHICH_VERB.search(text)
    if verb and _PASSIVE_ABOUT.search(text) and re.search(r"\b(?:is|was|are|were)\s*$", verb.group(), re.IGNORECASE):
        verb = None  # "Which dataset was X trained on?", "Which benchmark was X evaluated on?": X is the subject
    if verb and _MAKER_VERB.search(verb.group()) and any(0 <= n.start - verb.end() <= 6 for n in names):
        verb = None  # "Which lab built AReaL?": who made the named work, which is the subject
    if verb and any(_IN_THE_WORK.fullmatch(text, verb.end(), n.start) for n in names):
        verb = None  # "Which model is used in Toolformer?": the work it is used in is the subject
    described = _DESCRIBES_ONE.search(text)
    if described and _only_names_before_dash(
        text, described, [(n.start, n.end) for n in names] + [(m.start, m.end) for m in slots]
    ):
        described = None  # "SWE-bench Verified — what did Opus 4 score?": a slot said first, no description
    if verb or described:
        cut = (verb or described).end()  # type: ignore[union-attr]
        # "A got 76.8 on X — how much better is that than B's?": a work the asking part compares with is a side
        sides = described is not None and described.start() == 0 and any(n.start < cut for n in names)
        names = [n for n in names if n.start < cut or (sides and _COMPARED_WITH.search(text, cut, n.start))]
    # "… built on verl — which techniques does it introduce?": what a described work builds on is its base.
    names = [n for n in names if not _BUILT_ON.search(text[: n.start])]
    named = list(dict.fromkeys(n.entry_id for n in names))
    plain = [e for e in named if e not in catalog.benchmark_entries or _called_paper(text, names, e)]
    return plain or named


_IN_THE_WORK = re.compile(r"\s*(?:[a-z\-]+(?:ed|en|ilt)\s+)?(?:in|inside|within)\s+(?:the\s+)?", re.I)
_MAKER_VERB = re.compile(
    r"\b(?:company|lab|team|organi[sz]ation|institution)s?\s+(?:built|made|developed|released|introduced|proposed|created)\s*$",
    re.IGNORECASE,
)
# A question ending in a participle and its preposition: what comes between the copula and it is the subject.
_PASSIVE_ABOUT = re.compile(
    r"\b[a-z]+(?:ed|en|ilt|ained)\s+(?:on|with|from|in|by|for|against|using)\s*[?？.]?\s*$", re.I
)
_COMPARED_WITH = re.compile(
    r"(?:(?<!rather )\bthan|\bvs\.?|\bversus|\bcompared? (?:with|to)|\bagainst|比|相比|对比)\s*(?:the\s+)?$", re.I
)


def _made_by(entry_id: str, names: Sequence[NameHit], orgs: Sequence[str], catalog: Catalog) -> str:
    """The named work, or the one work of the org the question names whose title names it ("OpenAI's human-validated
    SWE-bench subset" is OpenAI's SWE-bench Verified, not Princeton's SWE-bench)."""
    if not orgs or catalog.orgs_of(entry_id) & set(orgs):
        return entry_id
    aliases = [n.alias.lower() for n in names if n.entry_id == entry_id]
    theirs = [
        e.id
        for e in catalog.entries
        if e.id != entry_id
        and catalog.orgs_of(e.id) & set(orgs)
        and any(re.search(rf"(?<![\w\-]){re.escape(a)}(?![\w\-])", e.title.lower()) for a in aliases)
    ]
    return theirs[0] if len(theirs) == 1 else entry_id


def _only_names_before_dash(text: str, described: re.Match[str], names: list[tuple[int, int]]) -> bool:
    """Is what stands before "— what …" only a name ("SWE-bench Verified — …"), not a description of a work?"""
    dash = re.search(r"\s[—–-]{1,2}\s", described.group())
    if not dash or described.start():
        return False
    before = text[: dash.start()]
    for start, end in names:
        if end <= dash.start():
            before = before[:start] + " " * (end - start) + before[end:]
    return not [t for t in tokenize(before) if t not in STOPWORDS]


def _called_paper(text: str, names: list[NameHit], entry_id: str) -> bool:
    return any(n.entry_id == entry_id and _named_as_work(text, n) for n in names)


def _named_as_work(text: str, n: NameHit) -> bool:
    after, before = text[n.end :], text[: n.start]
    if _PAPER_WORD.match(after):
        return True
    # "Which tools does WebArena provide?"; not "Which models does WebArena put on top?" (works ranked on it)
    return bool(
        _DOES_SUBJECT.search(before)
        and _ACTS.match(after)
        and not _WORKS_DOES.search(before)
        and not _RANKED_ON.search(text)
    )


# "What tools does WebArena hand the agent?": a benchmark that does something is its own work, not a slot.
_DOES_SUBJECT = re.compile(r"\b(?:does|did)\s+$", re.IGNORECASE)
_WORKS_DOES = re.compile(
    r"\b(?:which|what)\s+(?:[\w\-]+\s+){0,2}?(?:models?|agents?|works?|papers?|systems?|methods?|entries|entry|LLMs?|"
    r"ones?)\s+(?:does|did)\s+$",
    re.IGNORECASE,
)
_RANKED_ON = re.compile(r"\b(?:top|best|most|highest|lowest|worst|least|leading|favou?rs?)\b", re.IGNORECASE)
_ACTS = re.compile(r"\s+(?!(?:score|scores|report|reports|rank|ranks|count|counts)\b)(?-i:[a-z])[a-z]+\b", re.I)


_TOTAL_SIZE = re.compile(r"\btotal\b|总参数?|总规模|总量", re.I)
_SIZE_SUPERLATIVE = re.compile(
    r"\b(?:largest|biggest|smallest|most|fewest|least|highest|lowest)\b|最多|最少|最大|最小|最高|最低", re.I
)


def _other_size(text: str) -> tuple[str, str] | None:
    """(what a size bound bounds, what the ranking ranks by) when they differ. Each is the count whose word ("active",
    "激活"; "total", "总参数") stands nearer it, within a few words; the total when no "active" is near. "Among MoEs
    activating fewer than 10B, which has the largest total?", "总参数超过 200B 的模型里，哪个激活参数最少？". None when
    both are the same count."""
    bound = min((m for m in (THRESHOLD.search(text), AT_MOST.search(text)) if m), key=lambda m: m.start(), default=None)
    ranked = next(
        (m for m in _SIZE_SUPERLATIVE.finditer(text) if bound and not bound.start() <= m.start() < bound.end()), None
    )
    if bound is None or ranked is None:
        return None
    actives, totals = list(ACTIVE.finditer(text)), list(_TOTAL_SIZE.finditer(text))

    def gap(ms: list[re.Match[str]], at: re.Match[str]) -> int:
        return min((max(m.start() - at.end(), at.start() - m.end(), 0) for m in ms), default=1_000)

    def active(at: re.Match[str]) -> bool:
        return gap(actives, at) <= 25 and gap(actives, at) < gap(totals, at)

    bound_active, rank_active = active(bound), active(ranked)
    if bound_active == rank_active:
        return None
    return ("size:active", "size:total") if bound_active else ("size:total", "size:active")


def _org_named(entry_id: str, org_m: list[Match]) -> bool:
    """An entry whose name is an org's name ("DeepSeek") stands for the org in a survey-level question."""
    return any(m.name.lower().replace(" ", "-") == entry_id for m in org_m)


# -- slots ----------------------------------------------------------------------------------------------
_SET_ASIDE = re.compile(
    r"而不是|不是只|而不只是|而不仅是|而不仅仅是|而不光是|而不单是|不算|不包括"
    r"|rather than|instead of|not just|not only|excluding|except",
    re.I,
)


# A clause that opens with "not" (or 不是) after a question mark, a comma or a bracket, or with "but not": "… ojbench?
# not the swe-bench style repo stuff", "AIME 2025, not 2024", "，不是 2024". What it names is set aside ("not only …",
# "not sure …" set nothing aside; nor does "Not all works …" opening the question, unlike "Not counting …").
_NOT_OPENING = (
    r"(?:(?<=[?？!！.。;；,，—–(（])\s*(?:but\s+|and\s+)?(?:not\b|而?不是)|\bbut\s+not\b|^\W*not(?=\s+(?:counting|including)\b)"
    # ("不是 K2.5 也不是 K2.6": the second set aside too, not a hedge, "也不是非得是论文"; "不是 Kimi K2.5，…" opening)
    r"|也不是(?!\s*(?:非得|一定|必须|只有?|说|所有))|^\W*不是(?!\s*(?:说|吗|很|所有|每)))"
    r"(?!\s+(?:only|just|necessarily|sure|even|all|to mention)\b)"
)
_NOT_CLAUSE = re.compile(rf"{_NOT_OPENING}[^?？!！.。;；,，)）]*", re.I)


_ITSELF = re.compile(r"\b(?:itself|themselves)\b|本身|自己", re.IGNORECASE)


def _not_clauses(text: str) -> list[tuple[int, int]]:
    """The spans of the clauses that open with "not" (see ``_NOT_OPENING``)."""
    return [m.span() for m in _NOT_CLAUSE.finditer(text)]


# A named work left out of a list or ranking: "besides R1", "除了 R1", "excluding o3" before it; "R1 除外" after it.
_LEAVE_OUT_EN = (
    r"besides|apart from|aside from|other than|except(?: for)?|excluding|not counting|not including|leaving out"
    r"|(?:do|does|did)(?: not|n't) (?:count(?: in)?|mean)"
)
_LEAVE_OUT_ZH = rf"除了|除去|{_NOT_COUNTED}|不包括|不含|排除"
# ("not counting the original OSWorld", "不算原版 OSWorld"; "原版 OSWorld 的不算", "o3 那种不算")
_LEAVES_OUT_BEFORE = re.compile(
    rf"(?:\b(?:{_LEAVE_OUT_EN})|{_LEAVE_OUT_ZH}|{_NOT_OPENING})(?:\s+(?:the|its|their|[A-Z][\w\-]*'s))?"
    # ("don't count standalone frameworks like verl": the examples of what is set aside)
    r"(?:(?:\s+[a-z][\w\-]*){1,4},?\s+(?:like|such as|e\.g\.,?))?"
    r"(?:\s+(?:original|plain|vanilla|older))?\s*(?:原版|原始|原来的?)?\s*$",
    re.I,
)
_LEAVES_OUT_AFTER = re.compile(
    # ("OSWorld 的分数不算高" is a bound, not a set-aside)
    r"\s*(?:(?:的|那种|那个|这种|那篇|这篇|的(?:结果|分数|成绩))?\s*"
    rf"(?:之外|以外|除外|{_NOT_COUNTED}(?![高低好差多少大小太很强弱快慢长短]))"
    r"|(?:aside|excluded)\b(?!\s+from))",
    re.I,
)
# The words of setting aside, which are no topic of the list: the cues above and "others", "还有", "其他".
_LEAVES_OUT_WORDS = re.compile(
    rf"\b(?:{_LEAVE_OUT_EN}|aside|excluded|others?)\b|{_LEAVE_OUT_ZH}|之外|以外|除外|还有|其他|其它|其余", re.I
)
_JOINS_NAMES = re.compile(r"\s*(?:,?\s*\band\b|,?\s*\bor\b|、|/|和|及|与|或)\s*(?:the\s+)?$", re.I)
_AS_WELL = re.compile(r"\s*(?:之外|以外)?\s*[，,]?\s*(?:也|还)(?!有)")
_COMMA = re.compile(r"\s*,\s*(?:the\s+)?$")


_Span = TypeVar("_Span", NameHit, Match)


def _left_out(text: str, names: Sequence[_Span]) -> list[_Span]:
    """The named works the question sets aside ("Besides DeepSeek-R1 and Kimi K2, …", "o3 除外"), with those
    joined to one set aside."""
    ordered = sorted(names, key=lambda n: n.start)
    before = [
        bool(_LEAVES_OUT_BEFORE.search(text, _clause_start(text, n.start), n.start))
        or _left_out_around(text, n.start, n.end)
        for n in ordered
    ]
    after = [bool(_LEAVES_OUT_AFTER.match(text, n.end)) for n in ordered]
    joined = [bool(_JOINS_NAMES.fullmatch(text, a.end, b.start)) for a, b in itertools.pairwise(ordered)]
    # A comma joins names only inside an enumeration that an "and" / "、" closes ("besides A, B and C");
    # "除了 X，Y 还…" / "Apart from X, Y reports …" keep Y as the subject.
    for i in reversed(range(len(joined))):
        if not joined[i] and _COMMA.fullmatch(text, ordered[i].end, ordered[i + 1].start):
            joined[i] = i + 1 < len(joined) and joined[i + 1]
    for i, link in enumerate(joined):  # "besides A and B": forward along the joined names
        before[i + 1] = before[i + 1] or (before[i] and link)
    for i in reversed(range(len(joined))):  # "A 和 B 除外": back along them
        after[i] = after[i] or (after[i + 1] and joined[i])
    out = {i for i in range(len(ordered)) if before[i] or after[i]}
    return [n for i, n in enumerate(ordered) if i in out]


_HOSTED_AFTER = re.compile(
    r"\s*(?:上的|上面的|上(?:开源|发布|放出|上线|提供|公开)|(?:'s|’s)?\s*(?:hub|model hub|APIs?)\b|\s+(?:hub|Hub)\b)",
    re.IGNORECASE,
)
_HOSTED_BEFORE = re.compile(r"\b(?:hosted on|available on|open-sourced on|uploaded to)\s+$", re.IGNORECASE)


# An English question asking for the name of the work it describes ("What was it called?", "What's its name?",
# "Which model was it?"). Not Chinese: there a rival often comes before the subject ("和 o1 媲美的 DeepSeek-R1").
_NAME_QUESTION = (
    r"\bwhat(?:\s+(?:was|is)|['’]s)\s+(?:it|this|that|the\s+\w+|this\s+\w+|that\s+\w+)\s+(?:called|named)\b"
    r"|\bwhat(?:['’]s|\s+is|\s+was)\s+(?:its|the|their)\s+name\b"
    r"|\bwhich\s+(?:model|work|paper|system|agent)\s+(?:was|is)\s+(?:it|this|that)\b"
)
_ASKS_WORK_NAME = re.compile(
    _NAME_QUESTION + r"|\bname\s+(?:of\s+)?(?:the|that|this)\s+(?:model|work|paper|system|agent)\b", re.IGNORECASE
)
# The name is all a question asks, at its very end after a description ("… calls an interpreter. Name?", "What was
# it called?", "anyone remember the name?", "……，叫啥来着？"): the description's measures ask nothing. Not "What
# was it called, and when was it released?" nor "What's its name and its parameter count?".
_ONLY_NAME_ASKED = re.compile(
    rf"(?:{_NAME_QUESTION}"
    r"|(?:^|[.!?;:—–]\s*|\s[-–]\s*)(?:(?:its|the)\s+)?name|\b(?:remember|know|recall)\s+(?:the|its)\s+name"
    r"|叫(?:什么|啥)(?:名字)?|名字(?:是|叫)?(?:什么|啥)?)"
    r"(?:\s*(?:来着|呢|啊|again|please))?\s*[?？。.!]*\s*$",
    re.IGNORECASE,
)


# "What's the name of the base model X uses?": the name of a part of the work, not of the work.
_NAME_OF_PART = re.compile(r"\bname\s+of\s+(?:the|its|their)\s+(?!(?:model|work|paper|system|agent)\b)\w", re.I)


# What ends a clause: punctuation, and a dash ("Except for the blog posts — which OpenAI entries …": the set-aside
# stops at the dash).
_CLAUSE_MARK = re.compile(r"[，,。.;；？?！!（）()—–]")


def _clause_start(text: str, at: int) -> int:
    return max((m.end() for m in _CLAUSE_MARK.finditer(text[:at])), default=0)


def _named_kinds(m: Match, lex: Lexicon, text: str = "") -> list[str]:
    """The kinds a match names most specifically: "technical report" is technical-report, not also report;
    "system/model cards" names both cards."""
    kinds = list(lex.kinds.terms[m.name].kinds)
    words = {w.removesuffix("s") for w in re.findall(r"[a-z]+", m.text.lower())}
    named = [k for k in kinds if {w.removesuffix("s") for w in k.split("-")} <= words]
    most = max((len(k.split("-")) for k in named), default=0)
    specific = [k for k in named if len(k.split("-")) == most] or kinds
    slashed = re.search(r"([a-z]+)\s*/\s*$", text[: m.start].lower())
    if slashed:  # "system/model cards": the word before the slash takes the match's last word
        last = m.text.lower().split()[-1].removesuffix("s")
        specific += [k for k in kinds if k == f"{slashed.group(1)}-{last}" and k not in specific]
    return specific


def _negated_bracket(text: str, at: int) -> bool:
    """Does the bracket that position ``at`` is in open with a negation ("(not web browsing …", "（不是 GUI …")?"""
    opened = max(text.rfind("(", 0, at), text.rfind("（", 0, at))
    return opened >= 0 and bool(_BRACKET_NOT.match(text, opened + 1))


_BRACKET_NOT = re.compile(
    r"\s*(?:not\b(?!\s+(?:necessarily|limited|only|just|all)\b)|non-|excluding\b|except\b|rather than\b|不是(?!只|仅)"
    r"|非|并非|而非|除了|不含|不包括)",
    re.I,
)


def _in_brackets(text: str, at: int) -> bool:
    """Is position ``at`` inside (…) or （…）?"""
    before = text[:at]
    return before.count("(") + before.count("（") > before.count(")") + before.count("）")


def _concept_set_aside(text: str, m: Match) -> bool:
    """Does its clause set the concept aside: a cue before it ("rather than a learned reward model", "而不是只把…"),
    or 不算 / 不包括 closing it ("纯做信息检索的 web 搜索 agent 不算")? Not what comes before an English cue
    ("rule-based rewards rather than a learned reward model")."""
    clause = _clause_of(text, m.start, m.end)
    lo = _clause_start(text, m.start)
    before, after = clause[: m.start - lo], clause[m.end - lo :]
    return bool(_SET_ASIDE.search(before)) or bool(_CLOSING_NOT.search(after))


# The reader comparing the list with a work of their own choosing: "I want to contrast them with", "we'll compare
# these to", and in Chinese "我想(拿它们)跟 X 对比" (not "跟 X 对比过的工作", works the list is of).
_FOIL_BEFORE = re.compile(
    r"\b(?:I|we)(?:'d like to|'d love to|'d|'ll|'m going to|\s+(?:want|would like|plan|need|am going|are going)\s+to"
    r"|\s+will|\s+can)?\s+"
    r"(?:\w+\s+)?(?:contrast|compare)\s+(?:them|these|those|the list|each(?: one)?)\s+(?:with|to|against)\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_FOIL_BEFORE_ZH = re.compile(r"我(?:想|要|打算|准备|会)?[^，。？?！!]{0,6}(?:跟|和|与)\s*$")
_FOIL_AFTER_ZH = re.compile(r"\s*(?:(?:做|作|进行)(?:个|一下|一个)?)?(?:对比|比较|对照|比一比|比比)")


_SENTENCE_STOP = re.compile(r"[。？?！!]|\.(?:\s|$)")


def _sentence_end(text: str, at: int) -> int:
    end = _SENTENCE_STOP.search(text, at)
    return end.start() if end else len(text)


def _reader_compares_zh(text: str, n: NameHit) -> bool:
    return bool(_FOIL_BEFORE_ZH.search(text, 0, n.start) and _FOIL_AFTER_ZH.match(text, n.end))


_NOTE_WORDS = r"(?:short\s+)?(?:add-?on|addendum|appended|supplementary|supplemental)\s+notes?(?:\s+at\s+the\s+end)?"
_NOTES_COUNTED = re.compile(
    rf"(?<!not\s)(?<!n't\s)(?<!without\s)\b(?:counting|including|incl\.?|plus)\s+(?:the\s+)?{_NOTE_WORDS}"
    rf"|\b(?:the\s+)?{_NOTE_WORDS}\s+(?:count|included|too|as\s+well)\b"
    r"|(?:增量补录|补录|末尾补充)(?:部分)?(?:里|中|里面)?的?(?:条目)?(?:也|都)(?:要)?(?:算|包括|计入)"
    r"|(?<![不没别])(?:算上|加上|包括|连同|含)(?:调研)?(?:末尾|结尾)?的?(?:增量补录|补录|末尾补充)",
    re.IGNORECASE,
)
_SUPERLATIVE_THAT = re.compile(r"(?:最早|第一个|首个|最新|最近|最后一个|最晚)[^，。？?！]{0,16}?的那(?:个|款|篇)")
_FIRST_DESCRIBED = re.compile(
    # (a size right after 那个 says which work; "最早用 GRPO 的那个模型叫什么" asks which is earliest)
    r"(?:第一个|最早|首个|最新|最近)[^，。？?！]{0,16}?那(?:个|款|篇)\s*\d+(?:\.\d+)?\s*[BbMKT]"
    r"[^？?]*?(?:叫什么|是什么|是啥|叫啥|用了什么|用的什么|怎么|多少)",
    re.IGNORECASE,
)
_ELABORATION = re.compile(
    # (not a question after the dash: "— which Llama does each end up with, and what …")
    r"(?<=[—–(:])(?![^—–()?]*\b(?:what|which|how|who|when|where|why)\b)[^—–()?]*?,[^—–()?]*?(?:,|\bor\b|\band\b)[^—–()?]*"
    r"|(?<=[—（(：])(?![^—（()）？?]*(?:哪|什么|怎么|多少|谁))[^—（()）？?]*?、[^—（()）？?]*?(?:、|或|和)[^—（()）？?]*",
    re.IGNORECASE,
)
_REFERS_BACK = re.compile(
    r"\b(?:ones|of them|these|those)\b|\b(?:cover|covers|on|about|do|does|address|tackle|study)\s+(?:this|that|it)\b"
    r"|其中|这些|它们|里面|这个方向|这方面|这类",
    re.IGNORECASE,
)
_READER_CONTEXT = re.compile(
    r"^\s*(?:I|we)(?:'m|’m|\s+am|'re|’re|\s+are)\s+(?:writing|working\s+on|doing|preparing|putting\s+together|drafting)\b"
    # "… — which", "…: which", "… paper. Which …" (not "vs.", "e.g.", "i.e.", "U.S.")
    r"[^—–:;?？]*?(?:[—–:;]|(?<!\bvs)(?<!\be\.g)(?<!\bi\.e)(?<!\bU\.S)(?<!\betc)\.(?=\s))"
    r"|^\s*我(?:们)?(?:在|正在)(?:写|做|准备|整理)[^，,。？?：:—]*[，,。：:—]",
    re.IGNORECASE,
)
# A clause listing two or more kinds of work and letting them all in: "模型、训练方法、数据合成都算",
# "——RL 算法、RL 框架、用 RL 训出来的模型都算——", "(methods, datasets and benchmarks all count)".
_INCLUDED = re.compile(
    r"(?<=[，。；？！：（）()—–?!;:])[^，。；？！：（）()—–?!;:]*[、/和及或][^，。；？！：（）()—–?!;:]*?(?:都|也)(?:算|行|可以|包括)(?:在内|进来)?"
    r"|(?<=[(—–;:?!])[^(—–;:?!]*(?:,|\bor\b|\band\b)[^(—–;:?!]*?"
    r"(?:\b(?:all|both)\s+count\b|\bcount\s+(?:too|as\s+well)\b|\bare\s+all\s+(?:fine|ok(?:ay)?|welcome)\b)",
    re.IGNORECASE,
)
_CLOSING_NOT = re.compile(r"(?:不算|不包括|除外)\s*(?:在内)?\s*[。.！!？?]?\s*$")


def _clause_of(text: str, start: int, end: int) -> str:
    """The clause around a match (between punctuation marks)."""
    lo = _clause_start(text, start)
    nxt = _CLAUSE_MARK.search(text[end:])
    return text[lo : end + (nxt.start() if nxt else len(text))]


def _negation_scope(text: str, start: int, slot_ends: list[int]) -> str:
    """The text before a match that a negation governing it stands in ("did not use | GRPO"): its clause, after
    the last slot named before it and the last word that ends a negation's reach ("but", "但", "就")."""
    lo = max((m.end() for m in _CLAUSE_MARK.finditer(text[:start])), default=0)
    lo = max([lo, *(e for e in slot_ends if e <= start)])
    scope = text[lo:start]
    cut = max((m.end() for m in _SCOPE_BREAK.finditer(scope)), default=0)
    return scope[cut:]


def _inside_longer(m: Match | NameHit, spans: list[tuple[int, int]]) -> bool:
    return any(s <= m.start and m.end <= e and (e - s) > (m.end - m.start) for s, e in spans)


_BRACKET_REST = re.compile(r"([^（）()]*)[）)]")
_ADDS = re.compile(r"\b(?:or|and|plus|also|too|as well|including)\b|以及|和|或|及|包括|还有|也", re.IGNORECASE)


def _without_glosses(text: str, benchmarks_m: list[Match], lex: Lexicon) -> list[Match]:
    """The benchmarks named, less a family named in the bracket right after one of its versions, which glosses it
    ("WebArena-Lite（WebArena 精简版）", "SWE-bench Verified (the human-checked SWE-bench subset)")."""
    out = []
    for m in benchmarks_m:
        rest = _BRACKET_REST.match(text, m.end)  # the rest of the bracket it stands in, if it does
        glossed = (
            rest is not None
            and any(
                v.end <= m.start
                and lex.benchmark_family(v.name) == m.name != v.name
                and re.fullmatch(r"\s*[（(][^（）()]*", text[v.end : m.start])
                # not a bracket that adds the family ("(or the full WebArena)", "（以及原版 SWE-bench）", "(… too)")
                and not _ADDS.search(text[v.end : m.start] + rest.group(1)[:12])
                for v in benchmarks_m
            )
        )
        if not glossed:
            out.append(m)
    return out


def _inside(m: Match, spans: list[tuple[int, int]]) -> bool:
    return any(s <= m.start and m.end <= e for s, e in spans)


def _dedupe_overlaps(hits: list[NameHit]) -> list[NameHit]:
    out: list[NameHit] = []
    for h in hits:
        if not any(o.start <= h.start < o.end for o in out):
            out.append(h)
    return out


_ZH_NUMERALS = ("一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二", "十三", "十四", "十五")
# The survey's section by number, not a paper's ("section 3 of the ReAct paper", "ReAct 论文的第二部分").
_SECTION_NUMBER = re.compile(
    r"(?<!论文的)(?<!文章的)(?<!报告的)第\s*([一二三四五六七八九十]+|\d+)\s*(?:节|部分|章|小节|大节)"
    r"|\bsection\s+(\d+)\b(?!\s+(?:of|in)\s+(?!the survey|this survey))",
    re.IGNORECASE,
)


# A list asking for flagship models by that name: the section that holds them (no "section" said).
_FLAGSHIP_MODELS = re.compile(
    r"\b(?:which|what|list|any|all)\s+(?:(?:of\s+)?the\s+)?(?:[\w\-]+\s+){0,2}?"
    r"(?P<flagship>flagship\s+(?:base\s+)?(?:models|LLMs))\b"
    r"|(?:哪些|哪几个|哪几款|有哪些|列出)[^，。？?]{0,8}?(?P<flagship_zh>旗舰(?:基座)?(?:模型)?)",
    re.IGNORECASE,
)


def _section(
    text: str, lex: Lexicon, catalog: Catalog, own_work: list[tuple[int, int]] | None = None
) -> tuple[str | None, list[tuple[int, int]]]:
    """The section a question names, and where: its heading as the survey writes it ("Agentic RL 训练基础设施"),
    else the lexicon's names for it, the section with the most matched text winning; or its number ("第八节",
    "section 8"), with the heading's own words after it left to the section ("第八节（Agentic RL：…）")."""
    numbered = _SECTION_NUMBER.search(text)
    if numbered:
        n = numbered.group(1) or numbered.group(2)
        numeral = _ZH_NUMERALS[int(n) - 1] if n.isdigit() and 0 < int(n) <= len(_ZH_NUMERALS) else n
        heading = next((h for h in catalog.section_titles if h.startswith(f"{numeral}、")), None)
        if heading is not None:
            end = numbered.end()
            bracket = re.match(r"\s*[（(][^（）()]{0,60}[）)]", text[end:])
            return f"{numeral}、", [(numbered.start(), end + (bracket.end() if bracket else 0))]
    cued = [c for c in lex.section_cues.find(text) if not _inside(c, own_work or [])]
    flagship = _FLAGSHIP_MODELS.search(text)
    if flagship and not cued and any(h.startswith("十、") for h in catalog.section_titles):
        # "哪些旗舰模型自带多 agent 模式", "which Chinese flagship models …": the flagship-models section; only the
        # words "flagship models" are its (an org or a topic before them is asked too)
        return "十、", [flagship.span("flagship") if flagship.group("flagship") else flagship.span("flagship_zh")]
    if not cued:
        return None, []  # (a section of the reader's own writing is none of the survey's)
    lowered = text.lower()
    for heading in catalog.section_titles:
        title = re.sub(r"^[一二三四五六七八九十]+、|\s*[（(][^（）()]*[）)]\s*$", "", heading).strip()
        at = lowered.find(title.lower()) if len(title) >= 4 else -1
        if at >= 0:
            prefix = re.match(r"^[一二三四五六七八九十]+、", heading)
            return (prefix.group() if prefix else heading), [(at, at + len(title))]
    found = lex.sections.find(text)
    if not found:
        return None, []
    matched: dict[str, int] = {}
    for m in found:
        matched[m.name] = matched.get(m.name, 0) + (m.end - m.start)
    best = max(matched, key=lambda name: matched[name])
    return best, [(m.start, m.end) for m in found if m.name == best]


# "what reasoning model does each one run on?", "which LLM powers it?": the model a work is built on (the "on" ends
# the clause: "Which models were run on SWE-bench Verified?" asks what was evaluated there).
_BASE_Q = re.compile(
    r"\b(?:what|which)\s+(?:[\w\-.'’]+\s+){0,2}?(?:model|llm)s?\s+"
    r"(?:(?:does|do|did|is|are|was|were)\s+(?:[\w\-.'’]+\s+){0,3}?(?:run(?:ning)?|built|based|powered|(?:fine-?)?tuned)"
    r"\s+(?:on|upon|from)\s*(?:[?？.,;，。；]|$)|(?:powers|drives|underlies)\b)",
    re.IGNORECASE,
)


def _asks(
    text: str, answer_m: list[Match], benchmarks: tuple[str, ...], benchmarks_m: Sequence[Match] = ()
) -> tuple[str, ...]:
    # "… beat their top model at mid-tier speed and cost — how did that model do on the coding eval?": the
    # kind of fact asked is in the clause that asks; the clauses describing the subject ask for nothing.
    full = text
    spans = _asking_part(text)
    answer_m = [m for m in answer_m if any(a <= m.start < b for a, b in spans)]
    # "上下文管理" is managing context, not its length; "基于哪个 agent 范式" asks a paradigm, not a base model.
    answer_m = [m for m in answer_m if not (m.name in _NOT_AFTER and _NOT_AFTER[m.name].match(full, m.end))]
    # "how much did it gain over the untuned base model": a base compared with, not which base it is.
    answer_m = [m for m in answer_m if not (m.name == "base_model" and _COMPARED_BASE.search(full[: m.start]))]
    # "是不是每种任务各有各的参数？", "共享参数吗": whether weights are shared, not how many there are.
    answer_m = [
        m
        for m in answer_m
        if not (
            m.name == "size"
            and m.text == "参数"
            and (
                re.search(r"(?:各有各的|同一套|共享|独立的?|单独的?|分开的?)\s*$", full[: m.start][-6:])
                or re.match(r"\s*(?:是不是|是)?\s*(?:共享|独立|分开|同一)", full[m.end :])
            )
        )
    ]
    # "按函数 schema 吐出 JSON 参数", "the function's parameters": a call's arguments, not a model's size.
    answer_m = [
        m for m in answer_m if not (m.name == "size" and _CALL_ARGUMENTS.search(full[max(0, m.start - 16) : m.start]))
    ]
    # "How big is Kimi K2's context window size?", "the window size of its context": a context length, not a
    # sliding window's size.
    answer_m = [m for m in answer_m if not (m.name == "window_size" and _CONTEXT_WINDOW.search(full))]
    # "在哪些类型的任务上提升", "在哪些方面": kinds of task or ways, not the benchmarks it was evaluated on.
    answer_m = [
        m
        for m in answer_m
        if not (m.name == "benchmark" and m.text == "在哪些" and _KINDS_OF_TASK.match(full[m.end :]))
    ]
    # "把完整的万亿参数 Ring-1T 开源", "the 1T-parameter model": a size the question states, not one it asks.
    answer_m = [
        m
        for m in answer_m
        if not (
            m.name == "size"
            and re.fullmatch(r"参数|param(?:eter)?s?", m.text, re.I)
            and re.search(
                r"(?:(?<![\w.\-])\d+(?:\.\d+)?\s*[BMTbmt]|万亿|千亿|百亿|亿|trillion|billion|million)[ \-]?$",
                full[: m.start],
            )
        )
    ]
    # "What policy optimizer does RAGEN propose?": a training algorithm (StarPO), not an optimizer like AdamW.
    answer_m = [m for m in answer_m if not (m.name == "optimizer" and re.search(r"policy\s*$", full[: m.start], re.I))]
    # "uses DSA to cut training and inference cost while keeping what?": a cost it lowers, not one it states;
    # "faster, but at the cost of accuracy?": a trade-off, not a price ("at what cost", "at the cost of $5M" are).
    answer_m = [
        m
        for m in answer_m
        if not (
            m.name == "cost"
            and (
                _LOWERS_BEFORE.search(full[max(0, m.start - 40) : m.start])
                or _TRADE_OFF_BEFORE.search(full[max(0, m.start - 32) : m.start])
                or (
                    re.search(r"\bat\s+the\s+$", full[: m.start][-8:], re.I)
                    and re.match(r"\s+of\s+(?![$¥€£]|\d|US\$)", full[m.end :], re.I)
                )
            )
        )
    ]
    text = " ".join(text[a:b] for a, b in spans)
    asks = list(dict.fromkeys(m.name for m in answer_m))
    if "base_model" not in asks and _BASE_Q.search(text):
        asks.append("base_model")
    if benchmarks_m:  # a benchmark only set aside ("除了 HLE 之外还有哪个") asks for no result on it
        aside = _set_aside_clauses(full)
        benchmarks = tuple(m.name for m in benchmarks_m if not any(a <= m.start < b for a, b in aside))
    if benchmarks and _SCORE_Q.search(text):
        asks.insert(0, "score")
    elif any(
        m.name in benchmarks
        and re.match(r"\s*(?:numbers?|figures?)\b", full[m.end :], re.I)
        and (re.search(r"\bwhat\b|\bhow (?:much|high)\b", text, re.I) or _REPORTED_BEFORE.search(full, 0, m.start))
        for m in benchmarks_m
    ):
        # "a Terminal-bench number for Sonnet 4", "Has Meta published a SWE-bench number for it?": its result there
        asks.insert(0, "score")
    # Read on the whole question, so a scene-setting "when …, how much …" clause keeps its comma.
    if any(
        any(a <= m.start() < b for a, b in spans)
        and not (
            re.match(r"\s+[a-z]", full[m.end() :], re.I)
            and (
                _CONDITION_WHEN.search(full[: m.end()])
                or (_YES_NO_WHEN.search(full[: m.end()]) and not _WHEN_RELEASED.match(full[m.end() :]))
            )
        )
        for m in _DATE_Q.finditer(full)
    ):
        asks.append("date")
    if _ORG_Q.search(text):
        asks.append("org")
    if _NUMBER_Q.search(text) and not asks and not _reported_score(text):
        asks.append("number")
    if len(benchmarks) == 1 and asks in ([], ["number"]) and _result_on_benchmark(full, benchmarks_m):
        asks = ["score"]  # "what is Claude Opus 4 on SWE-bench Verified?", "在 BrowseComp 上多少？": a result
    if benchmarks and "rate" in asks and "score" not in asks and _RESULT_RATE.search(text):
        asks.insert(0, "score")  # "Kimi K2's solve rate on SWE-bench Verified": its result there (65.8, no % sign)
    if "score" in asks and "rate" in asks:
        asks.remove("rate")  # "WebArena success rate": the result on the benchmark is the rate asked
    if "size" in asks and "ratio" in asks:
        asks.remove("ratio")  # "the ratio of active to total parameters": the two sizes answer it
    if "size" in asks and "base_model" in asks and _BASE_SIZE.search(text):
        asks.remove("base_model")  # "how big is its base model": the base's size, not which model it is
    if (_DATA_SIZE.search(text) or _GAP_SIZE.search(text)) and not _PARAMS.search(text):
        # "how big is the instruction-tuning set it released", "数据集有多大": a number of examples; "how big was
        # the margin?", "差距有多大": a difference of results; not parameters
        asks = [a for a in asks if a != "size"] or ["number"]
    return tuple(dict.fromkeys(asks))


_LOWERS_BEFORE = re.compile(
    r"\b(?:cut|cuts|cutting|reduce[sd]?|reducing|lower(?:s|ed|ing)?|sav(?:e|es|ed|ing)|slash\w*)\b[^,.;?]{0,30}$"
    r"|(?:降低|降|减少|节省|压低|削减)[^，。；？]{0,12}$",
    re.IGNORECASE,
)
_COMPARED_BASE = re.compile(
    r"(?:\b(?:over|than|vs\.?|versus|compared (?:to|with)|relative to|beyond|above)\s+(?:the\s+|its\s+|their\s+)?"
    r"(?:[\w\-]+\s+){0,2}|(?:比|相比|相对于?|超过|高于)\s*(?:其|它的?|原来的?|原始的?)?\s*)$",
    re.IGNORECASE,
)
# A cue of a kind of fact that names another thing when these words follow it.
_CONTEXT_WINDOW = re.compile(
    r"context\s+window|window\s+(?:size\s+|length\s+)?of\s+(?:its\s+|the\s+|a\s+)?(?:(?:[\w.\-]+\s+){0,3}?[\w.\-]+'s\s+)?"
    r"context"
    r"|上下文(?:的)?窗口",
    re.IGNORECASE,
)
# Words before 参数 / "parameters" that make them a call's arguments: "JSON 参数", "函数参数", "API parameters".
_CALL_ARGUMENTS = re.compile(
    r"(?:JSON|schema|函数|调用|接口|API|工具|function(?:'s)?|call(?:'s)?|tool(?:'s)?|request)\s*(?:的)?\s*$",
    re.IGNORECASE,
)
# A cost set against capability ("capability versus cost", "性能-成本"): a trade-off's axis, not a price ("accuracy and
# cost" asks both).
_TRADE_OFF_BEFORE = re.compile(
    r"(?:capabilit(?:y|ies)|performance|quality|accuracy|性能|能力|效果)\s*(?:versus|vs\.?|against|[-–—/]|对比)\s*$",
    re.IGNORECASE,
)
# "How was <work> trained / aligned / post-trained?": the way a work trains its model (past tense only: "How do
# models trained with RLHF compare …" and "How are the trajectories aligned …" ask something else).
_HOW_TRAINED = re.compile(
    r"\bhow\s+(?:was|were|did)\s+(?:(?:(?!\b(?:perform|score|compare|fare|rank|work|get|achiev|use|handl|"
    r"differ|do|after|before|when|once)\w*\b)[^,.;?]){1,60}?\s)?(?:(?:pre|post)-?)?(?:trained|aligned|fine-?tuned|train|"
    r"align|fine-?tune)\b",
    re.IGNORECASE,
)
_NOT_AFTER = {
    "context": re.compile(r"\s*(?:管理|压缩|工程|学习|折叠|摘要|management|compaction|engineering)", re.I),
    # "Does the faster training cost anything in final model quality?": a price paid in quality, not in money;
    # "Does the sparse attention cost anything on long inputs?": whether it loses something there.
    "cost": re.compile(
        r"\s+(?:(?:it|them|us|anything|something|nothing|much|little|any)\s+)?(?:in|to)\s+(?:terms\s+of\s+)?"
        r"(?:the\s+)?(?:final\s+|model\s+|overall\s+|end\s+)*(?:quality|performance|accuracy|capabilit|reasoning|"
        r"stability|generali[sz]ation|results?|scores?)"
        r"|\s+(?:(?:it|them|us)\s+)?(?:anything|something|nothing)\s+(?:on|in)\s",
        re.I,
    ),
    "base_model": re.compile(
        r"\s*(?:(?:的|个|种|一个|一种|什么)?\s*(?:[\w\-]{1,12}\s*)?(?:范式|框架|方法|思路|算法|架构|协议|流程|机制|"
        r"paradigm|framework|method|approach|algorithm|architecture))",
        re.I,
    ),
}


# "Has Meta published a SWE-bench Verified number …", "Is there any Terminal-bench number …": a result asked for (not
# "was o3's SWE-bench number reported with a custom scaffold?", which asks how it was got).
_REPORTED_BEFORE = re.compile(
    r"(?:\b(?:publish|report|give|gave|share|post|release|disclose|provide|quote)\w*\s+(?:an?|any|the|its|their)"
    r"|\b(?:is|are) there (?:an?|any)|\bany)\s+$",
    re.I,
)


# A rate that is a result on a benchmark (not "the judge's agreement rate" there).
_RESULT_RATE = re.compile(
    r"\b(?:success|solve|solving|resolve|resolved|pass|win)\s+rate|成功率|解决率|通过率", re.IGNORECASE
)
_NAME_RUN_ON = re.compile(r"(?:-[A-Za-z0-9.]+)+")
# What a fragment of names may hold besides them and still ask a result: a score word, or one word the survey does not
# use (a typo of one: "scroe", "socre").
_RESULT_WORDS = {"score", "scores", "result", "results", "number", "numbers", "成绩", "分数", "得分", "多少", "多少分"}


def _terse_result(text: str, names: Sequence[NameHit], benchmarks_m: Sequence[Match], catalog: Catalog) -> bool:
    """A fragment of names only, a work and a benchmark ("kimi k2 browsecomp?", "GSM8k scroe?"): a reader asking
    its result there. Not a benchmark alone ("WebArena?"), nor a fragment saying what else it wants ("OpenHands
    SWE-bench support?", "介绍一下 OpenHands 与 SWE-bench 的关系")."""
    if not any(n.entry_id not in catalog.benchmark_entries for n in names):
        return False
    # A name runs on over a variant it is written with ("InternLM2-Chat-20B").
    ends = [(m.end() if (m := _NAME_RUN_ON.match(text, n.end)) else n.end) for n in names]
    spans = sorted([(n.start, e) for n, e in zip(names, ends, strict=True)] + [(m.start, m.end) for m in benchmarks_m])
    rest, at = [], 0
    for a, b in spans:
        rest.append(text[at:a])
        at = max(at, b)
    rest.append(text[at:])
    words = re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]+", " ".join(rest))
    other = [w for w in words if w.lower() not in _RESULT_WORDS]
    return len(other) <= 1 and all(w.isascii() and w.lower() not in catalog.spelled_words for w in other)


def _result_on_benchmark(text: str, benchmarks_m: Sequence[Match]) -> bool:
    """A result asked without a score word: "what's X on B?", "X 在 B 上多少？" — the benchmark right after
    "on" / 在, the question ending there. Not "What does ToolBench focus on?" nor "在 B 上做了哪些评测"."""
    for b in benchmarks_m:
        rest = text[b.end :]
        if re.match(r"(?i)\s*(?:\(|[,，]|[?？]|$)", rest) and re.search(
            r"(?i)\bwhat(?:'s| is| was| does| did)\b[^?？]{0,60}\bon\s+(?:the\s+)?$", text[: b.start]
        ):
            return True
        if re.match(
            r"\s*上(?:具体|到底|一共|大概)?(?:是|能|能拿|能到|能达到|达到|到了|考|得了|拿了|拿|跑了|跑出了?|跑到了?|做到了?|刷到了?)?"
            r"\s*多少\s*分?\s*[？?]?\s*$",
            rest,
        ) and re.search(r"在\s*$", text[: b.start]):
            return True
        if re.match(
            r"\s*(?:是|能拿|能到|能达到|达到|到了|考了|得了|拿了)?\s*多少\s*分?\s*[？?]?\s*$", rest
        ) and has_cjk(text):
            return True  # "ToRL 不用工具的时候 AIME24 多少？"
    return False


_GAP_SIZE = re.compile(
    r"\bhow (?:big|large|wide)\s+(?:was|is|were|are)\s+(?:the|that|this|its|their)\s+"
    r"(?:margin|gap|difference|lead|gain|improvement|boost|drop|jump|win|edge)s?\b"
    r"|(?:差距|差别|优势|提升|提高|涨幅|领先)(?:有|是)?多大",
    re.IGNORECASE,
)
_DATA_SIZE = re.compile(
    r"\bhow (?:big|large)\b(?:(?!\bmodels?\b|\band\b)[^?？,，]){0,40}"
    r"\b(?:data ?sets?|(?:training |tuning |instruction[- ]tuning )?sets?|corpus|corpora|data|collections?|benchmarks?"
    r"|librar(?:y|ies)|splits?|pools?|suites?)\b"
    r"|(?:数据集|数据|语料|训练集|测试集|基准|题库|任务集)(?:规模)?(?:有)?多大",
    re.IGNORECASE,
)
_PARAMS = re.compile(r"\bparam(?:eter)?s?\b|参数", re.IGNORECASE)


_BASE_SIZE = re.compile(
    r"\bhow (?:big|large)\b[^?？]{0,25}\bbase model|\bsize of (?:its|the) base model"
    r"|基座(?:模型)?(?:有)?多大|基座(?:模型)?(?:的)?(?:规模|参数量|大小)",
    re.IGNORECASE,
)


def _focus(
    text: str,
    tokens: tuple[str, ...],
    names: list[NameHit],
    benchmarks_m: list[Match],
    org_m: list[Match],
    kinds_m: list[Match],
    cue_spans: list[tuple[int, int]],
    intent_spans: Sequence[tuple[int, int]] = (),
) -> tuple[str, ...]:
    """The question's content words minus names, slot words and intent cues: what it asks about the subject."""
    drop: set[str] = set(_FRAME_WORDS)
    for n in names:
        drop.update(tokenize(n.alias))
        drop.update(tokenize(text[n.start : n.end]))
    for m in [*benchmarks_m, *org_m, *kinds_m]:
        drop.update(tokenize(m.text))
    for start, end in cue_spans:
        # "Which Flash models …", "哪些 Thinking 模型": a capitalised word inside the cue is what the list is about
        named = (
            {w.lower() for w in re.findall(r"\b[A-Z][\w.\-]*", text[start:end])} - _CUE_NAMES
            if (start, end) in intent_spans
            else set()
        )
        drop.update(t for t in tokenize(text[start:end]) if t not in named)
    return tuple(t for t in dict.fromkeys(tokens) if t not in drop and t not in STOPWORDS)


# Capitalised words a cue holds that are no topic: a question word or a request opening the sentence.
_CUE_NAMES = {"which", "what", "how", "list", "name", "show", "give", "please", "can", "could", "all", "every", "the"}


_ASK_CLAUSE = re.compile(
    r"[?？]\s*$|^\s*(?:(?:hey|so|ok|okay|btw|and|also|then|quick q)\b[\s,:]*)?"
    r"(?:what|which|how|who|whom|whose|when|why|where|is|are|was|were|does|do|did|can|could)\b"
    r"|多少|啥|咋|几(?=[个条项篇种位倍档次天年月家款张道])|什么|哪|谁|吗|呢|是否|如何|怎么|为什么|为何",
    re.IGNORECASE,
)


def asking_tokens(text: str) -> tuple[str, ...]:
    """Tokens of the clauses that ask (a wh-word, a question mark); the rest describes the subject."""
    spans = asking_spans(text)
    return tuple(t for a, b in spans for t in tokenize(text[a:b]))


# A clause that sets something aside or picks out the subject: "除了 HLE 之外", "besides X", "the one that …".
_DESCRIBING = re.compile(
    r"\s*(?:除了|除去|besides\b|apart from\b|other than\b|except\b|not the\b|the one (?:that|which|who)\b)", re.I
)
# (Not the 除了 of a verb: "剔除了", "去除了", "消除了", "排除了".)
_ASIDE_INSIDE = re.compile(
    r"(?<=\S)\s*(?:(?<![剔去消排移删清扣解免废拆革])除了|(?<![剔去消排移删清扣解免废拆革])除去"
    r"|\s(?:besides|apart from|aside from|other than)\b)",
    re.I,
)
# Where what is set aside ends and the ask goes on: "以外 / 之外", "还 / 也", or a question word.
_ASIDE_END = re.compile(
    r"以外|之外|(?=还|也)|\s(?=(?:what|which|how|who|when|where|is|are|was|were|does|do|did)\b)", re.I
)


def _without_aside(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """A clause without what a cue inside it sets aside ("WebShop 论文除了训 agent、报成功率" → "WebShop 论文";
    "Kimi K2 除了开源以外参数量是多少" → "Kimi K2", "参数量是多少")."""
    m = _ASIDE_INSIDE.search(text, a, b)
    if not m:
        return [(a, b)]
    end = _ASIDE_END.search(text, m.end(), b)
    return [(a, m.start()), *([(end.end(), b)] if end else [])]


# "When ChatGPT built ToolBench's instructions, did it …": a clause that sets the scene ("When did …" asks).
_SCENE = re.compile(
    r"\s*(?:when|while|after|once)\b(?!\s+(?:\w+\s+)?(?:did|does|do|is|was|were|will|can|could|has|have|had)\b)",
    re.I,
)
_KINDS_OF_TASK = re.compile(
    r"\s*(?:类型|方面|领域|种类|类|能力)(?![^，,。？?]{0,6}(?:基准|benchmark|评测|数据集))", re.IGNORECASE
)
# A sentence ends at "." or "!" before a capital or a Chinese character, not after "vs." or "i.e.".
_SENTENCE_CUT = (
    r"(?<=[.!])(?<!\bvs\.)(?<!\be\.g\.)(?<!\bi\.e\.)(?<!\betc\.)(?<!\bapprox\.)(?<!\bal\.)"
    r"\s+(?=[A-Z\u4e00-\u9fff])|(?<=[。！])\s*"
)
_QUESTION_WORDS = {"what", "which", "how", "who", "when", "where", "why", "is", "are", "was", "were", "does", "do"}


def _pieces(text: str, a: int, b: int, cut: str) -> list[tuple[int, int]]:
    """The spans of ``text[a:b]`` between the matches of ``cut`` (empty pieces left out)."""
    out = []
    start = a
    for m in re.finditer(cut, text[a:b]):
        out.append((start, a + m.start()))
        start = a + m.end()
    out.append((start, b))
    return [(x, y) for x, y in out if text[x:y].strip()] or [(a, b)]


def _set_aside_clauses(text: str) -> list[tuple[int, int]]:
    """The clauses that set something aside: "除了 HLE、BrowseComp 之外", "besides SWE-bench"."""
    return [(a, b) for a, b in _pieces(text, 0, len(text), r"[，；]\s*|[,;]\s+") if _DESCRIBING.match(text[a:b])]


def _asking_part(text: str) -> list[tuple[int, int]]:
    """Where the question asks, for reading the kind of fact asked: without the parts set off by dashes when
    another part asks ("X — the one that beat … at mid-tier speed and cost — how did it do?"), statements before
    a closing question, and clauses that set something aside ("除了 … 之外"). The whole text when what is left
    is only a generic ask ("Kimi K2 的参数量，你知道吗？", "… — what do we know?")."""
    keep = [(0, len(text))]
    dashes = list(re.finditer(r"\s+[—–-]{1,2}\s+", text))
    if dashes:
        edges = [0, *(d for m in dashes for d in (m.start(), m.end())), len(text)]
        parts = [(edges[i], edges[i + 1]) for i in range(0, len(edges), 2)]
        asking = [(a, b) for a, b in parts if _ASK_CLAUSE.search(text[a:b])]
        if asking and len(asking) < len(parts):
            keep = asking
    narrowed = []
    for a, b in keep:
        sentences = _pieces(text, a, b, _SENTENCE_CUT)
        closing = re.search(r"[?？]\s*$", text[a:b])
        if len(sentences) > 1 and closing and not re.search(r"[?？]", text[a : sentences[-1][0]]):
            sentences = sentences[-1:]  # "… one more that's about X. What's that one?"
        for sa, sb in sentences:
            clauses = _pieces(text, sa, sb, r"[，；]\s*|[,;]\s+")
            kept = [(ca, cb) for ca, cb in clauses if not _DESCRIBING.match(text[ca:cb])]
            # "WebShop 论文除了训 agent、报成功率，还…": what follows the cue inside its clause is set aside too.
            kept = [span for ca, cb in kept for span in _without_aside(text, ca, cb)]
            narrowed += [(ca, cb) for ca, cb in kept if text[ca:cb].strip()] or clauses
    left = " ".join(text[a:b] for a, b in narrowed)
    content = [t for t in tokenize(left) if t not in STOPWORDS and t not in _QUESTION_WORDS]
    return narrowed if len(content) >= 2 else [(0, len(text))]


def asking_spans(text: str) -> list[tuple[int, int]]:
    """Where the clauses that ask stand in the text; the whole text when every clause asks, or none does."""
    # A Latin stop, comma or colon cuts only before a space: not inside "GLM-4.5" or "1,000".
    clauses = _pieces(text, 0, len(text), r"(?<=[，；：？！。])\s*|(?<=[,;:?.!])\s+|\s+[—–-]{1,2}\s+")
    asking = [(a, b) for a, b in clauses if _ASK_CLAUSE.search(text[a:b]) and not _SCENE.match(text[a:b])]
    if not asking or len(asking) == len(clauses):
        return [(0, len(text))]
    return asking


# The named work itself counts too: "o3 本身…都算", "including o3 itself".
_ITSELF_COUNTS = re.compile(
    r"本身[^。？?]{0,40}(?:都算|也算|算在内)|\bincluding (?:\S+ ){0,3}itself\b|\bitself (?:included|counts)\b"
)


# A question about works that claim something of themselves: "自称是同类里第一个的", "claim to be the first".
_CLAIM_CUE = re.compile(
    r"自称|号称|声称|宣称|标榜|自诩|自己说|说自己|称自己|\bclaim\w*|\bcalls? (?:itself|themselves)|\bcalled"
    r"|\b(?:describe|bill|present|pitch|tout|market)\w* (?:itself|themselves|as)\b|\bbrag\w*|\bboast\w*",
    re.IGNORECASE,
)


def _unclaimed(m: Match, text: str, lex: Lexicon) -> bool:
    """A claim concept the question does not ask about: "第一个", "首个", "the first benchmark" ask for the earliest
    work unless the question asks what works claim ("自称第一个", "claim to be the first"); "first-of-its-kind"
    says the claim itself."""
    return (
        lex.concepts.terms[m.name].type == "claim"
        and m.text.lower() not in ("first-of-its-kind", "first of its kind", "first-ever")
        and not _CLAIM_CUE.search(text)
    )
