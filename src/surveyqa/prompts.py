"""Every sentence surveyqa says on its own behalf, and every prompt it sends to an LLM.

Framing sentences are templates in both languages; what fills them is verbatim from the survey (titles,
benchmark names, values, dates) or the question's own words. Quotes from the survey are never rewritten.
"""

import re

ABSTAIN_EN = "The survey does not cover this question."
ABSTAIN_ZH = "这份调研没有涉及这个问题。"

LLM_FALLBACK_NOTE = "LLM answer unavailable ({reason}); showing the extractive answer instead."
LLM_ABSTAIN_NOTE = (
    "The survey does not answer this (the extractive reader found no statement of it), so the LLM was not asked."
)
LLM_SURVEY_NOTE = (
    "A question about the survey as a whole (a list, count, ranking or timeline) is answered from the facts "
    "table and the entry metadata, not by the LLM."
)

# -- framing, by language --------------------------------------------------------------------------------
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "not_covered": ABSTAIN_EN,
        "none_match": "The survey has no entries {criteria}.",
        "entries_1": "entry",
        "entries_n": "entries",
        "not_stated": "The survey does not state {what} for {title}.",
        "does_say": "What it does say about {title}:",
        "lead_summary": "{title}{values}, in the survey's words (Chinese):",
        "lead_abstract": "{title}{values}, in the paper's abstract:",
        "lead_header": "{title}, as the survey lists it:",
        "lead_name": "{title}:",
        "also_not_stated": "Note: the survey does not state {what} for {title}.",
        "list_head": "The survey has {n} {entries} {criteria}:",
        "count_head": "The survey has {n} {entries} {criteria}:",
        "tally_max": "{group} has the most of the survey's entries{criteria}, {n}:",
        "tally_min": "{group} has the fewest of the survey's entries{criteria}, {n}:",
        "tally_tie_max": "{groups} are tied for the most of the survey's entries{criteria}:",
        "tally_tie_min": "{groups} are tied for the fewest of the survey's entries{criteria}:",
        "tally_group": "{group}, {n}:",
        "tally_others": "{shown} and {k} more",
        "tally_kind": "kind “{kind}”",
        "tally_benchmark_max": (
            "The benchmark the most of the survey's entries{criteria} give a result on is {group}, {n}:"
        ),
        "tally_benchmark_min": (
            "The benchmark the fewest of the survey's entries{criteria} give a result on is {group}, {n}:"
        ),
        "tally_technique_max": "The technique the most of the survey's entries{criteria} name is {group}, {n}:",
        "tally_technique_min": "The technique the fewest of the survey's entries{criteria} name is {group}, {n}:",
        "tally_benchmark_tie_max": (
            "{groups} are tied as the benchmarks the most of the survey's entries{criteria} give a result on:"
        ),
        "tally_benchmark_tie_min": (
            "{groups} are tied as the benchmarks the fewest of the survey's entries{criteria} give a result on:"
        ),
        "tally_technique_tie_max": (
            "{groups} are tied as the techniques the most of the survey's entries{criteria} name:"
        ),
        "tally_technique_tie_min": (
            "{groups} are tied as the techniques the fewest of the survey's entries{criteria} name:"
        ),
        "more": "…and {k} more: {ids}.",
        "by_name": "Also, by name only (the survey's add-on notes give no organisation):",
        "rank_head": "{best} {measure} {scope}: {title} — {span} [{id}]",
        "rank_scope": "in the survey",
        "rank_scope_among": "among the survey's entries {criteria}",
        "rank_next": "Then:",
        "rank_tied": "Tied with it:",
        "rank_none": "The survey does not report {measure} for any entry {criteria}.",
        "rank_one": "Only one entry {criteria} in the survey reports {measure}:",
        "mixed": "Note: these results are not all comparable ({what}).",
        "mixed_settings": "different settings",
        "mixed_versions": "different versions of the benchmark",
        "mixed_units": "different units",
        "earliest_head": "The earliest of the survey's entries {criteria} is {title} ({date}):",
        "latest_head": "The most recent of the survey's entries {criteria} is {title} ({date}):",
        "earliest_tie": "The earliest entries {criteria} are from {date}:",
        "latest_tie": "The most recent entries {criteria} are from {date}:",
        "earliest_next": "Next in date order:",
        "latest_next": "Earlier ones, newest first:",
        "dated_first": "By the survey's dates, {title} came out first ({date}):",
        "dated_last": "By the survey's dates, {title} came out later ({date}):",
        "dated_same": "By the survey's dates, both came out in {date}, so their order is not given:",
        "highest": "Highest",
        "lowest": "Lowest",
        "and": " and ",
    },
    "zh": {
        "not_covered": ABSTAIN_ZH,
        "none_match": "调研中没有{criteria}的条目。",
        "entries_1": "",
        "entries_n": "",
        "not_stated": "调研没有给出 {title} 的{what}。",
        "does_say": "调研关于 {title} 的内容：",
        "lead_summary": "{title}{values}，调研原文：",
        "lead_abstract": "{title}{values}，论文摘要原文（英文）：",
        "lead_header": "{title}，调研所列条目：",
        "lead_name": "{title}：",
        "also_not_stated": "注意：调研没有给出 {title} 的{what}。",
        "list_head": "调研中{criteria}的条目共 {n} 项：",
        "count_head": "调研中{criteria}的条目共 {n} 项：",
        "tally_max": "调研中{criteria}的条目里，{group}最多，共 {n} 项：",
        "tally_min": "调研中{criteria}的条目里，{group}最少，共 {n} 项：",
        "tally_tie_max": "调研中{criteria}的条目里，{groups}并列最多：",
        "tally_tie_min": "调研中{criteria}的条目里，{groups}并列最少：",
        "tally_group": "{group} 共 {n} 项：",
        "tally_others": "{shown}等 {total} 个",
        "tally_kind": "{kind} 类",
        "tally_benchmark_max": "调研中{criteria}的条目里，给出成绩最多的基准是 {group}，共 {n} 项：",
        "tally_benchmark_min": "调研中{criteria}的条目里，给出成绩最少的基准是 {group}，共 {n} 项：",
        "tally_technique_max": "调研中{criteria}的条目里，提到最多的技术是{group}，共 {n} 项：",
        "tally_technique_min": "调研中{criteria}的条目里，提到最少的技术是{group}，共 {n} 项：",
        "tally_benchmark_tie_max": "调研中{criteria}的条目里，给出成绩最多的基准并列为{groups}：",
        "tally_benchmark_tie_min": "调研中{criteria}的条目里，给出成绩最少的基准并列为{groups}：",
        "tally_technique_tie_max": "调研中{criteria}的条目里，提到最多的技术并列为{groups}：",
        "tally_technique_tie_min": "调研中{criteria}的条目里，提到最少的技术并列为{groups}：",
        "more": "……另有 {k} 项：{ids}。",
        "by_name": "另有按名称推断的条目（调研末尾的增量补录未注明机构）：",
        "rank_head": "{scope}{measure}{best}的是 {title}：{span} [{id}]",
        "rank_scope": "调研中",
        "rank_scope_among": "调研中{criteria}的条目里",
        "rank_next": "其后：",
        "rank_tied": "与之并列：",
        "rank_none": "调研中没有{criteria}条目报告{measure}。",
        "rank_one": "调研中只有一个{criteria}条目报告了{measure}：",
        "mixed": "注意：这些结果并不完全可比（{what}）。",
        "mixed_settings": "设置不同",
        "mixed_versions": "基准版本不同",
        "mixed_units": "单位不同",
        "earliest_head": "调研中{criteria}最早的条目是 {title}（{date}）：",
        "latest_head": "调研中{criteria}最新的条目是 {title}（{date}）：",
        "earliest_tie": "调研中{criteria}最早的条目都在 {date}：",
        "latest_tie": "调研中{criteria}最新的条目都在 {date}：",
        "earliest_next": "按时间其后：",
        "latest_next": "再往前（由近及远）：",
        "dated_first": "按调研标注的日期，{title} 更早（{date}）：",
        "dated_last": "按调研标注的日期，{title} 更晚（{date}）：",
        "dated_same": "按调研标注的日期，两者都在 {date}，先后无从区分：",
        "highest": "最高",
        "lowest": "最低",
        "and": "、",
    },
}

