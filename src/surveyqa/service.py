"""The service: one loaded index with its retriever and answerers, shared by the API, the CLI and the eval."""

from __future__ import annotations

import threading

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.catalog import Catalog
from surveyqa.corpus import Entry
from surveyqa.llm import ChatClient, LLMAnswerer
from surveyqa.retrieval import Retriever
from surveyqa.settings import Settings


class Service:
    """Everything the endpoints share, built once: retriever, answerers, settings."""

    def __init__(self, settings: Settings, retriever: Retriever) -> None:
        self.settings = settings
        self.retriever = retriever
        self.extractive = ExtractiveAnswerer(retriever)
        self.llm: LLMAnswerer | None = None
        if settings.llm_configured:
            assert settings.llm_base_url and settings.llm_model
            key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else None
            client = ChatClient(settings.llm_base_url, settings.llm_model, key, settings.llm_timeout)
            self.llm = LLMAnswerer(self.extractive, client)

    @classmethod
    def load(cls, settings: Settings, *, warm: bool = True) -> Service:
        service = cls(settings, Retriever.from_settings(settings))
        if warm:
            # In the background: the port opens at once; an early Chinese question may wait for the tagger.
            threading.Thread(target=service.extractive.warm_up, name="warm-up", daemon=True).start()
        return service


def filter_entries(
    catalog: Catalog,
    *,
    org: str | None = None,
    year: int | None = None,
    kind: str | None = None,
    section: str | None = None,
    text: str | None = None,
) -> list[Entry]:
    """Entries matching every given filter; an org no alias matches is an error that says so."""
    entries = list(catalog.entries)
    if org:
        names = catalog.lex.orgs.names(org)
        if not names:
            known = sorted({n for e in catalog.entries for n in catalog.orgs_of(e.id)})
            raise ValueError(f"unknown organisation {org!r}; known: {', '.join(known)}")
        wanted = set().union(*(catalog.lex.org_family(n) for n in names))
        entries = [e for e in entries if wanted & catalog.orgs_of(e.id)]
    if year is not None:
        entries = [e for e in entries if catalog.year(e.id) == year]
    if kind:
        kinds = {e.kind for e in catalog.entries}
        if kind not in kinds:
            raise ValueError(f"unknown kind {kind!r}; one of {', '.join(sorted(kinds))}")
        entries = [e for e in entries if e.kind == kind]
    if section:
        entries = [e for e in entries if section.lower() in e.section.lower()]
    if text:
        needle = text.lower()
        entries = [e for e in entries if needle in f"{e.id} {e.title} {e.org} {e.summary}".lower()]
    return entries
