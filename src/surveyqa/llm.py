"""LLM mode: an OpenAI-compatible chat model writes the answer; surveyqa validates every citation.

httpx rather than the ``openai`` SDK: it is already a dependency, it speaks the one endpoint we
need (``POST {base}/chat/completions``) to OpenAI, vLLM, Ollama and llama.cpp alike, and async
client lets one deadline bound the whole call, which the fallback relies on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx
from pydantic import SecretStr

from surveyqa.answer import ExtractiveAnswerer
from surveyqa.citations import numbers_supported, source_text, split_cited
from surveyqa.corpus import Entry
from surveyqa.evidence import Evidence
from surveyqa.judge import missing_names, misstated
from surveyqa.prompts import (
    ANSWER_LANGUAGE,
    EXAMPLES,
    LLM_ABSTAIN_NOTE,
    LLM_FALLBACK_NOTE,
    LLM_SURVEY_NOTE,
    NOT_COVERED,
    SYSTEM_PROMPT,
    TEXT,
    USER_TEMPLATE,
)
from surveyqa.results import Answer, Citation
from surveyqa.retrieval import Hit
from surveyqa.text import split_sentences
from surveyqa.understand import language

log = logging.getLogger(__name__)
ABSTRACT_CHARS = 900
# The compact evidence scheme (see compact_evidence; sizes chosen on dev, docs/local-llm.md).
EVIDENCE_ENTRIES = 3
CITED_SENTENCES = 3
RUNNER_UP_SENTENCES = 2


SURVEY_INTENTS = ("list", "count", "ranking", "earliest", "latest")


class StreamStopped(Exception):
    """Raised by an ``on_token`` callback to stop a streamed answer (its reader went away); passes through."""


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
    temperature: float = 0.0

    def complete(self, system: str, user: str, examples: Sequence[tuple[str, str]] = ()) -> str:
        """The model's reply to one system + user turn; LLMError on any failure or after ``timeout`` s."""
        return self._run(self._complete(self._messages(system, user, examples)))

    def stream(
        self, system: str, user: str, on_token: Callable[[str], None], examples: Sequence[tuple[str, str]] = ()
    ) -> str:
        """Like ``complete``, but asks for a streamed reply and hands each piece of text to ``on_token``
        as it arrives; the deadline still bounds the whole call."""
        return self._run(self._stream(self._messages(system, user, examples), on_token))

    def _run(self, call: Coroutine[Any, Any, str]) -> str:
        # A loop of our own, closed without waiting for its executor: asyncio.run() would wait for a
        # getaddrinfo still running there, so a slow DNS answer could outlast the deadline.
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(asyncio.wait_for(call, self.timeout))
        except TimeoutError as exc:
            raise LLMError(f"timed out after {self.timeout:g} s") from exc
        except (LLMError, StreamStopped):
            raise
        except Exception as exc:  # e.g. a port out of range surfaces from the connect as an ExceptionGroup
            raise LLMError(f"cannot reach the LLM endpoint: {exc!r}") from exc
        finally:
            # Close the async generators a finished or cancelled stream left (httpx's line iterator).
            with contextlib.suppress(Exception):
                loop.run_until_complete(asyncio.wait_for(loop.shutdown_asyncgens(), 1.0))
            loop.close()

    @staticmethod
    def _messages(system: str, user: str, examples: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
        """System turn, then worked examples as earlier user/assistant turns, then the question."""
        messages = [{"role": "system", "content": system}]
        for asked, answered in examples:
            messages += [{"role": "user", "content": asked}, {"role": "assistant", "content": answered}]
        return [*messages, {"role": "user", "content": user}]

    def _request(self, messages: list[dict[str, str]], *, stream: bool) -> tuple[str, dict[str, Any], dict[str, str]]:
        headers = {"Authorization": f"Bearer {self.api_key.get_secret_value()}"} if self.api_key else {}
        body: dict[str, Any] = {
            "model": self.model,
            "temperature": self.temperature,
            "max_tokens": self.max_tokens,
            "messages": messages,
        }
        if stream:
            body["stream"] = True
        return self.base_url.rstrip("/") + "/chat/completions", body, headers

    async def _complete(self, messages: list[dict[str, str]]) -> str:
        url, body, headers = self._request(messages, stream=False)
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

    async def _stream(self, messages: list[dict[str, str]], on_token: Callable[[str], None]) -> str:
        """OpenAI streaming: ``data: {chunk}`` lines, each with ``choices[0].delta.content``, then ``data: [DONE]``."""
        url, body, headers = self._request(messages, stream=True)
        pieces: list[str] = []
        try:
            async with (
                httpx.AsyncClient(timeout=self.timeout) as client,
                client.stream("POST", url, json=body, headers=headers) as resp,
            ):
                if resp.status_code != 200:
                    raise LLMError(f"LLM endpoint answered HTTP {resp.status_code}")
                async for line in resp.aiter_lines():
                    if not line.startswith("data:"):
                        continue  # blank separators, comments (": ping") and event names
                    data = line[5:].strip()
                    if data == "[DONE]":
                        break
                    try:
                        delta = json.loads(data)["choices"][0].get("delta", {}).get("content")
                    except (ValueError, KeyError, IndexError, TypeError, AttributeError) as exc:
                        raise LLMError("LLM endpoint streamed a malformed chunk") from exc
                    if isinstance(delta, str) and delta:
                        pieces.append(delta)
                        on_token(delta)
        except httpx.TimeoutException as exc:
            raise LLMError(f"timed out after {self.timeout:g} s") from exc
        except httpx.HTTPError as exc:
            raise LLMError(f"cannot reach the LLM endpoint: {exc}") from exc
        return "".join(pieces)


def evidence_block(hits: Sequence[Hit]) -> str:
    """Whole entries as evidence: one item per retrieved entry, headed by its id (the ``entries`` scheme)."""
    items = []
    for hit in hits:
        e = hit.entry
        text = e.text()
        if e.abstract:
            text += f"\nAbstract: {e.abstract[:ABSTRACT_CHARS]}"
        items.append(f"[{e.id}] {text}")
    return "\n\n".join(items)


def compact_evidence(extractive: ExtractiveAnswerer, base: Answer, ev: Evidence, top_k: int) -> tuple[str, list[str]]:
    """Few, well-chosen sentences (the ``compact`` scheme, the default): a small CPU model reads its prompt
    at ~45 tokens/s, so the prompt is the cost. The entries the extractive answer cites come first, each
    with the sentences it quotes plus its next-best ones; then the best sentences of the next retrieved
    entries. Returns the block and the ids it shows."""
    ids = [c.id for c in base.citations] + [h.entry.id for h in ev.hits]
    shown = list(dict.fromkeys(ids))[: max(EVIDENCE_ENTRIES, len(base.citations))]
    cited = {c.id: c.snippet for c in base.citations}
    items = []
    for entry_id in shown:
        e = extractive.catalog.by_id[entry_id]
        k = CITED_SENTENCES if entry_id in cited else RUNNER_UP_SENTENCES
        sentences = [s.text for s in extractive.best_sentences(ev, entry_id, k)]
        quoted = cited.get(entry_id, "")
        body = " ".join([quoted] * bool(quoted) + [t for t in sentences if t not in quoted])
        meta = ", ".join(x for x in (e.org, e.date) if x)
        items.append(f"[{entry_id}] {e.title}" + (f" ({meta})" if meta else "") + f": {body}")
    return "\n".join(items), shown


class LLMAnswerer:
    """Asks the model, then keeps only sentences whose citations exist and whose numbers check out.

    The model phrases; it does not search. Questions about the survey as a whole, and questions the
    extractive reader finds the survey does not answer, get the extractive answer with a note saying so.
    """

    def __init__(
        self, extractive: ExtractiveAnswerer, client: ChatClient, *, evidence: Literal["compact", "entries"] = "compact"
    ) -> None:
        self.extractive = extractive
        self.client = client
        self.evidence = evidence

    def answer(self, question: str, top_k: int = 5, on_token: Callable[[str], None] | None = None) -> Answer:
        """The validated answer; with ``on_token`` the reply is streamed and each piece handed to it first."""
        base, ev = self.extractive.answer_with_evidence(question, top_k=top_k)
        if base.abstained:
            base.notes.append(LLM_ABSTAIN_NOTE)
            return base
        if ev.question.intent in SURVEY_INTENTS:
            # Lists, counts, rankings and timelines span the whole survey, not the few passages an LLM
            # sees: they come from the facts table and the metadata, as in extractive mode.
            base.notes.append(LLM_SURVEY_NOTE)
            return base
        if self.evidence == "entries":
            shown = ev.hits[:top_k]
            block, ids = evidence_block(shown), [h.entry.id for h in shown]
        else:
            block, ids = compact_evidence(self.extractive, base, ev, top_k)
        lang = language(question)
        user = USER_TEMPLATE.format(
            evidence=block, question=question, language=ANSWER_LANGUAGE[lang], example_id=ids[0] if ids else "id"
        )
        started = time.perf_counter()
        first: list[float] = []

        def token(piece: str) -> None:
            if not first:
                first.append(time.perf_counter() - started)
            assert on_token is not None
            on_token(piece)

        try:
            raw = (
                self.client.stream(SYSTEM_PROMPT, user, token, EXAMPLES)
                if on_token
                else self.client.complete(SYSTEM_PROMPT, user, EXAMPLES)
            )
        except LLMError as exc:
            log.warning("LLM failed: %s", exc)
            return self._fallback(base, str(exc))
        except StreamStopped as exc:
            log.info("LLM answer stopped: %s", exc)
            return self._fallback(base, str(exc))
        timings = {"llm_seconds": round(time.perf_counter() - started, 3)}
        if first:
            timings["first_token_seconds"] = round(first[0], 3)
        by_id = {i: self.extractive.catalog.by_id[i] for i in ids}
        if raw.strip().rstrip(".。") == NOT_COVERED:
            result = Answer(TEXT[lang]["not_covered"], True, [], base.retrieved, mode="llm", kind="not_covered")
            result.timings, result.raw = timings, raw
            return result
        text, citations, notes = validate(raw, by_id)
        if not text:
            base.notes += notes
            return self._fallback(base, "no sentence of the LLM answer had a valid citation", timings, raw)
        result = Answer(text, False, citations, base.retrieved, mode="llm", kind=base.kind, notes=notes)
        result.timings = timings
        result.raw = raw
        return result

    def _fallback(self, base: Answer, reason: str, timings: dict[str, float] | None = None, raw: str = "") -> Answer:
        base.notes.append(LLM_FALLBACK_NOTE.format(reason=reason))
        base.timings = timings or {}
        base.raw = raw
        return base


_LEADING = re.compile(r"^(\s*)((?:\[[a-z0-9]+(?:-[a-z0-9]+)*\]\s*)+)(\S.*)$")


def cite_leading(raw: str) -> str:
    """Markers that open a line ("[fireact] FireAct used 500 …") cite the sentence they open: a small model
    often writes them first. They are moved to that sentence's end, where the validator reads them."""
    lines = []
    for line in raw.split("\n"):
        m = _LEADING.match(line)
        if m:
            first, *rest = split_sentences(m.group(3)) or [m.group(3)]
            line = " ".join([f"{m.group(1)}{first} {m.group(2).strip()}", *rest])
        lines.append(line)
    return "\n".join(lines)


def validate(raw: str, evidence: dict[str, Entry]) -> tuple[str, list[Citation], list[str]]:
    """Drop citations to ids outside the evidence, and sentences whose numbers or names the cited text does not
    give or whose numbers it gives otherwise (:func:`surveyqa.judge.misstated`).

    Returns the answer that is left (empty when nothing is), its citations, and a note for everything dropped."""
    notes: list[str] = []
    kept: list[str] = []
    used: dict[str, Entry] = {}
    for sent in split_cited(cite_leading(raw)):
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
        source = " ".join(source_text(evidence[i]) for i in ids)
        unnamed = missing_names(sent.text, source)
        if unnamed:
            notes.append(
                f"dropped a sentence naming {sorted(unnamed)}, which its cited text does not: {sent.text[:80]!r}"
            )
            continue
        wrong = misstated(sent.text, [evidence[i] for i in ids], source)
        if wrong:
            notes.append(f"dropped a sentence its cited text gives otherwise ({wrong}): {sent.text[:80]!r}")
            continue
        kept.append(sent.text + " " + " ".join(f"[{i}]" for i in ids))
        for i in ids:
            used[i] = evidence[i]
    if not kept:
        return "", [], notes
    citations = [Citation(e.id, e.title, e.url, e.arxiv_id, e.summary[:200]) for e in used.values()]
    return " ".join(kept), citations, notes
