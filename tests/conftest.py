from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.citations import cited_ids
from surveyqa.corpus import Entry
from surveyqa.embedding import E5Embedder
from surveyqa.evaluation import index_settings
from surveyqa.results import Answer
from surveyqa.retrieval import Retriever
from surveyqa.service import Service
from surveyqa.settings import Settings
from surveyqa.store import BuildInProgress, IndexError_

REPO = Path(__file__).resolve().parents[1]
SURVEY = REPO / "corpus" / "agentic-training-survey.txt"
DUMP = REPO.parent / "shared" / "corpus" / "arxiv_abstracts.jsonl"

TINY_SURVEY = """AI Research 技术调研

Agentic 训练

“Agentic 训练”指让大模型学会调用工具、操作浏览器并从环境反馈中学习，本段是测试用的概述段落，长度足够被识别为概述而不是标题。

范围与去重：本章只收录测试条目，用来验证解析器、索引和检索在小语料上的行为，长度同样超过八十个字符以便识别。

一、工具调用（2023–2024）

  • CodeAct: Executable Code Actions Elicit Better LLM Agents (UIUC/Apple, 2024-02, paper) — 主张用可执行 Python 代码作为统一动作空间（code-as-action），取代 JSON/文本调用。17 个 LLM 上成功率最多高 20%。https://arxiv.org/abs/2402.01030
  • Toolformer: Language Models Can Teach Themselves to Use Tools (Meta AI, 2023-02, paper) — 自监督学工具调用：模型自采候选 API 调用，用困惑度过滤。基座 GPT-J 6.7B。https://arxiv.org/abs/2302.04761

二、强化学习（2025）

  • DeepSeek-R1 (DeepSeek, 2025-01, paper) — 纯 RL 激发推理：GRPO + 可验证奖励，AIME 2024 pass@1 15.6%→71.0%。https://arxiv.org/abs/2501.12948
  • Kimi K2: Open Agentic Intelligence (Moonshot AI, 2025-07, paper) — 1T 总参 MoE；SWE-Bench Verified 65.8、Tau2-Bench 66.1。https://arxiv.org/abs/2507.20534

增量补录（测试）

  • Qwen-AgentWorld — 首个语言世界模型(LWM)；当模拟器做 Sim RL(+4.312.3)。详
"""

# Five works reporting SWE-bench Verified (plain, a thinking mode, voting), one an improvement, one
# quoting a compared system; AIME under pass@1 and voting; a percentile beside a score on Codeforces.
BOARD_SURVEY = """AI Research 技术调研

Agentic 训练

“Agentic 训练”指让大模型学会调用工具、操作浏览器并从环境反馈中学习，本段是测试用的概述段落，长度足够被识别为概述而不是标题。

范围与去重：本章只收录测试条目，用来验证排行榜和时间线在小语料上的行为，长度同样超过八十个字符以便识别为范围说明。

一、编码智能体（2024–2025）

  • Alpha Coder (Zhipu AI, 2024-11, paper) — 代码智能体：SWE-bench Verified 41.0%。
  • Beta Agent (Google DeepMind, 2025-02, blog) — 浏览器智能体：SWE-bench Verified 33.4%→49.0%；Codeforces 89th。
  • Gamma Model (Moonshot AI, 2025-03, model-card) — 思考模式下 SWE-Bench Verified 65.8；Codeforces 55.0。

二、推理（2025）

  • Delta Reasoner (DeepSeek, 2025-03, paper) — 纯 RL：AIME 2024 pass@1 15.6%→71.0%（投票 86.7%）。
  • Epsilon Coder (智谱, 2025-06, paper) — SWE-bench Verified 72.5%（> Claude(22.0)）；AIME 2024 pass@1 60.0%。
"""

TINY_ABSTRACTS = [
    {
        "arxiv_id": "2402.01030",
        "title": "CodeAct",
        "abstract": "We propose to use executable Python code to consolidate LLM agents' actions into a unified action space. CodeAct outperforms alternatives by up to 20% higher success rate.",
        "source": "test",
    },
    {
        "arxiv_id": "2501.12948",
        "title": "DeepSeek-R1",
        "abstract": "We introduce DeepSeek-R1-Zero, trained via large-scale reinforcement learning without supervised fine-tuning. It demonstrates remarkable reasoning capabilities.",
        "source": "test",
    },
]


@pytest.fixture
def tiny_survey(tmp_path: Path) -> Path:
    path = tmp_path / "survey.txt"
    path.write_text(TINY_SURVEY, encoding="utf-8")
    return path


@pytest.fixture
def tiny_abstracts(tmp_path: Path) -> Path:
    path = tmp_path / "abstracts.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in TINY_ABSTRACTS) + "\n", encoding="utf-8")
    return path


@pytest.fixture
def tiny_settings(tmp_path: Path, tiny_survey: Path, tiny_abstracts: Path) -> Settings:
    return Settings(
        corpus_path=tiny_survey,
        index_dir=tmp_path / "index",
        abstracts_file=tiny_abstracts,
        arxiv_cache_dir=tmp_path / "cache",
    )


_MEMO = {"on": True}


