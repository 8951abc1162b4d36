"""The on-disk index: a manifest plus artifacts, written atomically and verified on load.

Layout::

    index/
      current -> builds/<build-id>        (symlink, swapped atomically with os.replace)
      builds/<build-id>/manifest.json     format version, corpus hash, embedder, dim,
                       entries.json       per-file sha256, counts, build time
                       chunks.jsonl
                       vectors.npy        float32, loaded with allow_pickle=False
                       dense.faiss
                       bm25.json          token lists per chunk
                       sentences.jsonl    citable sentences (+ sentence_vectors.npy)
                       facts.jsonl        the facts table (benchmark results, sizes, concepts, orgs, ...)

A build writes into ``builds/.tmp-*`` and only then points ``current`` at it, so a failed
or killed build never touches the index that was serving. Nothing is pickled.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import faiss
import numpy as np

from surveyqa.chunking import Chunk
from surveyqa.corpus import Entry
from surveyqa.facts import Fact, fact_from
from surveyqa.sentences import Sentence, sentence_embed_text

FORMAT_VERSION = 3
ARTIFACTS = (
    "entries.json",
    "chunks.jsonl",
    "vectors.npy",
    "dense.faiss",
    "bm25.json",
    "sentences.jsonl",
    "sentence_vectors.npy",
    "facts.jsonl",
)


class IndexError_(RuntimeError):
    """Base for index problems; the message tells the user what to do."""


class IndexMissing(IndexError_):
    pass


class IndexCorrupt(IndexError_):
    pass


class IndexStale(IndexError_):
    pass


@dataclass
class Manifest:
    """What was built, from what, and the checksum of every artifact."""

    format_version: int
    corpus_sha256: str
    inputs_sha256: str
    embedder: str
    dim: int
    faiss_index: str
    counts: dict[str, int]
    built_at: str
    build_seconds: float
    abstracts_source: str
    files: dict[str, str] = field(default_factory=dict)
    lexicon_sha256: str = ""


@dataclass
class StoredIndex:
    """Everything a loaded index holds in memory."""

    manifest: Manifest
    entries: list[Entry]
    chunks: list[Chunk]
    vectors: np.ndarray
    faiss_index: Any
    bm25_tokens: list[list[str]]
    path: Path
    sentences: list[Sentence] = field(default_factory=list)
    sentence_vectors: np.ndarray = field(default_factory=lambda: np.zeros((0, 0), dtype=np.float32))
    facts: list[Fact] = field(default_factory=list)

    def vector_cache(self) -> dict[str, np.ndarray]:
        """text hash → vector for everything this index embedded (chunks and sentences)."""
        titles = {e.id: e.title for e in self.entries}
        cache = {text_hash(c.embed_text): self.vectors[i] for i, c in enumerate(self.chunks)}
        for sent in self.sentences:
            if sent.vec >= 0:
                cache[text_hash(sentence_embed_text(sent, titles[sent.entry_id]))] = self.sentence_vectors[sent.vec]
        return cache


def text_hash(text: str) -> str:
    """Key of the embedding cache: the exact text an embedder saw."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def sha256_file(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def current_dir(index_dir: Path) -> Path:
    return index_dir / "current"


def make_faiss(vectors: np.ndarray, kind: str) -> Any:
    """Inner-product FAISS index over L2-normalised vectors (cosine similarity)."""
    dim = vectors.shape[1]
    index = faiss.IndexHNSWFlat(dim, 32, faiss.METRIC_INNER_PRODUCT) if kind == "hnsw" else faiss.IndexFlatIP(dim)
    if len(vectors):
        index.add(np.ascontiguousarray(vectors, dtype=np.float32))
    return index


def write_index(index_dir: Path, manifest: Manifest, data: StoredIndex) -> Path:
    """Write artifacts to a temp dir, fsync, then atomically point ``current`` at it."""
    builds = index_dir / "builds"
    builds.mkdir(parents=True, exist_ok=True)
    build_id = time.strftime("%Y%m%dT%H%M%S") + "-" + uuid.uuid4().hex[:6]
    tmp = builds / f".tmp-{build_id}"
    tmp.mkdir()
    try:
        final = _write_artifacts(tmp, builds / build_id, manifest, data)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)  # the serving index was never touched
        raise
    link_tmp = index_dir / f".current-{build_id}"
    link_tmp.symlink_to(Path("builds") / build_id)
    os.replace(link_tmp, current_dir(index_dir))
    _fsync(index_dir)
    _prune(builds, keep=final)
    return final


