"""Question understanding as a table: many phrasings per intent, in both languages, most not from the QA set.

Each row: the question, the intent, and the slots that must be filled (a subset check on the Question).
"""

from __future__ import annotations

from typing import Any

import pytest

from conftest import SURVEY
from surveyqa.catalog import Catalog
from surveyqa.corpus import Entry, load_survey
from surveyqa.reader import counted_noun
from surveyqa.understand import Question, understand


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.from_entries(load_survey(SURVEY).entries)


CASES: list[tuple[str, str, dict[str, Any]]] = [
    # -- list ---------------------------------------------------------------------------------------------
    ("Which works in the survey use GRPO?", "list", {"concepts": ("GRPO",)}),
    ("哪些工作用了 GRPO？", "list", {"concepts": ("GRPO",)}),
    ("List all the papers that rely on PPO.", "list", {"concepts": ("PPO",)}),
    ("Hey, which entries come from Moonshot AI?", "list", {"orgs": ("Moonshot AI",)}),
    ("美团在这份综述里有哪些工作？", "list", {"orgs": ("Meituan",)}),
    ("哪些模型 AIME 超过 90？", "list", {"threshold": 90.0, "threshold_op": ">=", "measure": "benchmark:AIME"}),
    ("Which works report under 20% on OSWorld?", "list", {"threshold": 20.0, "threshold_op": "<="}),
    ("哪些工作的 AIME 2024 成绩不超过 50 分？", "list", {"threshold": 50.0, "threshold_op": "<="}),
    ("Which works report AIME 2025 results?", "list", {"threshold": None}),
    # "drop the agent into" a setting is no "drop X" (do without it)
    ("Which benchmarks drop the agent into a real operating system?", "list", {"concepts": ("operating system",)}),
    ("哪些基准是在真实操作系统里评测 agent 的？", "list", {"concepts": ("operating system",)}),
    # A bound on a plain count of things: tasks, environments (thousands commas read through).
    # a strict bound on whole things leaves the number out: "不到 300" is at most 299, "more than 1,000" at least 1,001
    ("哪些基准的任务数不到 300 个？", "list", {"measure": "quantity:task", "threshold": 299.0, "threshold_op": "<="}),
    ("Which benchmarks have more than 1,000 tasks?", "list", {"measure": "quantity:task", "threshold": 1001.0}),
    ("哪些基准的任务不超过 300 个？", "list", {"measure": "quantity:task", "threshold": 300.0, "threshold_op": "<="}),
    ("哪些工作用了至少 10 个环境？", "list", {"measure": "quantity:environment", "threshold": 10.0}),
    ("Which works were trained in no fewer than 20 environments?", "list", {"threshold": 20.0, "threshold_op": ">="}),
    # Lists asked as fragments or with a bare noun phrase.
    ("Anything on theorem proving in here?", "list", {}),
    ("Models that use MoE architecture?", "list", {}),
    ("智谱的工作", "list", {"orgs": ("Zhipu",)}),
    ("哪些是 OpenAI 的？", "list", {"orgs": ("OpenAI",)}),
    ("讲代码 agent 的工作都有哪几篇？", "list", {}),
    # 篇 counts papers; an English kind of work before 有哪些; who is working on a topic; a reader looking for work
    ("哪几篇讲了长上下文训练？", "list", {}),
    ("做网页导航的 benchmark 有哪些", "list", {"role": "benchmark"}),
    ("谁在研究 agent 的异步强化学习训练？", "list", {"concepts": ("asynchronous RL",)}),
    ("Who is working on asynchronous RL systems for agents?", "list", {"concepts": ("asynchronous RL",)}),
    ("I'm looking for work on tool-integrated reasoning, what's in the survey?", "list", {}),
    ("what's in the survey on GUI agents?", "list", {}),
    ("How many dedicated safety write-ups does the survey include?", "count", {}),
    (
        "Not counting the short add-on notes at the end, how many Alibaba works are there?",
        "count",
        {"exclude_kinds": ("note",)},
    ),
    ("名字以 SWE 开头的条目有哪些？", "list", {"literal": ("SWE",), "literal_prefix": True}),
    ("Which entries have names starting with Web?", "list", {"literal": ("Web",), "literal_prefix": True}),
    ("What's the earliest MoE that activates fewer than 10B parameters?", "earliest", {"threshold_op": "<="}),
    ("Per the survey's opening overview, what came in 2020–2021?", "lookup", {"entries": ("overview",)}),
    # Which group holds the most entries: a tally, not a ranking of works (a measure keeps it a ranking)
    ("Who has the most entries in the survey?", "count", {"tally": "org", "direction": "max"}),
    ("哪家机构收录得最多？", "count", {"tally": "org"}),
    ("Which company released the most open-weight models?", "count", {"tally": "org", "concepts": ("open weights",)}),
    ("Which year had the fewest entries?", "count", {"tally": "year", "direction": "min"}),
    ("哪一年的条目最多", "count", {"tally": "year"}),
    ("What kind of entry is the most common?", "count", {"tally": "kind"}),
    ("Which lab's model has the most parameters?", "ranking", {"tally": None}),
    # a tally counts entries said as such, not a measure the lexicon does not know (outside review)
    ("谁训练用的 token 最多？", "lookup", {"tally": None}),
    ("Which team spent the most on RL training?", "lookup", {"tally": None}),
    ("哪种方法用得最多？", "count", {"tally": "technique"}),  # the technique the most entries name
    ("What year saw the most releases?", "count", {"tally": "year", "focus": ()}),
    ("Who shows up the most in the survey?", "count", {"tally": "org"}),
    # one work's doing, or what one work compares with, is no list
    ("谁在做 SWE-bench Verified 的人工审核？", "lookup", {}),
    ("DeepSeek-R1 对比的 models 有哪些？", "lookup", {}),
    # a narrower concept said to count too joins its parent's topic, and its words are no topic
    ("Which works use RL? RLHF counts too.", "list", {"also_counted": ("RLHF",), "focus": ("rl",)}),
    ("哪些用到了强化学习？RLHF 也算。", "list", {"also_counted": ("RLHF",)}),
    ("Which team trained with the most GPUs?", "ranking", {"tally": None}),
    ("Which model is evaluated on the most benchmarks?", "ranking", {"tally": None}),
    # a bound narrows what is tallied; a lab's "most benchmarks" are its benchmark entries
    ("Which company has the most models with over 100B parameters?", "count", {"tally": "org", "threshold_op": ">="}),
    ("Which lab contributed the most benchmarks?", "count", {"tally": "org", "role": "benchmark", "measure": None}),
    ("哪个机构的 GUI agent 工作最多？", "count", {"tally": "org"}),
    ("谁用的 GPU 最多？", "ranking", {"tally": None}),
    ("谁的 SWE-bench Verified 分数最高？", "ranking", {"tally": None}),
    ("综述里有几个 MoE 模型？", "count", {}),
    ("一共有多少篇 GUI agent 的论文？", "count", {}),
    ("Compare OSWorld and AndroidWorld", "comparison", {"entries": ("osworld", "androidworld")}),
    ("WebArena 和 OSWorld 有什么区别？", "comparison", {"entries": ("webarena", "osworld")}),
    ("2025 年的模型卡有哪些？", "list", {"kinds": ("model-card", "system-card"), "years": (2025, 2025)}),
    ("2024 年的 benchmark 有哪些", "list", {"role": "benchmark", "years": (2024, 2024)}),
    ("Anthropic 的条目里，哪些给出了具体的 benchmark 分数？", "list", {"role": None, "orgs": ("Anthropic",)}),
    (
        "Which models were released by Chinese labs in 2025?",
        "list",
        {"orgs": ("Chinese organisations",), "years": (2025, 2025)},
    ),
    (
        "国产模型里哪些报告了 SWE-bench Verified？",
        "list",
        {"orgs": ("Chinese organisations",), "benchmarks": ("SWE-bench Verified",)},
    ),
    ("Anything from academia on tool-use RL?", "list", {"orgs": ("universities",)}),
    ("Which environments have an online shopping setting?", "list", {"concepts": ("e-commerce",)}),
    ("哪些工作是关于代码智能体的？", "list", {"concepts": ("coding agents",)}),
    # Dates that are not spans or anchors, and anchors only where the question is about the survey.
    ("Which papers are from March 2025?", "list", {"month": "2025-03"}),
    ("What came out after March 2025?", "list", {"month": "2025-04..2100-12"}),
    ("2025年3月前后有哪些工作？", "list", {"month": "2025-03"}),
    ("Which works are from December 2024 to March 2025?", "list", {"month": "2024-12..2025-03"}),
    ("Which works came out after March 2025 and before June 2025?", "list", {"month": "2025-04..2025-05"}),
    ("2025年第3季度有哪些工作？", "list", {"month": "2025-07..2025-09"}),
    ("What was released on 2025-03-05?", "list", {"month": None}),
    ("Any marketing 2025 works?", "list", {"month": None}),
    ("DeepSeek-R1 后训练流程是什么？", "lookup", {"entries": ("deepseek-r1",), "years": None}),
    # A benchmark named with "abstract" / 摘要 is its paper: a lookup, not a list of results on it.
    ("What household chore does the AppWorld abstract open with?", "lookup", {"entries": ("appworld",)}),
    ("WebArena 的摘要里说现有环境有什么问题？", "lookup", {"entries": ("webarena",)}),
    # A name used to describe a kind ("o1-style", "R1 式") in a question that describes another work is not
    # the work asked about; asked about itself, it is.
    (
        "The Renmin/Tsinghua work that gives o1-style reasoning models retrieval: does it train the model?",
        "lookup",
        {"entries": (), "mentioned": ()},
    ),
    ("那个给 R1 式推理模型加上多轮检索的工作用了什么奖励？", "lookup", {"entries": (), "mentioned": ()}),
    ("What is ReAct-like prompting?", "lookup", {"entries": ("react",)}),
    ("DeepSeek-R1 式的训练流程是什么？", "lookup", {"entries": ("deepseek-r1",)}),
    ("GPT-5 前沿能力如何？", "lookup", {"years": None}),
    ("What did the team do after DeepSeek-R1 to improve reasoning?", "lookup", {"entries": ("deepseek-r1",)}),
    (
        "Which benchmarks came out before SWE-bench?",
        "list",
        {"role": "benchmark", "benchmarks": (), "month": "1900-01..2023-09"},
    ),
    ("Which works came out after o1 and before DeepSeek-R1?", "list", {"entries": (), "month": "2024-10..2024-12"}),
    # Groups of organisations only where the words stand for one.
    ("Which works are from Peking University?", "list", {"orgs": ()}),
    ("北京大学的工作有哪些？", "list", {"orgs": ()}),
    ("国内外有哪些开源模型？", "list", {"orgs": ()}),
    ("Which works from Microsoft Research Asia in China use RL?", "list", {"orgs": ("Microsoft",)}),
    # Overview cues do not swallow list questions; "what does the survey say about <topic>" lists the topic.
    ("本综述涵盖哪些 RL 框架？", "list", {"role": "framework"}),
    ("这份综述涵盖了什么？", "overview", {}),
    ("What does the survey say about GUI agents?", "list", {"concepts": ("GUI agents",)}),
    ("What does the survey say about DAPO?", "lookup", {"entries": ("dapo",)}),
    ("What does the survey say about Self-RAG's reflection tokens?", "lookup", {"stray_names": ("Self-RAG",)}),
    ("Which open models are bigger than 100B?", "list", {"threshold": 100e9, "threshold_op": ">="}),
    ("Which works are critic-free?", "list", {"without": ("critic",)}),
    ("Which works train without a critic?", "list", {"without": ("critic",)}),
    ("How large is Kimi K2 and what data was it trained on?", "lookup", {"asks": ("size",)}),
    ("How many benchmarks does the survey cover?", "count", {"role": "benchmark"}),
    ("综述里有多少个基准？", "count", {"role": "benchmark"}),
    ("Which works introduce a new benchmark in 2025 or later?", "list", {"role": "benchmark", "years": (2025, 2100)}),
    ("Which papers built their own benchmark?", "list", {"role": "benchmark"}),
    ("Which models released their own dataset alongside the weights?", "list", {"role": None}),
    ("Which entries mention red-teaming?", "list", {"concepts": ("red teaming",)}),  # not every safety entry
    ("哪些模型卡提到了越狱？", "list", {"concepts": ("jailbreak",)}),
    ("How many RL frameworks are in the survey?", "count", {"role": "framework"}),
    ("How many benchmarks does Kimi K2 report?", "lookup", {"role": None}),
    ("Which works involve coding?", "list", {"concepts": ("coding",)}),
    ("Which works skip SFT and go straight to RL?", "list", {"without": ("SFT",), "exclude_concepts": ()}),
    ("哪些工作跳过了 SFT 冷启动？", "list", {"without": ("SFT",)}),
    ("Which works did not use SFT?", "list", {"without": (), "exclude_concepts": ("SFT",)}),
    ("哪些模型是面向企业客户的？", "list", {"concepts": ("enterprise",)}),
    ("2023 年发布的对话模型（含 Chat 系列）都有哪些？", "list", {"years": (2023, 2023)}),
    ("高校团队做了哪些 agent 基准？", "list", {"orgs": ("universities",), "role": "benchmark"}),
    ("Which works are not from US labs?", "list", {"orgs": (), "exclude_orgs": ("US organisations",)}),
    # "no university involved", "没有高校参与": an org group left out; "有没有 X" asks whether there is any
    ("Which works come only from companies, with no university involved?", "list", {"exclude_orgs": ("universities",)}),
    ("哪些工作完全是公司做的，作者单位里没有高校？", "list", {"orgs": (), "exclude_orgs": ("universities",)}),
    ("有没有 OpenAI 的工作用了 PPO？", "list", {"orgs": ("OpenAI",), "exclude_orgs": ()}),
    ("What did Google work on in 2024?", "list", {"orgs": ("Google",), "years": (2024, 2024)}),
    ("Which works evaluate in Chinese?", "list", {"orgs": ()}),
    ("Anything from Ohio State in the survey?", "list", {"orgs": ("Ohio State",)}),
    ("Got anything by Cohere?", "list", {"orgs": ("Cohere",)}),
    ("有没有来自港大的？", "list", {"orgs": ("HKU",)}),
    # "有没有用 X 做 Y 的工作" asks whether any work does Y, with nothing left out; a cue that names the kind of work
    # ("…的工作", "any … works") leaves the words between it and the kind as the list's topic.
    ("有没有用 agent 做量化交易的工作？", "list", {"exclude_concepts": (), "concepts": ()}),
    ("有没有用 GRPO 的工作？", "list", {"concepts": ("GRPO",), "exclude_concepts": ()}),
    # A fragment of a work and a benchmark asks its result there; a benchmark alone, or a question of its own, does not.
    ("glm-4.5-air swe bench verified?", "lookup", {"asks": ("score",), "benchmarks": ("SWE-bench Verified",)}),
    ("InternLM2-Chat-20B GSM8k scroe?", "lookup", {"asks": ("score",)}),
    ("WebArena?", "lookup", {"asks": ()}),
    # A benchmark only the lexicon knows, which no entry reports, is a name the survey lacks.
    ("Aider 的 polyglot 编程排行榜上谁排第一？", "lookup", {"unseen": ("Aider",)}),
    ("What does Kimi K2 score on SWE-bench Verified?", "lookup", {"unseen": ()}),
    # A known name and a product word the survey never writes together; not a description, nor a size.
    ("美团的 LongCat-Video 能生成多长的视频？", "lookup", {"unseen": ("LongCat-Video",)}),
    ("Qwen3-235B-A22B 在 BFCL 上多少分", "lookup", {"unseen": ()}),
    # A rate is stated only with a share ("56%"); with a benchmark named, its result there is what is asked.
    ("What was the human preference rate on CNN/DM news?", "lookup", {"asks": ("rate",)}),
    ("MindAct 的单步成功率是多少？", "lookup", {"asks": ("rate",)}),
    ("What success rate does WebArena's best GPT-4 agent reach?", "lookup", {"asks": ("score",)}),
    ("MiniMax-M1: what's the ratio of lightning to softmax blocks?", "lookup", {"asks": ("ratio",)}),
    ("where did kimi k1.5 land on codeforces?", "lookup", {"asks": ()}),
    ("哪些模型用了量化？", "list", {"concepts": ("quantization",)}),
    # ... but "有没有没用 X", "所有没用 X" leave X out, and "所有没有高校参与" leaves the group out
    ("有没有没用 RL 的推理模型？", "list", {"concepts": (), "exclude_concepts": ("reinforcement learning",)}),
    ("所有没用 RL 的模型有哪些？", "list", {"concepts": (), "exclude_concepts": ("reinforcement learning",)}),
    ("所有没有高校参与的工作有哪些？", "list", {"orgs": (), "exclude_orgs": ("universities",)}),
    # What the reader sets aside ("I don't mean …", "not counting …", "不是指 …") is left out.
    ("Which works use SFT? I don't mean distillation", "list", {"exclude_concepts": ("distillation",)}),
    ("哪些工作用了奖励模型？不是指 RLHF 那种", "list", {"concepts": ("reward model",), "exclude_concepts": ("RLHF",)}),
    ("Which works use SFT, not counting distillation?", "list", {"exclude_concepts": ("distillation",)}),
    # ... and so is a named work: "don't count X", "X 那篇不用算", "don't count frameworks like A or B"
    ("Which works use GRPO? Don't count DeepSeekMath.", "list", {"exclude_entries": ("deepseekmath",)}),
    ("用 GRPO 训练的工作都有哪些？DeepSeekMath 那篇不用算", "list", {"exclude_entries": ("deepseekmath",)}),
    (
        "Which model reports name their own RL system? Don't count standalone frameworks like verl or OpenRLHF.",
        "list",
        {"exclude_entries": ("hybridflow", "openrlhf"), "entries": ()},
    ),
    ("OSWorld 的分数不算高吧？", "lookup", {"entries": ("osworld",), "exclude_entries": ()}),
    # a note on who belongs to the group asked for is no filter of its own
    ("美国公司出的技术报告有哪些？谷歌系算美国公司。", "list", {"orgs": ("US companies",)}),
    ("Which US labs released model cards? DeepMind counts as a US lab.", "list", {"orgs": ("US organisations",)}),
    # a kind set aside after "那些" ("标成 model-card 的那些不算")
    ("kind 标成 system-card 的条目有哪几条？标成 model-card 的那些不算", "list", {"exclude_kinds": ("model-card",)}),
    # the works asked for among a kind of entry ("评测基准 / 环境里，哪些是…", "Among the 2024 benchmarks, which …")
    ("2024 年的 agent 评测基准 / 环境里，哪些是公司做的、没有高校署名？", "list", {"role": "benchmark"}),
    ("Among the 2024 agent benchmarks, which were made by companies?", "list", {"role": "benchmark"}),
    ("SWE-bench 上，哪些模型分数最高？", "ranking", {"role": None}),
    # ... but a setting is no kind asked for ("在真实浏览器环境中，哪些是…"), nor does "by companies" name the group
    ("在真实浏览器环境中，哪些是用 RL 训练的 agent？", "list", {"role": None}),
    ("Which 2025 benchmarks were not made by companies?", "list", {"orgs": ()}),
    # "2025 年以后" counts 2025 unless the question leaves it out; "及以后" counts it too
    ("2025 年以后，不算 2025 年的工作有哪些？", "list", {"years": (2026, 2100)}),
    ("2024年以后（不含2024）的工作有哪些", "list", {"years": (2025, 2100)}),
    ("2025 年及以后的工作有哪些", "list", {"years": (2025, 2100)}),
    # "破坏模型原有的能力" is no sabotage; "排除…的影响" removes an effect, it sets nothing aside
    ("哪些工作会破坏模型原有的能力？", "list", {"concepts": ()}),
    ("哪些工作专门想办法排除训推不一致的影响？", "list", {"concepts": ("training-inference mismatch",)}),
    # "从哪下手" is where to start, not where to download; "Meta 算是美国公司吗？" asks it, Meta stays
    ("想入门 agentic RL，应该从哪下手？", "lookup", {"asks": ()}),
    ("Meta 算是美国公司吗？", "lookup", {"orgs": ("Meta",)}),
    # "compare against Qwen but are not built on it": compared with, and the works built on it left out
    ("Which works compare against Qwen but are not built on it?", "list", {"versus": ("Qwen",), "uses_family": False}),
    ("Which works are built on Qwen?", "list", {"uses_family": True}),
    # "the 2026 work from Chinese labs" is work as a mass noun, not one work described
    (
        "Looking at the 2026 work from Chinese labs: which ones propose a new RL algorithm?",
        "list",
        {"years": (2026, 2026)},
    ),
    # a result by vote is its own technique ("cons@64", "投票 86.7%"), beside best-of-n
    (
        "Which entries quote majority voting / self-consistency / best-of-n results?",
        "list",
        {"concepts": ("majority voting", "best-of-n")},
    ),
    # "去哪儿下" asks where to download, as "在哪下载" does
    ("WebArena 的环境去哪儿下？", "lookup", {"asks": ("link",)}),
    # An organisation is one whole name or alias: "AI", "Research", "Lab" alone name none (issue 12).
    ("Which AI agents can call tools?", "list", {"orgs": (), "exclude_orgs": ()}),
    ("Which research labs train agents with RL?", "list", {"orgs": ()}),
    ("Which works are from Shanghai AI Lab?", "list", {"orgs": ("Shanghai AI Lab",), "unseen": ()}),
    ("哪些工作来自月之暗面？", "list", {"orgs": ("Moonshot AI",)}),
    ("Which benchmarks for coding agents does the survey include?", "list", {"role": "benchmark"}),
    ("有哪些评测 GUI agent 的基准？", "list", {"role": "benchmark"}),
    ("What RL training frameworks does the survey cover?", "list", {"role": "framework"}),
    ("Which works are about theorem proving?", "list", {"concepts": ("theorem proving",)}),
    ("2023 年收录了哪些论文？", "list", {"years": (2023, 2023), "kinds": ("paper",)}),
    # "What did <org> release (in <date>)?": the org's works, by date; a named work's release stays a lookup.
    ("What did Google DeepMind release in December 2024?", "list", {"orgs": ("Google DeepMind",), "month": "2024-12"}),
    ("2024 年上半年发布的条目有哪些？", "list", {"years": (2024, 2024), "month": "2024-01..2024-06"}),
    ("Which works came out in H2 2025?", "list", {"month": "2025-07..2025-12"}),
    ("What was released in Q3 2025?", "list", {"month": "2025-07..2025-09"}),
    ("2025年第四季度有哪些工作？", "list", {"month": "2025-10..2025-12"}),
    ("Which entries are from between March and June 2025?", "list", {"month": "2025-03..2025-06"}),
    ("哪些工作是 2024 年 3 到 5 月发布的？", "list", {"month": "2024-03..2024-05"}),
    ("哪些工作是 2025 年 10 月以来发布的？", "list", {"years": (2025, 2100), "month": "2025-10..2100-12"}),
    ("What did OpenAI release before March 2025?", "list", {"orgs": ("OpenAI",), "month": "1900-01..2025-02"}),
    ("DeepSeek 在 2025 年 1 月发布了什么？", "list", {"orgs": ("DeepSeek",), "month": "2025-01"}),
    ("What has Anthropic published?", "list", {"orgs": ("Anthropic",)}),
    ("What did DAPO release as open source?", "lookup", {"entries": ("dapo",)}),
    ("Qwen 第一份技术报告发布了哪些尺寸的基座？", "lookup", {}),
    # What a described work is built on is not its subject; a named work that is built on something still is.
    (
        "The open RL system from ByteDance Seed and Tsinghua AIR, built on verl — what does it add?",
        "lookup",
        {"entries": ()},
    ),
    ("Is DAPO built on verl?", "lookup", {"entries": ("dapo",)}),
    (
        "Which blog posts did Anthropic publish that the survey lists?",
        "list",
        {"orgs": ("Anthropic",), "kinds": ("blog",)},
    ),
    ("Which entries report a BrowseComp score?", "list", {"benchmarks": ("BrowseComp",)}),
    ("哪些模型支持 1M 以上的上下文？", "list", {"threshold": 1e6}),
    ("哪些模型支持 100 万 token 以上的上下文？", "list", {"measure": "context", "threshold": 1e6}),
    ("参数超过 1.5 万亿的模型有哪些？", "list", {"threshold": 1.5e12, "threshold_op": ">="}),
    ("总参数 3000 亿以上的模型有哪些？", "list", {"threshold": 3e11}),
    ("Which papers deal with hallucination?", "list", {"focus": ("hallucination",)}),
    ("What does the survey not say about GPT-5?", "lookup", {"gaps": True}),
    ("what are the main RL frameworks covered?", "list", {"role": "framework"}),
    ("trillion-param models in the survey?", "list", {"measure": "size:total", "threshold": 1e12}),
    ("oldest paper in here?", "earliest", {"focus": ()}),
    ("GUI agent benchmarks in here?", "list", {"role": "benchmark"}),
    ("What are the main test-time scaling methods covered?", "list", {}),
    ("What are the GUI agent benchmarks?", "list", {"role": "benchmark"}),
    ("What are the key ideas of the works on GRPO?", "lookup", {}),
    ("what are the best models on AIME?", "ranking", {}),
    (
        "How many entries have 'Technical Report' in their title?",
        "count",
        {"kinds": (), "literal": ("Technical Report",)},
    ),
    ("What doesn't the survey tell us about Kimi K2?", "lookup", {"gaps": True}),
    ("综述没提到 Kimi K2 的哪些信息？", "lookup", {"gaps": True}),
    ("What does Reflexion add that ReAct does not cover?", "lookup", {"gaps": False}),
    ("What is missing from ReAct that Reflexion adds?", "lookup", {"gaps": False}),
    ("What kinds of tasks does SWE-bench not cover?", "lookup", {"gaps": False}),
    ("综述有没有提到 ReAct 用了什么模型？", "lookup", {"gaps": False}),
    ("哪些模型支持100万token以上的上下文？", "list", {"measure": "context", "threshold": 1e6}),
    ("Which benchmark is reported most often in the survey?", "count", {"tally": "benchmark", "role": None}),
    ("最常用的评测基准是哪个？", "count", {"tally": "benchmark"}),
    ("Which RL algorithm do the most works use?", "count", {"tally": "technique"}),
    ("Which benchmark has the most tasks?", "ranking", {"tally": None, "measure": "quantity:task"}),
    ("HuggingGPT 论文认为社区里的 AI 模型缺了什么能力？", "lookup", {"gaps": False}),
    ("哪些工作讨论了幻觉？", "list", {"focus": ("幻觉",)}),
    # A bound on the measure: at least, at most, or one value; "least" in "at least" asks for no ranking.
    ("Which models have at least 1M context?", "list", {"measure": "context", "threshold": 1e6, "threshold_op": ">="}),
    (
        "Which MoE models in the survey activate fewer than 10B parameters per token?",
        "list",
        {"measure": "size:active", "threshold": 1e10, "threshold_op": "<="},
    ),
    ("哪些模型激活参数不超过 20B？", "list", {"measure": "size:active", "threshold": 2e10, "threshold_op": "<="}),
    ("请问哪些模型的上下文窗口是 256K？", "list", {"measure": "context", "threshold": 2.56e5, "threshold_op": "=="}),
    ("综述里总参数在 300B 到 700B 之间的 MoE 模型都有哪些？", "list", {"threshold": 3e11, "threshold_hi": 7e11}),
    (
        "Which MoE models activate between 10B and 30B parameters?",
        "list",
        {"measure": "size:active", "threshold_hi": 3e10},
    ),
    ("Which models have 10–30B active parameters?", "list", {"threshold": 1e10, "threshold_hi": 3e10}),
    ("Which works fine-tune Qwen3-235B?", "list", {"threshold_hi": None}),  # a name's hyphen is no range
    ("Which models are bigger than Llama-2-70B?", "list", {"threshold_hi": None}),
    ("Which models have 7B to 70B parameters?", "list", {"threshold": 7e9, "threshold_hi": 7e10}),
    (
        "Which model between 10B and 40B active parameters scores best on SWE-bench Verified?",
        "ranking",
        {"bound_measure": "size:active", "threshold": 1e10, "threshold_hi": 4e10},
    ),
    ("Which models in the survey have a 128K context window?", "list", {"threshold": 1.28e5, "threshold_op": "=="}),
    # A negation turns "less than" round; a bound in Chinese needs no space; only a unit that fits the measure
    # bounds it; "both" in a list is no comparison.
    ("哪些模型激活参数不少于 10B？", "list", {"measure": "size:active", "threshold": 1e10, "threshold_op": ">="}),
    ("Which models have no fewer than 10B active parameters?", "list", {"threshold_op": ">="}),
    ("激活参数少于10B的模型有哪些？", "list", {"measure": "size:active", "threshold": 1e10, "threshold_op": "<="}),
    ("Which 7B models have a 128K context window?", "list", {"measure": "context", "threshold": 1.28e5}),
    ("Which models report both GAIA and SWE-bench Verified scores?", "list", {"entries": ()}),
    # A bound on another measure restricts a ranking; its number is no unknown model name.
    (
        "Which model with no more than 40B active parameters scores best on AIME 2025?",
        "ranking",
        {"bound_measure": "size:active", "threshold": 4e10, "threshold_op": "<=", "unseen": ()},
    ),
    ("上下文至少 1M 的模型里谁的 SWE-bench Verified 最高？", "ranking", {"bound_measure": "context", "threshold": 1e6}),
    ("What got released in May 2025, according to the survey's dates?", "list", {"month": "2025-05"}),
    ("What was published in March 2024?", "list", {"month": "2024-03"}),
    # Two benchmarks set side by side are compared, not taken as a benchmark slot over the survey.
    (
        "WebArena vs OSWorld — how many tasks does each benchmark have?",
        "comparison",
        {"entries": ("webarena", "osworld")},
    ),
    ("GAIA 和 SWE-bench Verified 分别有多少题？", "comparison", {"entries": ("gaia", "swe-bench-verified")}),
    # "benchmark" as a verb is no role; an organisation owning a named work is not a restriction.
    ("Which works benchmark themselves against OpenAI's o1?", "list", {"role": None, "versus": ("o1",)}),
    ("综述里哪些条目提到了 OpenAI 的 CUA？", "list", {"orgs": (), "entries": ("computer-using-agent",)}),
    ("What did Anthropic's Claude 4 score on SWE-bench Verified?", "lookup", {"orgs": (), "entries": ("claude-4",)}),
    ("哪些工作用沙盒来执行代码？", "list", {"concepts": ("sandbox",)}),
    # A date written as one word is not an unknown name; a rate is a kind of fact asked for.
    ("What did OpenAI's January-2025 reasoning model score on AIME?", "lookup", {"unseen": ()}),
    ("Is there an agreement rate for Mind2Web 2's Agent-as-a-Judge?", "lookup", {"asks": ("rate",)}),
    ("WebGPT 的答案有多大比例优于人类示范？", "lookup", {"asks": ("rate",)}),
    ("Briefly, which papers in the GUI / computer-use section came out in 2025?", "list", {"years": (2025, 2025)}),
    ("哪些工作不是阿里的、但基于 Qwen 模型训练？", "list", {"exclude_orgs": ("Alibaba",), "uses_family": True}),
    (
        "Which works in the agentic RL section do not use GRPO?",
        "list",
        {"section": "八、", "exclude_concepts": ("GRPO",), "concepts": ()},
    ),
    (
        "Which works use RL but not GRPO?",
        "list",
        {"concepts": ("reinforcement learning",), "exclude_concepts": ("GRPO",)},
    ),
    ("哪些工作没有用强化学习？", "list", {"exclude_concepts": ("reinforcement learning",), "concepts": ()}),
    ("Which entries are not papers?", "list", {"exclude_kinds": ("paper",), "kinds": ()}),
    (
        "Which papers in the survey are not technical reports?",
        "list",
        {"exclude_kinds": ("technical-report",), "kinds": ("paper",)},
    ),
    (
        "Which works do not use RL but use SFT?",
        "list",
        {"concepts": ("SFT",), "exclude_concepts": ("reinforcement learning",)},
    ),
    ("没有用 PPO 但用了 GRPO 的工作有哪些？", "list", {"concepts": ("GRPO",), "exclude_concepts": ("PPO",)}),
    (
        "Which papers are not from OpenAI?",
        "list",
        {"exclude_orgs": ("OpenAI",), "kinds": ("paper",), "exclude_kinds": ()},
    ),
    (
        "Which blog posts do not mention RL?",
        "list",
        {"kinds": ("blog",), "exclude_concepts": ("reinforcement learning",)},
    ),
    # alternatives left out together, and a kind asked for after "as opposed to"
    (
        "Which of OpenAI's entries are research papers, as opposed to blog posts or system/model cards?",
        "list",
        {"orgs": ("OpenAI",), "exclude_kinds": ("blog", "model-card", "system-card")},
    ),
    ("How many OpenAI blog posts are there? not the cards or papers", "count", {"kinds": ("blog",)}),
    ("Anthropic 的条目里，类型是博客的有哪些？", "list", {"orgs": ("Anthropic",), "kinds": ("blog",)}),
    # a year written with two digits
    ("25年9月 收了哪些", "list", {"years": (2025, 2025), "month": "2025-09"}),
    ("24 年下半年智谱发了哪些", "list", {"years": (2024, 2024), "orgs": ("Zhipu",)}),
    # -- count --------------------------------------------------------------------------------------------
    ("How many entries are from Anthropic?", "count", {"orgs": ("Anthropic",)}),
    ("How many papers from 2024 does the survey include?", "count", {"years": (2024, 2024)}),
    ("综述里 2022 年的工作有几条？", "count", {"years": (2022, 2022)}),
    ("智谱在调研里一共有多少条？", "count", {"orgs": ("Zhipu",)}),
    ("How many blog posts are there in total?", "count", {"kinds": ("blog",)}),
    ("Number of model cards in the survey?", "count", {"kinds": ("model-card", "system-card")}),
    ("How many works since 2025 mention asynchronous RL?", "count", {"years": (2025, 2100)}),
    # -- ranking ------------------------------------------------------------------------------------------
    (
        "Which model in the survey reports the highest SWE-bench Verified score?",
        "ranking",
        {"measure": "benchmark:SWE-bench Verified"},
    ),
    ("哪个模型的 SWE-bench Verified 分数最高？", "ranking", {"measure": "benchmark:SWE-bench Verified"}),
    ("Who has the lowest OSWorld result?", "ranking", {"measure": "benchmark:OSWorld", "direction": "min"}),
    ("Which Anthropic model has the longest context?", "ranking", {"measure": "context", "orgs": ("Anthropic",)}),
    ("What's the biggest model by total parameters?", "ranking", {"measure": "size:total"}),
    ("Which model is the largest?", "ranking", {"measure": "size:total"}),
    ("哪个模型最小？", "ranking", {"measure": "size:total", "direction": "min"}),
    ("激活参数最少的 MoE 模型是哪个？", "ranking", {"measure": "size:active", "direction": "min"}),
    ("Which model has the longest context window in the survey?", "ranking", {"measure": "context"}),
    ("哪个基准的任务最多？", "ranking", {"measure": "quantity:task"}),
    ("Which entry claims the fastest generation speed?", "ranking", {"measure": "speed"}),
    ("哪些工作报告了吞吐提升倍数？", "list", {"measure": "speed"}),
    ("Which open / closed coding products are in the survey?", "list", {}),
    ("智谱做的模型，调研里都有哪些？", "list", {"orgs": ("Zhipu",)}),
    (
        "欧美厂商里哪些模型可以调推理强度？",
        "list",
        {"orgs": ("non-Chinese organisations",), "concepts": ("adjustable reasoning effort",)},
    ),
    (
        "Which models from US/European labs have an adjustable reasoning effort?",
        "list",
        {"orgs": ("non-Chinese organisations",), "concepts": ("adjustable reasoning effort",)},
    ),
    ("GAIA 上谁的分数最高？", "ranking", {"measure": "benchmark:GAIA"}),
    # -- earliest / latest --------------------------------------------------------------------------------
    ("What is the earliest work on tool use in the survey?", "earliest", {"concepts": ("tool use",)}),
    ("OpenAI 最新的条目是哪个？", "latest", {"orgs": ("OpenAI",)}),
    ("What's the most recent entry in the survey?", "latest", {}),
    ("xAI 最近的一条工作是哪个？", "latest", {"orgs": ("xAI",)}),
    ("Which is the oldest paper from Google?", "earliest", {"orgs": ("Google",)}),
    # -- comparison ---------------------------------------------------------------------------------------
    (
        "Which scored higher on SWE-bench Verified, Claude Opus 4 or GLM-4.5?",
        "comparison",
        {"entries": ("claude-4", "glm-4-5")},
    ),
    ("Kimi K2 和 GLM-4.5 在 SWE-bench Verified 上谁更高？", "comparison", {"entries": ("kimi-k2", "glm-4-5")}),
    ("Compare ReAct and Reflexion on ALFWorld.", "comparison", {"entries": ("react", "reflexion")}),
    # -- overview -----------------------------------------------------------------------------------------
    ("What does this survey cover?", "overview", {}),
    ("这份调研的收录范围是什么？", "overview", {}),
    ("What is agentic training, according to the survey?", "overview", {}),
    # -- lookup: named, described, near misses ------------------------------------------------------------
    ("CodeAct 用什么作为 agent 的动作空间？", "lookup", {"entries": ("codeact",)}),
    ("Briefly, what does CodeAct propose?", "lookup", {"entries": ("codeact",), "unseen": ()}),
    ("Hey, what's Kimi K2.5's Agent Swarm for?", "lookup", {"entries": ("kimi-k2-5",)}),
    ("What learning rate did DAPO use?", "lookup", {"entries": ("dapo",), "asks": ("hyperparameter",)}),
    # Which thing, by name: a score word that only describes it asks for no number; an outright quantity does.
    ("百川 M2 拿哪个医学考试举例，说考试分数和临床能力有落差？", "lookup", {"asks": ()}),
    ("Which exam does Baichuan-M2 cite to show that test scores miss clinical skill?", "lookup", {"asks": ()}),
    ("DeepResearcher 用的是哪个集群，有多少个节点？", "lookup", {"asks": ("number",)}),
    ("Which model is used, and its accuracy?", "lookup", {"asks": ("number",)}),
    ("哪个模型的小说创作分数最好？", "lookup", {"asks": ("number",)}),  # 小说 is fiction, not "says"
    ("How many parameters does GPT-5.5 have?", "lookup", {"entries": ("gpt-5-5",), "asks": ("size",)}),
    ("How big is the training set WebShop collected?", "lookup", {"asks": ("number",)}),
    ("How much faster is AReaL than synchronous RL?", "lookup", {"asks": ("speed",)}),
    ("Which is bigger, DeepSeek-V3.2 or Kimi K2?", "comparison", {"asks": ("size",)}),
    ("Kimi K2 和 GLM-4.5 哪个更大？", "comparison", {"asks": ("size",)}),
    ("Which has the longer context, MiniMax-M1 or Kimi K2?", "comparison", {"asks": ("context",)}),
    ("AReaL 的训练加速了多少？", "lookup", {"asks": ("speed",)}),
    ("Mind2Web 的数据集有多大？", "lookup", {"asks": ("number",)}),
    ("How big is the model CodeAct fine-tunes on its dataset?", "lookup", {"asks": ("size",)}),
    ("How many parameters are in the dataset's reward model?", "lookup", {"asks": ("size",)}),
    ("这份综述主要讲了什么？", "overview", {}),
    ("Summarize the survey for me.", "overview", {}),
    ("What did Kimi K2 score on GAIA?", "lookup", {"entries": ("kimi-k2",), "benchmarks": ("GAIA",)}),
    ("What base model does Toolformer fine-tune?", "lookup", {"entries": ("toolformer",), "asks": ("base_model",)}),
    ("Voyager 底层调用的是哪个大模型？", "lookup", {"entries": ("voyager",), "asks": ("base_model",)}),
    ("On what exact day was RAGEN released?", "lookup", {"entries": ("ragen",), "asks": ("date",)}),
    ("Which dataset was DeepSeek-V3.1 trained on?", "lookup", {"entries": ("deepseek-v3-1",), "asks": ("dataset",)}),
    ("Which benchmark was DeepSeek-V3.1 evaluated on?", "lookup", {"entries": ("deepseek-v3-1",)}),
    ("ToRL 的采样温度是多少？", "lookup", {"asks": ("hyperparameter",)}),
    ("Which base models did DeepResearcher and Search-R1 use?", "comparison", {"asks": ("base_model",)}),
    ("Risk Report: February 2026 用的什么开源协议？", "lookup", {"entries": ("risk-report-february-2026",)}),
    ("Which MoE in the survey is the sparsest?", "ranking", {"measure": "size:ratio", "direction": "min"}),
    ("哪个 MoE 模型激活比例最高？", "ranking", {"measure": "size:ratio", "direction": "max"}),
    ("哪些 MoE 模型超过 100B？", "list", {"measure": "size:total", "threshold": 1e11}),
    ("Which sparse MoE model has the longest context window?", "ranking", {"measure": "context"}),  # not sparsity
    ("哪个 MoE 模型的激活参数占比最低？", "ranking", {"measure": "size:ratio", "direction": "min"}),
    ("Which papers released a new dataset?", "list", {"role": "benchmark"}),
    ("What day-to-day tasks can Claude 4 handle?", "lookup", {"asks": ()}),
    ("Kimi K2 是哪天发布的？", "lookup", {"asks": ("date",)}),
    ("字节和清华一起做的工作有哪些？", "list", {"orgs": ("ByteDance", "Tsinghua"), "orgs_joint": True}),
    ("Which papers did ByteDance and Tsinghua write together?", "list", {"orgs_joint": True}),
    ("阿里和智谱有哪些工作？", "list", {"orgs": ("Alibaba", "Zhipu"), "orgs_joint": False}),
    ("Which works are from both ByteDance and Tsinghua?", "list", {"orgs_joint": True}),
    ("Which works from Alibaba and Zhipu are evaluated together with GPT-4?", "list", {"orgs_joint": False}),
    ("清华参与的工作有哪些？和智谱、字节合作的也算。", "list", {"orgs_joint": False}),
    ("Which LLM does Voyager use under the hood?", "lookup", {"entries": ("voyager",), "asks": ("base_model",)}),
    ("What value of the KL coefficient did InstructGPT use?", "lookup", {"asks": ("hyperparameter",)}),
    ("What value did the clip ratio take in PPO?", "lookup", {"asks": ("hyperparameter",)}),
    ("How much did the MiniMax-M1 RL run cost?", "lookup", {"entries": ("minimax-m1",), "asks": ("cost",)}),
    ("What's the context length of QwQ-32B?", "lookup", {"entries": ("qwq-32b",), "asks": ("context",)}),
    ("The paper that lets agents write Python as actions — what does it report?", "lookup", {"entries": ()}),
    ("那个把浏览抽象成文本命令的工作用的是哪个基座？", "lookup", {}),
    (
        "What OSWorld score did Claude 3.5 Sonnet's computer use get?",
        "lookup",
        {"entries": ("developing-a-computer-use-model",)},
    ),
    ("OpenAI o1 的系统卡提出了什么对齐方法？", "lookup", {"entries": ("openai-o1-system-card",)}),
    ("Which reliability metric was introduced by tau-bench?", "lookup", {"entries": ("tau-bench",)}),
    ("Which framework lets you train LangChain or AutoGen agents with RL?", "lookup", {"entries": ()}),
    ("What did Sora score on VBench?", "lookup", {"unseen": ("Sora", "VBench")}),
    # A month, a count: ordinary words, not names the survey lacks; a model size may be a name.
    ("Google DeepMind's December 2024 launch — which tools does it ship with?", "lookup", {"unseen": ()}),
    # A country or nationality is where a work comes from, not a work the survey lacks.
    ("Fudan's open chat model billed as China's first plugin-capable one — how big is it?", "lookup", {"unseen": ()}),
    (
        "The Princeton shopping environment with 1.18M products: which sites did it transfer to?",
        "lookup",
        {"unseen": ()},
    ),
    ("Sora 视频生成模型用了多少训练数据？", "lookup", {"unseen": ("Sora",)}),
    # Lists asked the ways readers do that no cue knew (2026-12-07), and the lookups beside them that stay lookups.
    ("anything in here on speech or audio?", "list", {}),
    ("anyone here report OSWorld numbers?", "list", {"benchmarks": ("OSWorld",)}),
    ("Chinese MoE models — what are they?", "list", {"concepts": ("MoE",)}),
    ("papers that use PPO, can you list them?", "list", {"concepts": ("PPO",)}),
    ("what's covered on code agents?", "list", {}),
    ("what are some examples of search agents in the survey?", "list", {}),
    ("pre-2024 agent benchmarks/envs that came from US universities?", "list", {}),
    ("国内公司发的 model card 有哪几条？", "list", {}),
    ("有讲记忆机制的工作吗？", "list", {}),
    ("有啥用 MCTS 的工作吗", "list", {}),
    # (those cues ask about a work or benchmark they name: review of stop 64)
    ("AgentBench 的环境都有啥？", "lookup", {"entries": ("agentbench",)}),
    ("anything in here on how OSWorld judges tasks?", "lookup", {"entries": ("osworld",)}),
    ("who tested Claude 2 on SWE-bench?", "lookup", {}),
    ("Mind2Web has three generalization settings — what are they?", "lookup", {"entries": ("mind2web",)}),
    ("我已经读过 Kimi K2 了。它激活多少参数？", "lookup", {"entries": ("kimi-k2",)}),
    (
        "I've got the OpenAI 2025 blogs covered. Which of those mention function calling?",
        "list",
        {"years": (2025, 2025)},
    ),
    ("I've read that Kimi K2 has 1T parameters. Is that right?", "lookup", {"entries": ("kimi-k2",)}),
    (
        "Among models with more than 100B parameters, which has the fewest active?",
        "ranking",
        {"measure": "size:active", "bound_measure": "size:total", "direction": "min"},
    ),
    ("跟代码 agent 有关的工作，列一下", "list", {}),
    ("都有哪写工作用了 GRPO？", "list", {"concepts": ("GRPO",)}),
    ("who trained Kimi K2?", "lookup", {"entries": ("kimi-k2",)}),
    ("what are some limitations of ReAct?", "lookup", {"entries": ("react",)}),
    ("DeepSeek-R1 的训练有哪几个阶段？", "lookup", {"entries": ("deepseek-r1",)}),
    ("谁自己做了 WebArena？", "lookup", {"entries": ("webarena",)}),
    ("openai stuff dated 2026 in the survey?", "list", {"orgs": ("OpenAI",), "years": (2026, 2026)}),
    # A bound on one size and a ranking by the other: the word beside the bound is what it bounds.
    (
        "Among the MoE models that activate fewer than 10B parameters per token, which one has the largest total?",
        "ranking",
        {"measure": "size:total", "bound_measure": "size:active", "direction": "max", "threshold_op": "<="},
    ),
    (
        "总参数超过 200B 的模型里，哪个激活参数最少？",
        "ranking",
        {"measure": "size:active", "bound_measure": "size:total", "direction": "min", "threshold_op": ">="},
    ),
    ("Which MoE activates the fewest parameters?", "ranking", {"measure": "size:active", "direction": "min"}),
    # What the reader has already is no part of the ask; "from 2025 onward" is 2025 and later.
    (
        "I've got the 2024 Anthropic posts covered already (3.5 Sonnet, computer use). What did Anthropic put out "
        "from 2025 onward that's in the survey?",
        "list",
        {"orgs": ("Anthropic",), "years": (2025, 2100), "concepts": ()},
    ),
    ("which works are from 2022–23?", "list", {"years": (2022, 2023)}),
    ("what came out in 2024-12?", "list", {"years": (2024, 2024), "month": "2024-12"}),
    # The survey's intro as the place asked about, with works named: what it says of them.
    (
        "In the survey's big-picture intro, what do ReAct, Reflexion and Voyager get credited with establishing?",
        "lookup",
        {"entries": ("overview",)},
    ),
    ("The survey's intro names ReAct and Reflexion: which came first?", "comparison", {}),
    (
        "In the Renmin University paper, how did R1-Searcher do on Bamboogle?",
        "lookup",
        {"entries": ("r1-searcher",), "unseen": ()},
    ),
]