# How a criterion reads in a header ("entries from Anthropic" / "来自 Anthropic 的条目").
CRITERIA: dict[str, dict[str, str]] = {
    "en": {
        "org": "from {v}",
        "kind": "of kind {v}",
        "not_kind": "not of kind {v}",
        "not_org": "not from {v}",
        "not_concept": "that do not mention {v}",
        "not_entry": "other than {v}",
        "without": "explicitly without {v}",
        "years": "dated {v}",
        "month": "dated {v}",
        "years_open": "dated {v}",
        "section": "in the section “{v}”",
        "role": "that are {v}",
        "threshold": "with {v}",
        "states": "that state a {v}",
        "base": "built on {v}",
        "not_base": "not built on {v}",
        "best": "whose best reported model result is {v}",
        "scored": "that give {v} a score",
        "benchmark": "that report {v}",
        "tools": "{v}",
        "setting": "({v})",
        "about": "that mention {v}",
        "versus": "that name {v} (its maker's own entries left out)",
        "hosts": "that name {v} (other than {v}'s own)",
        "concept": "that mention {v}",
        "topic": "on “{v}”",
        "literal": "whose survey line says {v}",
        "literal_name": "with {v} in a name",
        "literal_prefix": "whose name starts with {v}",
        "overview": "that its overview names in this passage",
        "overview_years": "that its overview names for {v}",
        "overview_all": "that its overview names",
        "not_literal": "without {v}",
        "follows": "that mention {v} or that it names as its successors",
    },
    "zh": {
        "org": "来自 {v} ",
        "kind": "类型为 {v} ",
        "not_kind": "类型不是 {v} ",
        "not_org": "不来自 {v} ",
        "not_concept": "未提到 {v} ",
        "not_entry": "除 {v} 外",
        "without": "明确不用 {v} ",
        "years": " {v} 年",
        "month": " {v} ",
        "years_open": " {v} ",
        "section": "「{v}」部分",
        "role": "属于{v}",
        "threshold": "{v} ",
        "states": "给出{v}",
        "base": "以 {v} 为基座",
        "not_base": "不以 {v} 为基座",
        "best": "最好模型成绩{v}",
        "scored": "给出 {v} 成绩",
        "benchmark": "报告 {v} 结果",
        "tools": "（{v}）",
        "setting": "（{v}）",
        "about": "提到 {v} ",
        "versus": "提到 {v}（不含其出品方自己）",
        "hosts": "提到 {v}（不含 {v} 自己的条目）",
        "concept": "提到 {v} ",
        "topic": "与「{v}」相关",
        "literal": "原文写有{v}",
        "literal_name": "名称里带{v}",
        "literal_prefix": "名称以{v}开头",
        "overview": "被综述概述在这段话里点名",
        "overview_years": "被综述概述在 {v} 年部分点名",
        "overview_all": "被综述概述点名",
        "not_literal": "不带{v}",
        "follows": "提到 {v} 或被它列为后续",
    },
}

