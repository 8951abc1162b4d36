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

Builds hold ``.build.lock`` (an ``flock``, so the kernel drops it when a build dies) for their whole
run; a second build on the same directory stops with :class:`BuildInProgress`. Only builds surveyqa
made (a build-id name and a manifest) are ever deleted; the newest ``keep`` stay for ``rollback``.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import re
import shutil
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
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
LOCK_NAME = ".build.lock"
_BUILD_ID = r"\d{8}T\d{6}(?:\d{6})?-[0-9a-f]{6}"  # the seconds-only form is what older versions wrote
BUILD_ID_RE = re.compile(_BUILD_ID)
TMP_BUILD_RE = re.compile(rf"\.tmp-{_BUILD_ID}")
TMP_LINK_RE = re.compile(rf"\.current-{_BUILD_ID}")


class IndexError_(RuntimeError):
    """Base for index problems; the message tells the user what to do."""


class IndexMissing(IndexError_):
    pass


class IndexCorrupt(IndexError_):
    pass


class IndexStale(IndexError_):
    pass


class ForeignIndexDir(IndexError_):
    """The index dir holds files surveyqa did not make; a build refuses rather than delete them."""


class BuildInProgress(RuntimeError):
    """Another process is building into the same index dir."""


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


def new_build_id() -> str:
    """A build id that sorts by time (UTC, microseconds) and cannot collide."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f") + "-" + uuid.uuid4().hex[:6]


_held = threading.local()  # index dirs whose build lock this thread holds (the lock is re-entrant)


@contextmanager
def build_lock(index_dir: Path) -> Iterator[None]:
    """Hold the index dir's build lock; BuildInProgress (naming the holder) if another build has it."""
    index_dir.mkdir(parents=True, exist_ok=True)
    key = str(index_dir.resolve())
    held: set[str] = _held.__dict__.setdefault("dirs", set())
    if key in held:
        yield
        return
    check_index_dir(index_dir)
    # flock, not a pid file: the kernel releases it when the holder exits or is killed, so no stale lock.
    fd = os.open(index_dir / LOCK_NAME, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "pid unknown"
            raise BuildInProgress(
                f"build in progress ({holder}) in {index_dir}; run again when it has finished"
            ) from None
        since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"pid {os.getpid()}, since {since}\n".encode(), 0)
        held.add(key)
        try:
            yield
        finally:
            held.discard(key)
    finally:
        os.close(fd)  # closing the descriptor releases the flock


def check_index_dir(index_dir: Path) -> None:
    """Refuse an index dir whose ``current`` or ``builds/`` surveyqa did not make: pruning would delete them."""
    current = current_dir(index_dir)
    if current.exists() and not current.is_symlink():
        raise ForeignIndexDir(
            f"{current} is not the symlink surveyqa makes; {index_dir} does not look like a surveyqa index: "
            "choose another --index-dir (SURVEYQA_INDEX_DIR) or move it away"
        )
    builds = index_dir / "builds"
    if not builds.exists():
        return
    foreign = sorted(p.name for p in builds.iterdir() if not _is_ours(p)) if builds.is_dir() else ["builds"]
    if foreign:
        shown = ", ".join(foreign[:5]) + (", …" if len(foreign) > 5 else "")
        raise ForeignIndexDir(
            f"{index_dir / 'builds'} holds files surveyqa did not make ({shown}); surveyqa will not delete them: "
            "choose another --index-dir (SURVEYQA_INDEX_DIR) or move them away"
        )


def _is_ours(path: Path) -> bool:
    """A build (build-id name and a manifest) or the temp dir of a build that was killed."""
    if path.is_symlink() or not path.is_dir():
        return False
    if TMP_BUILD_RE.fullmatch(path.name):
        return True
    return BUILD_ID_RE.fullmatch(path.name) is not None and (path / "manifest.json").is_file()