SUPERSET_SLOTS = ("concepts", "orgs", "benchmarks", "kinds", "asks", "exclude_orgs", "exclude_kinds")


def _check(q: Question, slots: dict[str, Any]) -> list[str]:
    problems = []
    for key, want in slots.items():
        got = getattr(q, key)
        if isinstance(want, tuple) and want and key in SUPERSET_SLOTS:
            if not set(want) <= set(got):
                problems.append(f"{key}={got!r}, want ⊇ {want!r}")
        elif got != want:
            problems.append(f"{key}={got!r}, want {want!r}")
    return problems


@pytest.mark.parametrize(("text", "intent", "slots"), CASES, ids=[c[0][:48] for c in CASES])
def test_understand(catalog: Catalog, text: str, intent: str, slots: dict[str, Any]) -> None:
    q = understand(text, catalog)
    assert q.intent == intent, f"{text!r}: intent {q.intent}, want {intent} ({q})"
    problems = _check(q, slots)
    assert not problems, f"{text!r}: " + "; ".join(problems)


def test_language_and_ask_clause(catalog: Catalog) -> None:
    q = understand("有个 agent RL 框架号称把执行和训练解耦，它提出的分层 RL 算法叫什么？", catalog)
    assert q.lang == "zh" and "分层" in q.ask_tokens and "解耦" not in q.ask_tokens
    assert understand("What is Kimi K2?", catalog).lang == "en"


