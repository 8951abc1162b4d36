"""Parse the survey text into typed, citable entries.

Id rule (stable, readable, derived from the title, never from position):

1. Take the title's head: the part before the first ``": "`` or ``" — "``.
2. Drop a leading ``Introducing`` / ``Introducing new capabilities to``-style verb.
3. If the head ends in a parenthetical alias ``(X)`` and the words before it are
   more than two, the alias names the work (``... Theorem Proving (GPT-f)`` → ``gpt-f``);
   otherwise the alias is dropped (``HybridFlow (verl)`` → ``hybridflow``).
   A head that names a genre, not a work (``System Card``, ``Risk Report``), is replaced
   by the whole title.
4. Slugify: keep the first six words, ``τ`` → ``tau``, lower case, ``.`` and every other
   non-alphanumeric run become ``-`` (``Kimi K2.5`` → ``kimi-k2-5``).
5. A clash between two entries is settled by appending the entry's date, then the
   slug of its org; only identical title, date and org fall back to ``-2``, ``-3``.

Overview and scope paragraphs are entries too, with ids ``overview`` and ``scope``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path

BULLET = "•"
_META_RE = re.compile(r"^(?P<title>.+?) \((?P<org>[^()]*), (?P<date>\d{4}-\d{2}), (?P<kind>[^()]+)\) — (?P<rest>.*)$")
_PLAIN_RE = re.compile(r"^(?P<title>\S.*?) — (?P<rest>.*)$")
_URL_RE = re.compile(r"https?://\S+")
_ARXIV_RE = re.compile(r"arxiv\.org/(?:abs|pdf)/(\d{4}\.\d{4,5})")
_SECTION_RE = re.compile(r"^[一二三四五六七八九十]+、")
_YEAR_SUBSECTION_RE = re.compile(r"^\d{4}(–\d{4})?$")
_LEADING_VERBS = ("introducing new capabilities to ", "introducing ")
_MAX_SLUG_WORDS = 6
_TRANSLITERATE = {"τ": "tau", "&": " "}
# Heads that name a genre rather than the work: the whole title is used instead.
_GENERIC_HEADS = {"system card", "risk report"}


@dataclass(frozen=True)
class Entry:
    """One citable unit of the survey: a bullet entry, or the overview / scope paragraph."""

    id: str
    title: str
    summary: str
    section: str
    org: str = ""
    date: str = ""
    kind: str = ""
    urls: tuple[str, ...] = ()
    arxiv_id: str | None = None
    abstract: str | None = None

    @property
    def url(self) -> str | None:
        """The entry's primary link, if it has one."""
        return self.urls[0] if self.urls else None

    def record(self, *, detail: bool = False) -> dict[str, object]:
        """The entry as JSON-ready fields: a listing row, or with ``detail`` its text, links and abstract."""
        row: dict[str, object] = {
            "id": self.id,
            "title": self.title,
            "org": self.org,
            "date": self.date,
            "kind": self.kind,
            "section": self.section,
            "url": self.url,
            "arxiv_id": self.arxiv_id,
        }
        if detail:
            row |= {"summary": self.summary, "urls": list(self.urls), "abstract": self.abstract}
        return row

    def header(self) -> str:
        """The line's head: ``Title (org, date, kind)``, or the title alone."""
        meta = ", ".join(
            x for x in (self.org, self.date, self.kind) if x and self.kind not in ("overview", "scope", "note")
        )
        return f"{self.title} ({meta})" if meta else self.title

    def text(self) -> str:
        """The entry's own survey line (title, org/date/kind, summary), as it can be cited."""
        return f"{self.header()} — {self.summary}"


@dataclass
class Survey:
    """A parsed survey: entries in document order plus the section headings seen."""

    entries: list[Entry]
    sections: list[str] = field(default_factory=list)
    bullet_count: int = 0

    def by_id(self) -> dict[str, Entry]:
        return {e.id: e for e in self.entries}


def slugify(text: str) -> str:
    """Lower-case slug with ``-`` between alphanumeric runs (``Kimi K2.5`` → ``kimi-k2-5``)."""
    for src, dst in _TRANSLITERATE.items():
        text = text.replace(src, dst)
    head = " ".join(text.split()[:_MAX_SLUG_WORDS])
    return "-".join(re.findall(r"[0-9a-z]+", head.lower()))


