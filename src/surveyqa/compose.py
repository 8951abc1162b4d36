"""Compose the answer, one composer per intent. Every statement is verbatim survey or abstract text, or a
framing line built only from verbatim tokens (titles, benchmark names, values, dates) and the question's
own words, and every line that states something about an entry ends with that entry's ``[id]``.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

import numpy as np

from surveyqa import tuning
from surveyqa.catalog import Catalog
from surveyqa.evidence import Candidate, Evidence
from surveyqa.gather import dated_as_asked, described_by, from_first_org, names_benchmarks
from surveyqa.prompts import CRITERIA, CRITERIA_ONE, MISSING, ROLES, ROLES_ONE, TEXT, measure_label
from surveyqa.reader import initials, pick, score_sentences, states, title_line
from surveyqa.results import Answer, AnswerKind, Citation, Item, Retrieved
from surveyqa.sentences import Sentence
from surveyqa.text import has_cjk
from surveyqa.understand import ORDER_IN_TIME, Question

# Criteria an entry's title line (org, date, kind) and section answer by themselves.
_METADATA_SLOTS = {"org", "not_org", "kind", "not_kind", "years", "years_open", "month", "section"}


# A model size as a question writes it: "30.5B", "3.3 B", "1T".
_SIZE_SAID = re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s?[BT](?![\w])")

# A difference asked between two sides: "how much better/higher than", "高了多少", "差多少", "快几倍".
_DIFFERENCE = re.compile(
    r"\bhow much (?:better|higher|lower|more|less|faster|slower|bigger|larger|smaller|worse)\b"
    r"|\bby how much\b|\bhow (?:big|large|wide) (?:is|was) the (?:gap|difference|margin)\b"
    r"|\bhow many times (?:larger|bigger|smaller|more|fewer|faster|slower|higher|lower|as)\b"
    r"|(?<!最)(?:高|低|多|少|快|慢|好|强|大|小|提升|提高|降低|差)了?(?:多少倍?|几倍|几个点)|差(?:距)?(?:有)?多少",
    re.IGNORECASE,
)


class Composer:
    """Turns gathered evidence into an :class:`Answer`; holds the vectors the reader scores against."""

    def __init__(self, catalog: Catalog, sentence_vectors: np.ndarray, chunk_vectors: np.ndarray) -> None:
        self.catalog = catalog
        self.sentence_vectors = sentence_vectors
        self.chunk_vectors = chunk_vectors

    def compose(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        q = ev.question
        if q.intent == "ranking":
            return self.ranking(ev, retrieved)
        if q.intent in ("list", "count"):
            return self.listing(ev, retrieved)
        if q.intent in ("earliest", "latest"):
            return self.timeline(ev, retrieved)
        return self.lookup(ev, retrieved)

    # -- shared pieces --------------------------------------------------------------------------------
    def t(self, ev: Evidence, key: str) -> str:
        return TEXT[ev.question.lang][key]

    def fill(self, ev: Evidence, key: str, **values: object) -> str:
        """A framing template filled in; an empty slot leaves no double space or space before a colon or a
        closing full stop."""
        text = self.t(ev, key).format(**values)
        return re.sub(r"\s+(?=[:：]|\.$)", "", re.sub(r"\s{2,}", " ", text))

    def not_covered(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        return Answer(self.t(ev, "not_covered"), True, [], retrieved, kind="not_covered")

    def citation(self, entry_id: str, snippet: str) -> Citation:
        e = self.catalog.by_id[entry_id]
        return Citation(e.id, e.title, e.url, e.arxiv_id, snippet)

    def item(self, c: Candidate, value: str | None = None) -> Item:
        e = self.catalog.by_id[c.entry_id]
        return Item(e.id, e.title, c.span, value, e.date, e.org, c.fact.setting if c.fact else "")

    def line(self, c: Candidate, *, with_date: bool = True, bare: bool = False) -> str:
        e = self.catalog.by_id[c.entry_id]
        if bare and not re.search(r"[?？!！。]", e.header()):  # its own title line, verbatim: "Title (org, date, kind)"
            return f"- {e.header()} [{e.id}]"
        name = self.catalog.short_title(c.entry_id)
        date = f" ({e.date})" if with_date and e.date else ""
        span = c.span.strip().rstrip("，,；;：:").strip()
        span = f": {span}" if span else ""
        return f"- {name}{date}{span} [{e.id}]"

    def criteria(self, ev: Evidence, *, one: bool = False) -> str:
        """The header's criteria, its verbs agreeing with one entry when ``one``."""
        lang = ev.question.lang
        templates = CRITERIA[lang] | (CRITERIA_ONE.get(lang, {}) if one else {})
        roles = ROLES[lang] | (ROLES_ONE.get(lang, {}) if one else {})
        parts: list[str] = []
        criteria = list(ev.criteria)
        # Kinds and benchmarks are alternatives, said once: "of kind blog or report", "not of kind blog or
        # model-card", "that report OSWorld or OSWorld-Verified".
        for alternatives in ("kind", "not_kind", "benchmark", "not_entry", "versus"):
            values = [v for s, v in criteria if s == alternatives]
            if len(values) > 1:
                at = next(i for i, (s, _) in enumerate(criteria) if s == alternatives)
                criteria = [c for c in criteria if c[0] != alternatives]
                if alternatives == "not_entry":  # "other than A, B and C" / "除 A、B 和 C 外"
                    head = (", " if lang == "en" else self.t(ev, "and")).join(values[:-1])
                    joined = head + (" and " if lang == "en" else " 和 ") + values[-1]
                else:
                    joined = (" or " if lang == "en" else "或").join(values)
                criteria.insert(at, (alternatives, joined))
        # Orgs as the question says them; several are one criterion.
        criteria = [(s, self._said(ev, v)) if s == "org" else (s, v) for s, v in criteria]
        orgs = [v for s, v in criteria if s == "org"]
        if len(orgs) > 1:
            # "from Alibaba or Zhipu", or made together: "from ByteDance and Tsinghua" / "来自字节和清华"
            word = (
                ("and" if ev.question.orgs_joint else "or")
                if lang == "en"
                else ("和" if ev.question.orgs_joint else "或")
            )
            at = next(i for i, (s, _) in enumerate(criteria) if s == "org")
            criteria = [c for c in criteria if c[0] != "org"]
            head = (", " if lang == "en" else "、").join(orgs[:-1])
            criteria.insert(at, ("org", f"{head} {word} {orgs[-1]}" if lang == "en" else f"{head}{word}{orgs[-1]}"))
        criteria.sort(key=lambda c: c[0] != "kind")  # the kind reads first
        # What is left out reads last: "that mention RL but do not mention GRPO".
        criteria.sort(key=lambda c: c[0].startswith("not_"))
        last, said = "", []
        for slot, value in criteria:
            if slot == "measure":
                continue
            v = value
            if slot == "role":
                v = roles.get(value, value)
            if slot == "not_org":
                v = self._said(ev, value)
            if slot in ("concept", "or_concept", "not_concept", "without"):
                v = self._said(ev, value, concepts=True)
            if slot in ("concept", "or_concept") and last == "concept":
                # "that mention GRPO and SFT", not "that mention GRPO that mention SFT"; "GRPO or PPO" for either
                if v in said:
                    continue  # two concepts the question words alike ("截图" twice)
                said.append(v)
                head = (", " if lang == "en" else "、").join(said[:-1])
                word = (
                    (" or " if lang == "en" else " 或 ")
                    if slot == "or_concept"
                    else (" and " if lang == "en" else " 和 ")
                )
                parts[-1] = templates["concept"].format(v=f"{head}{word}{said[-1]}")
                continue
            slot = "concept" if slot == "or_concept" else slot
            said = [v] if slot == "concept" else []
            last = slot
            if slot == "states":
                v = measure_label(value, lang, self.catalog.lex.phrasebook)
            text = templates[slot].format(v=v)
            if (
                lang == "en"
                and slot.startswith("not_")
                and parts
                and parts[-1].startswith("that ")
                and text.startswith("that ")
            ):
                text = "but " + text.removeprefix("that ")
            parts.append(text)
        if lang == "zh":
            joined = "、".join(p.strip() for p in parts)
            joined = re.sub(r"(?<=[\u4e00-\u9fff])\s+(?=[\u4e00-\u9fff])", "", joined)  # "来自 智谱" → "来自智谱"
            # A Latin word at either end gets a space before the Chinese around it ("提到 GRPO 的条目").
            lead = " " if re.match(r"[A-Za-z0-9]", joined) else ""
            tail = " " if re.search(r"[A-Za-z0-9]$", joined) else ""
            return f"{lead}{joined}{tail}"
        return " ".join(parts)

    def _said(self, ev: Evidence, name: str, *, concepts: bool = False) -> str:
        """An org or a concept as the question wrote it ("智谱" rather than "Zhipu", "训练不稳定" rather than
        "training stability"), so the header reads in the question's language."""
        matcher = self.catalog.lex.concepts if concepts else self.catalog.lex.orgs
        label = matcher.terms[name].extra.get(f"label_{ev.question.lang}") if name in matcher.terms else None
        if label:
            return str(label)  # a group of organisations by its own name ("国产" alone reads badly in a header)
        said = list(dict.fromkeys(m.text for m in matcher.find(ev.question.text) if m.name == name))
        if concepts and len(said) > 1 and self.catalog.lex.concepts.terms[name].type == "family":
            return (" or " if ev.question.lang == "en" else "或").join(said)  # "GPT-4 or ChatGPT"
        if said and said[0].islower() and said[0] == name.lower() and not name.islower():
            return name  # "deepseek" typed in lower case reads as "DeepSeek"
        return said[0] if said else name

    # -- list and count -------------------------------------------------------------------------------
    def listing(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        q = ev.question
        if q.tally:
            return self.tally(ev, retrieved)
        named = [c for c in ev.candidates if c.by_name]
        cands = sorted(
            (c for c in ev.candidates if not c.by_name),
            key=lambda c: (self.catalog.by_id[c.entry_id].date or "9999", self.catalog.order[c.entry_id]),
        )
        criteria = self.criteria(ev, one=len(cands) == 1)  # "1 entry that names GPT-4", "that is a benchmark …"
        if not cands:
            return Answer(self.fill(ev, "none_match", criteria=criteria), True, [], retrieved, kind="not_covered")
        shown, rest = cands[: tuning.LIST_CAP], cands[tuning.LIST_CAP :]
        head_key = "count_head" if q.intent == "count" else "list_head"
        # "…, counting the add-on notes": the notes known by name only are in the number asked for
        n = len(cands) + (len(named) if q.notes_counted else 0)
        noun = self.t(ev, "entries_1" if n == 1 else "entries_n")
        lines = [self.fill(ev, head_key, n=n, entries=noun, criteria=criteria)]
        # "… that its overview names in this passage:" — the passage as the overview writes it, cited, before the
        # works it names
        quoted = _quoted_overview(ev, self.catalog)
        lines += [f"{v} [overview]" for v in quoted]
        # A count by org, date, kind or section names what it counted, one short line each (the title line says
        # why it counts); a list, or a count by what the works do, quotes why each qualifies.
        bare = q.intent == "count" and all(slot in _METADATA_SLOTS for slot, _ in ev.criteria)
        lines += [self.line(c, bare=bare) for c in shown]
        if rest:
            lines.append(self.t(ev, "more").format(k=len(rest), ids=", ".join(c.entry_id for c in rest)))
        if named:
            lines.append(self.t(ev, "by_name"))
            lines += [self.line(c) for c in named]
            shown = shown + named
            cands = cands + named
        citations = [self.citation(c.entry_id, c.span) for c in shown]
        citations[:0] = [self.citation("overview", v) for v in quoted]
        seen = {r.id for r in retrieved}
        retrieved = retrieved + [
            Retrieved(c.entry_id, self.catalog.by_id[c.entry_id].title, 0.0) for c in rest if c.entry_id not in seen
        ]
        items = [self.item(c) for c in shown]  # the rows shown; entries past the cap are in `retrieved`
        kind: AnswerKind = "count" if q.intent == "count" else "list"
        return Answer("\n".join(lines), False, citations, retrieved, kind=kind, items=items)

    def _group_label(self, ev: Evidence, group: str) -> str:
        """An org by its name in the question's language ("智谱" for a Chinese question), a year or a kind."""
        q = ev.question
        if q.tally in ("org", "technique"):  # by its Chinese name for a Chinese question ("智谱", "强化学习")
            matcher = self.catalog.lex.orgs if q.tally == "org" else self.catalog.lex.concepts
            term = matcher.terms.get(group)
            chinese = [a for a in term.aliases if has_cjk(a)] if term else []
            return chinese[0] if q.lang == "zh" and chinese else group
        if q.tally == "kind":
            return self.fill(ev, "tally_kind", kind=group)
        if q.tally == "benchmark":
            return group
        return f"{group} 年" if q.lang == "zh" else group

    def _groups_of(self, entry_id: str, tally: str, asked: Sequence[str] = ()) -> list[str]:
        """The groups an entry counts for: its organisations (a lab not apart from its parent, "Google DeepMind"
        under Google), its year, its kind, the benchmarks it gives a result on, or the techniques it names (not
        those the question ``asked`` about: "Which RL algorithm …" tallies the algorithms, not RL)."""
        facts = self.catalog.facts_by_entry.get(entry_id, []) if tally in ("benchmark", "technique") else []
        if tally == "benchmark":
            return sorted({f.name for f in facts if f.kind == "benchmark"})
        if tally == "technique":
            lex = self.catalog.lex
            named = {f.name for f in facts if f.kind == "concept" and lex.concepts.terms[f.name].type == "technique"}
            # "Which RL algorithm do the most works use?": the narrower techniques of what is asked (GRPO, PPO, …)
            narrower = set().union(*(lex.concept_family(c) for c in asked)) - set(asked)
            return sorted(named & narrower if narrower else named - set(asked))
        if tally == "org":
            orgs = self.catalog.orgs_of(entry_id)
            terms = self.catalog.lex.orgs.terms
            return sorted(o for o in orgs if not (o in terms and terms[o].parent in orgs))
        if tally == "year":
            year = self.catalog.year(entry_id)
            return [str(year)] if year else []
        kind = self.catalog.by_id[entry_id].kind
        return [kind] if kind else []

    def tally(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        """Which organisation, year or kind holds the most (or fewest) of the qualifying entries: each winner with
        its count and its entries, cited (a header's count is the number of entries listed under it)."""
        q = ev.question
        assert q.tally is not None
        criteria = self.criteria(ev).strip()
        groups: dict[str, list[Candidate]] = {}
        for c in sorted(ev.candidates, key=lambda c: self.catalog.order[c.entry_id]):
            for g in self._groups_of(c.entry_id, q.tally, q.concepts):
                groups.setdefault(g, []).append(c)
        if not groups:
            return Answer(self.fill(ev, "none_match", criteria=criteria), True, [], retrieved, kind="not_covered")
        sign = 1 if q.direction == "min" else -1
        ordered = sorted(groups.items(), key=lambda kv: (sign * len(kv[1]), self.catalog.order[kv[1][0].entry_id]))
        n = len(ordered[0][1])
        winners = [g for g, members in ordered if len(members) == n]
        named = winners[: tuning.TALLY_SHOW]
        scope = (f" {criteria}" if q.lang == "en" else criteria) if criteria else ""
        most = "min" if q.direction == "min" else "max"
        lines: list[str] = []
        of = "" if q.tally in ("org", "year", "kind") else f"_{q.tally}"  # "The benchmark reported by the most …"
        if len(winners) == 1:
            lines.append(self.fill(ev, f"tally{of}_{most}", group=self._group_label(ev, named[0]), criteria=scope, n=n))
        else:
            said = [self._group_label(ev, g) for g in named]
            comma = "、" if q.lang == "zh" else ", "
            labels = comma.join(said[:-1]) + self.t(ev, "and") + said[-1]  # "A, B and C" / "A、B、C"
            if len(winners) > len(named):
                labels = self.fill(
                    ev, "tally_others", shown=comma.join(said), k=len(winners) - len(named), total=len(winners)
                )
            lines.append(self.fill(ev, f"tally{of}_tie_{most}", groups=labels, criteria=scope))
        lines[0] = lines[0][:1].upper() + lines[0][1:]  # "Kind “paper” has the most …"
        shown: list[Candidate] = []
        for g in named:
            if len(winners) > 1:
                lines.append(self.fill(ev, "tally_group", group=self._group_label(ev, g), n=n))
            members = groups[g]
            listed, rest = members[: tuning.TALLY_SHOW * 2], members[tuning.TALLY_SHOW * 2 :]
            lines += [self.line(c, bare=True) for c in listed]
            if rest:
                lines.append(self.t(ev, "more").format(k=len(rest), ids=", ".join(c.entry_id for c in rest)))
            shown += [c for c in listed if c not in shown]
        citations = [self.citation(c.entry_id, c.span) for c in shown]
        return Answer("\n".join(lines), False, citations, retrieved, kind="count", items=[self.item(c) for c in shown])

    # -- ranking --------------------------------------------------------------------------------------
    def ranking(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        q = ev.question
        cands = ev.candidates
        measure = self._measure_name(ev)
        criteria = self.criteria(ev)
        zh_criteria = f"{criteria.strip()}的" if criteria.strip() and q.lang == "zh" else ""
        scope = self.fill(ev, "rank_scope_among", criteria=criteria) if criteria.strip() else self.t(ev, "rank_scope")
        own = [
            hit.entry_id for b in q.benchmarks for hit in self.catalog.named_entries(b) if hit.entry_id in q.mentioned
        ]
        if not cands and own:
            # "Mind2Web 2 评测的系统里表现最好的是哪个？": no survey entry reports the benchmark, but its own paper
            # is in the survey: the ranking is inside that paper, read as a lookup on it (which still says so
            # when the paper does not state it).
            targets = list(dict.fromkeys(own))
            ev = dataclasses.replace(
                ev, question=dataclasses.replace(q, intent="lookup", entries=tuple(targets)), targets=targets
            )
            return self.lookup(ev, retrieved)
        if not cands:
            # Nothing in the survey reports the measure: say so rather than quote a nearby sentence.
            return Answer(
                self.fill(ev, "rank_none", measure=measure, criteria=zh_criteria or criteria),
                True,
                [],
                retrieved,
                kind="not_stated",
            )
        lines: list[str] = []
        if len(cands) == 1:
            lines.append(self.fill(ev, "rank_one", measure=measure, criteria=zh_criteria or criteria))
            lines.append(self.line(cands[0]))
            shown = cands[:1]
        else:
            top = cands[0]
            assert top.fact is not None
            lines.append(
                self.fill(
                    ev,
                    "rank_head",
                    best=self.t(ev, "highest" if q.direction == "max" else "lowest"),
                    measure=measure,
                    scope=scope.strip(),
                    title=self.catalog.short_title(top.entry_id),
                    span=top.span,
                    id=top.entry_id,
                )
            )
            ties = [c for c in cands[1:] if c.fact and c.fact.value == top.fact.value][: tuning.LIST_CAP]
            others = [c for c in cands[1:] if c not in ties][: tuning.RANKING_SHOW]
            if ties:
                lines.append(self.t(ev, "rank_tied"))
                lines += [self.line(c) for c in ties]
            if others:
                lines.append(self.t(ev, "rank_next"))
                lines += [self.line(c) for c in others]
            shown = [top, *ties, *others]
        if ev.mixed:
            what = self.t(ev, "and").join(self.t(ev, f"mixed_{m}") for m in ev.mixed)
            lines.append(self.t(ev, "mixed").format(what=what))
        citations = [self.citation(c.entry_id, c.span) for c in shown]
        items = [self.item(c, c.fact.raw if c.fact else None) for c in shown]
        seen = {r.id for r in retrieved}
        retrieved = retrieved + [
            Retrieved(c.entry_id, self.catalog.by_id[c.entry_id].title, c.score)
            for c in shown
            if c.entry_id not in seen
        ]
        return Answer("\n".join(lines), False, citations, retrieved, kind="ranking", items=items)

    def _measure_name(self, ev: Evidence) -> str:
        m = ev.question.measure or ""
        if m.startswith("benchmark:"):
            names = list(dict.fromkeys(c.fact.name for c in ev.candidates if c.fact))
            name = names[0] if len(names) == 1 else m.split(":", 1)[1]
            if ev.candidates and all(c.fact and c.fact.unit in ("gain", "pp") for c in ev.candidates):
                return f"improvement on {name}" if ev.question.lang == "en" else f" {name} 提升"
            return f"{name} score" if ev.question.lang == "en" else f" {name} 成绩"
        return measure_label(m, ev.question.lang, self.catalog.lex.phrasebook)

    # -- earliest / latest ----------------------------------------------------------------------------
    def timeline(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        q = ev.question
        cands = ev.candidates
        criteria = self.criteria(ev)
        if not cands:
            return Answer(self.fill(ev, "none_match", criteria=criteria), True, [], retrieved, kind="not_covered")
        first_date = self.catalog.by_id[cands[0].entry_id].date
        ties = [c for c in cands if self.catalog.by_id[c.entry_id].date == first_date]
        prefix = "earliest" if q.intent == "earliest" else "latest"
        if q.then_asks and len(ties) == 1:
            return self.then_asked(ev, ties[0], prefix, criteria, retrieved)
        lines: list[str] = []
        if len(ties) == 1:
            top = ties[0]
            head = self.fill(
                ev, f"{prefix}_head", criteria=criteria, title=self.catalog.short_title(top.entry_id), date=first_date
            )
            span = top.span.strip().rstrip("，,；;：:").strip()
            lines.append(f"{head} {span} [{top.entry_id}]" if span else f"{head.rstrip(':：')} [{top.entry_id}]")
        else:
            lines.append(self.fill(ev, f"{prefix}_tie", criteria=criteria, date=first_date))
            lines += [self.line(c, with_date=False) for c in ties]
        after = [c for c in cands if c not in ties][: tuning.TIMELINE_SHOW]
        if after:
            lines.append(self.t(ev, f"{prefix}_next"))
            lines += [self.line(c) for c in after]
        shown = ties + after
        citations = [self.citation(c.entry_id, c.span) for c in shown]
        items = [self.item(c) for c in shown]
        return Answer("\n".join(lines), False, citations, retrieved, kind="timeline", items=items)

    def then_asked(
        self, ev: Evidence, top: Candidate, prefix: str, criteria: str, retrieved: list[Retrieved]
    ) -> Answer:
        """ "How many parameters does the latest MiniMax model have?": which entry that is (its title line names it
        and its date), then the lookup of that entry for what is asked (or that the survey does not state it)."""
        e = self.catalog.by_id[top.entry_id]
        head = self.fill(ev, f"{prefix}_head", criteria=criteria, title=self.catalog.short_title(e.id), date=e.date)
        stop = "。" if ev.question.lang == "zh" else "."
        head = f"{head.rstrip(':：').rstrip()}{stop} [{e.id}]"
        asked = dataclasses.replace(ev.question, intent="lookup", entries=(e.id,), then_asks=False)
        inner = self.lookup(dataclasses.replace(ev, question=asked, targets=[e.id], candidates=[]), retrieved)
        citations = inner.citations
        if all(c.id != e.id for c in citations):
            citations = [self.citation(e.id, e.header()), *citations]
        return dataclasses.replace(inner, answer=f"{head}\n{inner.answer}", citations=citations)

    # -- lookup, comparison, overview, not stated -----------------------------------------------------
    def lookup(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer:
        q = ev.question
        targets = ev.targets or ([ev.hits[0].entry.id] if ev.hits else [])
        if not targets:
            return self.not_covered(ev, retrieved)
        if q.intent == "lookup" and not q.entries and not q.asks:
            defined = self.definition(ev, retrieved)
            if defined:
                return defined
        if q.intent == "lookup" and not q.entries and len(ev.hits) > 1:
            targets = [self._best_entry(ev)]
        if q.gaps and q.intent == "lookup" and q.entries and not q.asks:
            gaps = self.gaps(ev, targets[0], retrieved)
            if gaps:
                return gaps
        unstated: list[tuple[str, str]] = []
        if q.intent in ("lookup", "comparison"):
            # Every side must state what is asked; a side that does not is said to, never quoted as an answer.
            checked = [(t, *states(q, t, self.catalog)) for t in targets]
            unstated = [(t, missing) for t, stated, missing in checked if not stated]
            targets = [t for t, stated, _ in checked if stated]
            if not targets:
                return self.not_stated(ev, unstated[0][0], unstated[0][1], retrieved, also=[t for t, _ in unstated[1:]])
        budget = tuning.CHAR_BUDGET if len(targets) == 1 else tuning.CHAR_BUDGET + tuning.COMPARISON_EXTRA_CHARS
        parts: list[str] = []
        citations: list[Citation] = []
        first, order = self._date_order(ev, targets)
        if first:
            targets = [first, *(t for t in targets if t != first)]  # the side asked about leads, with its date
        for entry_id in targets:
            chosen = self._sentences(ev, entry_id, budget // len(targets))
            if not chosen:
                continue
            lines = [f"{s.text} [{entry_id}]" for s in chosen]
            lead = order if entry_id == first else self._lead(ev, entry_id, chosen)
            if not lead and not q.entries and _NAME_ASKED.search(q.text):
                name = self.catalog.short_title(entry_id)
                if not any(name.lower() in s.text.lower() for s in chosen):
                    lead = self.fill(ev, "lead_name", title=name)  # "智谱那个 GUI agent 叫什么？": the name answers
            if lead:
                lines[0] = f"{lead} {lines[0]}"
            parts += lines
            citations.append(self.citation(entry_id, self.snippet(entry_id, chosen)))
        if not parts:
            return self.not_covered(ev, retrieved)
        if unstated:
            titles = self.t(ev, "and").join(self.catalog.short_title(t) for t, _ in unstated)
            what = self._missing(q.lang, unstated[0][1])
            parts.append(self.fill(ev, "also_not_stated", what=what, title=titles))
        if unstated and _DIFFERENCE.search(q.text) and not self._names_a_side(targets, [t for t, _ in unstated]):
            # "How much better is that than GLM-5's score?": with one side unstated there is no difference to give;
            # what the other side states stays, and the answer says the survey does not answer it.
            return Answer(" ".join(parts), True, citations, retrieved, kind="not_stated")
        # An overview quotes the survey's own overview and scope paragraphs: one passage, not two sides compared.
        compared = q.intent != "overview" and (len(citations) > 1 or bool(unstated))
        kind: AnswerKind = "comparison" if compared else "lookup"
        return Answer(" ".join(parts), False, citations, retrieved, kind=kind)

    def _names_a_side(self, stated: Sequence[str], silent: Sequence[str]) -> bool:
        """Does a side that states the fact name a silent side itself ("吞吐相比 GPT-OSS-120B 2.2×")? Then the
        difference is given there."""
        named = {h.entry_id for t in stated for h in self.catalog.named_entries(self.catalog.full_text(t))}
        return bool(named & set(silent))

    def _date_order(self, ev: Evidence, targets: Sequence[str]) -> tuple[str, str]:
        """ "Which came out first, A or B?": the side the survey dates first (or last) and a frame saying so,
        built from its title line's own tokens (its name and date), or a frame saying both share a month;
        ("", "") when no order is asked."""
        q = ev.question
        asked = ORDER_IN_TIME.search(q.text)
        if q.intent != "comparison" or "date" not in q.asks or not asked or len(targets) < 2:
            return "", ""
        dated = sorted((self.catalog.by_id[e].date, e) for e in targets if self.catalog.by_id[e].date)
        if asked.group("later"):
            dated.reverse()
        if len(dated) < 2:
            return "", ""
        date, entry_id = dated[0]
        if date == dated[1][0]:  # one month for both: the survey gives no order
            return entry_id, self.fill(ev, "dated_same", date=date)
        key = "dated_last" if asked.group("later") else "dated_first"
        return entry_id, self.fill(ev, key, title=self.catalog.short_title(entry_id), date=date)

    def _lead(self, ev: Evidence, entry_id: str, chosen: Sequence[Sentence]) -> str:
        """A lead in the question's language when every quote is in the other one (issue 11: an English
        reader should not get bare Chinese back). Built only from verbatim tokens: the entry's name and
        the results of the benchmarks the question names that the quote holds."""
        q = ev.question
        prose = [s for s in chosen if s.pos >= 0] or list(chosen)  # a title line is a listing, in no language
        if any(has_cjk(s.text) == (q.lang == "zh") for s in prose):
            return ""
        results = [
            f.span
            for f in self.catalog.facts_by_entry.get(entry_id, [])
            if f.kind == "benchmark"
            and f.name in q.benchmarks
            and any(f.span in s.text for s in chosen)
            # Only a clean "Benchmark value" span reads as a lead; one with the other language or a clipped
            # bracket ("Codeforces(89th") stays in the quote.
            and has_cjk(f.span) == (q.lang == "zh")
            and f.span.count("(") == f.span.count(")")
        ]
        results = [r for r in dict.fromkeys(results) if not any(r != o and r in o for o in results)]
        values = f" — {', '.join(results)}" if results else ""
        source = "summary" if chosen[0].kind == "summary" else "abstract"
        if all(s.pos < 0 for s in chosen):
            source = "header"  # the title line (title, org, date, kind) is the survey's listing, not its prose
        return self.fill(ev, f"lead_{source}", title=self.catalog.short_title(entry_id), values=values)

    def _own_sizes(self, entry_id: str) -> set[str]:
        return {
            f.raw.replace(" ", "").upper()
            for f in self.catalog.facts_by_entry.get(entry_id, [])
            if f.kind == "size" and f.own and f.raw
        }

    def _best_entry(self, ev: Evidence) -> str:
        """Among the top hits, the entry whose best sentence answers best (with its retrieval score).

        A described entry ("美团的那个定理证明模型") is first narrowed to the hits that fit what the description
        names: its organisation and its (specific) concepts."""
        hits = ev.hits[: tuning.RERANK_HITS + tuning.DESCRIBED_EXTRA_HITS]
        fitting = [h for h in hits if self._fits(ev.question, h.entry.id)]
        if not fitting and ev.question.orgs and ev.question.benchmarks and ev.question.concepts:
            # "OpenAI's deep research agent on HLE": the maker's one described work (put first by gather) answers,
            # though it names no result there (the answer says so), rather than a work that does.
            described = [h for h in hits if self._fits(ev.question, h.entry.id, benchmarks=False)]
            if described == hits[:1]:
                fitting = described
        if not fitting and ev.question.orgs:
            # The description's words are the question's, not the survey's ("native image/audio output"):
            # its maker (and date) still pick the entry out.
            fitting = [h for h in hits if self._fits(ev.question, h.entry.id, concepts=False)]
        candidates = fitting or ev.hits[: tuning.RERANK_HITS]
        sizes = {m.group().replace(" ", "").upper() for m in _SIZE_SAID.finditer(ev.question.text)}
        if len(sizes) >= 2:
            # "the deep-research model with 30.5B total / 3.3B active": two sizes a work gives its own model pick it
            # (one alone may be another model's, "beat the 32B Search-o1").
            sized = [h for h in ev.hits if sizes <= self._own_sizes(h.entry.id)]
            if sized:
                candidates = sized[: tuning.RERANK_HITS]
        if ev.question.other_names:
            # "How many parameters does CodeActAgent have?": only an entry that uses the name can answer.
            using = [h for h in ev.hits if all(self.catalog.uses_name(h.entry.id, n) for n in ev.question.other_names)]
            if using:
                candidates = using[: tuning.RERANK_HITS]
        best_id, best = candidates[0].entry.id, float("-inf")
        for hit in candidates[: tuning.RERANK_HITS]:
            scored = score_sentences(
                ev.question, hit.entry.id, ev.qvec, self.catalog, self.sentence_vectors, self.chunk_vectors
            )
            if not scored:
                continue
            value = scored[0][0] + tuning.HIT_WEIGHT * hit.score
            if value > best:
                best_id, best = hit.entry.id, value
        return best_id

    def _fits(self, q: Question, entry_id: str, *, concepts: bool = True, benchmarks: bool = True) -> bool:
        if not (q.orgs or q.concepts or q.benchmarks):
            return False
        if not from_first_org(q, entry_id, self.catalog) or not dated_as_asked(q, entry_id, self.catalog):
            return False
        if benchmarks and q.benchmarks and not names_benchmarks(q, entry_id, self.catalog):
            return False  # "ToolBench 数据集有多大？": only an entry whose text names ToolBench
        return not concepts or described_by(q, entry_id, self.catalog)

    def snippet(self, entry_id: str, chosen: Sequence[Sentence]) -> str:
        """The verbatim stretch of the entry's text that holds the chosen sentences."""
        e = self.catalog.by_id[entry_id]
        for text in (e.summary, e.abstract or "", e.text()):
            spots = [text.find(s.text) for s in chosen]
            if text and all(p >= 0 for p in spots):
                start = min(spots)
                end = max(p + len(s.text) for p, s in zip(spots, chosen, strict=True))
                return text[start:end]
        return chosen[0].text

    def _sentences(self, ev: Evidence, entry_id: str, budget: int) -> list[Sentence]:
        scored = score_sentences(
            ev.question, entry_id, ev.qvec, self.catalog, self.sentence_vectors, self.chunk_vectors
        )
        return pick(scored, budget, ev.question, self.catalog)

    def definition(self, ev: Evidence, retrieved: list[Retrieved]) -> Answer | None:
        """ "What is CISPO?", "什么是 RLVR？": the sentence of the survey that defines the term (introduces it, spells
        it out or explains it in brackets), from the work that does so most plainly (the earliest on a tie). None
        when the question asks no definition or no sentence defines the term."""
        q = ev.question
        m = _DEFINE_ASKED.search(q.text)
        term = next((g for g in m.groups() if g), "").strip() if m else ""
        if not term or len(term) < 2:
            return None
        t = re.escape(term)
        bound = r"(?<![\w\-])" + t + r"(?![\w\-])"
        introduced = re.compile(
            # "we propose CISPO, a novel RL algorithm", "提出 CISPO"
            rf"\b(?:introduc(?:e|es|ed|ing)|propos(?:e|es|ed|ing)|present(?:s|ed|ing)?)\s+(?:(?:a|an|the)\s+)?"
            rf"(?:[\w\-]+\s+)?{bound}\s*(?:,|[（(]|\s+(?:a|an|to|for|that|which)\b)|(?:提出|引入)了?\s*{bound}",
            re.IGNORECASE,
        )
        spelled = re.compile(rf"[（(]\s*{bound}\s*[）)]", re.IGNORECASE)  # "Group Relative Policy Optimization (GRPO)"
        explained = re.compile(
            rf"{bound}\s*[（(](?![\s\d约~≈])[^）)]{{4,}}[）)]", re.IGNORECASE
        )  # "GRPO（去 critic…）"
        best: tuple[bool, bool, int, str, int, Sentence] | None = None
        for entry in self.catalog.entries:
            for sent in self.catalog.sentences.get(entry.id, []):
                if sent.pos < 0:
                    continue
                weight = 0
                if introduced.search(sent.text):
                    weight = 3
                elif (m := spelled.search(sent.text)) and _spells_out(sent.text[: m.start()], term):
                    weight = 2
                elif (m := explained.search(sent.text)) and not re.search(r"[A-Z][\w\-]*\s+$", sent.text[: m.start()]):
                    weight = 1  # not inside a longer name ("Multi-Step Tool Use（…）")
                if not weight:
                    continue
                # a defining sentence (introduced or spelled out) over a gloss; then one in the question's language;
                # then the stronger; then the earliest work
                foreign = has_cjk(sent.text) != (q.lang == "zh")
                key = (weight < 2, foreign, -weight, entry.date or "9999", self.catalog.order[entry.id], sent)
                if best is None or key[:5] < best[:5]:
                    best = key
        if best is None:
            return None
        sent = best[5]
        entry_id = sent.entry_id
        lead = self._lead(ev, entry_id, [sent]) or self.fill(ev, "lead_name", title=self.catalog.short_title(entry_id))
        text = f"{lead} {sent.text} [{entry_id}]"
        return Answer(text, False, [self.citation(entry_id, sent.text)], retrieved, kind="lookup")

    def gaps(self, ev: Evidence, entry_id: str, retrieved: list[Retrieved]) -> Answer | None:
        """ "What does the survey not say about X?": the kinds of fact readers ask of an entry like X (a benchmark
        or a model / method) that X's entry does not state, then, labelled, what it does say. None when it states
        every one of them."""
        q = ev.question
        kinds = BENCHMARK_GAP_KINDS if entry_id in self.catalog.benchmark_entries else GAP_KINDS
        unsaid: list[str] = []
        for kind in kinds:
            # Asked of the entry alone: the question's own topics ("… about GLM-4.5 and GRPO") are no part of it.
            bare = Question(text="", lang=q.lang, intent="lookup", tokens=(), entries=(entry_id,), asks=(kind,))
            stated, missing = states(bare, entry_id, self.catalog)
            if not stated:
                # named by what is missing ("the number of tasks" for a benchmark asked its size)
                unsaid.append(self._missing(q.lang, missing or kind))
        if not unsaid:
            return None
        unsaid = list(dict.fromkeys(unsaid))
        head = (", " if q.lang == "en" else "、").join(unsaid[:-1])
        what = f"{head}{self.t(ev, 'and')}{unsaid[-1]}" if head else unsaid[0]
        answer = self.not_stated(ev, entry_id, "", retrieved, what=what)
        return dataclasses.replace(answer, abstained=False, kind="lookup")

    def not_stated(
        self,
        ev: Evidence,
        entry_id: str,
        missing: str,
        retrieved: list[Retrieved],
        *,
        also: Sequence[str] = (),
        what: str = "",
    ) -> Answer:
        """What the survey does not state and about whom; then, labelled, what it does say about them."""
        q = ev.question
        what = what or self._missing(q.lang, missing)
        if missing in ("hyperparameter", "hardware", "license", "authors", "duration", "speed"):
            cue = next((m.text for m in self.catalog.lex.answer_types.find(q.text) if m.name == missing), "")
            # The question's own noun ("learning rate", "学习率") names it best; a question phrase does not.
            if cue and not re.match(
                r"(?i)(?:how|what|which|who|when|多少|几|什么|哪|快|faster|speeds? up|加速|提速|per second|每秒)", cue
            ):
                what = f"the {cue}" if q.lang == "en" else cue
        everyone = [entry_id, *also]
        names = self.t(ev, "and").join(self.catalog.short_title(e) for e in everyone)
        lines = [self.t(ev, "not_stated").format(what=what, title=names)]
        citations: list[Citation] = []
        for target in everyone:
            scored = score_sentences(q, target, ev.qvec, self.catalog, self.sentence_vectors, self.chunk_vectors)
            survey = [(sc, s) for sc, s in scored if s.kind == "summary" and s.pos >= 0]
            # An entry with nothing but its title line still has that line to show.
            chosen = pick(survey or scored, tuning.CHAR_BUDGET)[:1] or [title_line(target, self.catalog)]
            said = chosen[0].text
            short = self.catalog.short_title(target)
            lines.append(f"{self.t(ev, 'does_say').format(title=short)} {said} [{target}]")
            citations.append(self.citation(target, said))
        return Answer(" ".join(lines), True, citations, retrieved, kind="not_stated")

    def _missing(self, lang: str, missing: str) -> str:
        kind, _, value = missing.partition(":")
        if kind in MISSING[lang]:
            return MISSING[lang][kind].format(v=value)
        return self.catalog.lex.answer_label(kind, lang)


# "What is CISPO?", "what's pass^k", "什么是 RLVR？", "CISPO 是个啥": a term asked to be defined.
_DEFINE_ASKED = re.compile(
    r"^\W*what(?:'s|’s|\s+is|\s+are)\s+(?:an?\s+|the\s+)?([^\s?？][^?？]{0,38}?)\s*[?？]?\s*$"
    r"|^\W*(?:什么是|啥是)\s*([^?？]{1,30}?)\s*[?？]?\s*$"
    r"|^\W*([^?？，,\s][^?？，,]{0,29}?)\s*(?:是什么|是啥|是个啥|是什么东西)\s*[?？]?\s*$",
    re.IGNORECASE,
)


def _quoted_overview(ev: Evidence, catalog: Catalog) -> list[str]:
    """The overview passage a list of the works it names is drawn from, to quote and cite above them."""
    return [v for slot, v in ev.criteria if slot == "overview" and "overview" in catalog.by_id]


def _spells_out(before: str, acronym: str) -> bool:
    """Do the words just before a bracketed acronym spell it out ("Group Relative Policy Optimization (GRPO)"), or is it
    glossed in Chinese ("规则化可验证奖励（RLVR）")?"""
    if re.search(r"[\u4e00-\u9fff]{3,}\s*$", before):
        return True
    letters = [c for c in acronym.upper() if c.isalpha()]
    words = re.findall(r"[A-Za-z][\w]*", before)[-len(letters) - 2 :]
    return bool(letters) and "".join(letters) in initials(" ".join(w.capitalize() for w in words))


# A question asking what a described work is called: its name leads the answer when the quote does not give it.
_NAME_ASKED = re.compile(
    r"叫什么|叫啥|什么名字|名字是|名称是|\bwhat(?:['’]s|\s+is|\s+was)\s+(?:it|that|this"
    r"|(?:the|that|this)\s+(?:model|work|paper|system|agent|benchmark|project|environment))\s+(?:called|named)\b"
    r"|\bwhat(?:['’]s|\s+is|\s+was)\s+(?:the|that|this)\s+(?:model|work|paper|system|agent|benchmark)['’]s\s+name\b"
    r"|\bwhat(?:'s|\s+is|\s+was)\s+the\s+name\b|\bname\s+of\s+(?:that|this)\b",
    re.IGNORECASE,
)
# What a "what does the survey not say about X" answer checks, in this order: the kinds of fact readers ask of an entry.
GAP_KINDS = ("size", "context", "tokens", "cost", "hardware", "license", "benchmark")
BENCHMARK_GAP_KINDS = ("size", "cost", "license")  # a benchmark's size is its number of tasks


def cited_ids(parts: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(i for p in parts for i in re.findall(r"\[([a-z0-9\-]+)\]", p)))