def test_the_kind_of_fact_asked_is_read_from_the_clause_that_asks(catalog: Catalog) -> None:
    """Words that describe the subject ("at mid-tier speed and cost") ask for nothing."""
    q = understand(
        "Anthropic's mid-tier launch — the one that beat their top model at mid-tier speed and cost — how did"
        " that top model do on the internal coding eval?",
        catalog,
    )
    assert "speed" not in q.asks and "cost" not in q.asks, q.asks
    assert "cost" in understand("How much did Kimi K2's training cost?", catalog).asks


def test_according_to_one_work_is_no_list(catalog: Catalog) -> None:
    assert understand("According to AgentBench, what mainly holds LLM agents back?", catalog).intent == "lookup"
    assert understand("According to the survey, which works use GRPO?", catalog).intent == "list"
    # "according to" something that is no entry leaves the list, count or ranking as it was
    assert understand("According to your index, how many entries are from OpenAI?", catalog).intent == "count"
    assert understand("根据你的资料，哪些工作用了 GRPO？", catalog).intent == "list"


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        ("Kimi K2's parameter count, what is it?", "size"),  # the ask is generic: the whole question says what
        ("Kimi K2 的上下文长度，是多少？", "context"),
        ("I want Kimi K2's release date. Can you tell me?", "date"),
        ("Kimi K2 and its training cost — what do we know?", "cost"),
        ("Who made Kimi K2? Also its parameter count.", "size"),
    ],
)
def test_a_generic_ask_keeps_the_fact_named_beside_it(catalog: Catalog, text: str, asks: str) -> None:
    assert asks in understand(text, catalog).asks


@pytest.mark.parametrize(
    "text",
    [
        "DeepSeek-R1 在 RL 训练后发现了什么现象？",  # 发现 / 出现 / 发生 are no release
        "Kimi K2 在预训练之后出现过 loss spike 吗？",
        "Kimi K2 把 agentic 能力优先于推理能力吗？",
        "GLM-4.5 的 RL 方法，比如借鉴 DeepSeek-R1 的部分是什么？",
    ],
)
def test_no_order_in_time_where_nothing_is_released(catalog: Catalog, text: str) -> None:
    assert "date" not in understand(text, catalog).asks


def test_second_review_cases(catalog: Catalog) -> None:
    assert "date" in understand("When did Kimi K2 come out vs. GLM-4.5?", catalog).asks  # "vs." ends no sentence
    assert "context" in understand("What context length does Kimi K2 (i.e. the MoE one) support?", catalog).asks
    assert understand("用 GRPO 训练的有哪些？", catalog).intent == "list"
    assert understand("强调推理更便宜的，都有哪些？", catalog).intent == "list"  # a comma before 都有哪些
    assert understand("做 agent RL 需要注意的，都有哪些？", catalog).intent != "list"
    assert "slime" in understand("slime 框架是谁做的？", catalog).unseen
    assert "score" in understand("SWE-bench Verified — what did Claude 4 score?", catalog).asks


def test_review_cases_of_lists_kinds_and_years(catalog: Catalog) -> None:
    # a kind after a comma is not joined to the one left out before it
    q = understand("Not blogs, papers: which OpenAI ones are from 2025?", catalog)
    assert q.exclude_kinds == ("blog",) and q.kinds == ("paper",), q
    assert understand("GUI agent 能接收什么输入？", catalog).intent != "list"  # 接收 is no 收录
    assert understand("做 agent RL 需要注意的有哪些？", catalog).intent != "list"
    assert understand("过去 20 年的强化学习研究里，哪些工作最重要？", catalog).years is None
    assert not understand("一个 toy 模型能学会用工具吗？", catalog).unseen  # no determiner: a plain word
    for text in ("Is ReAct older than Toolformer?", "Did Kimi K2 come after GLM-4.5?"):
        q = understand(text, catalog)
        assert q.intent == "comparison" and "date" in q.asks, q


def test_a_lowercase_name_of_a_kind_in_a_chinese_question_is_a_name(catalog: Catalog) -> None:
    """ "那个 slime RL 框架": a Latin word naming a framework is a name even in lowercase; "agent" is a word."""
    assert "slime" in understand("智谱训模型用的那个 slime RL 框架，综述里怎么介绍的？", catalog).unseen
    assert not understand("那个 agent 框架是谁做的？", catalog).unseen
    assert not understand("帮我看下 slime 这个词", catalog).unseen  # not used as a name of anything


def test_a_model_size_the_survey_never_uses_stays_unknown(catalog: Catalog) -> None:
    """ "1.18M products" is a count, but "Llama 3 405B" names a model the survey does not cover."""
    q = understand("How many GPUs were used to pre-train Llama 3 405B?", catalog)
    assert "405B" in q.unseen


@pytest.mark.parametrize(
    ("text", "intent", "asks_date"),
    [
        ("Kimi K2 和 GLM-4.5 分别是几月份发布的？", "comparison", True),
        ("In which month did OpenHands come out?", "lookup", True),
        ("Of WebArena and OSWorld, which was released first?", "comparison", True),
        ("Which month saw the DeepSeek-R1 release?", "lookup", True),
        ("Kimi K2 调用工具时用的是什么格式？", "lookup", False),  # 调用时用: no duration, no date
        ("ReTool 教模型何时调代码解释器？", "lookup", False),  # when to act, not a date
        ("What does ReTool teach the model about when to call the interpreter?", "lookup", False),
        ("ReTool 何时发布？", "lookup", True),
        ("Which is older, Toolformer or CodeAct?", "comparison", True),
        ("Toolformer 和 CodeAct 哪个更早？", "comparison", True),
        # one side against the other, asked yes or no
        ("Was WebArena released before OSWorld?", "comparison", True),
        ("Does Toolformer predate CodeAct?", "comparison", True),
        ("CodeAct 比 Toolformer 晚发布吗", "comparison", True),
        ("OSWorld 是在 WebArena 之后推出的吗？", "comparison", True),
        ("Kimi K2 比 GLM-4.5 更先进吗？", "comparison", False),  # 先进 is no order in time
        ("Kimi K2 比 GLM-4.5 早期版本强在哪？", "comparison", False),
        # "when" after the question word is a condition; "and when?" still asks for a date
        ("On which benchmark does Grok 4 lead when it is allowed tools?", "lookup", False),
        ("Which org made Grok 4, and when did it ship?", "lookup", True),
        ("What did xAI release in Grok 4 and when?", "lookup", True),
    ],
)
def test_dates_asked_in_other_words(catalog: Catalog, text: str, intent: str, asks_date: bool) -> None:
    q = understand(text, catalog)
    assert q.intent == intent and ("date" in q.asks) == asks_date and "duration" not in q.asks, q


def test_a_list_asked_with_lie_yixia_and_a_size_said_with_its_measure(catalog: Catalog) -> None:
    assert understand("帮我列一下 2024 年下半年的论文", catalog).intent == "list"
    assert understand("列个清单：智谱出过哪些模型", catalog).intent == "list"
    # "22B-active" / "235B-total" are sizes, not names the survey never uses.
    q = understand("Which 235B-total / 22B-active model did Alibaba release?", catalog)
    assert not q.unseen, q
    # …but a size the survey never gives stays unknown, said with its measure or not.
    assert "405B" in understand("Which 405B-total model did Meta release?", catalog).unseen
    # Alternatives before the kind of work list; a verb in between does not; "综述里有哪些结论" is no list of works.
    assert understand("What problems or risks do agent products face?", catalog).intent == "lookup"
    assert understand("综述里有哪些结论？", catalog).intent == "lookup"
    assert understand("Which open or closed coding agents are covered?", catalog).intent == "list"
    # Who does best on two benchmarks is a ranking, not who made them.
    assert understand("Which company's agents do best on WebArena and OSWorld?", catalog).intent == "ranking"


def test_a_model_family_without_its_size_names_its_entry(catalog: Catalog) -> None:
    """ "gpt-oss" names "gpt-oss-120b & gpt-oss-20b Model Card"; "QwQ" names "QwQ-32B"."""
    assert understand("What license is gpt-oss released under?", catalog).entries == (
        "gpt-oss-120b-gpt-oss-20b-model-card",
    )
    assert understand("QwQ 用了几阶段 RL？", catalog).entries == ("qwq-32b",)


def test_a_sibling_set_aside_is_not_read_into_a_lookup(catalog: Catalog) -> None:
    """ "(not the 2025 one)", "（不是那份风险报告）": the words, dates and names of the work not asked about."""
    q = understand("腾讯混元 2026 年 4 月那个 MoE（不是 2025 年那个 80B 的），哪方面涨得最多？", catalog)
    assert q.intent == "lookup" and q.years == (2026, 2026) and "80b" not in q.tokens, q
    # An aside that is a criterion, or names the answer, is no sibling: it stays.
    q = understand("Is there a model (not from OpenAI) that uses PPO?", catalog)
    assert q.exclude_orgs == ("OpenAI",), q
    q = understand("What AIME 2024 score does DeepSeek-R1 get (not counting majority voting)?", catalog)
    assert "voting" in q.tokens, q
    assert "deepseekmath" in understand("Was GRPO introduced in DeepSeek-R1, not DeepSeekMath?", catalog).entries
    q = understand("OpenAI's April 2025 post (the announcement, not the safety card) — which benchmarks?", catalog)
    assert "safety" not in q.tokens and "announcement" in q.tokens, q
    # In a list, "not …" is a criterion and stays: works not from OpenAI.
    q = understand("Which works, not from OpenAI, use PPO?", catalog)
    assert q.intent == "list" and q.exclude_orgs == ("OpenAI",), q
    assert understand("哪些工作（不是 OpenAI 的）用了 PPO？", catalog).exclude_orgs == ("OpenAI",)


def test_a_name_used_as_a_style_is_not_the_lists_topic(catalog: Catalog) -> None:
    assert understand("Which works use a DeepSeek-R1-style RL recipe for search?", catalog).entries == ()
    assert understand("哪些工作是 DeepSeek-R1 式的纯 RL？", catalog).entries == ()
    assert understand("Which works mention DeepSeek-R1?", catalog).entries == ("deepseek-r1",)
    # A plain "like" after a name is a comparison, not a style.
    assert understand("Which works compare against DeepSeek-R1 like Kimi K2 does?", catalog).versus == ("DeepSeek-R1",)


@pytest.mark.parametrize(
    ("text", "asks_score"),
    [
        ("With parallel compute, what is Claude Opus 4 on SWE-bench Verified?", True),
        ("Kimi K2.5 在 BrowseComp 上考了多少分？", True),
        ("What does ToolBench focus on?", False),  # the benchmark is the subject, not where a result is
        ("What is SWE-bench Verified based on?", False),
        ("WebThinker 还在哪个科研报告生成任务上做了评测？", False),
    ],
)
def test_a_result_asked_without_a_score_word(catalog: Catalog, text: str, asks_score: bool) -> None:
    assert ("score" in understand(text, catalog).asks) == asks_score


def test_a_series_is_named_without_its_genre_word(catalog: Catalog) -> None:
    assert understand("ChatGLM3 是谁做的？", catalog).entries == ("chatglm3-series",)


def test_a_whether_cue_keeps_its_topic_words(catalog: Catalog) -> None:
    """ "有没有 … 的工作" and "any … works" say a list is asked for; the words between are what it is about."""
    for text, words in (
        ("有没有用 agent 做量化交易的工作？", {"量化", "交易"}),
        ("有没有专门做自动炒股的框架？", {"炒股"}),
        ("Are there any prompt-injection defense works?", {"prompt-injection", "defense"}),
    ):
        q = understand(text, catalog)
        assert q.intent == "list" and words <= set(q.focus), (text, q.focus)
    # The kind of work the cue looks ahead to, and a verb of use after 有没有, are no topic words.
    for text, cue in (
        ("Are there any studies on scaling RL?", "studies"),
        ("are there any benchmarks for prompt injection?", "benchmarks"),
        ("有没有用到 RL 的工作？", "用到"),
        ("有没有做医疗的 agent", "agent"),
    ):
        q = understand(text, catalog)
        assert q.intent == "list" and cue not in q.focus and q.focus, (text, q.focus)


def test_focus_words_match_their_inflections() -> None:
    from surveyqa.reader import _stem

    assert _stem("generate") == _stem("generating")[: len(_stem("generate"))] == "generat"
    assert _stem("diagnose") in "it diagnoses the echo trap"
    assert _stem("data") == "" and _stem("使用") == ""


def test_a_list_topic_word_counts_only_at_the_start_of_a_word(catalog: Catalog) -> None:
    from surveyqa.reader import focus_hits

    assert focus_hits("a close relationship between them", ["ship"], catalog) == 1  # the reader's loose reading
    assert focus_hits("a close relationship between them", ["ship"], catalog, word_starts=True) == 0
    assert focus_hits("demos and code are released", ["demo"], catalog, word_starts=True) == 1
    assert focus_hits("用GPU训练", ["gpu"], catalog, word_starts=True) == 1


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        ("Besides DeepSeek-R1, which works report AIME 2024?", ("deepseek-r1",)),
        ("Excluding o3, which models report a SWE-bench Verified score?", ("openai-o3-and-o4-mini",)),
        ("除了 DeepSeek-R1 和 DAPO，还有哪些工作报告了 AIME 2024 成绩？", ("deepseek-r1", "dapo")),
        ("哪些工作用了 GRPO？DeepSeekMath 和 DeepSeek-R1 除外", ("deepseekmath", "deepseek-r1")),
        ("Other than Kimi K2, which model has the highest SWE-bench Verified score?", ("kimi-k2",)),
        # a work named as the subject, or beside a set-aside one without a join, is not left out
        ("Which works besides GRPO users cite DeepSeek-R1?", ()),
        ("Besides GRPO, what else did DeepSeek-R1 use?", ()),
    ],
)
def test_named_works_set_aside_from_a_list(catalog: Catalog, text: str, left_out: tuple[str, ...]) -> None:
    q = understand(text, catalog)
    assert q.exclude_entries == left_out, q
    assert not set(left_out) & set(q.entries), q
    if left_out:  # the cue is no topic of the list
        assert not {"besides", "excluding", "除了", "除外", "之外"} & set(q.focus), q


def test_what_is_set_aside_is_no_slot_of_the_list(catalog: Catalog) -> None:
    q = understand("Besides SWE-bench, which benchmarks for coding agents does the survey include?", catalog)
    assert q.intent == "list" and q.benchmarks == () and q.exclude_entries == ("swe-bench",), q
    q = understand("Apart from DeepSeek, which labs released reasoning models in 2025?", catalog)
    assert q.exclude_orgs == ("DeepSeek",) and "DeepSeek" not in q.concepts, q
    q = understand("Besides GRPO, which works use PPO?", catalog)
    assert q.concepts == ("PPO",) and "grpo" not in q.focus, q


