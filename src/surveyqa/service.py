"""The service: one loaded index with its retriever and answerers, shared by the API, the CLI and the eval."""

from __future__ import annotations

import difflib
import logging
import threading

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.catalog import Catalog
from surveyqa.corpus import Entry
from surveyqa.embedding import EmbedderError
from surveyqa.llm import ChatClient, LLMAnswerer
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings
from surveyqa.store import IndexError_, live_build

log = logging.getLogger(__name__)


class Service:
    """Everything the endpoints share, built once: retriever, answerers, settings."""

    def __init__(self, settings: Settings, retriever: Retriever) -> None:
        self.settings = settings
        self.retriever = retriever
        self.extractive = ExtractiveAnswerer(retriever)
        self.llm: LLMAnswerer | None = None
        if settings.llm_configured:
            assert settings.llm_base_url and settings.llm_model
            client = ChatClient(
                settings.llm_base_url,
                settings.llm_model,
                settings.llm_api_key,
                timeout=settings.llm_timeout,
                max_tokens=settings.llm_max_tokens,
                temperature=settings.llm_temperature,
            )
            self.llm = LLMAnswerer(self.extractive, client, evidence=settings.llm_evidence)

    @classmethod
    def load(cls, settings: Settings, *, warm: bool = True) -> Service:
        service = cls(settings, Retriever.from_settings(settings))
        if warm:
            # In the background: the port opens at once; an early Chinese question may wait for the tagger.
            threading.Thread(target=service.extractive.warm_up, name="warm-up", daemon=True).start()
        return service

    @property
    def build_id(self) -> str:
        """The build folder this service's index was loaded from."""
        return self.retriever.index.path.name

    def problem(self) -> str | None:
        """Why this service cannot answer right now (a dead embedder thread), or None."""
        failure: str | None = getattr(self.retriever.embedder, "failure", None)
        return f"embedder: {failure}" if failure else None

    def reloaded(self) -> Service:
        """A new service on the build ``current`` points at now, sharing this one's embedder, warmed up.

        Raises IndexError_ when that build is missing, corrupt or made with another embedder.
        """
        fresh = Service(self.settings, Retriever.from_settings(self.settings, embedder=self.retriever.embedder))
        fresh.extractive.warm_up()
        return fresh


class ServiceHolder:
    """The service requests use now. A newer build replaces it whole; each request keeps the one it started with.

    ``check`` loads the build ``current`` points at when that changed since the last look, and swaps it in
    only after it loaded, verified and warmed up; a build that fails is refused (once, logged) and the old
    service keeps serving. ``watch`` runs ``check`` every ``interval`` seconds on a daemon thread.
    """

    def __init__(self, service: Service) -> None:
        self.service = service
        self.refused: str | None = None
        self.reloads = 0
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def check(self) -> bool:
        """Swap in a new build if ``current`` moved; True if it did."""
        with self._lock:
            old = self.service
            live = live_build(old.settings.index_dir)
            if live is None or live in (old.build_id, self.refused):
                return False
            try:
                fresh = old.reloaded()
            except (IndexError_, EmbedderError, OSError) as exc:
                self.refused = live
                log.error("not serving index build %s: %s; still serving %s", live, exc, old.build_id)
                return False
            self.service = fresh
            self.refused = None
            self.reloads += 1
            log.info("now serving index build %s (was %s)", fresh.build_id, old.build_id)
            return True

    def watch(self, interval: float) -> None:
        """Check for a new build every ``interval`` seconds until ``stop``; 0 means never."""
        if interval <= 0 or self._thread is not None:
            return
        self._stop.clear()

        def loop() -> None:
            while not self._stop.wait(interval):
                try:
                    self.check()
                except Exception:  # keep watching: the next build may be fine
                    log.exception("checking for a new index build failed")

        self._thread = threading.Thread(target=loop, name="index-watch", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None


class UnknownOrgError(ValueError):
    """An organisation filter that no organisation in the survey answers to."""


def filter_entries(
    catalog: Catalog,
    *,
    org: str | None = None,
    year: int | None = None,
    kind: str | None = None,
    section: str | None = None,
    text: str | None = None,
) -> list[Entry]:
    """Entries matching every given filter. A blank filter or a kind the survey does not use is a ValueError; an
    organisation no alias matches is an UnknownOrg (with the names meant, when some are close)."""
    for name, value in (("org", org), ("kind", kind), ("section", section), ("q", text)):
        if value is not None and not value.strip():
            raise ValueError(f"{name} must not be blank; leave it out to list every entry")
    entries = list(catalog.entries)
    if org is not None:
        # A group ("universities") only as the whole filter: "Peking University" is no org the survey has.
        names = [
            m.name
            for m in catalog.lex.orgs.find(org.strip())
            if not catalog.lex.is_org_group(m.name) or m.text.strip().lower() == org.strip().lower()
        ]
        names = list(dict.fromkeys(names))
        if not names:
            raise UnknownOrgError(f"unknown organisation {org!r}{_did_you_mean(org, _org_names(catalog))}")
        wanted = set().union(*(catalog.lex.org_family(n) for n in names))
        entries = [e for e in entries if wanted & catalog.orgs_of(e.id)]
    if year is not None:
        entries = [e for e in entries if catalog.year(e.id) == year]
    if kind is not None:
        kinds = {e.kind for e in catalog.entries}
        if kind.strip().lower() not in kinds:
            raise ValueError(f"unknown kind {kind!r}; one of {', '.join(sorted(kinds))}")
        entries = [e for e in entries if e.kind == kind.strip().lower()]
    if section is not None:
        entries = [e for e in entries if section.strip().lower() in e.section.lower()]
    if text is not None:
        needle = text.strip().lower()
        entries = [e for e in entries if needle in f"{e.id} {e.title} {e.org} {e.summary}".lower()]
    return entries


def _org_names(catalog: Catalog) -> list[str]:
    """Every organisation name and alias the survey's entries use."""
    names = {n for e in catalog.entries for n in catalog.orgs_of(e.id)}
    terms = catalog.lex.orgs.terms
    return sorted(names | {a for n in names if n in terms for a in terms[n].aliases})


def _did_you_mean(value: str, known: list[str], hint: str = "`surveyqa entries --json` shows every entry's org") -> str:
    """ "; did you mean …?" with the close matches among ``known``, or "; <hint>" when there are none."""
    close = difflib.get_close_matches(value.strip().lower(), [k.lower() for k in known], n=5, cutoff=0.6)
    originals = {k.lower(): k for k in known}
    if close:
        return f"; did you mean {', '.join(originals[c] for c in close)}?"
    return f"; {hint}"