# The English verbs that change when a header is about one entry ("1 entry that names GPT-4").
CRITERIA_ONE: dict[str, dict[str, str]] = {
    "en": {
        "not_concept": "that does not mention {v}",
        "role": "that is {v}",
        "states": "that states a {v}",
        "base": "built on {v}",
        "best": "whose best reported model result is {v}",
        "scored": "that gives {v} a score",
        "benchmark": "that reports {v}",
        "about": "that mentions {v}",
        "versus": "that names {v} (its maker's own entries left out)",
        "hosts": "that names {v} (other than {v}'s own)",
        "concept": "that mentions {v}",
        "literal": "whose survey line says {v}",
        "follows": "that mentions {v} or that it names as its successor",
    },
}

# How a role reads in a header ("entries that are benchmarks or environments").
ROLES: dict[str, dict[str, str]] = {
    "en": {"benchmark": "benchmarks or environments", "framework": "frameworks"},
    "zh": {"benchmark": "基准/环境", "framework": "框架"},
}
ROLES_ONE: dict[str, dict[str, str]] = {"en": {"benchmark": "a benchmark or environment", "framework": "a framework"}}

# What a not-stated answer says is missing, by answer type (the lexicon adds labels for its own types).
MISSING: dict[str, dict[str, str]] = {
    "en": {
        "score": "the {v} score",
        "rating": "a {v} rating",
        "human": "a human result",
        "members": "which ones the “{v}” are",
        "model_score": "a {v} result",
        "percentile": "a {v} percentile",
        "date": "a date",
        "day": "the exact day (only the month, {v})",
        "org": "an organisation",
        "count": "the number of {v}",
        "subset": "how many of its {v} are the ones asked about (only their total)",
        "figure": "a figure for “{v}”",
        "change": "by how much “{v}” changed (no gain or difference is given)",
        "about": "anything about {v}",
        "more": "anything beyond its title line",
        "active": "the active parameter count",
        "total": "the total parameter count",
        "size_of": "the {v} version's parameter count",
        "active_of": "the {v} version's active parameter count",
        "total_of": "the {v} version's total parameter count",
        "part_size": "the size of the {v}",
        "average": "an average or per-item figure",
    },
    "zh": {
        "score": " {v} 成绩",
        "rating": " {v} 等级分（rating）",
        "human": "人类的成绩",
        "members": "「{v}」具体是哪些",
        "model_score": " {v} 的成绩",
        "percentile": " {v} 百分位",
        "date": "日期",
        "day": "具体发布日期（只给到月份：{v}）",
        "org": "机构",
        "count": "{v}的数量",
        "subset": "其中符合所问条件的{v}有多少（只给了总数）",
        "figure": "「{v}」的具体数字",
        "change": "「{v}」具体变化了多少（没有给出差值或涨幅）",
        "about": "关于 {v} 的信息",
        "more": "标题行以外的信息",
        "active": "激活参数量",
        "total": "总参数量",
        "size_of": " {v} 版的参数量",
        "active_of": " {v} 版的激活参数量",
        "total_of": " {v} 版的总参数量",
        "part_size": "{v}的规模（参数量）",
        "average": "平均值（或每项的数字）",
    },
}