def test_a_benchmark_said_before_a_dash_is_a_slot_not_a_description(catalog: Catalog) -> None:
    q = understand("SWE-bench Verified — what did Opus 4 score?", catalog)
    assert q.entries == ("claude-4",) and q.benchmarks == ("SWE-bench Verified",), q
    # a description before the dash still picks out one work, and names after it are objects
    q = understand("The Moonshot agentic MoE from July 2025 — does it beat DeepSeek-R1?", catalog)
    assert "deepseek-r1" not in q.entries, q


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("what did the survey pick up from the last quarter of 2025?", "2025-10..2025-12"),
        ("Which works came out in the third quarter of 2024?", "2024-07..2024-09"),
        ("Any entries from the 1st quarter of 2026?", "2026-01..2026-03"),
        ("Which entries are from the first half of 2025?", "2025-01..2025-06"),
    ],
)
def test_quarters_and_halves_in_words(catalog: Catalog, text: str, month: str) -> None:
    q = understand(text, catalog)
    assert q.intent == "list" and q.month == month, q


def test_words_that_only_look_like_a_cue_or_a_concept(catalog: Catalog) -> None:
    # managing a context is no context length; a paradigm something is based on is no base model
    assert "context" not in understand("哪些工作在做 agent 的上下文管理？", catalog).asks
    assert "context" in understand("GLM-4.6 的上下文多长？", catalog).asks
    assert "base_model" not in understand("WebDancer 是基于哪个 agent 范式搭的？", catalog).asks
    assert "base_model" in understand("WebDancer 基于哪个模型？", catalog).asks
    # "to lean on" is no Lean prover
    q = understand("Which agents operate a GUI from raw pixels, with no DOM to lean on?", catalog)
    assert "theorem proving" not in q.concepts, q
    assert "theorem proving" in understand("Which works prove theorems in Lean?", catalog).concepts
    # "aren't research papers" leaves papers out
    q = understand("Of the 2023 entries, which ones aren't research papers at all?", catalog)
    assert q.exclude_kinds == ("paper",) and q.years == (2023, 2023), q


def test_review_cases_of_setting_works_aside(catalog: Catalog) -> None:
    # the work after "除了 X，" / "Apart from X," is the subject, not left out with X
    q = understand("除了 SWE-bench，Kimi K2 还在哪些基准上报告了成绩？", catalog)
    assert "kimi-k2" in q.entries and "kimi-k2" not in q.exclude_entries, q
    q = understand("Apart from SWE-bench, Kimi K2 reports results on which benchmarks?", catalog)
    assert "kimi-k2" not in q.exclude_entries, q
    # "X aside from Y" sets Y aside, not X
    assert understand("Which works cite DeepSeek-R1 aside from DAPO?", catalog).exclude_entries == ("dapo",)
    # "除了 X 还用了 Y" is "in addition to"
    assert set(understand("哪些工作除了 GRPO 还用了 PPO？", catalog).concepts) >= {"GRPO", "PPO"}
    # a possessive before the work set aside, any maker
    q = understand("Besides Anthropic's Claude 4, which model scores highest on SWE-bench Verified?", catalog)
    assert q.intent == "ranking" and q.exclude_entries == ("claude-4",), q
    # an org named before "other than <work>" stays a criterion
    q = understand("Which DeepSeek works other than DeepSeek-R1 report AIME 2024?", catalog)
    assert q.orgs == ("DeepSeek",) and q.exclude_orgs == () and q.exclude_entries == ("deepseek-r1",), q
    # a question opening with "Aren't" leaves no kind out
    assert understand("Aren't the blog posts from 2024 mostly from OpenAI?", catalog).exclude_kinds == ()
    # "pick up / include" is a list only of a period or a maker
    assert understand("What does the survey list as the main limitations of GRPO?", catalog).intent != "list"
    assert understand("What did the survey pick up from Alibaba?", catalog).intent == "list"
    # a benchmark before a dash is a slot even when it is no entry of its own
    assert understand("GPQA Diamond — what did Seed1.5-Thinking score?", catalog).entries == ("seed1-5-thinking",)
    assert "base_model" not in understand("ToRL 基于哪个 RL 框架？", catalog).asks


def test_a_season_of_a_year_is_no_name_and_a_base_described_is_no_subject(catalog: Catalog) -> None:
    q = understand("The UIUC/Amazon spring-2025 study of reward design for tool-use RL — which dimensions?", catalog)
    assert q.unseen == (), q
    assert understand("What's the score of the mid-2025 release Foo-9 on GAIA?", catalog).unseen == ("Foo-9",)
    q = understand(
        "OpenAI's Feb 2025 research agent built on an early browsing-tuned o3 — what does it return?", catalog
    )
    assert "openai-o3-and-o4-mini" not in q.entries, q
    assert understand("DAPO 基于 verl 做了什么改进？", catalog).entries == ("dapo",)


def test_a_work_the_asking_part_compares_with_is_a_side(catalog: Catalog) -> None:
    q = understand("Kimi K2 gets 65.8 on SWE-bench Verified — how does that compare with GLM-4.5?", catalog)
    assert q.intent == "comparison" and set(q.entries) == {"kimi-k2", "glm-4-5"}, q
    # a work only mentioned after the description is no side ("does it beat …" asks about the described one)
    q = understand("The Moonshot agentic MoE from July 2025 — does it beat DeepSeek-R1?", catalog)
    assert "deepseek-r1" not in q.entries, q


def test_american_universities_are_a_group_of_their_own(catalog: Catalog) -> None:
    q = understand("Which 2025 works came out of American universities rather than companies?", catalog)
    assert q.orgs == ("US universities",), q
    assert understand("美国高校有哪些工作？", catalog).orgs == ("US universities",)
    assert understand("Which works are from US labs?", catalog).orgs == ("US organisations",)


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("How many product categories does the WebShop environment span?", "categories"),
        ("WebShop 有多少个商品类别？", "类别"),
        ("How many experts does Hunyuan-A13B have?", "experts"),
        ("混元有多少个专家？", "专家"),
        ("AppWorld 有多少个任务？", "任务"),
        ("OS-Genesis 一共合成了多少条 GUI 轨迹？", "轨迹"),  # a Latin word between the classifier and the noun
        ("AppWorld 有几个 app 环境？", "环境"),
        ("DeepResearcher 训练一共用了多少张 GPU？", "gpu"),
        ("GLM-4.5 一共有多少层 Transformer？", "层"),
        ("How many human participants rated the Generative Agents?", "human participants"),
        ("Generative Agents 的评估找了多少名评估者？", "评估者"),
        ("ToRL: how many code-interpreter calls per rollout?", "calls"),
        ("Was there a limit on how many functions one request could pass to ReAct?", "functions"),
        ("MiniMax-M2 训练时同时开了多少个沙盒？", "沙盒"),
    ],
)
def test_a_count_asked_counts_the_head_noun(catalog: Catalog, text: str, noun: str) -> None:
    assert counted_noun(understand(text, catalog)) == noun


def test_second_review_cases_of_bases_comparisons_and_dates(catalog: Catalog) -> None:
    # "based on the survey", "基于这篇综述", "基于 Qwen 的 ToRL": the work named after is still the subject
    assert "kimi-k2" in understand("Based on the survey what is Kimi K2's SWE-bench Verified score?", catalog).entries
    assert "deepseek-r1" in understand("基于这篇综述 DeepSeek-R1 的 AIME 2024 分数是多少？", catalog).entries
    assert "torl" in understand("基于 Qwen 的 ToRL 在 AIME 2024 上多少分？", catalog).entries
    assert "torl" in understand("Was DAPO trained on the same data as ToRL?", catalog).entries
    # a work compared with in a description of an unnamed one is not the subject
    q = understand("The Moonshot agentic MoE from July 2025 — how does it compare with DeepSeek-R1?", catalog)
    assert "deepseek-r1" not in q.entries, q
    q = understand("Kimi K2 scores 65.8 on SWE-bench Verified — and what did it get rather than DeepSeek-R1?", catalog)
    assert "deepseek-r1" not in q.entries, q
    # invented names that start like a date stay unknown; a hyphenated quarter is a quarter
    assert understand("What did Midas-2024 score on GAIA?", catalog).unseen == ("Midas-2024",)
    assert understand("Which works came out in Q3-2025?", catalog).month == "2025-07..2025-09"


def test_a_long_word_after_based_on_reads_fast(catalog: Catalog) -> None:
    import time

    start = time.perf_counter()
    understand("Is DAPO built on " + "x" * 1900 + "! or on verl, compared with Kimi K2?", catalog)
    understand("基于" + "强" * 1900 + "！DAPO 在 AIME 上多少分？", catalog)
    assert time.perf_counter() - start < 5.0  # was 97 s and 44 s with a backtracking pattern


@pytest.mark.parametrize(
    ("text", "versus"),
    [
        ("Which works measure themselves against GPT-4 Turbo (not the original GPT-4 or GPT-4o)?", ("GPT-4 Turbo",)),
        ("Which entries line their model up against GPT-5 (not GPT-5.5)?", ("GPT-5",)),
        ("哪些工作拿 ChatGPT / GPT-3.5 当对标？", ("ChatGPT", "GPT-3.5")),
        ("哪些模型超过了 Claude 3.5 Sonnet？", ("Claude 3.5 Sonnet",)),
        ("Which works benchmark themselves against OpenAI's o1 line (o1, o1-preview)?", ("o1", "o1-preview")),
        ("阿里自家条目以外，有哪些工作拿 Qwen 系列模型当对比对象？", ("Qwen",)),
        # a model used in a role or built on, not measured against
        ("Which works use GPT-4 as the backbone?", ()),
        ("Which works build on Qwen?", ()),
        # a lookup is no list
        ("How does Kimi K2 compare against GPT-4o?", ()),
    ],
)
def test_models_a_list_measures_works_against(catalog: Catalog, text: str, versus: tuple[str, ...]) -> None:
    assert understand(text, catalog).versus == versus


def test_a_platform_used_is_no_maker_and_that_month_is_no_described_work(catalog: Catalog) -> None:
    q = understand("哪些工作把 Hugging Face 上的模型当工具？", catalog)
    assert q.intent == "list" and q.hosts == ("Hugging Face",) and not q.orgs, q
    assert understand("Which works use models hosted on Hugging Face?", catalog).hosts == ("Hugging Face",)
    assert understand("Which works come from Hugging Face?", catalog).orgs == ("Hugging Face",)
    # "那个月" is that month, not "that work"; "哪些东西" asks for a list
    q = understand("26年2月出了哪些东西？综述里那个月的条目帮我列一下", catalog)
    assert q.intent == "list" and q.month == "2026-02", q
    # "gain over the base model" compares with the base; it does not ask which base it is
    assert "base_model" not in understand("How much did ToolRL gain over the untuned base model?", catalog).asks
    assert "base_model" in understand("What base model does ToolRL start from?", catalog).asks


def test_a_product_of_a_known_family_the_survey_never_names_is_unknown(catalog: Catalog) -> None:
    assert "Gemini CLI" in understand("综述里有没有讲谷歌的 Gemini CLI？", catalog).unseen
    assert understand("What is Claude Code?", catalog).unseen == ()  # named in the survey
    assert understand("GPT-5.5 GDPval score?", catalog).unseen == ()  # a versioned model and a benchmark
    assert understand("How does OpenAI Operator work?", catalog).unseen == ()  # a maker, then its product


def test_a_chinese_word_the_glossary_holds_a_part_of_finds_the_english_word(catalog: Catalog) -> None:
    from surveyqa.reader import expand

    assert "memory" in expand(["记忆里"], catalog)  # 记忆 → memory
    assert expand(["记忆"], catalog) >= {"memory", "记忆"}
    assert expand(["天气"], catalog) == {"天气"}  # nothing of it in the glossary: itself only


def test_a_colloquial_ask_word_marks_the_clause_that_asks() -> None:
    from surveyqa.understand import asking_tokens

    tokens = asking_tokens("上交那个做工具集成 RL 的工作，涌现的行为除了调工具，第三种是啥")
    assert "上交" not in tokens and "第三种" in tokens, tokens


def test_a_possessive_work_described_after_does_is_one_work(catalog: Catalog) -> None:
    q = understand("What kind of frameworks does Microsoft's 'RL for any agent' system bring in?", catalog)
    assert q.intent == "lookup", q
    assert understand("Which benchmarks does DeepSeek's team report?", catalog).intent == "list"


def test_review_cases_of_rivals_platforms_and_what_is_asked(catalog: Catalog) -> None:
    # "是什么东西" asks what a thing is; only "哪些东西" asks for a list
    assert understand("GRPO 是什么东西？", catalog).intent == "lookup"
    # the maker's own blog, not a platform the works use
    q = understand("Which posts were published on OpenAI's blog?", catalog)
    assert q.orgs == ("OpenAI",) and not q.hosts, q
    # a base the works build on is no rival; a cue does not reach past a clause break
    assert understand("Which works that beat GPT-4 are built on Llama?", catalog).versus == ("GPT-4",)
    assert understand("哪些工作超过了 GPT-4，并且基于 Qwen 训练？", catalog).versus == ("GPT-4",)
    # a name written against Chinese characters, and 做了对比 after it
    assert understand("哪些工作拿ChatGPT当对标？", catalog).versus == ("ChatGPT",)
    assert understand("哪些工作和 GPT-5 做了对比？", catalog).versus == ("GPT-5",)
    # a capitalised name after the possessive is named, not described
    assert understand("Which works does Google's Gemini model outperform?", catalog).intent == "list"


def test_unseen_products_read_fast_on_long_input(catalog: Catalog) -> None:
    import time

    start = time.perf_counter()
    understand("Gemini Ab " * 200, catalog)
    understand("Qwen Zz " * 250, catalog)
    assert time.perf_counter() - start < 3.0  # was about 1.7 s each before the corpus was squashed once


def test_orgs_set_aside_before_or_after_them_and_not_by_a_later_besides(catalog: Catalog) -> None:
    """ "non-DeepSeek works", "阿里自家条目以外" leave the org out; "besides the bootstrapped generator" after Zhipu's
    work sets the generator aside, not Zhipu."""
    q = understand("Which non-DeepSeek works compare themselves against DeepSeek's models?", catalog)
    assert q.exclude_orgs == ("DeepSeek",) and q.orgs == () and q.exclude_concepts == ()
    assert understand("阿里自家条目以外，有哪些工作拿 Qwen 系列模型当对比对象？", catalog).exclude_orgs == ("Alibaba",)
    besides = understand(
        "Zhipu's 2023 web-search QA system that set out to beat WebGPT more cheaply — besides the bootstrapped "
        "generator, what are its other two components?",
        catalog,
    )
    assert besides.exclude_orgs == () and besides.orgs == ("Zhipu",)
    assert understand("Google 做的除外，还有哪些工作用了 RL？", catalog).exclude_orgs == ("Google",)
    assert understand("非 OpenAI 的工作里哪些用了 PPO？", catalog).intent == "list"


def test_the_surveys_own_kind_named_as_such_binds(catalog: Catalog) -> None:
    """ "kind = paper" binds beside other words (a plain "papers" does not); "类型标成 report（不是 technical-report）"
    is the plain report kind; alternatives joined to it count too."""
    q = understand("how many 2024 entries in the survey are actual papers (kind = paper)?", catalog)
    assert q.kinds == ("paper",) and q.kind_stated
    assert not understand("Which papers use GRPO?", catalog).kind_stated
    r = understand("类型标成 report（不是 technical-report）的条目里，最早的是哪个？", catalog)
    assert r.kinds == ("report",) and r.exclude_kinds == ("technical-report",) and r.intent == "earliest"
    cards = understand("How many entries have kind model-card or system-card?", catalog)
    assert set(cards.kinds) == {"model-card", "system-card"}
    assert understand("What type of model is Kimi K2?", catalog).kinds == ()


@pytest.mark.parametrize(
    ("text", "section"),
    [
        ("第八节（Agentic RL：可验证奖励、工具与搜索）里，国内团队做的有几条？", "八、"),
        ("Which entries in section 9 are from ByteDance?", "九、"),
        ("第三部分有哪些工作？", "三、"),
        ("第99节有哪些工作？", None),  # no such section
        ("What does section 3 of the ReAct paper describe?", None),  # a paper's own section
        ("ReAct 论文的第二部分讲了什么？", None),
    ],
)
def test_a_section_named_by_its_number(catalog: Catalog, text: str, section: str | None) -> None:
    assert understand(text, catalog).section == section


def test_what_kind_of_model_a_named_work_is_asks_about_it(catalog: Catalog) -> None:
    """ "What kind of model is Kimi K2?" is about Kimi K2, unlike "Which model is trained on Qwen2.5-32B?"."""
    assert understand("What kind of model is Kimi K2?", catalog).entries == ("kimi-k2",)
    assert understand("What type of model is DeepSeek-R1?", catalog).entries == ("deepseek-r1",)
    assert understand("Which model is trained on Qwen2.5-32B?", catalog).entries == ()


def test_a_makers_version_of_a_named_work_is_that_makers_entry(catalog: Catalog) -> None:
    """ "OpenAI's human-validated SWE-bench subset" is OpenAI's SWE-bench Verified, not Princeton's SWE-bench."""
    assert understand("What did OpenAI's SWE-bench subset fix?", catalog).entries == ("swe-bench-verified",)
    annotators = "How many professional annotators checked OpenAI's human-validated SWE-bench subset?"
    assert understand(annotators, catalog).entries == ("swe-bench-verified",)
    assert understand("How many tasks does SWE-bench have?", catalog).entries == ("swe-bench",)


def test_alternatives_joined_to_a_concept_left_out_are_left_out_and_not_only_sets_aside(catalog: Catalog) -> None:
    """ "(not web browsing or GUI control)" leaves both out; "而不只是写代码" sets coding aside, not asking it."""
    q = understand(
        "Which works contribute a benchmark specifically for tool / API calling (not web browsing or GUI control)?",
        catalog,
    )
    assert q.concepts == ("tool use",) and set(q.exclude_concepts) == {"web agents", "GUI agents"}
    assert "coding" not in understand("哪些工作专门面向办公这类知识型工作，而不只是写代码？", catalog).concepts


def test_a_makers_model_by_its_version_alone_and_a_platform_released_on(catalog: Catalog) -> None:
    """ "R1-0528" and "V3.1" name DeepSeek's entries (a bare "R1" does not: Search-R1 carries it too);
    "在 Hugging Face 上开源" is a platform, not a maker."""
    assert understand("By what percent did R1-0528 reduce hallucinations?", catalog).entries == ("deepseek-r1-0528",)
    assert understand("V3.1 的 Think 模式有什么特点？", catalog).entries == ("deepseek-v3-1",)
    hf = understand("哪些模型在 Hugging Face 上开源了？", catalog)
    assert hf.hosts == ("Hugging Face",) and hf.orgs == ()
    assert understand("Which models were open-sourced on Hugging Face?", catalog).hosts == ("Hugging Face",)


def test_review_regressions_of_the_org_and_concept_rules(catalog: Catalog) -> None:
    """What sits after an org is set aside only right after it; a concept asked for is not also left out; "不只是
    X 还 Y" asks both; an org named elsewhere does not swap the named work; long whitespace stays fast."""
    assert understand("Anthropic 在 computer use 之外还做了哪些 agent 工作？", catalog).exclude_orgs == ()
    assert understand("Which Google works leave RL aside?", catalog).exclude_orgs == ()
    gui = understand("有哪些 GUI agent 工作（不是浏览器，也不是手机）？", catalog)
    assert "GUI agents" in gui.concepts and "GUI agents" not in gui.exclude_concepts
    both = understand("哪些工作不只是做 SFT 还做了 RL？", catalog)
    assert "SFT" in both.concepts
    assert understand("What did OpenAI score on SWE-bench?", catalog).entries == ("swe-bench",)
    import time

    start = time.perf_counter()
    understand("Which works compare against GPT-4" + " " * 400 + "?", catalog)
    assert time.perf_counter() - start < 2.0


@pytest.mark.parametrize(
    ("text", "literal", "in_name"),
    [
        ("Which models have the word 'Flash' in their name?", ("Flash",), True),
        ("综述里哪些条目写着“开源 SOTA”？", ("开源 SOTA",), False),
        ("哪些条目被说成“首个/首批”？", ("首个", "首批"), False),
        ("Which entries mention 'reward hacking' verbatim?", ("reward hacking",), False),
        # Quotes that gloss a topic are no literal words: no cue asks for the words as written.
        ("哪些工作涉及 agent 的“自进化 / 自我演化”？", (), False),
        ("Which 'mini' reasoning models are covered?", (), False),
        ("Which works mention 'open weights'?", (), False),
        ("哪些工作涉及“深度研究”写作任务？", (), False),
        ("哪些工作属于所谓的“自我进化”方向，也称为 self-evolving？", (), False),
    ],
)
def test_a_list_of_words_as_written(catalog: Catalog, text: str, literal: tuple[str, ...], in_name: bool) -> None:
    q = understand(text, catalog)
    assert (q.literal, q.literal_in_name) == (literal, in_name)


def test_a_benchmark_entry_named_beside_a_work_is_compared_for_dates_and_makers(catalog: Catalog) -> None:
    q = understand("Voyager 和 WebVoyager 各是什么时候发的？", catalog)
    assert q.intent == "comparison" and set(q.entries) == {"voyager", "webvoyager"}
    # A score asked beside a model keeps the benchmark a slot.
    scored = understand("What did Kimi K2 score on SWE-bench Verified and when was it released?", catalog)
    assert scored.entries == ("kimi-k2",) and scored.benchmarks
    # Only when the two are named side by side: a date asked of the work alone keeps the benchmark a slot.
    alone = understand("When did AutoGLM come out and how does it relate to WebArena?", catalog)
    assert alone.entries == ("autoglm",)


