from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import pytest

from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.settings import Settings
from surveyqa.store import ARTIFACTS, IndexCorrupt, IndexMissing, IndexStale, load_index


class CountingEmbedder:
    """The real e5 embedder, counting passages and optionally failing part-way."""

    def __init__(self, inner: E5Embedder, fail_after: int | None = None) -> None:
        self.inner = inner
        self.name = inner.name
        self.passages = 0
        self.fail_after = fail_after

    @property
    def dim(self) -> int:
        return self.inner.dim

    def embed_queries(self, texts: Sequence[str]) -> np.ndarray:
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray:
        if self.fail_after is not None and self.passages + len(texts) > self.fail_after:
            raise RuntimeError("embedding backend crashed")
        self.passages += len(texts)
        return self.inner.embed_passages(texts, progress)


def test_build_writes_verified_manifest(tiny_settings: Settings, e5: E5Embedder) -> None:
    report = build_index(tiny_settings, embedder=e5)
    assert (report.entries, report.abstracts) == (7, 2)
    stored = load_index(tiny_settings.index_dir)
    m = stored.manifest
    assert m.embedder == e5.name and m.dim == 384 and m.counts["chunks"] == len(stored.chunks)
    assert set(m.files) == set(ARTIFACTS) and m.built_at and m.corpus_sha256
    assert {c.kind for c in stored.chunks} == {"summary", "abstract"}
    # Nothing loaded back needs pickle.
    np.load(stored.path / "vectors.npy", allow_pickle=False)


def test_rebuild_reuses_embeddings_and_skips_when_unchanged(tiny_settings: Settings, e5: E5Embedder) -> None:
    first = CountingEmbedder(e5)
    build_index(tiny_settings, embedder=first)
    assert first.passages > 0
    same = CountingEmbedder(e5)
    report = build_index(tiny_settings, embedder=same)
    assert report.up_to_date and same.passages == 0
    text = tiny_settings.corpus_path.read_text(encoding="utf-8")
    tiny_settings.corpus_path.write_text(
        text.replace("基座 GPT-J 6.7B。", "基座 GPT-J 6.7B，零样本超 GPT-3。"), encoding="utf-8"
    )
    changed = CountingEmbedder(e5)
    report = build_index(tiny_settings, embedder=changed)
    # Only the edited chunk and the edited sentence are embedded again.
    assert changed.passages == 2 and report.embedded == 2 and report.reused > report.chunks


def test_failed_build_leaves_previous_index_serving(tiny_settings: Settings, e5: E5Embedder) -> None:
    build_index(tiny_settings, embedder=e5)
    before = load_index(tiny_settings.index_dir)
    text = tiny_settings.corpus_path.read_text(encoding="utf-8")
    tiny_settings.corpus_path.write_text(text.replace("GRPO", "GRPO（组相对策略优化）"), encoding="utf-8")
    with pytest.raises(RuntimeError, match="crashed"):
        build_index(tiny_settings, embedder=CountingEmbedder(e5, fail_after=0))
    after = load_index(tiny_settings.index_dir)
    assert after.path == before.path and after.manifest == before.manifest


def test_missing_index(tmp_path: Path) -> None:
    with pytest.raises(IndexMissing, match="surveyqa build"):
        load_index(tmp_path / "nothing")


