"""The service: one loaded index with its retriever and answerers, shared by the API, the CLI and the eval."""

from __future__ import annotations

import threading

from surveyqa.answer import ExtractiveAnswerer
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