def test_batch_inside_a_description_asks_for_no_hyperparameter(catalog: Catalog) -> None:
    assert "hyperparameter" not in understand("What is AReaL's same-model-per-batch setup good for?", catalog).asks
    for asked in (
        "What batch size did DAPO use?",
        "How many prompts per batch did DAPO use?",
        "DAPO 每个 batch 多少条 prompt？",
    ):
        assert "hyperparameter" in understand(asked, catalog).asks, asked


def test_how_a_work_trains_is_a_kind_of_fact_asked(catalog: Catalog) -> None:
    assert "training_method" in understand("WebShop 原论文是用什么方法来训练 agent 的？", catalog).asks
    assert "training_method" in understand("What methods did the WebShop paper use to train agents?", catalog).asks
    assert "training_method" not in understand("How big is WebShop?", catalog).asks


def test_words_as_written_left_out_or_all_asked(catalog: Catalog) -> None:
    q = understand("Which models have 'Flash' in their name but not 'Thinking'?", catalog)
    assert (q.literal, q.literal_not, q.literal_all) == (("Flash",), ("Thinking",), False)
    both = understand("Which models have both 'Flash' and 'Thinking' in their name?", catalog)
    assert (both.literal, both.literal_all) == (("Flash", "Thinking"), True)
    zh = understand("哪些模型名字里带“Flash”但不带“Thinking”？", catalog)
    assert (zh.literal, zh.literal_not, zh.literal_in_name) == (("Flash",), ("Thinking",), True)


def test_a_number_asked_beside_a_description_still_asks_a_score(catalog: Catalog) -> None:
    q = understand("How did Magentic-One do on WebArena, as described in the paper? Give the success rate.", catalog)
    assert "score" in q.asks


def test_a_price_paid_in_quality_is_no_cost_asked(catalog: Catalog) -> None:
    for figurative in (
        "Does AReaL's faster training cost anything in final model quality?",
        "Does the speed-up come at the cost of accuracy?",
        "Does asynchronous RL cost much in terms of performance?",
    ):
        assert "cost" not in understand(figurative, catalog).asks, figurative
    for money in (
        "How much did DeepSeek-R1's RL training cost?",
        "What does it cost to train MiniMax-M1?",
        "At what cost was DeepSeek-V3.2 trained?",
        "Was DeepSeek-R1 trained at a cost of under $6M?",
        "Was it trained at the cost of $5M?",
    ):
        assert "cost" in understand(money, catalog).asks, money


@pytest.mark.parametrize(
    ("text", "prefix"),
    [
        ("Which works have names starting with 'Web'?", True),
        ('List the entries whose name begins with "Deep".', True),
        ("名字以“Web”开头的工作有哪些？", True),
        ("Which models have 'Flash' in their name?", False),
    ],
)
def test_a_name_that_opens_with_a_term(catalog: Catalog, text: str, prefix: bool) -> None:
    q = understand(text, catalog)
    assert q.literal and q.literal_prefix == prefix, q


def test_starting_with_in_another_sense_is_no_name_prefix(catalog: Catalog) -> None:
    for text in (
        'Which entries say "agentic RL", beginning with the 2025 ones?',
        "Which papers describe 'tool use', starting with Toolformer?",
    ):
        assert not understand(text, catalog).literal_prefix, text


def test_the_survey_kind_named_with_its_chinese_word(catalog: Catalog) -> None:
    q = understand("工具调用那一节里类型标为博客（blog）的有几条？", catalog)
    assert (q.kinds, q.kind_stated) == (("blog",), True)
    other = understand("标成论文（paper）以外的有哪些？", catalog)
    assert other.exclude_kinds == ("paper",) and not other.kinds, other


@pytest.mark.parametrize(
    ("text", "intent", "from_overview"),
    [
        ("Which models does the survey's overview give as examples for 2026?", "list", True),
        ("According to the overview, which benchmarks pushed evaluation toward real environments?", "list", True),
        ("综述概述里提到了哪些 RL 基础设施？", "list", True),
        ("综述开头那段说 2024 年哪些工作用轨迹做 SFT？", "list", True),
        ("How many benchmarks does the survey's overview mention?", "count", True),
        ("Which blogs does the survey's overview name for 2025?", "list", True),
        ("Which benchmarks does the survey overview name for 2024?", "list", True),
        # The overview asked for itself, or about its text, or another work's introduction: no list of its works.
        ("What is the survey's overview?", "overview", False),
        ("这份综述讲了什么？", "overview", False),
        ("What does the survey's overview give as the trend for 2025?", "overview", False),
        ("综述的概述里哪个年份被称为 agentic RL 元年？", "overview", False),
        ("Which works in the survey use GRPO?", "list", False),
        ("Which works followed the introduction of GRPO?", "list", False),
        ("哪些论文的概述里提到了 GRPO？", "list", False),
        ("哪些工作的引言部分讨论了奖励黑客？", "list", False),
    ],
)
def test_works_the_overview_names(catalog: Catalog, text: str, intent: str, from_overview: bool) -> None:
    q = understand(text, catalog)
    assert (q.intent, q.from_overview) == (intent, from_overview)


def test_a_ratio_a_window_size_and_a_base_initialised_from_are_kinds_of_fact(catalog: Catalog) -> None:
    assert "ratio" in understand("Command A 的两种注意力按几比几混合？", catalog).asks
    assert "window_size" in understand("How large is the sliding window size in Command A?", catalog).asks
    # A context window is a context length, not a sliding window.
    context = understand("What's Kimi K2's context window size?", catalog).asks
    assert "window_size" not in context and "context" in context
    assert "base_model" in understand("GLM-4.5 是从哪个现成模型初始化来的？", catalog).asks


def test_operating_a_computer_is_computer_use(catalog: Catalog) -> None:
    assert "GUI agents" in understand("Which OpenAI works are about agents that operate a computer?", catalog).concepts
    assert "GUI agents" in understand("哪些工作让模型直接操作电脑？", catalog).concepts


def test_which_of_the_surveys_works_is_a_list_and_shared_weights_are_no_size(catalog: Catalog) -> None:
    q = understand("Which of the survey's benchmarks or environments were built at Princeton?", catalog)
    assert (q.intent, q.role) == ("list", "benchmark")
    assert understand("Which of these papers use GRPO?", catalog).intent == "list"
    shared = understand("Gato 是不是每种任务各训一个模型、各有各的参数？", catalog)
    assert "size" not in shared.asks
    assert "size" not in understand("Gato 的参数是共享的吗？", catalog).asks
    assert "size" in understand("GLM-4.5 和 GLM-4.5-Air 各自的参数是多少？", catalog).asks
    # One answer asked ("is the largest"): not a list.
    assert understand("Which of the survey's models is the largest?", catalog).intent != "list"
    assert understand("Which of these open MoE models is the largest?", catalog).intent != "list"
    assert "size" in understand("Gato 有多少参数？", catalog).asks
    assert "size" in understand("Gato 的参数是多少？", catalog).asks


@pytest.mark.parametrize(
    ("text", "asks"),
    [
        # 参数 / "parameters" of a call are its arguments, not a model's size
        ("OpenAI 那次让 gpt-4 按函数 schema 吐出结构化 JSON 参数的 API 更新，奠定了什么？", ()),
        ("What API parameters does Gorilla handle?", ()),
        ("Kimi K2 有多少参数？", ("size",)),
        ("How many parameters does the function-calling model have?", ("size",)),
        # a cost set against capability is a trade-off's axis; "cost anything on …" asks what is lost
        ("How does Gemini 2.5 position its models in terms of capability versus cost?", ()),
        ("Gemini 2.5 的性能-成本怎么样？", ()),
        ("Does DeepSeek-V3.2's sparse attention cost anything on long inputs?", ()),
        ("What did DAPO cost to train?", ("cost",)),
        # "how was <work> trained / aligned": the way it trains, as "怎么训练" reads in Chinese
        ("How were the GLM-4 models aligned after pre-training?", ("training_method",)),
        ("How was DeepSeek-R1 trained?", ("training_method",)),
        ("How does Kimi K2 perform on SWE-bench after it was trained?", ("score",)),
        ("How do models trained with RLHF compare to SFT?", ()),
        # "accuracy and cost" asks both; "cost anything for API users" is a price
        ("What was Kimi K2's accuracy and cost?", ("cost",)),
        ("Does GPT-4o cost anything for API users?", ("cost",)),
        # a price per tokens is a cost, however it is asked
        ("What does Amazon charge per million tokens for Nova Micro?", ("cost",)),
        ("Nova Micro 每百万 token 收费多少？", ("cost",)),
        ("Who is in charge of training Nova?", ()),
        # "only when" / "even when" set a condition; "什么时候、怎么调" is when to act: no date asked
        ("Does Tree of Thoughts need any training, or is it applied only when the model is run?", ()),
        ("Does Toolformer still work even when the tools are unavailable?", ()),
        ("ReTool 用结果奖励教模型“什么时候、怎么调代码解释器”，基座是什么？", ("base_model",)),
        ("When did Tree of Thoughts come out?", ("date",)),
    ],
)
def test_the_kind_of_fact_asked_in_other_words(catalog: Catalog, text: str, asks: tuple[str, ...]) -> None:
    assert understand(text, catalog).asks == asks, text


def test_a_field_abbreviation_is_no_unknown_name_and_a_beaten_rival_is_not_the_work_asked(catalog: Catalog) -> None:
    ml = "That 2023 work that fine-tuned a 7B LLaMA purely to write ML API calls — how accurate is it?"
    q = understand(ml, catalog)
    assert "ML" not in q.unseen, q.unseen
    beat = "ByteDance Seed had a 2025 vision-language model that beat OpenAI's CUA on GUI tasks. What was it called?"
    assert understand(beat, catalog).entries == (), understand(beat, catalog).entries
    curly = "A 2025 model that beat OpenAI’s CUA on GUI tasks — what’s its name?"
    assert understand(curly, catalog).entries == (), understand(curly, catalog).entries
    # A rival named before the subject in Chinese ("和 o1 媲美的 DeepSeek-R1"): both stay named.
    zh = understand("和 o1 媲美的 DeepSeek-R1 是用什么算法训练的？它的名字叫什么？", catalog)
    assert "deepseek-r1" in zh.entries, zh.entries


def test_a_name_is_used_by_its_dated_snapshot_but_not_by_a_later_version() -> None:
    line = Entry("x", "X", "按函数 schema 输出：gpt-4-0613/gpt-3.5-turbo-0613；对比 GPT-5.5 与 GLM-4-9B", "一、")
    small = Catalog.from_entries([line])
    assert small.uses_name("x", "gpt-3.5-turbo") and small.uses_name("x", "GPT-4")  # a dated snapshot is the model
    assert not small.uses_name("x", "GPT-5") and not small.uses_name("x", "GLM-4")  # a later version or size is not


@pytest.mark.parametrize(
    "text",
    [
        "Which model in the survey was the first to offer a context window of a million tokens?",
        "Which was the first model with a context window over 1M tokens?",
        "Which was the first model to support a 1M context?",
        "最早支持百万 token 上下文的模型是哪个？",
    ],
)
def test_the_first_work_to_reach_a_value_is_the_earliest_over_it(catalog: Catalog, text: str) -> None:
    q = understand(text, catalog)
    assert (q.intent, q.measure, q.threshold, q.threshold_op) == ("earliest", "context", 1e6, ">="), q


def test_scales_in_words_bound_and_the_surveys_opening_is_its_overview(catalog: Catalog) -> None:
    q = understand("Which models have a context window of at least one million tokens?", catalog)
    assert (q.intent, q.threshold) == ("list", 1e6), q  # "at least" before a bound asks for no lowest one
    opening = "综述开头梳理发展脉络时说，到了 2026 年，前沿模型还有哪方面的评估变得必不可少？"
    assert understand(opening, catalog).intent == "overview"
    assert understand("综述开头拿哪些模型当例子？", catalog).intent == "list"


def test_a_us_company_is_no_university_and_a_partner_that_may_be_there_is_no_filter(catalog: Catalog) -> None:
    q = understand("Which 2024 entries involve a US company — on its own or together with universities?", catalog)
    assert (q.orgs, q.years) == (("US companies",), (2024, 2024)), q
    assert understand("2024 年有哪些美国公司单独或与高校合作的条目？", catalog).orgs == ("US companies",)
    assert understand("Which entries are from US labs?", catalog).orgs == ("US organisations",)


def test_the_abstract_named_as_the_source(catalog: Catalog) -> None:
    assert understand("UI-TARS 那篇论文的摘要里说还额外做了什么分析？", catalog).in_abstract
    assert understand("According to its abstract, what does ReAct interact with?", catalog).in_abstract
    assert understand(
        "What do the SWE-bench and WebArena papers say, according to their abstracts?", catalog
    ).in_abstract
    assert not understand("Which works do abstract reasoning?", catalog).in_abstract
    # the survey's own line called its summary is not the paper's abstract
    assert not understand("综述里 ReTool 条目的摘要中说基座是什么？", catalog).in_abstract
    assert not understand("调研中 DAPO 的中文摘要里说基于什么框架？", catalog).in_abstract


def test_that_release_describes_one_work_unless_works_are_asked(catalog: Catalog) -> None:
    release = "Anthropic 2025 年 5 月那次主打编码和长时程 agent 的新一代模型发布，调用工具的方式还有什么新变化？"
    assert understand(release, catalog).intent == "lookup"
    assert understand("哪些工作沿用了那套 GRPO 配方？", catalog).intent == "list"
    assert understand("DeepSeek 那次发布之后，还有哪些模型用了 GRPO？", catalog).intent == "list"


@pytest.mark.parametrize(
    ("text", "asks_date"),
    [
        ("Did Anthropic give a Terminal-bench number for Sonnet 4 (not Opus 4)? What was it?", False),
        ("Did the survey specify when GLM-4.5 was released?", True),
        ("Can you tell me when GLM-4.5 came out?", True),
        ("Has the survey mentioned when Qwen3 was released?", True),
        ("ReAct 是什么时候、在哪个会议发表的？", True),
        ("Kimi K2 是什么时候、由谁发布的？", True),
    ],
)
def test_a_benchmark_number_asked_is_a_score_and_yes_no_questions_keep_their_date(
    catalog: Catalog, text: str, asks_date: bool
) -> None:
    q = understand(text, catalog)
    assert ("date" in q.asks) == asks_date, (text, q.asks)
    if not asks_date:
        assert q.asks == ("score",), q.asks


def test_the_us_group_by_its_other_spellings(catalog: Catalog) -> None:
    assert understand("Which April 2025 entries come from US organizations?", catalog).orgs == ("US organisations",)


def test_a_scene_setting_when_clause_asks_nothing_and_kinds_of_task_are_no_benchmarks(catalog: Catalog) -> None:
    scene = understand(
        "When ChatGPT built ToolBench's instructions in ToolLLM, did it only write single-tool instructions?", catalog
    )
    assert "toolbench" not in scene.ask_tokens and "single-tool" in scene.ask_tokens, scene.ask_tokens
    assert "toolllm" in understand("When did ToolLLM come out, and who made it?", catalog).ask_tokens
    kinds = understand("GLM-4.1V-Thinking 的摘要里说，RLCS 让模型在哪些类型的任务上都有了全面提升？", catalog)
    assert "benchmark" not in kinds.asks
    assert "benchmark" in understand("GLM-4.1V-Thinking 在哪些基准上评测？", catalog).asks
    called = understand("综述描述里，直接把哪些工作称作某个方向的“奠基”或“开山之作”？", catalog)
    assert called.literal == ("奠基", "开山之作"), called.literal


def test_a_national_qualifier_before_two_kinds_of_maker_holds_for_both(catalog: Catalog) -> None:
    # "国内高校或企业" is the Chinese universities or the Chinese companies, not every company.
    assert understand("调研中来自国内高校或企业最早的条目是哪个？", catalog).orgs == ("Chinese organisations",)
    assert understand("Which entries come from US companies or universities?", catalog).orgs == ("US organisations",)
    assert understand("哪些条目来自国内高校？", catalog).orgs == ("Chinese universities",)
    for text in (
        "哪些条目来自国内高校和企业？",
        "哪些条目来自国内的高校或企业？",
        "Which entries come from Chinese universities or labs?",
    ):
        assert understand(text, catalog).orgs == ("Chinese organisations",), text
    joint = understand("Which entries are joint work of US companies and universities?", catalog)
    assert (set(joint.orgs), joint.orgs_joint) == ({"US companies", "US universities"}, True), joint


def test_a_chinese_company_is_no_university_and_joint_work_after_an_aside(catalog: Catalog) -> None:
    q = understand("2024 年国内公司和国内高校（港校也算）合作做出来的工作有哪些？", catalog)
    assert set(q.orgs) == {"Chinese companies", "Chinese universities"} and q.orgs_joint, q
    assert understand("国内厂商有哪些工作用了 GRPO？", catalog).orgs == ("Chinese companies",)


def test_review_cases_of_the_evening_rules(catalog: Catalog) -> None:
    # "也被称为" glosses a term, as "也称为" does
    assert understand("哪些工作研究“自我演化”（也被称为“self-evolving”）？", catalog).literal == ()
    # kinds of benchmark are still benchmarks
    assert "benchmark" in understand("Kimi K2 在哪些类型的基准上领先？", catalog).asks
    # a count of models that charge, and a time per million tokens, ask no price
    assert "cost" not in understand("How many models charge for API access?", catalog).asks
    assert "cost" not in understand("How long does Kimi K2 take per million tokens?", catalog).asks
    # "exactly" keeps an exact value
    exact = understand("Which was the earliest model with exactly 128K context?", catalog)
    assert (exact.intent, exact.threshold, exact.threshold_op) == ("earliest", 128e3, "=="), exact
    # "When exactly did …" asks, its words are what is asked
    assert "deepseek" in understand("When exactly did DeepSeek-R1 come out, and who made it?", catalog).ask_tokens


@pytest.mark.parametrize(
    ("text", "literal"),
    [
        # A quoted English term the survey writes is taken as written in a list, with no cue asking so.
        ("Which entries feature an 'agent swarm' — lots of sub-agents spun up in parallel?", ("agent swarm",)),
        ("综述里哪些条目提到了“Vibe”？", ("Vibe",)),
        # Not a term the survey never writes, a Chinese one quoted for emphasis, a slot, or a gloss.
        ("Which works feature a 'hive mind' of agents?", ()),
        ("哪些工作批评现有评测太“静态”？", ()),
        ("How many entries does the survey label as a plain 'report'?", ()),
        ("How many entries list 'DeepMind' among their orgs?", ()),
        ("Which works study self-evolution, also called 'self-evolving' agents?", ()),
    ],
)
def test_a_quoted_term_the_survey_writes_is_taken_as_written(
    catalog: Catalog, text: str, literal: tuple[str, ...]
) -> None:
    assert understand(text, catalog).literal == literal


def test_one_model_in_a_description_of_a_kind_is_no_single_work(catalog: Catalog) -> None:
    assert understand("Which entries have many sub-agents run in parallel by one model?", catalog).intent == "list"
    assert understand("Which works fold thinking and non-thinking into one model?", catalog).intent == "list"


@pytest.mark.parametrize(
    ("text", "left_out"),
    [
        ("Leaving OpenAI out, which lab's system card shows up earliest in the survey?", True),
        ("Leave OpenAI out: which lab's system card is the earliest?", True),
        ("Which lab's system card is the earliest, OpenAI included?", False),
    ],
)
def test_leaving_an_org_out(catalog: Catalog, text: str, left_out: bool) -> None:
    q = understand(text, catalog)
    assert (q.exclude_orgs == ("OpenAI",), "OpenAI" in q.orgs) == (left_out, not left_out), (q.orgs, q.exclude_orgs)


def test_leaving_named_works_out_of_a_ranking(catalog: Catalog) -> None:
    q = understand(
        "Leave DeepSeek-R1 and Kimi K2 out: which model reports the highest SWE-bench Verified score?", catalog
    )
    assert q.intent == "ranking" and q.entries == ()


@pytest.mark.parametrize(
    "text",
    [
        "Has Meta published a SWE-bench Verified number for Muse Spark?",
        "Did they report any Terminal-bench number for Sonnet 4?",
        "Claude 3.7 Sonnet 打开 extended thinking 之后，GPQA Diamond 能到多少？",
        "Kimi K2 在 SWE-bench Verified 上能达到多少？",
    ],
)
def test_a_result_asked_in_yes_no_form_or_with_reach(catalog: Catalog, text: str) -> None:
    assert understand(text, catalog).asks == ("score",)


def test_how_a_benchmark_number_was_obtained_asks_no_score(catalog: Catalog) -> None:
    q = understand("Was o3's SOTA SWE-bench number obtained with a custom-built scaffold?", catalog)
    assert "score" not in q.asks


def test_a_benchmark_its_entry_introduced_is_asked_about_as_that_entry(catalog: Catalog) -> None:
    assert understand("WebWalkerQA 的题目分成几档难度？", catalog).entries == ("webwalker",)
    assert understand("WebWalkerQA 的题目分成几档难度？", catalog).asks == ("number",)
    # a result on it is not about the benchmark's own entry
    assert understand("What is the best number on WebWalkerQA?", catalog).entries != ("webwalker",)


def test_a_size_the_question_states_is_no_size_asked(catalog: Catalog) -> None:
    assert understand("蚂蚁把完整的万亿参数 Ring-1T 都开源了，作者认为这件事对研究社区意味着什么？", catalog).asks == ()
    assert understand("Kimi K2 有多少参数？", catalog).asks == ("size",)