MEASURES: dict[str, dict[str, str]] = {
    "en": {
        "size:total": "total parameter count",
        "hardware": "GPU, node or VM count",
        "size:active": "active parameter count",
        "size:ratio": "active share of parameters",
        "context": "context length",
        "tokens": "pre-training tokens",
        "speed": "generation speed",
        "speed_or_speedup": "generation speed or speed-up",
        "human": "human score on a benchmark",
        "benchmark_score": "benchmark result",
        "before_after": "result before and after (from one value to another)",
        "license": "license",
        "cost": "cost",
        "quantity:day": "training time",
        "gap:human": "gap between humans and the best model",
    },
    "zh": {
        "size:total": "总参数量",
        "hardware": "GPU、节点或虚拟机数量",
        "size:active": "激活参数量",
        "size:ratio": "激活参数占比",
        "context": "上下文长度",
        "tokens": "预训练 token 数",
        "speed": "生成速度",
        "speed_or_speedup": "生成速度或加速倍数",
        "human": "基准上的人类成绩",
        "benchmark_score": "基准成绩",
        "before_after": "前后对比的成绩（从一个值到另一个值）",
        "license": "开源协议",
        "cost": "成本",
        "quantity:day": "训练耗时",
        "gap:human": "人类与最好模型的差距",
    },
}