def title_slug(title: str) -> str:
    """Id stem for a title, following the rule in the module docstring."""
    head = re.split(r": | — ", title, maxsplit=1)[0].strip()
    if head.lower() in _GENERIC_HEADS:
        head = title.replace(":", " ")
    lowered = head.lower()
    for verb in _LEADING_VERBS:
        if lowered.startswith(verb) and len(head) > len(verb):
            head = head[len(verb) :]
            break
    alias = re.match(r"^(?P<base>.*?)\s*\((?P<alias>[^()]+)\)$", head)
    if alias:
        base = alias.group("base")
        head = alias.group("alias") if len(base.split()) > 2 else base
    slug = slugify(head)
    return slug or hashlib.sha1(title.encode()).hexdigest()[:8]


def _assign_ids(raw: list[dict[str, str]]) -> list[str]:
    stems = [title_slug(r["title"]) for r in raw]
    ids = list(stems)
    for key in ("date", "org"):
        counts: dict[str, int] = {}
        for i in ids:
            counts[i] = counts.get(i, 0) + 1
        ids = [
            f"{i}-{slugify(r[key])}" if counts[i] > 1 and slugify(r[key]) else i for i, r in zip(ids, raw, strict=True)
        ]
    seen: dict[str, int] = {}
    final = []
    for i in ids:
        seen[i] = seen.get(i, 0) + 1
        final.append(i if seen[i] == 1 else f"{i}-{seen[i]}")
    return final


def _split_summary(rest: str) -> tuple[str, tuple[str, ...]]:
    # Only the trailing link is cut off; a link inside the text stays, so the summary is verbatim.
    urls = tuple(_URL_RE.findall(rest))
    summary = re.sub(r"\s*https?://\S+\s*$", "", rest).strip()
    return summary, urls


def parse_survey(text: str) -> Survey:
    """Parse the survey text into entries; every bullet becomes exactly one entry."""
    lines = [ln.rstrip() for ln in text.splitlines()]
    raw: list[dict[str, str]] = []
    sections: list[str] = []
    section = ""
    subsection = ""
    paragraphs: list[str] = []
    bullets = 0
    for line in lines:
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith(BULLET):
            bullets += 1
            body = stripped[len(BULLET) :].strip()
            where = f"{section} / {subsection}" if subsection else section
            m = _META_RE.match(body)
            if m:
                summary, urls = _split_summary(m.group("rest"))
                raw.append(
                    {
                        "title": m.group("title").strip(),
                        "org": m.group("org").strip(),
                        "date": m.group("date"),
                        "kind": m.group("kind").strip(),
                        "summary": summary,
                        "urls": "\n".join(urls),
                        "section": where,
                    }
                )
                continue
            m = _PLAIN_RE.match(body)
            title, rest = (m.group("title"), m.group("rest")) if m else (body, "")
            summary, urls = _split_summary(rest)
            raw.append(
                {
                    "title": title.strip(),
                    "org": "",
                    "date": "",
                    "kind": "note",
                    "summary": summary,
                    "urls": "\n".join(urls),
                    "section": where,
                }
            )
        elif _SECTION_RE.match(stripped) or stripped.startswith("增量补录"):
            section, subsection = stripped, ""
            sections.append(section)
        elif section and _YEAR_SUBSECTION_RE.match(stripped):
            subsection = stripped
        elif not section and len(stripped) > 40:
            paragraphs.append(stripped)
    entries = _front_matter(paragraphs)
    for entry_id, r in zip(_assign_ids(raw), raw, strict=True):
        urls = tuple(u for u in r["urls"].split("\n") if u)
        arxiv = next((m.group(1) for u in urls if (m := _ARXIV_RE.search(u))), None)
        entries.append(
            Entry(
                id=entry_id,
                title=r["title"],
                summary=r["summary"],
                section=r["section"],
                org=r["org"],
                date=r["date"],
                kind=r["kind"],
                urls=urls,
                arxiv_id=arxiv,
            )
        )
    return Survey(entries=entries, sections=sections, bullet_count=bullets)


def _front_matter(paragraphs: list[str]) -> list[Entry]:
    """The overview and scope paragraphs that precede the first section."""
    out: list[Entry] = []
    for para in paragraphs:
        if para.startswith("范围与去重"):
            out.append(Entry(id="scope", title="范围与去重 (Scope)", summary=para, section="", kind="scope"))
        elif not any(e.id == "overview" for e in out):
            out.append(Entry(id="overview", title="Agentic 训练 (Overview)", summary=para, section="", kind="overview"))
    return out


def load_survey(path: Path) -> Survey:
    """Read and parse a survey file (UTF-8)."""
    return parse_survey(path.read_text(encoding="utf-8"))


def corpus_hash(text: str) -> str:
    """sha256 of the survey text, recorded in the index manifest."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
