"""LLM mode: an OpenAI-compatible chat model writes the answer; surveyqa validates every citation.

httpx rather than the ``openai`` SDK: it is already a dependency, it speaks the one endpoint we
need (``POST {base}/chat/completions``) to OpenAI, vLLM, Ollama and llama.cpp alike, and async
client lets one deadline bound the whole call, which the fallback relies on.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import httpx
from pydantic import SecretStr

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.citations import numbers_supported, split_cited
from surveyqa.corpus import Entry
from surveyqa.prompts import LLM_FALLBACK_NOTE, LLM_SURVEY_NOTE, NOT_COVERED, SYSTEM_PROMPT, TEXT, USER_TEMPLATE
from surveyqa.results import Answer, Citation, Retrieved
from surveyqa.retrieval import Hit
from surveyqa.understand import language

log = logging.getLogger(__name__)
ABSTRACT_CHARS = 900


SURVEY_INTENTS = ("list", "count", "ranking", "earliest", "latest")


class LLMError(RuntimeError):
    """The LLM endpoint failed; the message says how (timeout, HTTP status, bad JSON)."""


@dataclass(frozen=True)
class ChatClient:
    """Minimal OpenAI-compatible chat-completions client with a deadline for the whole call.

    httpx's ``timeout`` bounds each read, not the call: a server that sends one byte every 0.3 s never
    trips a 0.5 s read timeout. The request therefore runs as a coroutine under ``asyncio.wait_for``,
    which cancels it (and closes the socket) when the deadline passes, whatever the server does.
    """

    base_url: str
    model: str
    api_key: SecretStr | None = field(default=None, repr=False)
    timeout: float = 30.0
    max_tokens: int = 512

    def complete(self, system: str, user: str) -> str:
        """The model's reply to one system + user turn; LLMError on any failure or after ``timeout`` s."""
        # A loop of our own, closed without waiting for its executor: asyncio.run() would wait for a
        # getaddrinfo still running there, so a slow DNS answer could outlast the deadline.
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(asyncio.wait_for(self._complete(system, user), self.timeout))
        except TimeoutError as exc:
            raise LLMError(f"timed out after {self.timeout:g} s") from exc
        except LLMError:
            raise
        except Exception as exc:  # e.g. a port out of range surfaces from the connect as an ExceptionGroup
            raise LLMError(f"cannot reach the LLM endpoint: {exc!r}") from exc
        finally:
            loop.close()

    async def _complete(self, system: str, user: str) -> str:
        headers = {"Authorization": f"Bearer {self.api_key.get_secret_value()}"} if self.api_key else {}
        body = {
            "model": self.model,
            "temperature": 0,
            "max_tokens": self.max_tokens,
            "messages": [{"role": "system", "content": system}, {"role": "user", "content": user}],
        }
        url = self.base_url.rstrip("/") + "/chat/completions"
        try:
            async with httpx.AsyncClient(timeout=self.timeout) as client:
                resp = await client.post(url, json=body, headers=headers)
        except httpx.TimeoutException as exc:
            raise LLMError(f"timed out after {self.timeout:g} s") from exc
        except httpx.HTTPError as exc:
            raise LLMError(f"cannot reach the LLM endpoint: {exc}") from exc
        if resp.status_code != 200:
            raise LLMError(f"LLM endpoint answered HTTP {resp.status_code}")
        try:
            content = resp.json()["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise LLMError("LLM endpoint returned a malformed completion") from exc
        if not isinstance(content, str):
            raise LLMError("LLM endpoint returned a completion without text")
        return content


def evidence_block(hits: Sequence[Hit]) -> str:
    """The evidence the model sees: one item per entry, headed by its id."""
    items = []
    for hit in hits:
        e = hit.entry
        text = e.text()
        if e.abstract:
            text += f"\nAbstract: {e.abstract[:ABSTRACT_CHARS]}"
        items.append(f"[{e.id}] {text}")
    return "\n\n".join(items)


class LLMAnswerer:
    """Asks the model, then keeps only sentences whose citations exist and whose numbers check out."""

    def __init__(self, extractive: ExtractiveAnswerer, client: ChatClient) -> None:
        self.extractive = extractive
        self.client = client

    def answer(self, question: str, top_k: int = 5) -> Answer:
        if self.extractive.understand(question).intent in SURVEY_INTENTS:
            # Lists, counts, rankings and timelines span the whole survey, not the top-k passages an LLM
            # sees: they come from the facts table and the metadata, as in extractive mode.
            result = self.extractive.answer(question, top_k=top_k)
            result.notes.append(LLM_SURVEY_NOTE)
            return result
        retriever = self.extractive.retriever
        hits = retriever.search(question, k=top_k)
        retrieved = [Retrieved(h.entry.id, h.entry.title, round(h.score, 4)) for h in hits]
        try:
            raw = self.client.complete(
                SYSTEM_PROMPT, USER_TEMPLATE.format(evidence=evidence_block(hits), question=question)
            )
        except LLMError as exc:
            log.warning("LLM failed: %s", exc)
            return self._fallback(question, top_k, str(exc))
        if raw.strip() == NOT_COVERED:
            return Answer(TEXT[language(question)]["not_covered"], True, [], retrieved, mode="llm", kind="not_covered")
        answer = validate(raw, {h.entry.id: h.entry for h in hits})
        if answer is None:
            return self._fallback(question, top_k, "no sentence of the LLM answer had a valid citation")
        text, citations, notes = answer
        return Answer(text, False, citations, retrieved, mode="llm", notes=notes)

    def _fallback(self, question: str, top_k: int, reason: str) -> Answer:
        result = self.extractive.answer(question, top_k=top_k)
        result.notes.append(LLM_FALLBACK_NOTE.format(reason=reason))
        return result


def validate(raw: str, evidence: dict[str, Entry]) -> tuple[str, list[Citation], list[str]] | None:
    """Drop citations to ids outside the evidence and sentences the cited text does not support."""
    notes: list[str] = []
    kept: list[str] = []
    used: dict[str, Entry] = {}
    for sent in split_cited(raw):
        unknown = [i for i in sent.ids if i not in evidence]
        for i in unknown:
            notes.append(f"removed citation [{i}]: not in the retrieved evidence")
        ids = [i for i in sent.ids if i in evidence]
        if not ids:
            notes.append(f"dropped a sentence with no valid citation: {sent.text[:80]!r}")
            continue
        if not numbers_supported(sent.text, (evidence[i] for i in ids)):
            notes.append(f"dropped a sentence whose numbers are not in its cited text: {sent.text[:80]!r}")
            continue
        kept.append(sent.text + " " + " ".join(f"[{i}]" for i in ids))
        for i in ids:
            used[i] = evidence[i]
    if not kept:
        return None
    citations = [Citation(e.id, e.title, e.url, e.arxiv_id, e.summary[:200]) for e in used.values()]
    return " ".join(kept), citations, notes
