"""The facts of one measure across entries (sizes, context lengths, speed-ups): rows for rankings and lists."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from surveyqa.catalog import Catalog
from surveyqa.facts import Fact, clause_around, size_value


def measure_facts(measure: str, pool: Sequence[str], catalog: Catalog) -> list[Fact]:
    """The facts giving ``measure`` ("benchmark:AIME 2024", "size:active", "context", ...) for the pool's entries."""
    kind, _, name = measure.partition(":")
    if measure == "size:ratio":
        return _active_shares(pool, catalog)
    out: list[Fact] = []
    for entry_id in dict.fromkeys(pool):  # in survey order: ties rank the same in every process
        for f in catalog.facts_by_entry.get(entry_id, []):
            if f.value is None:
                continue
            if (
                (kind == "benchmark" and f.kind == "benchmark" and f.name == name and f.own)
                or (kind == "human" and f.kind == "benchmark" and f.subject.lower() in ("人类", "human", "humans"))
                or (
                    kind == "size" and f.kind == "size" and (f.name == name or (name == "total" and f.name == "params"))
                )
                or (kind == "context" and f.kind == "context")
                or (kind == "tokens" and f.kind == "quantity" and f.name == "token")
                or (kind == "speed" and f.kind == "quantity" and f.name == "tok/s")
                or (kind == "quantity" and f.kind == "quantity" and f.name == name)
            ):
                out.append(f)
        if (
            kind == "size"
            and name == "total"
            and not any(f.kind == "size" for f in catalog.facts_by_entry.get(entry_id, []))
        ):
            out += _tuned_base_sizes(entry_id, catalog)
    return out


# A base model fine-tuned into the work ("微调 LLaMA-7B", "基座 GPT-J 6.7B", "fine-tuning Llama2-7B"), not one only
# prompted or compared with: the work's model has its size.
_TUNED = re.compile(r"微调|^基座|fine-?tun|finetun|instruction-tun", re.IGNORECASE)  # not "PaLM-540B 基座" (prompted)
_NAMED_SIZE = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s*([BbMm])\b")


def _tuned_base_sizes(entry_id: str, catalog: Catalog) -> list[Fact]:
    """Size facts for a work that states no size of its own but fine-tunes a base model whose name gives one."""
    out = []
    for f in catalog.facts_by_entry.get(entry_id, []):
        sizes = _NAMED_SIZE.findall(f.name) if f.kind == "base_model" and _TUNED.search(f.span) else []
        if len(sizes) == 1:
            raw = "".join(sizes[0]).upper()
            out.append(replace(f, kind="size", name="params", value=size_value(raw), unit="params", raw=raw))
    return out


# A bound on a multiple asked ("超过 5 倍", "at least 5x"): only speed-ups above it.
MULTIPLE_BOUND = re.compile(
    r"(?P<op>超过|高于|大于|至少|不少于|不低于|more than|over|above|at least|greater than)\s*(?P<v>\d+(?:\.\d+)?)\s*"
    r"(?:×|x\b|倍|times)",
    re.IGNORECASE,
)


def _active_shares(pool: Sequence[str], catalog: Catalog) -> list[Fact]:
    """Each MoE's active share (active over total parameters), from its own largest total and smallest active
    size: a fact whose span is the active size's, and whose raw value reads "13B/80B"."""
    out: list[Fact] = []
    for entry_id in dict.fromkeys(pool):
        sizes = [f for f in catalog.facts_by_entry.get(entry_id, []) if f.kind == "size" and f.value and f.own]
        totals = [f for f in sizes if f.name in ("total", "params")]
        actives = [f for f in sizes if f.name == "active"]
        if not totals or not actives:
            continue
        total = max(totals, key=lambda f: f.value or 0.0)
        active = min(actives, key=lambda f: f.value or 0.0)
        if not (total.value and active.value and active.value < total.value):
            continue
        span = active.span if total.span != active.span else total.span
        out.append(
            replace(
                active,
                name="ratio",
                span=span,
                value=active.value / total.value,
                unit="share",
                raw=f"{active.raw}/{total.raw}",
            )
        )
    return out


def stating_facts(measure: str, pool: Sequence[str], catalog: Catalog) -> list[Fact]:
    """The facts that state a measure, in survey order: a cost needs a figure, the rest a value."""
    if measure == "cost":
        allowed = set(pool)
        return [f for f in catalog.facts if f.kind == "cost" and f.entry_id in allowed and re.search(r"\d", f.span)]
    order = catalog.order
    return sorted(measure_facts(measure, pool, catalog), key=lambda f: order[f.entry_id])


def speedups(text: str, pool: Sequence[str], catalog: Catalog) -> list[Fact]:
    """Speed-up multiples of the pool's entries; "超过 5 倍", "at least 5x" keeps those above the bound."""
    allowed = set(pool)
    facts = [f for f in catalog.facts if f.name == "speedup" and f.entry_id in allowed and f.value is not None]
    bound = MULTIPLE_BOUND.search(text)
    if bound:
        low = float(bound.group("v"))
        inclusive = bound.group("op").lower() in ("至少", "不少于", "不低于", "at least")
        facts = [f for f in facts if f.value is not None and (f.value >= low if inclusive else f.value > low)]
    return facts


def fact_clause(fact: Fact, catalog: Catalog) -> str:
    """A benchmark result as extracted; a size or a count with its clause ("119 languages and dialects")."""
    if fact.kind in ("benchmark", "context"):
        return fact.span
    e = catalog.by_id[fact.entry_id]
    text = e.summary if fact.source == "summary" else (e.abstract or "")
    at = text.find(fact.span)
    return clause_around(text, at, at + len(fact.span), limit=70) if at >= 0 else fact.span


def shown_value(value: float, measure: str) -> str:
    """A value as a header shows it: 128K, 1T, 32B, 1,000."""
    if measure.startswith("context"):
        return f"{value / 1e6:g}M" if value >= 1e6 else f"{value / 1e3:g}K"
    if measure.startswith("size") or measure == "tokens":  # pre-training tokens are counted in B and T as sizes are
        return f"{value / 1e12:g}T" if value >= 1e12 else f"{value / 1e9:g}B"
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:g}"