@pytest.mark.parametrize(
    ("text", "concepts", "left_out"),
    [
        # what comes before "rather than" is asked; what follows it is set aside
        ("Which works use rule-based rewards rather than a learned reward model?", ("RLVR",), ()),
        # a bracket opening with a negation leaves its concept out
        (
            "哪些工作在 RL 里用的是基于规则的奖励（不是学出来的奖励模型）？",
            ("reinforcement learning", "RLVR"),
            ("reward model",),
        ),
        # a closing 不算 sets its whole clause aside
        (
            "哪些工作用强化学习训练 GUI agent？纯做信息检索的 web 搜索 agent 不算。",
            ("reinforcement learning", "GUI agents"),
            (),
        ),
    ],
)
def test_what_a_clause_sets_aside_and_what_it_asks(
    catalog: Catalog, text: str, concepts: tuple[str, ...], left_out: tuple[str, ...]
) -> None:
    q = understand(text, catalog)
    assert (q.concepts, q.exclude_concepts) == (concepts, left_out), (q.concepts, q.exclude_concepts)


@pytest.mark.parametrize(
    "text", ["GAIA 和 OSWorld 原论文里报的人类成绩各是多少？", "What human scores do GAIA and OSWorld each report?"]
)
def test_two_benchmarks_compared_are_the_works_asked_not_slots(catalog: Catalog, text: str) -> None:
    q = understand(text, catalog)
    assert (q.intent, set(q.entries), q.benchmarks) == ("comparison", {"gaia", "osworld"}, ()), q


def test_terse_spellings_a_name_without_separators_and_ctx(catalog: Catalog) -> None:
    # "gpt4" is the survey's "GPT-4" written without its hyphen: no unknown name
    q = understand("webarena gpt4 success rate", catalog)
    assert q.unseen == () and q.asks == ("score",), q
    assert understand("kimi k2 ctx length?", catalog).asks == ("context",)
    # a name the survey never writes in any spelling stays unknown
    assert understand("webarena gpt9 success rate", catalog).unseen == ("gpt9",)


def test_works_that_are_not_from_an_org_and_agents_that_do_a_thing(catalog: Catalog) -> None:
    q = understand("which papers use grpo but aren't from deepseek?", catalog)
    assert (q.intent, q.concepts, q.exclude_orgs) == ("list", ("GRPO",), ("DeepSeek",)), q
    q = understand("Which works are not from OpenAI but use PPO?", catalog)
    assert (q.concepts, q.exclude_orgs) == (("PPO",), ("OpenAI",)), q
    assert understand("有没有做医疗的 agent？", catalog).intent == "list"
    # a question that opens by asking what there is on a topic, colloquially too
    assert understand("有啥讲 GUI agent 的", catalog).intent == "list"
    assert understand("综述里有什么做医疗 agent 的？", catalog).intent == "list"
    assert understand("DeepSeek-R1 有什么讲奖励的？", catalog).intent == "lookup"
    assert understand("有没有讲多智能体的？", catalog).intent == "list"
    assert understand("有什么做法能缓解 reward hacking？", catalog).intent == "lookup"
    # whether the survey covers one named thing is no list of a kind
    assert understand("综述里有没有讲 Gemini CLI 这个终端编码 agent？", catalog).intent == "lookup"