def write_index(index_dir: Path, manifest: Manifest, data: StoredIndex, *, keep: int = 3) -> Path:
    """Write artifacts to a temp dir, fsync, atomically point ``current`` at it, prune to ``keep`` builds."""
    with build_lock(index_dir):
        builds = index_dir / "builds"
        builds.mkdir(exist_ok=True)
        build_id = new_build_id()
        tmp = builds / f".tmp-{build_id}"
        tmp.mkdir()
        try:
            final = _write_artifacts(tmp, builds / build_id, manifest, data)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)  # the serving index was never touched
            raise
        _point_current(index_dir, build_id)
        prune(index_dir, keep=keep)
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
    _fsync(tmp)  # the files' directory entries
    tmp.rename(final)
    # Without this, a crash after the swap below could leave ``current`` pointing at a rename that never hit disk.
    _fsync(final.parent)
    return final


def _point_current(index_dir: Path, build_id: str) -> None:
    """Swap ``current`` to ``builds/<build_id>`` atomically and durably."""
    link_tmp = index_dir / f".current-{build_id}"
    link_tmp.unlink(missing_ok=True)  # left by a rollback to the same build that was killed
    link_tmp.symlink_to(Path("builds") / build_id)
    os.replace(link_tmp, current_dir(index_dir))
    _fsync(index_dir)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def live_build(index_dir: Path) -> str | None:
    """The build id ``current`` points at, if any."""
    current = current_dir(index_dir)
    return Path(os.readlink(current)).name if current.is_symlink() else None


def kept_builds(index_dir: Path) -> list[Path]:
    """surveyqa's finished builds in this index dir, newest first."""
    builds = index_dir / "builds"
    if not builds.is_dir():
        return []
    ours = [p for p in builds.iterdir() if _is_ours(p) and not TMP_BUILD_RE.fullmatch(p.name)]
    # built_at first: older versions named builds in local time, so names alone may misorder them.
    return sorted(ours, key=lambda p: (_built_at(p), p.name), reverse=True)


def _built_at(build: Path) -> str:
    try:
        return str(json.loads((build / "manifest.json").read_text(encoding="utf-8")).get("built_at", ""))
    except (OSError, ValueError, AttributeError):
        return ""


def prune(index_dir: Path, *, keep: int) -> None:
    """Keep the newest ``keep`` builds and the live one; remove leftovers of killed builds. Never others' files."""
    with build_lock(index_dir):
        live = live_build(index_dir)
        for old in kept_builds(index_dir)[keep:]:
            if old.name != live:
                shutil.rmtree(old, ignore_errors=True)
        # Holding the lock, no build is running: every temp dir or link is a crashed build's leftover.
        builds = index_dir / "builds"
        for child in builds.iterdir() if builds.is_dir() else ():
            if TMP_BUILD_RE.fullmatch(child.name) and child.is_dir() and not child.is_symlink():
                shutil.rmtree(child, ignore_errors=True)
        for child in index_dir.iterdir():
            if TMP_LINK_RE.fullmatch(child.name) and child.is_symlink():
                child.unlink()


def rollback(index_dir: Path) -> StoredIndex:
    """Point ``current`` back at the kept build before the live one, after verifying it; IndexMissing if none."""
    with build_lock(index_dir):
        live = live_build(index_dir)
        ordered = kept_builds(index_dir)
        names = [p.name for p in ordered]
        older = ordered[names.index(live) + 1 :] if live in names else ordered
        if not older:
            raise IndexMissing(
                f"no earlier build to roll back to in {index_dir} ({len(ordered)} kept; "
                "SURVEYQA_KEEP_BUILDS sets how many are kept)"
            )
        target = older[0]
        stored = _load_build(target, index_dir)  # refuse to switch to a damaged build
        _point_current(index_dir, target.name)
        return stored


def _entry_dict(e: Entry) -> dict[str, Any]:
    d = asdict(e)
    d["urls"] = list(e.urls)
    return d


def read_manifest(index_dir: Path) -> Manifest:
    """The current build's manifest; IndexMissing / IndexCorrupt with a clear message."""
    return _manifest_at(current_dir(index_dir), index_dir)


def _manifest_at(root: Path, index_dir: Path) -> Manifest:
    path = root / "manifest.json"
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
    # Resolve once: a build swapping ``current`` meanwhile must not mix two builds' files.
    return _load_build(current_dir(index_dir).resolve(), index_dir, corpus_sha256=corpus_sha256)


def _load_build(root: Path, index_dir: Path, *, corpus_sha256: str | None = None) -> StoredIndex:
    """Load and verify one build directory."""
    manifest = _manifest_at(root, index_dir)
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