@pytest.fixture(scope="session", autouse=True)
def _passage_vectors_once_per_session() -> Iterator[None]:
    """Many tests index the same tiny surveys; each passage is embedded by the real engine once per session and its
    vector reused after (the engine is deterministic: same text, same vector). Only plain E5Embedder instances in
    this process (builds that tests run in a subprocess embed for themselves, subclasses always do), and never in a
    test marked ``real_embedding`` (the serving tests, which load the engine on purpose)."""
    import numpy as np

    real = E5Embedder.embed_passages
    seen: dict[str, Any] = {}

    def once(self: E5Embedder, texts: Sequence[str], progress: Any = None) -> Any:
        if type(self) is not E5Embedder or not _MEMO["on"]:
            return real(self, texts, progress)
        new = [t for t in dict.fromkeys(texts) if t not in seen]
        if len(new) < len(texts) and progress:
            progress(len(texts) - len(new))
        if new:
            seen.update(zip(new, real(self, new, progress), strict=True))
        return np.stack([seen[t] for t in texts]) if texts else real(self, [], None)

    mp = pytest.MonkeyPatch()
    mp.setattr(E5Embedder, "embed_passages", once)
    yield
    mp.undo()


@pytest.fixture(autouse=True)
def _real_embedding_when_marked(request: pytest.FixtureRequest) -> Iterator[None]:
    _MEMO["on"] = request.node.get_closest_marker("real_embedding") is None
    yield
    _MEMO["on"] = True


@pytest.fixture(scope="session")
def e5():  # type: ignore[no-untyped-def]
    from surveyqa.embedding import E5Embedder

    return E5Embedder()


@pytest.fixture
def service(tiny_settings: Settings, e5: E5Embedder) -> Service:
    """The tiny survey built and loaded with the session's e5 embedder."""
    build_index(tiny_settings, embedder=e5)
    return Service(tiny_settings, Retriever.from_settings(tiny_settings, embedder=e5))


@pytest.fixture
def client(service: Service) -> TestClient:
    return TestClient(create_app(service.settings, service))


def tiny_index(
    root: Path,
    survey: str = TINY_SURVEY,
    abstracts: Sequence[Mapping[str, str]] = TINY_ABSTRACTS,
    *,
    embedder: Any = None,
) -> Settings:
    """Write a survey written by a test (and its abstracts dump, if any) under ``root``, index it, and return
    the settings that load it. Never asks arXiv."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "survey.txt").write_text(survey, encoding="utf-8")
    dump = None
    if abstracts:
        dump = root / "abs.jsonl"
        dump.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in abstracts) + "\n", encoding="utf-8")
    settings = Settings(
        corpus_path=root / "survey.txt", index_dir=root / "index", abstracts_file=dump, fetch_abstracts=False
    )
    build_index(settings, embedder=embedder)
    return settings


@pytest.fixture(scope="session")
def full_index(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    """The real survey with the real abstracts dump, indexed once per test session (the full-survey tier).

    In a temp dir by default. Under CI (or with SURVEYQA_TEST_SHARED_INDEX=1) it is built where `surveyqa eval`
    builds its own e5 index (index/eval/e5, git-ignored, never the serving index), so CI's eval after the tests,
    and a developer's next run, reuse the vectors (a build re-embeds only changed texts). Should another build
    hold that directory, or should it hold something unreadable, the temp dir is used."""
    if not DUMP.is_file():
        pytest.skip(f"arXiv abstracts dump not found at {DUMP} (only CI and the dev checkout have it)")
    temp = Settings(corpus_path=SURVEY, abstracts_file=DUMP, index_dir=tmp_path_factory.mktemp("full") / "index")
    settings = temp
    if os.environ.get("CI") or os.environ.get("SURVEYQA_TEST_SHARED_INDEX") == "1":
        settings = index_settings(temp.model_copy(update={"index_dir": REPO / "index", "eval_index_dir": None}), "e5")
    try:
        report = build_index(settings)
    except (BuildInProgress, IndexError_):
        settings = temp
        report = build_index(settings)
    assert report.entries == 139 and report.abstracts == 90
    return settings


def assert_well_cited(answer: Answer, by_id: Mapping[str, Entry], question: str = "") -> None:
    """Citations name entries that exist, each with its ``[id]`` in the answer; no marker names an unknown id."""
    where = f"{question!r} → {answer.answer[:200]!r}"
    assert answer.answer.strip(), where
    for c in answer.citations:
        assert c.id in by_id, f"unknown cited id {c.id!r}: {where}"
        assert f"[{c.id}]" in answer.answer, f"cited {c.id!r} has no marker: {where}"
    unknown = [i for i in cited_ids(answer.answer) if i not in by_id]
    assert not unknown, f"markers name unknown ids {unknown}: {where}"


def pytest_configure(config: pytest.Config) -> None:
    if os.environ.get("CI") and not DUMP.is_file():
        raise pytest.UsageError(f"CI must exercise the full-survey tier, but the abstracts dump is missing: {DUMP}")


def requires_dump() -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not DUMP.is_file(), reason=f"arXiv abstracts dump not found at {DUMP} (only CI and the dev checkout have it)"
    )


@contextlib.contextmanager
def llm_mode_server(root: Path, **settings: Any) -> Iterator[tuple[str, Any]]:
    """The tiny survey served with LLM mode pointed at a loopback OpenAI-compatible server (FakeChat):
    yields the API's URL and the fake, for the page's and the Slack bot's LLM-mode tests."""
    from servers import FakeChat, UvicornThread

    (root / "survey.txt").write_text(TINY_SURVEY, encoding="utf-8")
    chat = FakeChat()
    config = Settings(
        corpus_path=root / "survey.txt",
        index_dir=root / "index",
        fetch_abstracts=False,
        llm_base_url=chat.url,
        llm_model="fake",
        **settings,
    )
    e5 = E5Embedder()
    build_index(config, embedder=e5)
    try:
        with UvicornThread(create_app(config, Service(config, Retriever.from_settings(config, embedder=e5)))) as srv:
            yield srv.url, chat
    finally:
        chat.server.shutdown()