def _write_artifacts(tmp: Path, final: Path, manifest: Manifest, data: StoredIndex) -> Path:
    (tmp / "entries.json").write_text(
        json.dumps([_entry_dict(e) for e in data.entries], ensure_ascii=False, indent=1), encoding="utf-8"
    )
    with (tmp / "chunks.jsonl").open("w", encoding="utf-8") as fh:
        for c in data.chunks:
            fh.write(json.dumps(asdict(c), ensure_ascii=False) + "\n")
    np.save(tmp / "vectors.npy", data.vectors.astype(np.float32), allow_pickle=False)
    faiss.write_index(data.faiss_index, str(tmp / "dense.faiss"))
    (tmp / "bm25.json").write_text(json.dumps({"tokens": data.bm25_tokens}, ensure_ascii=False), encoding="utf-8")
    with (tmp / "sentences.jsonl").open("w", encoding="utf-8") as fh:
        for sent in data.sentences:
            fh.write(json.dumps(asdict(sent), ensure_ascii=False) + "\n")
    np.save(tmp / "sentence_vectors.npy", data.sentence_vectors.astype(np.float32), allow_pickle=False)
    with (tmp / "facts.jsonl").open("w", encoding="utf-8") as fh:
        for fact in data.facts:
            fh.write(json.dumps(fact.record(), ensure_ascii=False) + "\n")
    manifest.files = {name: sha256_file(tmp / name) for name in ARTIFACTS}
    (tmp / "manifest.json").write_text(json.dumps(asdict(manifest), indent=1), encoding="utf-8")
    for name in (*ARTIFACTS, "manifest.json"):
        _fsync(tmp / name)
    tmp.rename(final)
    return final


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _prune(builds: Path, keep: Path) -> None:
    """Remove older builds and leftovers of killed builds; the live one stays."""
    for child in builds.iterdir():
        if child != keep:
            shutil.rmtree(child, ignore_errors=True)


def _entry_dict(e: Entry) -> dict[str, Any]:
    d = asdict(e)
    d["urls"] = list(e.urls)
    return d


def read_manifest(index_dir: Path) -> Manifest:
    """The current build's manifest; IndexMissing / IndexCorrupt with a clear message."""
    path = current_dir(index_dir) / "manifest.json"
    if not path.is_file():
        raise IndexMissing(f"no index at {index_dir}: run `surveyqa build` first")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        manifest = Manifest(**raw)
    except (json.JSONDecodeError, TypeError, UnicodeDecodeError) as exc:
        raise IndexCorrupt(
            f"index manifest {path} is unreadable ({exc}); rebuild with `surveyqa build --force`"
        ) from exc
    if manifest.format_version != FORMAT_VERSION:
        raise IndexStale(
            f"index at {index_dir} has format {manifest.format_version}, this surveyqa reads {FORMAT_VERSION}: "
            "rebuild with `surveyqa build --force`"
        )
    return manifest


def load_index(index_dir: Path, *, corpus_sha256: str | None = None) -> StoredIndex:
    """Load and verify the current build: checksums, format, and (if given) corpus freshness."""
    manifest = read_manifest(index_dir)
    root = current_dir(index_dir).resolve()
    for name in ARTIFACTS:
        path = root / name
        if not path.is_file():
            raise IndexCorrupt(f"index artifact {name} is missing from {root}; rebuild with `surveyqa build --force`")
        if sha256_file(path) != manifest.files.get(name):
            raise IndexCorrupt(
                f"index artifact {name} does not match its checksum in the manifest (truncated or modified); "
                "rebuild with `surveyqa build --force`"
            )
    if corpus_sha256 is not None and corpus_sha256 != manifest.corpus_sha256:
        raise IndexStale(f"index at {index_dir} was built from a different survey text: run `surveyqa build`")
    try:
        entries = [_entry_from(d) for d in json.loads((root / "entries.json").read_text(encoding="utf-8"))]
        with (root / "chunks.jsonl").open(encoding="utf-8") as fh:
            chunks = [Chunk(**json.loads(line)) for line in fh if line.strip()]
        vectors = np.load(root / "vectors.npy", allow_pickle=False)
        dense = faiss.read_index(str(root / "dense.faiss"))
        tokens = json.loads((root / "bm25.json").read_text(encoding="utf-8"))["tokens"]
        with (root / "sentences.jsonl").open(encoding="utf-8") as fh:
            sentences = [_sentence_from(json.loads(line)) for line in fh if line.strip()]
        sentence_vectors = np.load(root / "sentence_vectors.npy", allow_pickle=False)
        with (root / "facts.jsonl").open(encoding="utf-8") as fh:
            facts = [fact_from(json.loads(line)) for line in fh if line.strip()]
    except (ValueError, KeyError, TypeError, RuntimeError) as exc:
        raise IndexCorrupt(f"index at {root} cannot be read ({exc}); rebuild with `surveyqa build --force`") from exc
    if not (len(chunks) == len(vectors) == dense.ntotal == len(tokens)) or vectors.shape[1:] != (manifest.dim,):
        raise IndexCorrupt(f"index at {root} is inconsistent (chunk and vector counts differ); rebuild it")
    if sentence_vectors.ndim != 2 or any(s.vec >= len(sentence_vectors) for s in sentences):
        raise IndexCorrupt(f"index at {root} is inconsistent (sentence vectors); rebuild it")
    known = {e.id for e in entries}
    if any(f.entry_id not in known for f in facts):
        raise IndexCorrupt(f"index at {root} is inconsistent (facts for unknown entries); rebuild it")
    return StoredIndex(manifest, entries, chunks, vectors, dense, tokens, root, sentences, sentence_vectors, facts)


def _sentence_from(d: dict[str, Any]) -> Sentence:
    d["tokens"] = tuple(d.get("tokens") or ())
    return Sentence(**d)


def _entry_from(d: dict[str, Any]) -> Entry:
    d = dict(d)
    d["urls"] = tuple(d.get("urls") or ())
    return Entry(**d)
