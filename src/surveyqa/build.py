"""Build the index: survey → entries (+ abstracts) → chunks → embeddings + BM25 → store."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from surveyqa import facts as facts_module
from surveyqa import lexicon as lexicon_module
from surveyqa.abstracts import Abstract, AbstractsError, ArxivClient, load_jsonl
from surveyqa.corpus import Entry, corpus_hash, parse_survey
from surveyqa.embedding import Embedder, make_embedder
from surveyqa.facts import extract_facts, org_facts
from surveyqa.lexicon import lexicon, org_token
from surveyqa.sentences import cut_sentences, sentence_embed_text
from surveyqa.settings import Settings
from surveyqa.store import (
    FORMAT_VERSION,
    IndexError_,
    Manifest,
    StoredIndex,
    build_lock,
    load_index,
    make_faiss,
    prune,
    text_hash,
    write_index,
)
from surveyqa.text import tokenize

log = logging.getLogger(__name__)

# Bump when chunking or tokenisation changes, so an unchanged survey still rebuilds.
PIPELINE_VERSION = 9

Progress = Callable[[int, int], Callable[[int], None]]


@dataclass
class BuildReport:
    """What a build did, for the one-screen summary the CLI prints."""

    path: Path | None
    entries: int
    chunks: int
    abstracts: int
    embedded: int
    reused: int
    seconds: float
    abstracts_source: str
    up_to_date: bool = False
    notes: tuple[str, ...] = ()
    facts: int = 0


def gather_abstracts(entries: list[Entry], settings: Settings) -> tuple[dict[str, Abstract], str, list[str]]:
    """Abstracts from the dump if one is set, else from arXiv; on failure none, with a note."""
    ids = [e.arxiv_id for e in entries if e.arxiv_id]
    if settings.abstracts_file is not None:
        found = load_jsonl(settings.abstracts_file)
        return found, f"file:{settings.abstracts_file.name}", []
    if not settings.fetch_abstracts:
        return {}, "none", ["abstracts: not fetched (fetch disabled); building from the survey text alone"]
    client = ArxivClient(
        settings.arxiv_api_url,
        cache_dir=settings.arxiv_cache_dir,
        timeout=settings.arxiv_timeout,
        min_interval=settings.arxiv_min_interval,
        retries=settings.arxiv_retries,
        deadline=settings.arxiv_deadline,
    )
    try:
        return client.fetch(ids), "arxiv", []
    except AbstractsError as exc:
        return {}, "none", [f"abstracts: arXiv unavailable ({exc}); building from the survey text alone"]


def inputs_fingerprint(survey_text: str, abstracts: dict[str, Abstract], embedder: str, settings: Settings) -> str:
    """Hash of everything that shapes the index; equal fingerprints mean nothing to rebuild."""
    payload = {
        "format": FORMAT_VERSION,
        "pipeline": PIPELINE_VERSION,
        "survey": corpus_hash(survey_text),
        "abstracts": sorted((a.arxiv_id, a.abstract) for a in abstracts.values()),
        "embedder": embedder,
        "chunk": [settings.chunk_size, settings.chunk_overlap],
        "faiss": settings.faiss_index,
        "lexicon": lexicon().sha256,
        # The facts extractor's own code: a change to it re-extracts (no re-embedding).
        "extractor": hashlib.sha256(Path(facts_module.__file__).read_bytes()).hexdigest(),
        # ... and the matcher it finds terms with ("search agents" as the plural of "search agent")
        "matcher": hashlib.sha256(Path(lexicon_module.__file__).read_bytes()).hexdigest(),
    }
    return hashlib.sha256(json.dumps(payload, ensure_ascii=False).encode()).hexdigest()


def build_index(
    settings: Settings,
    *,
    embedder: Embedder | None = None,
    force: bool = False,
    progress: Progress | None = None,
    on_note: Callable[[str], None] | None = None,
) -> BuildReport:
    """Build (or confirm up to date) the index described by ``settings``.

    ``on_note`` hears notes (such as "arXiv unavailable") as they happen, before the slow part.
    Holds the index dir's build lock throughout; raises BuildInProgress when another build has it.
    """
    with build_lock(settings.index_dir):
        return _build_locked(settings, embedder=embedder, force=force, progress=progress, on_note=on_note)


def _build_locked(
    settings: Settings,
    *,
    embedder: Embedder | None,
    force: bool,
    progress: Progress | None,
    on_note: Callable[[str], None] | None,
) -> BuildReport:
    started = time.perf_counter()
    survey_text = settings.corpus_path.read_text(encoding="utf-8")
    survey = parse_survey(survey_text)
    abstracts, source, notes = gather_abstracts(survey.entries, settings)
    previous = _previous(settings.index_dir)
    if source == "none" and previous is not None:
        abstracts, source, notes = _carry_over_abstracts(previous, settings, notes)
    for note in notes:
        if on_note:
            on_note(note)
        else:
            log.info(note)
    entries = [
        dataclasses.replace(e, abstract=abstracts[e.arxiv_id].abstract) if e.arxiv_id in abstracts else e
        for e in survey.entries
    ]
    n_abstracts = sum(1 for e in entries if e.abstract)
    embedder = embedder or make_embedder(settings.embedder, st_model=settings.st_model, allow_hub=settings.allow_hub)
    fingerprint = inputs_fingerprint(survey_text, abstracts, embedder.name, settings)

    if previous is not None and previous.manifest.inputs_sha256 == fingerprint and not force:
        prune(settings.index_dir, keep=settings.keep_builds)  # leftovers of a crashed build go even so
        return BuildReport(
            previous.path,
            len(previous.entries),
            len(previous.chunks),
            n_abstracts,
            0,
            len(previous.chunks),
            time.perf_counter() - started,
            source,
            up_to_date=True,
            notes=tuple(notes),
        )

    from surveyqa.chunking import chunk_entries  # llama-index import is slow; only when chunking

    chunks = chunk_entries(entries, chunk_size=settings.chunk_size, chunk_overlap=settings.chunk_overlap)
    titles = {e.id: e.title for e in entries}
    # Every summary and abstract sentence gets its own vector, so the reader can pick the one that answers.
    sentences = cut_sentences(entries, chunks)
    vec_rows = [i for i, sent in enumerate(sentences) if sent.pos >= 0]
    row_of = {i: n for n, i in enumerate(vec_rows)}
    sentences = [dataclasses.replace(sent, vec=row_of.get(i, -1)) for i, sent in enumerate(sentences)]
    texts = [c.embed_text for c in chunks] + [
        sentence_embed_text(sentences[i], titles[sentences[i].entry_id]) for i in vec_rows
    ]
    cache: dict[str, np.ndarray] = {}
    if previous is not None and previous.manifest.embedder == embedder.name:
        cache = previous.vector_cache()
    all_vectors, n_embedded = _embed_with_cache(texts, cache, embedder, progress)
    vectors, sentence_vectors = all_vectors[: len(chunks)], all_vectors[len(chunks) :]
    dim = vectors.shape[1]

    # BM25 sees the title and the organisations with every chunk, so "DeepMind's agent" finds Gato. An
    # organisation is one token per whole name (with the organisations it belongs to), not its words:
    # "AI" of "Moonshot AI" or 智能 of 百川智能 must not match every question that says "AI" or 智能体.
    orgs = {e.id: sorted({org_token(f.name) for f in org_facts(e, lexicon())}) for e in entries}
    tokens = [[*tokenize(f"{titles[c.entry_id]} {c.text}"), *orgs[c.entry_id]] for c in chunks]
    dense = make_faiss(vectors, settings.faiss_index)
    facts = extract_facts(entries)
    elapsed = time.perf_counter() - started
    manifest = Manifest(
        format_version=FORMAT_VERSION,
        corpus_sha256=corpus_hash(survey_text),
        inputs_sha256=fingerprint,
        embedder=embedder.name,
        dim=dim,
        faiss_index=settings.faiss_index,
        counts={"entries": len(entries), "chunks": len(chunks), "abstracts": n_abstracts, "facts": len(facts)},
        built_at=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        build_seconds=round(elapsed, 3),
        abstracts_source=source,
        lexicon_sha256=lexicon().sha256,
    )
    stored = StoredIndex(
        manifest, entries, chunks, vectors, dense, tokens, settings.index_dir, sentences, sentence_vectors, facts
    )
    path = write_index(settings.index_dir, manifest, stored, keep=settings.keep_builds)
    log.info("built index at %s: %d entries, %d chunks, %d facts", path, len(entries), len(chunks), len(facts))
    return BuildReport(
        path,
        len(entries),
        len(chunks),
        n_abstracts,
        n_embedded,
        len(texts) - n_embedded,
        time.perf_counter() - started,
        source,
        notes=tuple(notes),
        facts=len(facts),
    )


def _carry_over_abstracts(
    previous: StoredIndex, settings: Settings, notes: list[str]
) -> tuple[dict[str, Abstract], str, list[str]]:
    """With no abstracts source, keep the current index's abstracts (unless told to drop them), and say which."""
    kept = {
        e.arxiv_id: Abstract(e.arxiv_id, e.title, e.abstract, previous.manifest.abstracts_source)
        for e in previous.entries
        if e.arxiv_id and e.abstract
    }
    if not kept:
        return {}, "none", notes
    why = "arXiv unavailable" if settings.fetch_abstracts else "not fetched (fetch disabled)"
    if not settings.keep_abstracts:
        return {}, "none", [f"abstracts: {why}; dropping the {len(kept)} abstracts of the current index as asked"]
    return (
        kept,
        previous.manifest.abstracts_source,
        [f"abstracts: {why}; reusing the {len(kept)} abstracts of the current index (--drop-abstracts to drop them)"],
    )


def _embed_with_cache(
    texts: list[str], cache: dict[str, np.ndarray], embedder: Embedder, progress: Progress | None
) -> tuple[np.ndarray, int]:
    """Vectors for ``texts``, embedding only those whose hash is not in the cache."""
    hashes = [text_hash(t) for t in texts]
    todo = [i for i, h in enumerate(hashes) if h not in cache]
    fresh = np.empty((0, 0), dtype=np.float32)
    if todo:
        tick = progress(len(todo), 0) if progress else None
        fresh = embedder.embed_passages([texts[i] for i in todo], progress=tick)
    dim = fresh.shape[1] if todo else next(iter(cache.values())).shape[0]
    out = np.empty((len(texts), dim), dtype=np.float32)
    fresh_rows = {i: n for n, i in enumerate(todo)}
    for i, h in enumerate(hashes):
        out[i] = fresh[fresh_rows[i]] if i in fresh_rows else cache[h]
    return out, len(todo)


def _previous(index_dir: Path) -> StoredIndex | None:
    try:
        return load_index(index_dir)
    except IndexError_:
        return None  # nothing usable to reuse; build from scratch