@pytest.mark.parametrize("artifact", [*ARTIFACTS])
@pytest.mark.parametrize("damage", ["truncate", "flip"])
def test_corrupt_artifact_detected(tiny_settings: Settings, e5: E5Embedder, artifact: str, damage: str) -> None:
    build_index(tiny_settings, embedder=e5)
    path = load_index(tiny_settings.index_dir).path / artifact
    data = bytearray(path.read_bytes())
    if damage == "truncate":
        data = data[: len(data) // 2]
    else:
        data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    with pytest.raises(IndexCorrupt, match=artifact):
        load_index(tiny_settings.index_dir)


def test_corrupt_manifest_and_stale_corpus(tiny_settings: Settings, e5: E5Embedder) -> None:
    build_index(tiny_settings, embedder=e5)
    stored = load_index(tiny_settings.index_dir)
    with pytest.raises(IndexStale, match="different survey"):
        load_index(tiny_settings.index_dir, corpus_sha256="0" * 64)
    manifest = stored.path / "manifest.json"
    raw = json.loads(manifest.read_text())
    raw["format_version"] = 999
    manifest.write_text(json.dumps(raw))
    with pytest.raises(IndexStale, match="format 999"):
        load_index(tiny_settings.index_dir)
    manifest.write_text("{ not json")
    with pytest.raises(IndexCorrupt, match="unreadable"):
        load_index(tiny_settings.index_dir)


def test_no_abstracts_without_network_is_quick_and_says_so(tiny_settings: Settings, e5: E5Embedder) -> None:
    settings = tiny_settings.model_copy(
        update={"abstracts_file": None, "arxiv_api_url": "http://127.0.0.1:9/api/query"}
    )
    started = time.monotonic()
    report = build_index(settings, embedder=e5)
    assert time.monotonic() - started < 20
    assert report.abstracts == 0 and report.abstracts_source == "none"
    assert len(report.notes) == 1 and "building from the survey text alone" in report.notes[0]


def test_unreachable_arxiv_keeps_the_abstracts_the_index_has(tiny_settings: Settings, e5: E5Embedder) -> None:
    build_index(tiny_settings, embedder=e5)  # with the dump: 2 abstracts
    offline = tiny_settings.model_copy(update={"abstracts_file": None, "arxiv_api_url": "http://127.0.0.1:9/api"})
    report = build_index(offline, embedder=e5)
    assert report.up_to_date and report.abstracts == 2
    assert "reusing the 2 abstracts" in report.notes[0]
    assert load_index(tiny_settings.index_dir).manifest.counts["abstracts"] == 2


def test_build_killed_midway_leaves_previous_index_serving(tiny_settings: Settings, e5: E5Embedder) -> None:
    import os
    import signal
    import subprocess
    import sys

    from conftest import SURVEY

    build_index(tiny_settings, embedder=e5)
    before = load_index(tiny_settings.index_dir)
    env = {
        **os.environ,
        "SURVEYQA_INDEX_DIR": str(tiny_settings.index_dir),
        "SURVEYQA_CORPUS_PATH": str(SURVEY),  # the full survey: a build long enough to kill
        "SURVEYQA_FETCH_ABSTRACTS": "false",
    }
    proc = subprocess.Popen([sys.executable, "-m", "surveyqa", "build", "--force"], env=env, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    seen = b""
    while b"embedding chunks" not in seen:  # wait until it is mid-embedding
        chunk = proc.stderr.read1(256) if hasattr(proc.stderr, "read1") else proc.stderr.read(256)
        assert chunk, "build ended before it could be killed"
        seen += chunk
    time.sleep(0.5)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    after = load_index(tiny_settings.index_dir)
    assert after.path == before.path and after.manifest == before.manifest
    assert len(after.entries) == 7
    # The next build cleans up what the killed one left behind (and the lock died with it: no stale lock).
    build_index(tiny_settings, embedder=e5, force=True)
    leftovers = [p.name for p in (tiny_settings.index_dir / "builds").iterdir()]
    assert len(leftovers) == 2 and not any(name.startswith(".tmp-") for name in leftovers), leftovers


def test_failure_while_writing_leaves_previous_index(
    tiny_settings: Settings, e5: E5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    import surveyqa.store

    build_index(tiny_settings, embedder=e5)
    before = load_index(tiny_settings.index_dir)

    def disk_full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(surveyqa.store.faiss, "write_index", disk_full)  # dies half-way through writing
    with pytest.raises(OSError, match="No space left"):
        build_index(tiny_settings, embedder=e5, force=True)
    after = load_index(tiny_settings.index_dir)
    assert after.path == before.path and after.manifest == before.manifest
    assert [p.name for p in (tiny_settings.index_dir / "builds").iterdir()] == [before.path.name]  # no debris


def test_keeps_the_last_builds_and_rolls_back(tiny_settings: Settings, e5: E5Embedder) -> None:
    from surveyqa.store import rollback

    settings = tiny_settings.model_copy(update={"keep_builds": 2})
    paths = [build_index(settings, embedder=e5, force=True).path for _ in range(3)]
    builds = tiny_settings.index_dir / "builds"
    assert paths[0] is not None and paths[1] is not None and paths[2] is not None
    assert sorted(p.name for p in builds.iterdir()) == sorted([paths[1].name, paths[2].name])  # the oldest went
    assert rollback(tiny_settings.index_dir).path == paths[1]
    assert load_index(tiny_settings.index_dir).path == paths[1]
    with pytest.raises(IndexMissing, match="no earlier build to roll back to"):
        rollback(tiny_settings.index_dir)
    # A later build prunes by age, never the build that is live.
    newest = build_index(settings, embedder=e5, force=True).path
    assert newest is not None
    assert sorted(p.name for p in builds.iterdir()) == sorted([paths[2].name, newest.name])


def test_a_foreign_builds_dir_is_refused_not_emptied(tiny_settings: Settings, e5: E5Embedder) -> None:
    from surveyqa.store import IndexError_

    theirs = tiny_settings.index_dir / "builds" / "experiment-7"
    theirs.mkdir(parents=True)
    (theirs / "notes.txt").write_text("not surveyqa's", encoding="utf-8")
    with pytest.raises(IndexError_, match=r"surveyqa did not make \(experiment-7\).*another --index-dir"):
        build_index(tiny_settings, embedder=e5)
    assert (theirs / "notes.txt").read_text(encoding="utf-8") == "not surveyqa's"
    assert not (tiny_settings.index_dir / "current").exists()


def test_build_fsyncs_the_rename_and_cleans_crash_leftovers(
    tiny_settings: Settings, e5: E5Embedder, monkeypatch: pytest.MonkeyPatch
) -> None:
    import surveyqa.store

    build_index(tiny_settings, embedder=e5)
    index = tiny_settings.index_dir
    # What builds killed between their steps leave behind: a temp link and a temp build dir.
    (index / ".current-20240101T000000-abcdef").symlink_to(Path("builds") / "20240101T000000-abcdef")
    (index / "builds" / ".tmp-20240101T000001-abcdef").mkdir()
    synced: list[Path] = []
    real_fsync = surveyqa.store._fsync

    def recording_fsync(path: Path) -> None:
        synced.append(Path(path))
        real_fsync(path)

    monkeypatch.setattr(surveyqa.store, "_fsync", recording_fsync)
    build_index(tiny_settings, embedder=e5, force=True)
    # builds/ is synced after the new build is renamed into it, before `current` is swapped and index/ synced.
    assert index / "builds" in synced and index in synced, synced
    assert synced.index(index / "builds") < synced.index(index)
    names = [p.name for p in (*index.iterdir(), *(index / "builds").iterdir())]
    assert not [n for n in names if n.startswith((".current-", ".tmp-"))], names


def test_no_fetch_keeps_the_abstracts_unless_asked_to_drop_them(tiny_settings: Settings, e5: E5Embedder) -> None:
    build_index(tiny_settings, embedder=e5)  # from the dump: 2 abstracts
    no_fetch = tiny_settings.model_copy(update={"abstracts_file": None, "fetch_abstracts": False})
    report = build_index(no_fetch, embedder=e5)
    assert report.up_to_date and report.abstracts == 2 and report.abstracts_source == "file:abstracts.jsonl"
    assert "not fetched (fetch disabled); reusing the 2 abstracts" in report.notes[0]
    dropped = build_index(no_fetch.model_copy(update={"keep_abstracts": False}), embedder=e5)
    assert dropped.abstracts == 0 and dropped.abstracts_source == "none"
    assert "dropping the 2 abstracts" in dropped.notes[0]
    assert load_index(tiny_settings.index_dir).manifest.counts["abstracts"] == 0