def test_a_factor_is_no_name_and_a_kind_of_stuff_before_a_dash_is_no_single_work(catalog: Catalog) -> None:
    q = understand("Kimi K2.5 says Agent Swarm cuts latency by up to 4.5x — relative to what baseline?", catalog)
    assert q.unseen == () and q.entries == ("kimi-k2-5",), q
    assert understand("Anthropic stuff that isn't a blog post — what's in there?", catalog).intent == "list"


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # a quoted topic's own name is the topic in any words; two quoted terms are no single term as written
        ("Which papers mention 'tool use'?", lambda q: q.literal == () and "tool use" in q.concepts),
        ("How many entries mention 'MoE' but not 'dense'?", lambda q: q.literal == ()),
        # how a number was got, not the number
        ("Was o3's SWE-bench number reported with a custom scaffold?", lambda q: "score" not in q.asks),
        # a digit that ends a model's name is no size stated
        ("Qwen3 参数多大？", lambda q: q.asks == ("size",)),
        ("What are the DeepSeek-V3 params?", lambda q: q.asks == ("size",)),
        # a bracket that only qualifies leaves nothing out
        ("Which works train agents with RL (not necessarily GRPO)?", lambda q: q.exclude_concepts == ()),
        # 这几 / 前几 point back; they ask no number
        ("DeepSeek 的这几篇论文讲了什么？", lambda q: "number" not in q.asks),
        ("Kimi K2 前几轮 RL 用了什么奖励？", lambda q: "number" not in q.asks),
        # a squashed name with no entry named stays unknown
        ("when was gpt4 released?", lambda q: q.unseen == ("gpt4",)),
        # only the org right after the negation is left out
        (
            "Which benchmarks weren't built by OpenAI but are used in OpenAI's system cards?",
            lambda q: q.exclude_orgs.count("OpenAI") <= 1,
        ),
    ],
)
def test_review_cases_of_the_dv_dw_rules(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # "papers" said of works, with a topic and nothing else to go by, is no kind filter
        (
            "Some agent papers sell their system as doing the job the way a person would — navigating, clicking. "
            "Which entries make that pitch?",
            lambda q: q.intent == "list" and q.kinds == (),
        ),
        # a paper pointed at is no kind filter either
        ("Besides the WebArena paper itself, which works evaluate on WebArena?", lambda q: q.kinds == ()),
        # the kind marked, or set against another kind, or no topic: still the filter
        (
            "Which of OpenAI's entries are actual research papers, as opposed to blog posts?",
            lambda q: q.kinds == ("paper",),
        ),
        ("Most recent UIUC-affiliated paper in the survey?", lambda q: q.kinds == ("paper",)),
        ("Which RL papers here train on Qwen2.5-7B?", lambda q: q.kinds == ("paper",)),
        # what is set aside before a dash describes no single work
        (
            "Beyond citations — which entries point to hard evidence that other people picked their work up?",
            lambda q: q.intent == "list",
        ),
        ("Which safety write-ups look at the model's chain of thought itself?", lambda q: q.intent == "list"),
        # the kind of work, a comma, then which of them
        ("综述里收的评测基准，有哪些把题目按难易分了档？", lambda q: q.intent == "list"),
        # but one described work stays one
        ("When did Cohere first show up — which is its earliest entry?", lambda q: q.intent != "list"),
    ],
)
def test_loose_papers_set_asides_before_a_dash_and_list_nouns(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # "the 2024 papers", "the OpenAI papers": the kind asked, not one paper pointed at
        ("List the 2024 papers from Google.", lambda q: q.kinds == ("paper",)),
        ("How many of the OpenAI papers does the survey list?", lambda q: q.kinds == ("paper",)),
        ("清华和智谱合作的论文有哪些？", lambda q: q.kinds == ("paper",)),
        # one work pointed at, or a trait asked of a kind, after a comma is no list
        ("WebArena 这个基准，有哪些任务类型？", lambda q: q.intent == "lookup"),
        ("GUI agent 的评测基准，有哪些共同的缺点？", lambda q: q.intent != "list"),
        ("多智能体系统，有哪些常见的失败原因？", lambda q: q.intent != "list"),
        # "documents" asked of one work are no works
        ("What documents does GAIA give the assistant along with its questions?", lambda q: q.intent == "lookup"),
        # a set-aside followed by a description of one work still describes one work
        (
            "Besides GRPO, there is one recipe that DeepSeek-R1 made standard — which later works adopted it?",
            lambda q: q.intent == "lookup",
        ),
        # a set-aside ends at its dash or comma: the org after it is asked, the kind before it left out
        (
            "Except for the blog posts — which OpenAI entries are there?",
            lambda q: q.orgs == ("OpenAI",) and q.exclude_orgs == () and q.exclude_kinds == ("blog",),
        ),
        ("Which OpenAI entries are there, except for the blog posts?", lambda q: q.exclude_kinds == ("blog",)),
    ],
)
def test_review_cases_of_the_dx_rules(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


def test_a_maker_saying_its_model_names_that_model(catalog: Catalog) -> None:
    q = understand("MiniMax says its M2 family reaches frontier-tier results. On what kinds of benchmarks?", catalog)
    assert q.entries == ("the-minimax-m2-series",) and q.intent == "lookup", q
    # the possessive it stands for still names the model
    assert understand("What benchmarks does MiniMax's M2 family lead on?", catalog).entries == (
        "the-minimax-m2-series",
    )


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # years bounded by "predate" / "postdate" / "older than", as by "before" / "after"
        ("Which entries in the RL infrastructure section predate 2025?", lambda q: q.years == (1900, 2024)),
        ("Which works postdate 2024?", lambda q: q.years == (2025, 2100)),
        ("Any agent benchmarks older than 2024?", lambda q: q.years == (1900, 2023)),
        # two years each with its own direction bound the range from both ends
        ("Which works in the survey are from after 2024 and before 2026?", lambda q: q.years == (2025, 2025)),
        ("Which entries predate 2025 but postdate 2022?", lambda q: q.years == (2023, 2024)),
        ("2023 年之后、2026 年之前的工作有哪些？", lambda q: q.years == (2024, 2025)),
        # ... but a single direction still leaves the other end open, and a range stays a range
        # ("2024 年以后" counts 2024 itself, as readers write it; "after 2024" does not)
        ("哪些工作是 2024 年以后的？", lambda q: q.years == (2024, 2100)),
        ("智谱 2025 年之后发的论文有哪些？", lambda q: q.years == (2025, 2100)),
        ("Which works are from after 2024?", lambda q: q.years == (2025, 2100)),
        ("Which works are from 2023 to 2025?", lambda q: q.years == (2023, 2025)),
        # an org asked for and then set aside again sets aside a part of it: the org stays asked for
        (
            "Meta 的 FAIR 实验室参与的工作有哪些？Meta 超级智能实验室那种不算",
            lambda q: q.orgs == ("Meta",) and q.exclude_orgs == (),
        ),
        ("Which works are not from Meta?", lambda q: q.exclude_orgs == ("Meta",) and q.orgs == ()),
        # ... but the other labs asked about beside an org set aside are not a part of it
        (
            "除了 DeepSeek 以外还有哪些团队用 GRPO？DeepSeek 的不算",
            lambda q: "DeepSeek" in q.exclude_orgs and not q.orgs,
        ),
        ("Other than DeepSeek, which labs use GRPO? Not DeepSeek's own works", lambda q: "DeepSeek" in q.exclude_orgs),
        # 不算 before a describing word is a bound, not a set-aside
        ("OSWorld 的分数不算高的模型有哪些？", lambda q: q.benchmarks == ("OSWorld",) and q.exclude_entries == ()),
        # who is behind a described work asks its maker
        ("Who's behind the paper that trains search with two-stage outcome RL?", lambda q: "org" in q.asks),
        ("Who was behind the first agent that used a code sandbox?", lambda q: "org" in q.asks),
        # where code, weights or a page can be had
        ("OSWorld 的环境和代码在哪能拿到？给个地址", lambda q: "link" in q.asks),
        ("Where can I download the LongCat-Flash weights?", lambda q: "link" in q.asks),
        ("Is there a project page for ReAct?", lambda q: "link" in q.asks),
        # ... and not where a work is strong, what it evaluates on, or its details
        ("CodeAct 在哪下游任务上评测？", lambda q: "link" not in q.asks),
        ("Kimi K2 的创新点放在哪里？", lambda q: "link" not in q.asks),
        ("Where can I find the training details of DeepSeek-R1?", lambda q: "link" not in q.asks),
        # a contraction typed without its apostrophe reads as with it
        ("whos behind toolformer", lambda q: "org" in q.asks),
        ("whats the context length of kimi k2", lambda q: "context" in q.asks),
        # ... but a date asked of a release is a date, and a language model is no programming language
        ("When did they release Kimi K2?", lambda q: "link" not in q.asks and "date" in q.asks),
        ("ReAct 用什么语言模型做实验？", lambda q: "programming_language" not in q.asks),
        ("SWE-bench 的任务是什么编程语言的？", lambda q: "programming_language" in q.asks),
        # a bare 后 / 前 after a year is no direction ("2023 年后训练" is post-training)
        ("2023 年后训练相关、2026 年之前的工作有哪些？", lambda q: q.years != (2024, 2025)),
        # ordinary words that are family names too take no version written on ("step2" is no Step model)
        ("Which works split training into step1 SFT and step2 RL?", lambda q: "Step" not in q.concepts),
        ("which works train qwen2.5 with grpo?", lambda q: "Qwen" in q.concepts),
        # what was released, or whether it was, asks the same: the sentence that says so
        ("OS-Genesis 开源了哪些东西？", lambda q: "link" in q.asks),
        ("WebThinker 开源了吗？", lambda q: "link" in q.asks),
        ("Did they release the code for Search-R1?", lambda q: "link" in q.asks),
        ("Which open-source models report SWE-bench Verified?", lambda q: "link" not in q.asks),
        # a "when" clause in a yes/no question is a condition, unless it is a release; a two-digit year before a
        # verb of release is a year
        ("did anything emerge when ReTool was trained with RL?", lambda q: "date" not in q.asks),
        ("So did anything emerge when ReTool was trained with RL?", lambda q: "date" not in q.asks),
        ("Can you find out when Kimi K2 came out?", lambda q: "date" in q.asks),
        ("Did the survey say when Kimi K2 was released?", lambda q: "date" in q.asks),
        ("26 年发的模型里，哪些写明了开源协议？", lambda q: q.years == (2026, 2026) and q.intent == "list"),
        ("25年出来的模型有哪些？", lambda q: q.years == (2025, 2025)),
        ("24年提出的 benchmark 有哪些？", lambda q: q.years == (2024, 2024) and q.intent == "list"),
        # a cue word inside a name or a compound asks for no latest work or ranking; "most recent" is no ranking
        ("Which works used a then-recent prompting technique?", lambda q: q.intent == "list"),
        ("Which works address the last-mile problem of tool calling?", lambda q: q.intent == "list"),
        ("Which works use best-of-n sampling on AIME?", lambda q: q.intent == "list"),
        ("Which is the most recent entry with a GPQA number?", lambda q: q.intent == "latest"),
        ("what's the latest model with a GAIA score?", lambda q: q.intent == "latest"),
        ("which model has the most parameters?", lambda q: q.intent == "ranking"),
        # an earliest work with a result only when a work is asked for: "first" as an adverb asks none
        ("Which entry was the first to put a GPQA number on the table?", lambda q: q.intent == "earliest"),
        ("Why does Mind2Web's baseline run a small LM over the page first?", lambda q: q.intent == "lookup"),
        ("Why was WebShop needed in the first place?", lambda q: q.intent == "lookup"),
        # works asked as a bare noun phrase, no question word (not a command to compare them)
        ("open-source agents trained with RL?", lambda q: q.intent == "list"),
        ("Qwen2.5 models trained with GRPO?", lambda q: q.intent == "list"),
        ("Models developed by Alibaba?", lambda q: q.intent == "list"),
        ("Kimi K2 models that were released: what sizes?", lambda q: q.intent != "list"),
        ("Compare models trained with GRPO and PPO", lambda q: q.intent != "list"),
        ("用 GRPO 训练的开源模型？", lambda q: q.intent == "list" and "GRPO" in q.concepts),
        ("DeepSeek 的模型？", lambda q: q.intent == "list"),
        ("ReAct 用的模型？", lambda q: q.intent == "lookup"),
        ("GRPO 训练的模型效果怎么样？", lambda q: q.intent != "list"),
        # the model a work runs on, asked in other words, is its base model; not the models run on a benchmark
        ("Search-o1 vs WebThinker: what reasoning model does each one run on?", lambda q: "base_model" in q.asks),
        ("What model does OpenAI's Deep Research run on?", lambda q: "base_model" in q.asks),
        ("Which models were run on SWE-bench Verified?", lambda q: "base_model" not in q.asks),
        # the original of a benchmark variant set aside, with 的 / "original" between
        ("哪些条目给了 OSWorld-Verified 的分数？原版 OSWorld 的不算", lambda q: q.benchmarks == ("OSWorld-Verified",)),
        (
            "Which entries give an OSWorld-Verified score, not counting the original OSWorld?",
            lambda q: q.benchmarks == ("OSWorld-Verified",),
        ),
    ],
)
def test_year_bounds_org_parts_makers_links_and_set_aside_originals(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


def test_a_describing_word_before_a_counted_chinese_noun_is_skipped(catalog: Catalog) -> None:
    q = understand("OSWorld 的任务一共涉及多少个不同的应用程序？", catalog)
    assert counted_noun(q) == "应用程序", q


def test_a_number_counts_the_head_noun_a_chinese_compound_ends_with(catalog: Catalog) -> None:
    from surveyqa.reader import counts

    assert not counts("真实 OS 上 369 个跨应用任务，执行级判定。", "应用程序", catalog)  # 369 tasks, not apps
    assert counts("覆盖 9 个应用，共 369 个任务。", "应用程序", catalog)
    assert counts("真实 OS 上 369 个跨应用任务。", "任务", catalog)


def test_a_hyphenated_word_counts_through_its_parts_as_a_word_the_index_never_uses(catalog: Catalog) -> None:
    from surveyqa.answer import oov_share

    # "community-run" and "software-dev" are not index words, but their parts are
    joined = understand("A community-run open platform for software-dev agents: when did it come out?", catalog)
    spaced = understand("A community run open platform for software dev agents: when did it come out?", catalog)
    assert oov_share(joined, catalog) == oov_share(spaced, catalog)
    # a made-up name of known words still counts whole
    assert oov_share(understand("What is self-play-search?", catalog), catalog) >= 0.5
    assert oov_share(understand("What does Qwen-Agent do?", catalog), catalog) > 0


def test_a_number_right_before_a_noun_counts_it_inside_a_compound(catalog: Catalog) -> None:
    from surveyqa.reader import counts

    assert counts("自建 50 节点集群处理海量 rollout 工具请求", "节点", catalog)  # a 50-node cluster has 50 nodes


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # 啥时候 is 什么时候, typed casually
        ("Kimi K2 啥时候出的？", lambda q: "date" in q.asks and q.entries == ("kimi-k2",)),
        # a bare "Name?" (or "remember the name?") after a description asks which work; the description's words
        # ("from a base model") ask nothing
        (
            "One paper trains a model with RL starting from the base model so it learns to call a code sandbox. Name?",
            lambda q: q.asks == (),
        ),
        (
            "A lab fine-tuned its base model to call tools from the start, anyone remember the name?",
            lambda q: q.asks == (),
        ),
        ("What's the name of the base model ToRL uses?", lambda q: "base_model" in q.asks),
        ("有篇论文从基座模型直接做工具 RL，叫啥来着？", lambda q: q.asks == ()),
        # a named work's other name is asked of it
        ("OpenDevin 后来改名叫什么？", lambda q: q.asks == ("name",)),
        # the name and something else asked: the something else stays asked
        (
            "What is the name of the model DeepSeek put out in January 2025, and what is its context length?",
            lambda q: "context" in q.asks,
        ),
        ("A Meituan MoE came out in 2025. What was it called, and when was it released?", lambda q: "date" in q.asks),
        ("What's its name and its parameter count? It's the big Meituan MoE.", lambda q: "size" in q.asks),
        # 啥时候用 asks when to use something, not a date
        ("啥时候用 SWE-agent 比较好？", lambda q: "date" not in q.asks),
        # a benchmark that does something is its own work: what it provides, not the works reporting it
        ("Which tools does WebArena provide?", lambda q: q.intent == "lookup" and q.entries == ("webarena",)),
        ("What utilities does OSWorld give the agent?", lambda q: q.intent == "lookup" and q.entries == ("osworld",)),
        # … but the works a benchmark ranks are still a ranking
        ("Which models does WebArena put on top?", lambda q: q.intent == "ranking"),
        ("Which models score highest on WebArena?", lambda q: q.intent == "ranking"),
        ("Which works report WebArena results?", lambda q: q.intent == "list"),
        # a short quoted name is no break in the list cue around it
        ("Which 'Flash' models are in the survey?", lambda q: q.intent == "list" and q.literal == ("Flash",)),
        # "there's a bunch of …" describes no one work
        (
            "There's a bunch of things named 'Lite' in here. Which entries mention one?",
            lambda q: q.intent == "list" and q.literal == ("Lite",),
        ),
        ("There's a paper that trains web agents with a curriculum. What's it called?", lambda q: q.intent == "lookup"),
        # a name said without quotes after 叫 / called / named
        ("好几个东西都叫 Lightning，分别在哪些条目里？", lambda q: q.intent == "list" and q.literal == ("Lightning",)),
        ("Which entries mention something called Verified?", lambda q: q.literal == ("Verified",)),
        ("Which benchmarks have Bench in the title?", lambda q: q.literal == ("Bench",) and q.literal_in_name),
        # "called" / "named" as verbs name nothing
        ("Which agents called GPT-4 as a judge?", lambda q: q.literal == ()),
        ("Which papers called ReAct a baseline?", lambda q: q.literal == ()),
        ("Which works named Qwen2.5 as their base model?", lambda q: q.literal == ()),
        # a lower-case word in scare quotes is emphasis, not a name
        ("Which 'open' models use GRPO?", lambda q: q.literal == ()),
        ("There's a family of GLM models; which ones use RL?", lambda q: q.intent == "list"),
        # a name asked for in the title, said without quotes after 带 / 含
        ("名字里带 Flash 的模型有哪些？", lambda q: q.literal == ("Flash",) and q.literal_in_name),
        ("标题里含 World 的基准有哪些？", lambda q: q.literal == ("World",) and q.literal_in_name),
        ("Which entries have 'Agent' in the title?", lambda q: q.literal == ("Agent",) and q.literal_in_name),
        # whether the code or prompts were published asks where to get them
        ("Did the WebShop authors publish their code?", lambda q: "link" in q.asks),
        ("Are the prompts available somewhere? I mean Reflexion's.", lambda q: "link" in q.asks),
        ("In ReAct, where are the prompts put relative to the observations?", lambda q: "link" not in q.asks),
        ("Did Kimi K2 publish their data mixture ratios?", lambda q: "link" not in q.asks),
        # a range of months after its year
        ("What came out in 2023 (March through May)?", lambda q: q.month == "2023-03..2023-05"),
        ("In 2024, from May to August, which works came out?", lambda q: q.month == "2024-05..2024-08"),
    ],
)
def test_review_cases_of_the_db_rules(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


def test_a_word_of_an_org_name_is_no_term_of_its_own(catalog: Catalog) -> None:
    from surveyqa.gather import _proper_terms

    q = understand("What's Ant Group's newest entry in the survey?", catalog)
    assert q.orgs == ("Ant Group",) and _proper_terms(q, catalog) == [], q


@pytest.mark.parametrize(
    ("typed", "read"),
    [
        ("webvoyger", "webvoyager"),  # a letter left out of a name
        ("evalute", "evaluate"),  # a vowel left out
        ("trainning", "training"),  # a letter typed twice
        ("agnetic", "agentic"),  # two letters swapped
        ("benchmakrs", "benchmarks"),  # swapped just before the last letter
        ("agnet", "agent"),  # two letters swapped in a five-letter word
        ("evalte", None),  # a consonant left out is another kind of slip
        ("socer", None),  # in a five-letter word only a swap is read as a typo
        ("Brian", None),  # a short capitalised word is a name, not a slip ("brain")
        ("turned", None),  # a consonant too many is another word ("tuned")
        ("papers", None),  # another ending is no typo
        ("bitter", None),  # another letter is no typo
        ("biased", None),  # an everyday word the lexicon keeps as typed ("based" is one slip away)
        ("sourdough", None),  # nothing in the survey is that close
        ("taks", None),  # too short to tell
    ],
)
def test_a_typo_is_read_as_the_word_it_misspells(catalog: Catalog, typed: str, read: str | None) -> None:
    assert catalog.respelled(typed) == read


@pytest.mark.parametrize(
    ("text", "check"),
    [
        # typos in the words that decide the reading
        ("higest webvoyger success rate in the survey?", lambda q: q.benchmarks == ("WebVoyager",)),
        ("Which Microsft works are in the survey?", lambda q: q.intent == "list" and q.orgs == ("Microsoft",)),
        # lists asked without "which works"
        ("give me the entries that train on WebShop", lambda q: q.intent == "list"),
        ("any entries that compare against Claude 3.5 Sonnet and say they match it?", lambda q: q.intent == "list"),
        ("who reports a GAIA score?", lambda q: q.intent == "list" and q.benchmarks == ("GAIA",)),
        ("who reports the highest GAIA score?", lambda q: q.intent != "list"),
        ("GAIA numbers — does any entry in the survey report one? which ones?", lambda q: q.intent == "list"),
        ("Does any paper report an OSWorld result?", lambda q: q.intent == "list"),
        ("msft stuff from 2025 in this survey — what is there?", lambda q: q.intent == "list"),
        ("openai 24年的东西，综述收了哪几条？", lambda q: q.intent == "list" and q.years == (2024, 2024)),
        ("帮我列一下综述里所有做 GUI 自动化、手机或电脑操作智能体方向的条目", lambda q: q.intent == "list"),
        # "几条回答" counts a work's samples, not the survey's entries
        ("DeepSeekMath 用 GRPO 时每道题采几条回答？", lambda q: q.intent == "lookup"),
        # a size asked with its short words, the org asked as a partner
        ("kimi k2 总参和激活参各多少", lambda q: "size" in q.asks),
        ("阿里那个 30.5B 总参的 agent 模型在 HLE 上多少分？", lambda q: "size" not in q.asks),
        ("verl 是字节跟谁合作做的？", lambda q: "org" in q.asks),
        # a family that shares its maker's name, built on: the family, not the maker's own entries
        ("Which works are built on Mistral?", lambda q: q.orgs == () and q.concepts == ("Mistral",)),
        ("Which works from Mistral are in the survey?", lambda q: q.orgs == ("Mistral AI",)),
        # a camel-cased name written apart, a list asked after a dash, and not when the dash asks about one work
        ("hotpot qa results — which works in the survey report them?", lambda q: q.intent == "list"),
        ("webwalker qa numbers?", lambda q: q.benchmarks == ("WebWalkerQA",)),
        (
            "Zhipu's 2025 blog that went to 200K context — which two models does it compare against?",
            lambda q: q.intent == "lookup",
        ),
        ("ReAct mixes reasoning and acting — which ones does it interleave?", lambda q: q.intent == "lookup"),
        # other ways to ask for the whole list or the count
        ("deepseek's stuff in the survey — what's the full list?", lambda q: q.intent == "list"),
        ("every paper in the survey whose title starts with 'Tool', pls", lambda q: q.intent == "list"),
        ("GUI agent models in the survey? like ones that click around on screenshots", lambda q: q.intent == "list"),
        ("is there anything in the survey about theorem proving?", lambda q: q.intent == "list"),
        ("gaia 过 50% 的都有谁", lambda q: q.intent == "list"),
        ("2023 年的条目一共几个？", lambda q: q.intent == "count"),
        ("工具调用那一章，条目数量是多少", lambda q: q.intent == "count"),
        ("24年Q3一共收录了多少条", lambda q: q.intent == "count" and q.month == "2024-07..2024-09"),
        ("which google team did ReAct partner with?", lambda q: "org" in q.asks),
        # a colloquial bound, two spellings asked for, several of a group asked after a dash
        ("gaia 过 60% 的都有谁", lambda q: q.intent == "list" and q.threshold == 60.0),
        ("标题里带 Agent 或者 Agents 的条目有哪些", lambda q: q.literal == ("Agent", "Agents")),
        ("the short notes at the very end — which of those are about RL?", lambda q: q.intent == "list"),
        # a result asked with a verb of running, a margin asked as "how big"
        ("kimi k2 在 swe-bench verified 上具体跑了多少", lambda q: "score" in q.asks),
        ("r1-searcher vs the 32B search-o1 on bamboogle — how big was the margin?", lambda q: "size" not in q.asks),
        # a list asked as "who reports X results", "what's from X in here", "发布了些什么"; an org as "what orgs are
        # behind"; a size as a "param count"; a count of titles
        ("who reports webarena results?", lambda q: q.intent == "list"),
        ("what's from nvidia in here?", lambda q: q.intent == "list" and q.orgs == ("NVIDIA",)),
        ("Anthropic 在 2025 年 5 月都发布了些什么？", lambda q: q.intent == "list"),
        ("what orgs are behind AppWorld?", lambda q: "org" in q.asks),
        ("glm-4.5 total param count?", lambda q: "size" in q.asks),
        ("how many titles contain the word 'Agent'?", lambda q: q.intent == "count"),
        # two Latin words in a Chinese question that neither the survey nor the lexicon writes are names it lacks
        ("综述里 yolo 系列在 coco 上多少分", lambda q: set(q.unseen) >= {"yolo", "coco"}),
        ("AgentGym 的代码在哪？想直接 clone 下来跑", lambda q: q.unseen == ()),
        # lists asked as "who evaluates on X", "X 有具体分数的条目？", "…, list pls", "条目 列一下", and after a dash as
        # "which models report one"; a term explained in brackets with 那个 describes no single work
        ("who tests on gaia?", lambda q: q.intent == "list" and q.benchmarks == ("GAIA",)),
        ("gaia 有具体分数的条目？", lambda q: q.intent == "list"),
        ("deepseek's 2025 releases in the survey, list pls", lambda q: q.intent == "list"),
        ("stanford 参与过的条目 列一下", lambda q: q.intent == "list"),
        ("有没有讲 GUI agent 的工作？列一下", lambda q: q.intent == "list"),
        ("gaia scores — which models or agents report one?", lambda q: q.intent == "list"),
        ("用了 GRPO（deepseek 那个去掉 critic 的算法）的模型都有哪几个", lambda q: q.intent == "list"),
        ("24 年 1-6 月出的条目列一下", lambda q: q.month == "2024-01..2024-06"),
        # from the outside review: what must not change
        ("Does any work in the survey have a mid-training stage? which ones", lambda q: "mid-training" in q.focus),
        ("How many GPUs did DeepSeek-V3 train on?", lambda q: q.orgs == ("DeepSeek",)),
        ("Did DeepSeek release distilled models, and what are they built on?", lambda q: q.orgs == ("DeepSeek",)),
        ("Which works use Mistral's own models?", lambda q: q.orgs == ("Mistral AI",)),
        ("Which GitHub org hosts AReaL's code?", lambda q: "org" not in q.asks),
        ("which age group is the benchmark for?", lambda q: "org" not in q.asks),
        ("agent tuning works in the survey?", lambda q: "agenttuning" not in q.entries),
        ("标题里带 Agent 或 Bench的条目", lambda q: q.literal == ("Agent", "Bench")),
        ("有没有讲 prefix caching 和 continuous batching 的工作？", lambda q: q.unseen == ()),
        ("跨越 20 年的工作", lambda q: q.years is None),
        ("Is the latter open source?", lambda q: "latter" in q.text),
        ("Which works mention evalute.", lambda q: "evaluate" in q.text),
    ],
)
def test_questions_as_readers_type_them(catalog: Catalog, text: str, check: Any) -> None:
    q = understand(text, catalog)
    assert check(q), q


def test_hardware_is_named_as_a_word_not_inside_one(catalog: Catalog) -> None:
    from surveyqa.reader import has_answer_type

    assert not has_answer_type("structured inputs/outputs and faster decoding", "hardware", catalog)
    assert has_answer_type("trained on 512 H800 GPUs for three weeks", "hardware", catalog)
    assert has_answer_type("runs on TPUs", "hardware", catalog)


@pytest.mark.parametrize(
    ("text", "month"),
    [
        ("25 年 2、3 月这两个月里发了啥？", "2025-02..2025-03"),
        ("2025 年 2 月和 3 月的条目有哪些", "2025-02..2025-03"),
        ("2024年1、2、3月有哪些工作", "2024-01..2024-03"),
        ("what's in there from Feb/Mar 2025?", "2025-02..2025-03"),
        ("2024 年 1 月和 6 月有哪些工作", "2024-01"),  # months that do not run on are no span
    ],
)
def test_months_listed_in_one_year(catalog: Catalog, text: str, month: str) -> None:
    q = understand(text, catalog)
    assert q.intent == "list" and q.month == month, q


def test_outside_a_country_and_what_a_clause_sets_aside_inside_it(catalog: Catalog) -> None:
    assert understand("2026 entries from outside China?", catalog).orgs == ("non-Chinese organisations",)
    assert understand("非中国机构有哪些工作？", catalog).orgs == ("non-Chinese organisations",)
    # how well the hardware is used is no hardware asked
    assert "hardware" not in understand("哪些工作提到要提高 GPU / 计算资源的利用率？", catalog).asks
    assert "hardware" not in understand("which works improve GPU utilization in RL?", catalog).asks
    assert "hardware" in understand("how many GPUs did MiniMax-M1 use?", catalog).asks
    # "除了 … 报成功率，还 …": the success rate inside the clause set aside is not what is asked
    asked = understand("WebShop 论文除了训 agent、报成功率，还对人和 agent 的轨迹做了啥分析？", catalog)
    assert "score" not in asked.asks
    assert "score" in understand("WebShop 论文里最好的模型成功率是多少？", catalog).asks


def test_works_that_state_how_many_are_a_list_not_a_tally(catalog: Catalog) -> None:
    assert understand("哪些条目写明了微调数据具体有多少条？", catalog).intent == "list"
    assert understand("有多少个工作用了 GRPO？", catalog).intent == "count"


def test_the_outside_reviews_cases_of_set_asides_months_and_utilisation(catalog: Catalog) -> None:
    # 除了 inside a verb sets nothing aside; the ask after "以外 / 还 / what" stays asked
    assert "number" in understand("SWE-bench Verified 剔除了多少道题？", catalog).asks
    assert "tokens" in understand("Kimi K2 的预训练数据去除了多少 token？", catalog).asks
    assert "size" in understand("Kimi K2 除了开源以外参数量是多少？", catalog).asks
    assert "context" in understand("Kimi K2 besides being open what is its context length?", catalog).asks
    assert "score" not in understand("关于 WebShop，这篇论文除了报成功率以外还做了哪些分析？", catalog).asks
    # 除了中国以外 leaves China out
    assert understand("除了中国以外，还有哪些机构的工作？", catalog).exclude_orgs == ("Chinese organisations",)
    # a hardware count asked beside a utilisation stays asked
    assert "hardware" in understand("How many GPUs and what utilization did DeepSeek-V3 report?", catalog).asks
    assert "hardware" in understand("训练用了多少张 GPU 和 GPU 利用率是多少？", catalog).asks
    # a tally asked in a clause of its own stays a tally
    assert understand("列出 2025 年的工作，一共有多少篇？", catalog).intent == "count"
    assert understand("What’s in there from March 2025?", catalog).month == "2025-03"
    assert understand("25 年 1、2、3 月有啥", catalog).month == "2025-01..2025-03"
    assert understand("25 年 2/3 月有啥", catalog).month == "2025-02..2025-03"


def test_a_clause_opening_with_not_sets_aside_what_it_names(catalog: Catalog) -> None:
    # "not 2024": 2024 dates nothing; the benchmark's version is asked
    q = understand("who reports an AIME 2025 score? not 2024, the 2025 one", catalog)
    assert q.intent == "list" and q.benchmarks == ("AIME 2025",) and q.years != (2024, 2024)
    assert understand("哪些工作报告了 AIME 2025，不是 2024？", catalog).years is None
    assert understand("Which works report AIME 2025 (not 2024)?", catalog).years is None
    # a benchmark in the clause is no criterion; a kind there is left out, unless the clause points at one work
    q = understand("which entries report HumanEval or LiveCodeBench? not the SWE-bench style repo stuff", catalog)
    assert "SWE-bench" not in q.benchmarks and "HumanEval" in q.benchmarks
    assert "github" in q.exclude_kinds and "github" not in q.kinds
    q = understand("Which works from 2024 report WebArena? not the benchmark paper itself", catalog)
    assert not q.exclude_kinds and q.years == (2024, 2024)
    assert understand("Which works report SWE-bench but not SWE-bench Verified?", catalog).benchmarks == ("SWE-bench",)
    assert understand("Which entries use GRPO? Not those from DeepSeek", catalog).exclude_orgs == ("DeepSeek",)
    # a "not" opening the question sets nothing aside
    assert understand("Not all works report SWE-bench; which ones do?", catalog).benchmarks == ("SWE-bench",)
    # "not only" / "not sure" open no set-aside
    assert "SWE-bench" in understand("which works report SWE-bench, not only SWE-bench Verified?", catalog).benchmarks
    assert understand("Which works report SWE-bench? not sure if 2024 counts", catalog).years == (2024, 2024)
    # a year before "one" / "version" / 版 is a version, not a date
    assert understand("which works report AIME, the 2025 version?", catalog).years is None
    assert understand("which works came out in 2025?", catalog).years == (2025, 2025)
    # "the 2024 ones", "2025 那个": works of that year
    assert understand("which 2024 ones use PPO?", catalog).years == (2024, 2024)
    assert understand("2025 那个 Anthropic 的博客讲了什么？", catalog).years == (2025, 2025)


def test_kinds_joined_before_a_kind_set_aside_after_them_are_set_aside(catalog: Catalog) -> None:
    q = understand("25 年 7–9 月有 arXiv 论文的条目有哪些？博客、model card 那种不算", catalog)
    assert {"blog", "model-card"} <= set(q.exclude_kinds) and "blog" not in q.kinds
    # set aside at the end, with "那种"
    assert "blog" in understand("2025 年的条目有哪些？博客那种不算", catalog).exclude_kinds
    # down a chain of three
    assert {"paper", "blog", "model-card"} <= set(
        understand("2025 年的条目有哪些？论文、博客、model card 那种不算", catalog).exclude_kinds
    )
    # "博客和论文都有哪些": nothing set aside
    assert not understand("2025 年的博客和论文都有哪些？", catalog).exclude_kinds


def test_where_a_named_work_shows_up_lists_the_entries_naming_it(catalog: Catalog) -> None:
    for text in (
        "where does DeepSeek-V3.2-Exp show up in the survey?",
        "Where is GLM-4.5 mentioned?",
        "GLM-4.5 在哪些地方被提到？",
    ):
        assert understand(text, catalog).intent == "list", text
    assert understand("GLM-4.5 出现在哪些地方？", catalog).intent == "list"
    # where its code is, where it was trained, or where one entry says something, is a lookup
    for text in (
        "where is the verl code released?",
        "Where was GLM-4.5 trained?",
        "Where does Kimi K2 appear on the SWE-bench leaderboard?",
        "Where is it mentioned that Kimi K2 uses MuonClip?",
        "哪里提到 Kimi K2 用了 MuonClip？",
        "DeepSeek-R1 在哪里提到冷启动数据？",
    ):
        assert understand(text, catalog).intent == "lookup", text


def test_a_resolution_and_an_abbreviation_the_glossary_spells_out_are_no_unseen_names(catalog: Catalog) -> None:
    # the survey writes 1120×1120; "DB" is 数据库 / "database", which the survey writes
    assert understand("CogAgent takes input up to 1120x1120 — what does that let it do?", catalog).unseen == ()
    assert "DB" not in understand("what is τ-bench's end-of-conversation DB state compared against?", catalog).unseen
    # a capitalised name whose glossary word the survey writes ("Perplexity": 困惑度) is still a name it lacks; so are
    # capitals the glossary lists only in lower case ("APPS": apps; "GOLD")
    assert "Perplexity" in understand("Perplexity 的 Deep Research 在 HLE 上多少分？", catalog).unseen
    assert "APPS" in understand("DeepSeek-R1 在 APPS 上多少分？", catalog).unseen
    assert "GOLD" in understand("How does the GOLD method compare with DAPO?", catalog).unseen


def test_who_does_something_lists_the_works_that_do_it(catalog: Catalog) -> None:
    for text in ("谁用了 GRPO？", "who uses GRPO?", "谁报告了 SWE-bench Verified 成绩？", "谁在 BFCL 上测过？"):
        assert understand(text, catalog).intent == "list", text
    # who made a work is its maker, asked of that work; who won something is one work
    for text in ("谁做的 WebArena？", "Who made ReAct?", "ReAct 是谁提出的？", "谁拿了 IMO 金牌？"):
        assert understand(text, catalog).intent == "lookup", text


def test_a_family_glossing_its_version_in_a_bracket_is_no_benchmark_asked(catalog: Catalog) -> None:
    lite = understand("WebArena-Lite（WebArena 精简版）上报了具体成功率的都有谁？", catalog)
    assert lite.benchmarks == ("WebArena-Lite",)
    q = understand("Which works report SWE-bench Verified (the human-checked SWE-bench subset)?", catalog)
    assert q.benchmarks == ("SWE-bench Verified",)
    # both named side by side, or the version in the family's bracket: both asked
    assert set(understand("Which works report WebArena or WebArena-Lite?", catalog).benchmarks) == {
        "WebArena",
        "WebArena-Lite",
    }
    # a bracket that adds the family is no gloss
    for text in (
        "Which works report WebArena-Lite (or the full WebArena)?",
        "哪些工作报告了 SWE-bench Verified（以及原版 SWE-bench）？",
    ):
        assert len(understand(text, catalog).benchmarks) == 2, text
    assert "SWE-bench" in understand("哪些工作报告了 SWE-bench（包括 SWE-bench Verified）？", catalog).benchmarks


def test_a_version_set_aside_is_no_benchmark_asked_and_leaves_its_familys_entry_in(catalog: Catalog) -> None:
    for text in (
        "highest WebArena success rate in the survey? the original benchmark, not WebArena-Lite",
        "highest WebArena success rate, excluding WebArena-Lite?",
    ):
        q = understand(text, catalog)
        assert q.benchmarks == ("WebArena",) and "webarena" not in q.exclude_entries, text
    # the family's own entry set aside by name stays set aside
    assert "webarena" in understand("Besides WebArena, which works report WebArena-Lite?", catalog).exclude_entries


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("那条数据合成流水线号称省掉了哪一块成本？", False),
        ("Which costs does the data pipeline avoid?", False),
        ("它主要降低了哪些成本？", False),
        ("训练 Kimi K2 花了多少成本？", True),
        ("What did DeepSeek-V3 cost to train?", True),
        ("DeepSeek-V3.2 的 API 价格是多少？", True),
        ("Which costs more to train, MiniMax-M1 or Kimi K2?", True),
        ("哪个成本更低，MiniMax-M1 还是 Kimi K2？", True),
    ],
)
def test_which_cost_asks_what_the_cost_is_not_how_much(catalog: Catalog, text: str, cost: bool) -> None:
    assert ("cost" in understand(text, catalog).asks) is cost


def test_a_version_set_aside_beside_another_is_no_benchmark_asked(catalog: Catalog) -> None:
    """ "在 WebArena-Lite 本身（不算 VAB-WebArena-Lite）上": the version the cue sets aside is recorded apart, so no
    answer falls back to it; a cue that sets aside the only benchmark named keeps its old reading."""
    zh = understand("在 WebArena-Lite 本身（不算 VAB-WebArena-Lite）上最好的成绩是谁的？", catalog)
    assert zh.benchmarks == ("WebArena-Lite",) and zh.benchmarks_aside == ("VAB-WebArena-Lite",), zh
    en = understand("Which work reports the best WebArena-Lite score, not counting VAB-WebArena-Lite?", catalog)
    assert en.benchmarks == ("WebArena-Lite",) and en.benchmarks_aside == ("VAB-WebArena-Lite",), en
    plain = understand("Which works report a WebArena-Lite score?", catalog)
    assert plain.benchmarks == ("WebArena-Lite",) and not plain.benchmarks_aside, plain