def measure_label(measure: str, lang: str, phrasebook: dict[str, frozenset[str]]) -> str:
    """What a measure is called in ``lang``: its entry in MEASURES, or for a count of things "environment count" /
    "环境数量" (the unit's Chinese form from the glossary)."""
    if measure in MEASURES[lang]:
        return MEASURES[lang][measure]
    if not measure.startswith("quantity:"):
        return measure
    unit = measure.split(":", 1)[1]
    if lang == "en":
        return f"{unit} count"
    forms = phrasebook.get(unit.lower(), ())
    words = sorted(forms, key=lambda f: (len(f) < 2, len(f), f))  # "任务" before "题"
    chinese = next((f for f in words if re.fullmatch(r"[\u4e00-\u9fff]+", f)), "")
    return f"{chinese}数量" if chinese else f" {unit} 数量"


# -- LLM mode --------------------------------------------------------------------------------------------
SYSTEM_PROMPT = """You answer questions about one research survey on agentic training of language models.
Use only the evidence given. Each evidence line starts with its entry id in square brackets.
Rules:
- Answer in at most three short sentences.
- End every sentence with the id, in square brackets, of the evidence line it comes from.
- Use only ids that appear in the evidence. Copy numbers, units and names exactly as the evidence writes them.
- If the evidence does not answer the question, reply exactly: NOT_COVERED"""

USER_TEMPLATE = """Evidence:
{evidence}

Question: {question}
{language} Cite like this: [{example_id}]"""

ANSWER_LANGUAGE = {
    "en": "Answer in English.",
    "zh": "请用中文回答。",
}

NOT_COVERED = "NOT_COVERED"

# Worked examples, sent as earlier turns of the chat: a small model follows a shown answer (one sentence,
# the id at its end, numbers as written, in the asked language) far better than rules alone. They are
# invented (no entry of the survey has these ids), and the same on every call, so llama.cpp reads them
# once and reuses them as the prompt's common prefix.
_EXAMPLE_EVIDENCE = """Evidence:
[atlas-agent] Atlas Agent (Example Lab, 2024-05): 在 ToolBench 上通过率 61.2%，比 ReAct 基线高 8 分；用 2 千条轨迹微调。
[other-work] Other Work (Another Lab, 2023-01): A benchmark of 300 web tasks.
"""
EXAMPLES = (
    (
        _EXAMPLE_EVIDENCE + "\nQuestion: What pass rate does Atlas Agent reach on ToolBench?\n"
        "Answer in English. Cite like this: [atlas-agent]",
        "Atlas Agent reaches a 61.2% pass rate on ToolBench, 8 points above the ReAct baseline. [atlas-agent]",
    ),
    (
        _EXAMPLE_EVIDENCE
        + "\nQuestion: Atlas Agent 用了多少条轨迹微调？\n请用中文回答。 Cite like this: [atlas-agent]",
        "Atlas Agent 用 2 千条轨迹微调。 [atlas-agent]",
    ),
)


def _lead_pattern() -> re.Pattern[str]:
    """Finds a lead built from the ``lead_*`` templates; ``name`` is the entry's name, ``values`` its results."""
    tails = []
    for lang in TEXT.values():
        for key in ("lead_summary", "lead_abstract"):
            tails.append(re.escape(lang[key].replace("{title}{values}", "")))
    return re.compile(
        r"(?:^|(?<=\] ))(?P<name>[^\n:：\[\]]+?)(?: — (?P<values>[^\n:：\[\]]+?))?(?:" + "|".join(tails) + ")",
        re.M,
    )


LEAD = _lead_pattern()
