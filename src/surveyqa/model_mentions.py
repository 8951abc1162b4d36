"""How works mention models: the base models a list asks works to be built on, the models it asks a score for,
and how texts write a model's name (a family alone is any of its models)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from surveyqa.catalog import Catalog
from surveyqa.evidence import Candidate
from surveyqa.facts import clause_around
from surveyqa.lexicon import model_alias_flags
from surveyqa.measures import fact_clause
from surveyqa.reader import MODEL_TAIL
from surveyqa.understand import Question

_SCORE_FOR = re.compile(
    r"\b(?:scores?|numbers?|results?|figures?)\b[^?？]{0,25}?\b(?:for|of)\b"
    r"|(?:给出?了?|报了?|引用了?)[^？?]{0,15}?(?:的)?(?:具体)?(?:分数|成绩|数字|数值)",
    re.IGNORECASE,
)


def models_scored(q: Question, catalog: Catalog) -> list[str]:
    """The models a list asks works to give a result for ("a score for GPT-4o", "给出 Claude 的具体分数"), as
    the question writes them (a family alone, "a Claude model", is any of it)."""
    if not _SCORE_FOR.search(q.text) or q.benchmarks:
        return []
    families = {t.name for t in catalog.lex.model_families}
    orgs = {a.lower() for o in q.orgs for a in catalog.lex.orgs.terms[o].aliases}
    out = []
    for m in catalog.lex.concepts.find(q.text):
        if m.name in families and m.text.lower() not in orgs:  # "DeepSeek 的哪些条目": the maker, not its models
            tail = MODEL_TAIL.match(q.text, m.end)
            out.append((m.text + (tail.group() if tail else "")).strip())
    return list(dict.fromkeys([*out, *(n for n in q.other_names if any(n.lower().startswith(o.lower()) for o in out))]))


def scoring_clause(entry_id: str, models: Sequence[str], lang: str, catalog: Catalog) -> Candidate | None:
    """The entry's clause that gives one of ``models`` a score-like number ("GPT-4o 完整任务通过率约 30%",
    "GPT-4o(13.9%)"), or None."""
    entry = catalog.by_id[entry_id]
    texts = [entry.summary, entry.abstract or ""]
    if lang == "en":
        texts.reverse()
    for text in texts:
        for model in models:
            tail = r"(?![\w.]|-\d)" if model[-1].isdigit() or model[-1] in "oO" else r"(?![a-z])"
            for m in re.finditer(rf"(?<![\w.]){re.escape(model)}{tail}", text, re.IGNORECASE):
                clause = clause_around(text, m.start(), m.end())
                after = text[m.end() : m.end() + 30]
                if re.search(r"\d+(?:\.\d+)?\s*%|^\s*[(（]\s*\d+(?:\.\d+)?", after) or re.search(
                    r"(?<![\w.])\d+(?:\.\d+)?%", clause
                ):
                    return Candidate(entry_id, clause)
    return None


def base_candidates(q: Question, bases: Sequence[str], pool: Sequence[str], catalog: Catalog) -> list[Candidate]:
    """The works whose base-model facts name one of ``bases`` (not every work that mentions them); with any, also
    the works whose base the facts table missed ("Experiments with Qwen2.5-Math models") that use one by name,
    though not when they only measure against it ("超 GPT-4", "outperforms GPT-3") or are its own release."""
    allowed = set(pool)
    found: dict[str, Candidate] = {}
    for f in sorted(catalog.facts, key=lambda f: catalog.order[f.entry_id]):
        if f.kind == "base_model" and f.entry_id in allowed and any(_base_is(f.name, b) for b in bases):
            found.setdefault(f.entry_id, Candidate(f.entry_id, fact_clause(f, catalog), 0.0, f))
    if not found:
        return []
    for entry_id in pool:
        if entry_id not in found:
            clause = _using_clause(entry_id, bases, q.lang, catalog)
            if clause:
                found[entry_id] = Candidate(entry_id, clause, 0.0)
    return sorted(found.values(), key=lambda c: catalog.order[c.entry_id])


def base_models_asked(q: Question, catalog: Catalog) -> list[str]:
    """The models a list asks works to be built on ("use GPT-3 or PaLM as their backbone", "以 PaLM 为基座"), as
    the question writes them; none unless it asks for a base model."""
    if "base_model" not in q.asks and not q.uses_family:
        return []
    families = {c for c in q.concepts if catalog.lex.concepts.terms[c].type == "family"}
    # "GPT-3" is found as the family "GPT" too: the family alone is asked only where it stands alone.
    # "Llama 2" (a version after a space) is that version, not the family.
    said = [
        m.text + (v.group() if (v := re.match(r" \d+(?:\.\d+)?(?![\w.])", q.text[m.end :])) else "")
        for m in catalog.lex.concepts.find(q.text)
        if m.name in families
        and not re.match(r"[\w.\-]", q.text[m.end : m.end + 1])
        and not _SET_ASIDE_BEFORE.search(q.text[max(0, m.start - 30) : m.start])  # "(not LLaMA 1 or Llama 3)"
    ]
    # A model with its own entry ("built on QwQ", "拿 QwQ 当主干"), as the question writes it: "QwQ" takes QwQ-32B.
    named = [
        q.text[h.start : h.end]
        for h in catalog.named_entries(q.text)
        if h.entry_id in {*q.entries, *q.mentioned} and h.entry_id not in catalog.benchmark_entries
    ]
    return list(dict.fromkeys([*said, *q.stray_names, *q.other_names, *named]))


def related_to(text: str, name: str) -> bool:
    """Does the question ask for works related to the named model in any way ("跟 GLM-4.5 有关系", "related to
    GLM-4.5")? Not "built on Qwen2.5 and related to tool use", where the relation is to something else."""
    at = re.escape(name)
    return bool(
        re.search(rf"(?:跟|和|与)\s*{at}\s*(?:有关系|有关联|有关|相关|沾边)|涉及(?:到)?\s*{at}", text)
        or re.search(rf"\b(?:related|connected|linked)\s+(?:to|with)\s+{at}(?![\w.])", text, re.IGNORECASE)
        # "Which entries involve Mistral models at all", "anything to do with Llama"
        or re.search(
            rf"\b(?:involv(?:e|es|ing)|(?:anything|something)\s+to\s+do\s+with)\s+(?:the\s+)?{at}(?![\w.])",
            text,
            re.IGNORECASE,
        )
    )


_SET_ASIDE_BEFORE = re.compile(
    r"\b(?:not|rather than|instead of|excluding|other than)\b[^.?!;,)]{0,25}$"
    r"|(?:不是|而非|不算|不含|除了)[^。？！；，)）]{0,12}$",
    re.IGNORECASE,
)


def _base_is(base: str, asked: str) -> bool:
    """Does a base model as a fact gives it ("LLaMA-7B", "ChatGPT/GPT-3.5") name the model asked ("Llama",
    "GPT-3")? A family name takes any version ("Llama" → "Llama2-7B"); a versioned one only itself ("GPT-3" is
    not "GPT-3.5")."""
    versioned = asked[-1].isdigit()
    for part in re.split(r"[/、,，]\s*", base):
        # "Llama-3.1-8B" is "Llama 3.1": spaces and hyphens are no part of the name
        norm, want = (re.sub(r"(?<=[a-z])[\s\-]+(?=\d)|\s+", "", n.lower()) for n in (part, asked))
        if norm.startswith(want) and not (versioned and re.match(r"\.?\d", norm[len(want) :])):
            return True
    return False


_MEASURED_AGAINST = re.compile(
    r"\b(?:than|vs\.?|versus|surpass\w*|outperform\w*|beat\w*|comparable|approach\w*|match\w*|rival\w*|over"
    r"|close to|such as|like|relative to|compared|against"
    r"|superior|better|worse|baselines?)\b"
    r"|[<>＜＞]|相比|超过?|胜过|比肩|逼近|对标|匹敌|媲美|优于|不及|落后|持平|接近",
    re.IGNORECASE,
)


_SCORED_AFTER = re.compile(r"[^\w+]{0,3}(?:(?:仅|only)\s*\d|[(（]?\d+(?:\.\d+)?\s*%(?!\s*→))", re.IGNORECASE)
# A model used to make or judge data, not run as the base: "用 GPT-4 … 生成", "generated by GPT-4", "GPT-4 构造的".
_MADE_WITH = re.compile(
    r"generat\w*|construct\w*|synthesi\w*|annotat\w*|distill\w*|as (?:a |the )?judge|evaluat\w*"
    r"|生成|构造|合成|标注|蒸馏|评测|评判|打分",
    re.IGNORECASE,
)


def _using_clause(entry_id: str, bases: Sequence[str], lang: str, catalog: Catalog) -> str:
    """The clause of an entry that names one of the models asked as one it works with (not one it measures
    against, and not in its own title); "" when none does."""
    entry = catalog.by_id[entry_id]
    if any(_base_is(entry.title, b) or b.lower() in entry.title.lower() for b in bases):
        return ""
    texts = [entry.summary, entry.abstract or ""]
    if lang == "en":
        texts.reverse()  # an English clause for an English question, when the abstract names it too
    for text in texts:
        for b in bases:
            maker = maker_of(b, catalog)
            if maker and maker in catalog.orgs_of(entry_id) and entry.kind != "paper":
                continue  # the maker's own product post ("gpt-4-0613" in OpenAI's API post)
            tail = r"(?![\w]|\.\d)" if b[-1].isdigit() else r"(?![a-z])"
            for m in re.finditer(rf"(?<![\w.]){re.escape(b)}{tail}", text, re.IGNORECASE):
                # What comes just before the name in its clause says how it is used ("超 GPT-4", "such as GPT-4"),
                # and so does a score right after it ("GPT-4 仅 14.41%": evaluated) or a making verb around it
                # ("用 GPT-4 … 生成轨迹", "generated by GPT-4": its data, not its base).
                before = re.split(r"[，。；;()（）]|\.\s", text[max(0, m.start() - 60) : m.start()])[-1]
                after = re.split(r"[，。；;]|\.\s", text[m.end() : m.end() + 40])[0]
                if (
                    _MEASURED_AGAINST.search(before)
                    or re.search(r"\d\s*%[^，。；;]{0,12}$", before)  # "92% vs. 15% for GPT-4": scored, not run on
                    or re.match(r"[^，。；;]{0,12}(?:差距|\bgap\b|\bvs\b)", after, re.IGNORECASE)
                    # a score right after it ("GPT-4 仅 14.41%"), not a trained model's gain ("Llama-3.1-8B 4.8%→42.4%",
                    # "Qwen2.5-7B +41%") or a count ("Qwen2.5-32B 400 步")
                    or _SCORED_AFTER.match(after)
                    or _MADE_WITH.search(before[-20:] + text[m.start() : m.end()] + after)
                ):
                    continue
                return clause_around(text, m.start(), m.end())
    return ""


def model_pattern(model: str, catalog: Catalog) -> re.Pattern[str]:
    """A model's name as texts write it ("GPT-4 Turbo", "GPT-4-Turbo"). A longer name is another model ("GPT-5.5",
    "GPT-4o" are not "GPT-5", "GPT-4") unless it only adds a date or tier ("GPT-3.5-turbo"). A family's own name
    with no version ("Qwen 系列模型", "against Claude") is any model of the family (Qwen3-235B, Qwen2.5-VL-72B)."""
    alias = next((a for t in catalog.lex.model_families for a in t.aliases if model.lower() == a.lower()), None)
    if alias is not None and not re.search(r"\d", model):
        # A version or a size after it ("Qwen3.5-122B", "Claude-3"), not more letters ("Intern" is not "internal").
        flags = model_alias_flags(alias)
        name = re.escape(alias if flags == 0 else model)
        return re.compile(rf"(?<![A-Za-z0-9.\-]){name}(?:[\d.]+[\w.]*|[A-Z]\d[\w.]*|(?=-))?(?:-[\w.]+)*(?![\w])", flags)
    spaced = r"[\s\-]?".join(re.escape(p) for p in re.split(r"[\s\-]+", model))
    tail = r"(?:-(?:turbo|preview|\d{4})\b)*"
    return re.compile(rf"(?<![A-Za-z0-9.\-]){spaced}{tail}(?![A-Za-z0-9]|[.\-]\d|-[a-z])", re.IGNORECASE)


def any_alias(aliases: Sequence[str]) -> re.Pattern[str]:
    names = "|".join(re.escape(a) for a in sorted(aliases, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9.\-])(?:{names})(?![A-Za-z0-9])")


def families_of(model: str, catalog: Catalog) -> list[str]:
    """The model families a model's name belongs to ("GPT-4 Turbo" → GPT)."""
    low = model.lower()
    return [t.name for t in catalog.lex.model_families if any(low.startswith(a.lower()) for a in t.aliases)]


def maker_of(model: str, catalog: Catalog) -> str:
    """The organisation whose model family the name belongs to ("" when none is known)."""
    families = families_of(model, catalog)
    return str(catalog.lex.concepts.terms[families[0]].extra.get("org", "")) if families else ""