def test_a_lower_case_word_where_a_benchmark_name_stands_is_an_unseen_name(catalog: Catalog) -> None:
    """ "toolformer svamp accuracy": a word the survey never writes, right before a score or after "score on", is
    the name of something it lacks; a word that says which score ("exact", "the headline …") is not."""
    for text in ("toolformer svamp accuracy?", "What's Toolformer's accuracy on svamp?"):
        assert "svamp" in understand(text, catalog).unseen, text
    for text in ("What exact score did ReAct get?", "what's the headline score of ReAct", "ReAct exact-match score?"):
        assert understand(text, catalog).unseen == (), text


def test_what_plain_things_stand_for_is_no_name_spelled_out(catalog: Catalog) -> None:
    """ "What do the nodes and the edges stand for?" asks what they mean; a name, its letters or "the R in ReAct"
    asked that way still ask for the full form."""
    q = understand("In HybridFlow's dataflow graph, what do the nodes and the edges stand for?", catalog)
    assert "expansion" not in q.asks, q
    for text in (
        "what does grpo stand for",
        "What does the R in ReAct stand for?",
        "what do the letters in DAPO stand for?",
    ):
        assert "expansion" in understand(text, catalog).asks, text


def test_what_the_reader_lets_in_adds_to_the_list_and_filters_nothing(catalog: Catalog) -> None:
    """ "模型、训练方法、数据合成都算" and "(models, methods and datasets all count)" let kinds of work in;
    "counting the add-on notes" / "补录里的也算" lets the org's notes in; neither is a filter. "Not counting the
    notes" still is."""
    q = understand("24 年下半年出的 GUI agent 相关工作有哪些？模型、训练方法、数据合成都算", catalog)
    assert q.concepts == ("GUI agents",) and q.month == "2024-07..2024-12" and "training_method" not in q.asks, q
    q = understand("字节里跟强化学习沾边的工作——RL 算法、RL 框架、用 RL 训出来的模型都算——有哪些？", catalog)
    assert q.concepts == ("reinforcement learning",), q
    q = understand(
        "Which works on GUI agents are in the survey? (models, training methods and data synthesis all count)", catalog
    )
    assert q.concepts == ("GUI agents",), q
    assert understand("哪些工作用了 PPO？GRPO 也算", catalog).concepts == ("PPO", "GRPO")  # one name: no enumeration
    # a note that names the only topic outside a bracket keeps it
    assert understand("哪些模型用了 FP4（4 bit 浮点）格式？量化或者预训练里用都算", catalog).concepts == (
        "quantization",
    )
    for text in (
        "How many MiniMax entries are there, including the add-on notes?",
        "minimax 在综述里一共几条？补录里的也算",
    ):
        q = understand(text, catalog)
        assert q.notes_counted and "note" not in q.kinds and q.orgs == ("MiniMax",), q
    for text in (
        "Not counting the short add-on notes at the end, how many Alibaba works are there?",
        "阿里有几条？不包括补录",
    ):
        assert not understand(text, catalog).notes_counted, text


def test_the_readers_own_context_and_foil_are_no_topic(catalog: Catalog) -> None:
    """ "I'm writing … for a search agent paper — which …" is the reader's work, "I want to contrast them with SWE-RL"
    their foil: neither is what the list is of. A list of works compared with a model is still one."""
    q = understand(
        "I'm writing the related-work section for a search agent paper — which deep-research agent works in the"
        " survey are built on a Qwen-family model (Qwen2.5, QwQ, Qwen3)?",
        catalog,
    )
    assert q.intent == "list" and q.kinds == () and "search agents" not in q.concepts, q
    for text in (
        "Which RL works execute code during rollouts? I want to contrast them with SWE-RL, which skips running tests",
        "哪些 RL 工作在 rollout 里真的跑代码？我想拿来和 SWE-RL 对比一下",
    ):
        q = understand(text, catalog)
        assert q.intent == "list" and q.entries == () and "swe-rl" in q.mentioned, q
        assert "skips" not in q.focus, q
    assert understand("跟 GLM-4.5 对比过的工作有哪些？", catalog).versus == ("GLM-4.5",)


def test_a_first_that_describes_the_work_and_a_two_digit_year_opening_a_clause(catalog: Catalog) -> None:
    """In "美团第一个开源的那个 560B MoE，…叫什么？" being first describes the work, and a fact of it is asked;
    "26 年国内团队…" is 2026, while "20 年来" and "过去 3 年内" are no dates."""
    q = understand(
        "美团第一个开源的那个 560B MoE，让每个 token 激活参数随上下文动态变化的那种专家设计叫什么？", catalog
    )
    assert q.intent == "lookup" and q.threshold is None, q
    assert understand("the first Meituan model in the survey — what is its context length?", catalog).intent == "lookup"
    assert understand("最早用 GRPO 的是哪个？", catalog).intent == "earliest"
    assert (
        understand("When did Cohere first show up in the survey — which is its earliest entry?", catalog).intent
        == "earliest"
    )
    assert understand("26 年国内团队正经发了论文的有哪些？", catalog).years == (2026, 2026)
    assert understand("25 年以后的 GUI 工作有哪些", catalog).years == (2025, 2100)
    for text in ("20 年来有哪些工作？", "过去 3 年内的工作", "20 年前的工作"):
        assert understand(text, catalog).years is None, text
    q = understand("结尾那个“增量补录（查漏）”部分一共补了几条？", catalog)
    assert q.intent == "count" and q.section, q


def test_a_topic_is_read_in_the_plural_but_a_family_is_not(catalog: Catalog) -> None:
    """ "search agents", "tool calls", "KL penalties" are their concepts; "Steps" or "Seeds" are no model family."""
    assert "search agents" in understand("which search agents are built on Qwen?", catalog).concepts
    assert "tool use" in understand("Which works teach models to make tool calls?", catalog).concepts
    names = {m.name for m in catalog.lex.concepts.find("Steps and Seeds of the method")}
    assert not names & {"Step", "Seed"}, names


def test_review_cases_of_notes_foils_years_and_plurals(catalog: Catalog) -> None:
    """From the outside review of stop 60: what the new rules must not reach."""
    # being earliest is still what is asked when nothing else names the work
    assert understand("the earliest DeepSeek paper, what is its main contribution?", catalog).intent == "earliest"
    for text in (
        "How many Moonshot entries, with the add-on notes excluded?",
        "Moonshot 一共几条？补录里的不算",
        "Moonshot 一共几条？补录里的不用算",
        "How many Moonshot entries? The add-on notes don't count.",
    ):
        q = understand(text, catalog)
        assert not q.notes_counted and q.exclude_kinds == ("note",), q
    # the ask refers back to the reader's topic ("which ones")
    assert "GUI agents" in understand("I'm writing a survey on GUI agents — which ones use RL?", catalog).concepts
    for text in (
        "Which search agents use RL? I'd like to compare them with Search-o1",
        "哪些搜索 agent 用了 RL？我想跟 Search-R1 做个对比",
    ):
        q = understand(text, catalog)
        assert q.intent == "list" and q.entries == (), q
    assert understand("（25 年，国内的）有哪些 MoE 模型？", catalog).years == (2025, 2025)
    assert understand("25 年 DeepSeek 发了几条？", catalog).years == (2025, 2025)
    assert understand("RL 研究，20 年的积累有哪些？", catalog).years is None
    # a single plain word in the plural is often something else; a phrase or an acronym is not
    for text, unwanted in (
        ("Which works deal with rollouts?", "RL infrastructure"),
        ("Which works are from the Chinese Academy of Sciences?", "scientific agents"),
        ("Which entries are about simulations?", "world model"),
    ):
        assert unwanted not in understand(text, catalog).concepts, text
    assert "WebSail" in understand("Is WebSail in the survey, or only WebSailor?", catalog).unseen


def test_that_one_after_a_superlative_asks_which_is_first(catalog: Catalog) -> None:
    """ "最早用 GRPO 的那个模型叫什么": 那个 after "最早 … 的" is which one comes first, not one work described; a size
    after it still describes one ("第一个开源的那个 560B MoE")."""
    assert understand("最早用 GRPO 的那个模型叫什么", catalog).intent == "earliest"
    assert understand("最近的那篇 DeepSeek 论文是什么", catalog).intent == "latest"
    assert understand("美团第一个开源的那个 560B MoE 用了什么专家设计？", catalog).intent == "lookup"


def test_halves_of_a_year_set_asides_outside_and_what_the_survey_holds(catalog: Catalog) -> None:
    """Blind batch ek (stop 61): a half of a year in other words, "outside the X", "latest-dated", and "which are
    in here" after a plural kind of work."""
    for text, month in (
        ("did anthropic publish anything in the back half of 2024? which ones", "2024-07..2024-12"),
        ("Which works are from the latter half of 2025?", "2025-07..2025-12"),
        ("Anything from the front half of 2025?", "2025-01..2025-06"),
        ("2024 年后半年有哪些工作？", "2024-07..2024-12"),
    ):
        assert understand(text, catalog).month == month, text
    q = understand("Outside the Chinese labs, what's the earliest 2026 entry in the survey?", catalog)
    assert q.intent == "earliest" and q.orgs == () and q.exclude_orgs == ("Chinese organisations",), q
    q = understand("Which entries close out 2024, i.e. the latest-dated ones from that year?", catalog)
    assert q.intent == "latest", q
    q = understand("Princeton papers from the second half of 2023 — which are in here?", catalog)
    assert q.intent == "list" and q.orgs == ("Princeton",) and q.month == "2023-07..2023-12", q


def test_the_readers_own_section_is_none_of_the_surveys(catalog: Catalog) -> None:
    """ "I'm writing a background section on X. Which …": the context ends at a full stop, and its "section" picks
    no section of the survey."""
    q = understand(
        "I'm writing a background section on multi-agent setups. Which 2023–2024 works are multi-agent systems?",
        catalog,
    )
    assert q.intent == "list" and q.section is None and "multi-agent" in q.concepts, q
    # the ask refers back to the context ("cover this"): the context is the topic
    q = understand("I'm working on agent memory (long-term memories). Which works in the survey cover this?", catalog)
    assert q.intent == "list" and "memory" in q.concepts, q
    assert understand("Which works in the multi-agent systems section use RL?", catalog).section == "六、"


def test_a_result_the_question_quotes_names_the_work(catalog: Catalog) -> None:
    """ "The paper that got 12.5% on SWE-bench — what's its takeaway?": the work whose own result it quotes, not the
    benchmark; a figure no work reports, or one several report, names none."""
    q = understand("That 2024 coding-agent paper that got 12.5% on SWE-bench — what's its main takeaway?", catalog)
    assert q.intent == "lookup" and q.entries == ("swe-agent",), q
    assert understand("那个 SWE-bench 拿了 12.5% 的 agent 是谁做的？", catalog).entries == ("swe-agent",)
    assert understand("The paper that got 12.6% on SWE-bench: what is it?", catalog).entries != ("swe-agent",)


def test_the_earliest_or_latest_work_then_a_fact_of_it(catalog: Catalog) -> None:
    """A fact asked of the earliest / latest work of a kind finds that work first ("then_asks"); asking when or who
    made it, or a bound on the asked measure ("the first model with a context over 1M"), is the timeline itself."""
    for text, intent in (
        ("How many parameters does the latest MiniMax model have?", "latest"),
        ("What's the context length of the newest Qwen model in the survey?", "latest"),
        ("最新的那个 Kimi 模型有多少参数？", "latest"),
        ("最早的 DeepSeek 模型上下文多长？", "earliest"),
    ):
        q = understand(text, catalog)
        assert q.intent == intent and q.then_asks and q.entries == (), (text, q)
    for text in (
        "When was the latest MiniMax model released?",
        "Who made the earliest GUI agent benchmark?",
        "Which was the first model with a context over 1M?",
        "What's the latest Kimi model in the survey?",
        # the earliest code, not the earliest work
        "清华那个 18B 专做 GUI 的 VLM，最早的代码和权重放在哪个 github 仓库",
        # a first that describes the work
        "The RLHF framework that was among the first to scale past 70B — where's its code on GitHub?",
    ):
        assert not understand(text, catalog).then_asks, text


def test_how_the_survey_chose_and_merged_its_entries_is_its_scope_note(catalog: Catalog) -> None:
    """Questions about the survey's own selection, merging and exclusions ask its scope note; works named there are
    its examples ("Is WebDancer listed twice?"). A work's own de-duplication is no such question."""
    for text in (
        "The survey says a few works got merged into a single entry — which ones does it name as examples?",
        "Which foundation papers does the survey say it deliberately left out of this chapter?",
        "Is WebDancer listed twice?",
        "这个综述的收录标准是什么？",
        "综述是怎么去重的？",
    ):
        q = understand(text, catalog)
        assert q.intent == "lookup" and q.entries == ("scope",), (text, q)
    for text in (
        "Did GLM-4.5 dedupe its training data?",
        "GLM-4.5 的数据有没有去重？",
        "Which works were included in 2023?",
    ):
        assert understand(text, catalog).entries != ("scope",), text
    # a work leaving a technique out is no question about the survey's scope
    q = understand("Moonshot's January 2025 report — which heavier techniques does it deliberately leave out?", catalog)
    assert q.entries != ("scope",), q


def test_benchmarks_asked_among_counted_and_set_aside_in_part(catalog: Catalog) -> None:
    """ "Of the agent benchmarks released in 2024, which …" ranks benchmarks; "How many benchmarks are from 2024?" and
    "2024 年的基准有几个？" count them; "网页基准不算" sets some benchmarks aside, not benchmarks as such."""
    q = understand("Of the agent benchmarks released in 2024, which one has the most tasks?", catalog)
    assert q.intent == "ranking" and q.role == "benchmark" and q.measure == "quantity:task", q
    for text in ("How many benchmarks are from 2024?", "2024 年的基准有几个？", "How many models are from Alibaba?"):
        q = understand(text, catalog)
        assert q.intent == "count", (text, q)
    q = understand("要操作电脑或手机的 GUI 基准里（网页基准不算），哪个任务数最多？", catalog)
    assert q.intent == "ranking" and q.role == "benchmark" and q.exclude_role is None, q
    assert understand("有哪些 GUI agent 的工作？纯基准不算", catalog).exclude_role == "benchmark"
    # one work's own count is no tally of the survey's works
    assert understand("How many benchmarks does Qwen3 report?", catalog).intent != "count"
    assert understand("GAIA 这个基准有几个难度？", catalog).intent != "count"


def test_review_cases_of_context_flagships_scope_and_quoted_results(catalog: Catalog) -> None:
    """From the outside review of stop 61: what the new rules must not reach, and their natural variants."""
    # the reader's context is the topic unless the ask names one of its own
    for text, concept in (
        ("I'm working on reward hacking. Which entries mention it?", "reward hacking"),
        ("I'm writing a survey on tool learning. Which works are from 2024?", "tool use"),
        ("我在写工具学习的背景部分。2023 年有哪些工作？", "tool use"),
        ("I'm writing a survey on GUI agents; which benchmarks are there?", "GUI agents"),
    ):
        assert concept in understand(text, catalog).concepts, text
    assert "GPT" in understand("I'm writing about GPT-4 vs. Claude. Which works compare them?", catalog).concepts
    # words before "flagship models" are asked too
    q = understand("Which Chinese flagship models are open-weight?", catalog)
    assert q.section == "十、" and q.orgs == ("Chinese organisations",) and "open weights" in q.concepts, q
    assert understand("Which Anthropic flagship models are there?", catalog).orgs == ("Anthropic",)
    # a topic of deduplication, or a bound compared against, is no scope question or quoted result
    for text in ("Which entries mention deduplication?", "哪些条目提到了数据去重？"):
        assert understand(text, catalog).entries != ("scope",), text
    assert understand("Did anything beat 72.5% on SWE-bench Verified?", catalog).entries != ("claude-4",)
    assert not understand("Which GLM-4.5 results on SWE-bench Verified are there?", catalog).quoted_result
    q = understand("那个 SWE-bench 拿了 12.5% 的 agent 用了什么接口设计？", catalog)
    assert q.entries == ("swe-agent",) and q.quoted_result and "score" not in q.asks, q
    # a kind of work after "newest-dated"; the orchestrator-worker pattern in both languages
    assert understand("Which is the newest-dated benchmark?", catalog).role == "benchmark"
    for text in ("Which works use an orchestrator-worker pattern?", "哪些工作用了编排-工人模式？"):
        assert "multi-agent" in understand(text, catalog).concepts, text
    # the scope note in other words; whether a topic is left out is no question about the scope
    for text in (
        "Does the survey list the same work twice?",
        "How were the entries chosen?",
        "What did the survey leave out?",
        "Why isn't Chain-of-Thought in the survey?",
        "本章为什么没有收录 Sparrow？",
    ):
        assert understand(text, catalog).entries == ("scope",), text
    for text in ("Does the survey leave out tree search?", "How were the tasks in GAIA chosen?"):
        assert understand(text, catalog).entries != ("scope",), text


def test_earliest_dated_contractions_and_what_is_built_from_which_parts(catalog: Catalog) -> None:
    """ "earliest-dated" is a timeline cue like "latest-dated"; the pieces a contraction leaves ("what's" → "s") are
    no focus word; "built from which two stages" asks for parts, not for who built it."""
    q = understand("What is the earliest-dated entry?", catalog)
    assert q.intent == "earliest" and "earliest-dated" not in q.focus, q
    for text in ("What's the model's size in Kimi K2?", "Why doesn't WebGPT use RL?"):
        assert not {"s", "t", "doesn"} & set(understand(text, catalog).focus), text
    q = understand("Tongyi DeepResearch's end-to-end training paradigm is built from which two stages?", catalog)
    assert "org" not in q.asks, q
    for text in ("Voyager is from which university?", "WebGPT came from which lab?", "GAIA is from which?"):
        assert "org" in understand(text, catalog).asks, text


def test_a_concept_or_group_let_in_and_the_kind_the_ask_names(catalog: Catalog) -> None:
    """ "…trained with RL? RLHF counts." lets a narrower concept in, no second condition; "(Hong Kong universities
    count)" lets a group in; the kind the asking clause names wins over one in the context before it."""
    q = understand("Which OpenAI entries say the model was trained with reinforcement learning? RLHF counts.", catalog)
    assert q.concepts == ("reinforcement learning",), q
    assert understand("Which works use RL (including RLHF)?", catalog).concepts == ("reinforcement learning",)
    q = understand("How many 2024 entries have a Chinese institution involved (Hong Kong universities count)?", catalog)
    assert q.orgs == ("Chinese organisations",) and not q.orgs_joint, q
    q = understand("DeepSeek put out many blog posts in 2025 — which of their 2025 entries are actual papers?", catalog)
    assert q.kinds == ("paper",) and q.kind_stated, q
    q = understand("Which Chinese entries are from 2026?", catalog)
    assert q.orgs == ("Chinese organisations",), q
    q = understand("Which 2023 entries were made purely by companies, with no university on the author list?", catalog)
    assert q.orgs == ("companies",) and q.orgs_only and q.exclude_orgs == ("universities",), q
    q = understand("Which 2025 RL papers have a US university among the authors?", catalog)
    assert q.orgs == ("US universities",), q


def test_the_work_a_model_is_used_in_and_models_reporting_a_result(catalog: Catalog) -> None:
    """ "Which model is used in Toolformer?" is about Toolformer; a list of models or agents with a result on a
    benchmark leaves out the benchmark's own entry, not every benchmark entry."""
    for text in ("Which model was fine-tuned in Toolformer?", "Which model is used in Toolformer?"):
        assert understand(text, catalog).entries == ("toolformer",), text
    q = understand("has any chinese model or agent in here actually posted an OSWorld number?", catalog)
    assert q.intent == "list" and q.not_own_benchmark and q.exclude_role is None, q
    for text in ("Which entries report an OSWorld score?", "What's Kimi K2's SWE-bench Verified score?"):
        assert not understand(text, catalog).not_own_benchmark, text


def test_an_org_named_with_its_preposition_after_a_negation(catalog: Catalog) -> None:
    """ "papers aren't from China", "benchmarks weren't made by companies": the negation right before an org named
    with its preposition sets it aside; "from a company" asks for companies."""
    for text, org in (
        ("Which papers aren't from China?", "Chinese organisations"),
        ("Which benchmarks weren't made by companies?", "companies"),
    ):
        q = understand(text, catalog)
        assert q.exclude_orgs == (org,) and q.orgs == (), q
    assert understand("Which is the earliest-dated benchmark from a company?", catalog).orgs == ("companies",)


def test_whether_any_work_does_something_asks_which(catalog: Catalog) -> None:
    """ "Has any Chinese lab used GRPO?", "Did any 2024 paper use PPO?", "有没有国内团队用过 PPO？", "有哪篇…用了…吗":
    whether any works do is which works do; "Does anyone know what ReAct is?" and "Did ReAct use any …" are not."""
    for text in (
        "Has any Chinese lab used GRPO?",
        "Did any 2024 paper use PPO?",
        "Has anyone in the survey done RL on GUI agents?",
        "有没有国内团队用过 PPO？",
        "有哪篇 2023 年的论文用了 RLHF 吗？",
    ):
        assert understand(text, catalog).intent == "list", text
    for text in ("Does anyone know what ReAct is?", "Did ReAct use any fine-tuning?"):
        assert understand(text, catalog).intent == "lookup", text
