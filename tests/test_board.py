"""Leaderboards and the timeline: the board module on tiny surveys, the API and the CLI, and the real survey."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from conftest import BOARD_SURVEY, DUMP, SURVEY, TINY_SURVEY
from surveyqa import board
from surveyqa.abstracts import load_jsonl
from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.catalog import Catalog
from surveyqa.cli import main
from surveyqa.corpus import load_survey, parse_survey
from surveyqa.embedding import E5Embedder
from surveyqa.retrieval import Retriever
from surveyqa.service import Service, UnknownOrgError
from surveyqa.settings import Settings


def _catalog(text: str) -> Catalog:
    return Catalog.from_entries(parse_survey(text).entries)


@pytest.fixture(scope="module")
def small() -> Catalog:
    return _catalog(BOARD_SURVEY)


def _rows(b: board.Board) -> list[tuple[str, str, str]]:
    return [(g.setting, r.entry_id, r.value) for g in b.groups for r in g.rows]


# -- the board module, on a survey written here --------------------------------------------------------------
def test_a_board_ranks_best_first_within_each_setting(small: Catalog) -> None:
    b = board.board(small, "SWE-bench Verified")
    plain = next(g for g in b.groups if g.setting == "")
    assert [r.value for r in plain.rows] == ["72.5%", "49.0%", "41.0%", "22.0"], _rows(b)
    assert [r.rank for r in plain.rows] == [1, 2, 3, 4]
    assert plain.rows[0].system == "Epsilon Coder" and plain.rows[0].own
    # The thinking-mode result is a group of its own, not ranked against the plain ones.
    thinking = [g for g in b.groups if "思考" in g.setting]
    assert [r.entry_id for g in thinking for r in g.rows] == ["gamma-model"], _rows(b)


def test_an_improvement_counts_its_result_not_its_starting_point(small: Catalog) -> None:
    values = [r.value for r in board.board(small, "SWE-bench Verified").rows]
    assert "49.0%" in values and "33.4%" not in values


def test_a_compared_system_is_a_row_credited_to_its_name(small: Catalog) -> None:
    rows = board.board(small, "SWE-bench Verified").rows
    claude = [r for r in rows if r.system == "Claude"]
    assert [(r.value, r.own, r.entry_id) for r in claude] == [("22.0", False, "epsilon-coder")], rows


def test_pass_at_1_and_voting_are_not_mixed(small: Catalog) -> None:
    b = board.board(small, "AIME 2024")
    by_setting = {g.setting: [r.value for r in g.rows] for g in b.groups}
    # The improved value keeps the pass@1 of its starting point; voting is its own group.
    assert by_setting.get("pass@1") == ["71.0%", "60.0%"], by_setting
    assert by_setting.get("voting") == ["86.7%"], by_setting
    assert len({g.setting for g in b.groups}) == len(b.groups)
    for g in b.groups:
        assert {r.setting for r in g.rows} == {g.setting}


def test_percentiles_are_not_ranked_against_scores(small: Catalog) -> None:
    b = board.board(small, "Codeforces")
    scales = {g.scale: [r.value for r in g.rows] for g in b.groups}
    assert scales == {"percentile": ["89th"], "score": ["55.0"]}, scales


@pytest.mark.parametrize(
    "name",
    ["SWE-bench Verified", "swe-bench verified", "SWE Verified", "SWE-V", "swe bench verified", "SWE-bench-Verified"],
)
def test_aliases_resolve(small: Catalog, name: str) -> None:
    assert board.resolve(small, name) == "SWE-bench Verified"


def test_tau_aliases_resolve(small: Catalog) -> None:
    assert board.resolve(small, "Tau2-Bench") == board.resolve(small, "τ²-bench") == "τ²-bench"
    assert board.resolve(small, "tau-bench") == "τ-bench"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("SWE-bench Verifed", "did you mean"),
        ("no such bench", "unknown benchmark 'no such bench'"),
        ("GAIA", "reports no value on GAIA"),  # known to the lexicon, but this survey has no result on it
        ("SWE-bench Verified and AIME", "unknown benchmark"),  # two names are not one board
    ],
)
def test_unknown_benchmarks_are_refused_with_a_message(small: Catalog, name: str, message: str) -> None:
    with pytest.raises(board.UnknownBenchmarkError, match=message):
        board.board(small, name)


def test_boards_lists_benchmarks_with_two_results(small: Catalog) -> None:
    listed = {s.name: (s.rows, s.entries) for s in board.boards(small)}
    assert listed == {"SWE-bench Verified": (5, 4), "AIME 2024": (3, 2), "Codeforces": (2, 2)}, listed


def test_every_row_is_traceable_to_its_span(small: Catalog) -> None:
    for s in board.boards(small, min_rows=1):
        for r in board.board(small, s.name).rows:
            assert board.verbatim(small, r), r


def test_timeline_by_month_with_filters(small: Catalog) -> None:
    months = board.timeline(small)
    assert [m.month for m in months] == ["2024-11", "2025-02", "2025-03", "2025-06"]
    assert months[2].entries == ("gamma-model", "delta-reasoner")  # survey order within a month
    assert [m.month for m in board.timeline(small, start="2025-02", end="2025-03")] == ["2025-02", "2025-03"]
    # Zhipu by any alias: "Zhipu AI" and "智谱".
    zhipu = board.timeline(small, org="智谱", start="2025-01")
    assert [(m.month, m.entries) for m in zhipu] == [("2025-06", ("epsilon-coder",))]
    google = board.timeline(small, org="Google")  # with its labs
    assert [m.entries for m in google] == [("beta-agent",)]
    assert [m.entries for m in board.timeline(small, kind="blog")] == [("beta-agent",)]
    assert [m.month for m in board.timeline(small, section="推理")] == ["2025-03", "2025-06"]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"start": "2025-07", "end": "2025-01"}, "from \\(2025-07\\) is after to \\(2025-01\\)"),
        ({"start": "2025-13"}, "from must be a month written YYYY-MM"),
        ({"end": "2025"}, "to must be a month written YYYY-MM"),
        ({"start": "25-01"}, "YYYY-MM"),
        ({"kind": "poem"}, "unknown kind"),
    ],
)
def test_timeline_rejects_bad_input(small: Catalog, kwargs: dict[str, str], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        board.timeline(small, **kwargs)


def test_timeline_unknown_org(small: Catalog) -> None:
    with pytest.raises(UnknownOrgError):
        board.timeline(small, org="Acme Labs")


def test_undated_entries_come_last_and_only_without_a_range() -> None:
    catalog = _catalog(TINY_SURVEY)  # its add-on note has no date
    months = board.timeline(catalog)
    assert months[-1].month is None and months[-1].entries == ("qwen-agentworld",)
    assert all(m.month for m in board.timeline(catalog, start="2023-01"))


# -- the API --------------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def board_client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    root = tmp_path_factory.mktemp("board")
    (root / "survey.txt").write_text(BOARD_SURVEY, encoding="utf-8")
    settings = Settings(corpus_path=root / "survey.txt", index_dir=root / "index", fetch_abstracts=False)
    e5 = E5Embedder()
    build_index(settings, embedder=e5)
    return TestClient(create_app(settings, Service(settings, Retriever.from_settings(settings, embedder=e5))))


def test_api_lists_boards(board_client: TestClient) -> None:
    r = board_client.get("/leaderboards")
    assert r.status_code == 200
    assert [(b["name"], b["rows"], b["entries"]) for b in r.json()] == [
        ("SWE-bench Verified", 5, 4),
        ("AIME 2024", 3, 2),
        ("Codeforces", 2, 2),
    ]


@pytest.mark.parametrize("name", ["SWE-bench%20Verified", quote("swe bench verified"), "SWE-V"])
def test_api_board_by_any_alias(board_client: TestClient, name: str) -> None:
    r = board_client.get(f"/leaderboards/{name}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "SWE-bench Verified" and body["rows"] == 5 and body["better"] == "higher"
    top = body["groups"][0]
    assert top["setting"] == "" and [row["value"] for row in top["rows"]] == ["72.5%", "49.0%", "41.0%", "22.0"]
    first = top["rows"][0]
    assert first["id"] == "epsilon-coder" and first["span"] == "SWE-bench Verified 72.5%"
    assert first["date"] == "2025-06" and first["org"] == "智谱" and first["number"] == 72.5


def test_api_board_with_a_non_ascii_name(board_client: TestClient) -> None:
    r = board_client.get("/leaderboards/" + quote("τ²-bench"))
    assert r.status_code == 404 and "reports no value on τ²-bench" in r.json()["error"]


@pytest.mark.parametrize(
    ("path", "status", "message"),
    [
        ("/leaderboards/SWE-bench%20Verifed", 404, "did you mean SWE-bench Verified"),
        ("/leaderboards/nothing-like-it", 404, "GET /leaderboards"),
        ("/leaderboards/" + "x" * 101, 422, "too long"),
        ("/timeline?from=2025-06&to=2025-01", 422, "from (2025-06) is after to (2025-01)"),
        ("/timeline?from=2025-1", 422, "from must be a month written YYYY-MM"),
        ("/timeline?to=June", 422, "to must be a month written YYYY-MM"),
        ("/timeline?org=Acme%20Labs", 404, "unknown organisation"),
        ("/timeline?kind=poem", 422, "kind"),
        ("/timeline?section=%20", 422, "section must not be empty"),
    ],
)
def test_api_bad_input_is_a_4xx_with_a_message(board_client: TestClient, path: str, status: int, message: str) -> None:
    r = board_client.get(path)
    assert r.status_code == status, r.text
    body = r.json()
    assert message in body["error"] and body["status"] == status and body["request_id"]


def test_api_timeline(board_client: TestClient) -> None:
    r = board_client.get("/timeline", params={"from": "2025-01", "org": "智谱"})
    assert r.status_code == 200
    assert r.json() == [
        {
            "month": "2025-06",
            "entries": [
                {"id": "epsilon-coder", "title": "Epsilon Coder", "org": "智谱", "kind": "paper", "date": "2025-06"}
            ],
        }
    ]
    every = board_client.get("/timeline").json()
    assert [m["month"] for m in every] == sorted(m["month"] for m in every)


def test_api_schema_documents_the_new_endpoints(board_client: TestClient) -> None:
    paths = board_client.get("/openapi.json").json()["paths"]
    for path in ("/leaderboards", "/leaderboards/{benchmark}", "/timeline"):
        assert "200" in paths[path]["get"]["responses"], path
    assert {"404", "422"} <= set(paths["/leaderboards/{benchmark}"]["get"]["responses"])
    assert {p["name"] for p in paths["/timeline"]["get"]["parameters"]} == {"from", "to", "org", "kind", "section"}


# -- the CLI --------------------------------------------------------------------------------------------------
@pytest.fixture
def board_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, e5: E5Embedder) -> Settings:
    (tmp_path / "survey.txt").write_text(BOARD_SURVEY, encoding="utf-8")
    settings = Settings(corpus_path=tmp_path / "survey.txt", index_dir=tmp_path / "index", fetch_abstracts=False)
    build_index(settings, embedder=e5)
    monkeypatch.setenv("SURVEYQA_INDEX_DIR", str(settings.index_dir))
    return settings


def test_cli_leaderboard_table_and_json(board_index: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leaderboard", "swe verified"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("SWE-bench Verified (5 results from 4 entries")
    assert out[1].split() == ["rank", "value", "setting", "system", "entry"]
    assert out[2].startswith("-- no setting stated (values written in different units")
    first = out[3]
    assert first.split()[:3] == ["1", "72.5%", "-"] and first.endswith("[epsilon-coder] 2025-06")
    # Aligned: the entry column starts at the same place on every row of the table.
    rows = [line for line in out if line.strip()[:1].isdigit()]
    assert len({line.index("[") for line in rows}) == 1, rows
    assert any("setting: 思考" in line for line in out)
    assert main(["leaderboard", "AIME 2024", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {g["setting"] for g in data["groups"]} == {"pass@1", "voting"}


def test_cli_lists_boards(board_index: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["leaderboard"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["benchmark", "results", "entries", "groups"]
    assert out[1].split()[-3:] == ["5", "4", "2"] and out[1].startswith("SWE-bench Verified")
    assert main(["leaderboard", "--json"]) == 0
    assert [b["name"] for b in json.loads(capsys.readouterr().out)] == ["SWE-bench Verified", "AIME 2024", "Codeforces"]


def test_cli_timeline(board_index: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["timeline", "--org", "智谱", "--from", "2025-01"]) == 0
    assert capsys.readouterr().out.splitlines() == ["2025-06", "  [epsilon-coder] Epsilon Coder (智谱, paper)"]
    assert main(["timeline", "--kind", "blog", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["entries"][0]["id"] == "beta-agent"


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["leaderboard", "SWE-bench Verifed"], 3, "did you mean SWE-bench Verified"),
        (["leaderboard", "  "], 2, "benchmark name is empty"),
        (["timeline", "--org", "Acme Labs"], 3, "unknown organisation"),
        (["timeline", "--from", "2025-09", "--to", "2025-01"], 2, "from (2025-09) is after to (2025-01)"),
        (["timeline", "--kind", "poem"], 2, "unknown kind"),
    ],
)
def test_cli_errors(
    board_index: Settings, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str
) -> None:
    assert main(argv) == code
    assert message in capsys.readouterr().err


def test_cli_malformed_month_is_a_usage_error(board_index: Settings, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["timeline", "--from", "2025/01"])
    assert exit_.value.code == 2 and "YYYY-MM" in capsys.readouterr().err


# -- the real survey ------------------------------------------------------------------------------------------
# Benchmarks with at least three results in the survey (with the abstracts), and at least how many each has.
FULL_BOARDS = {
    "AIME 2024": 8,
    "OSWorld": 8,
    "SWE-bench Verified": 6,
    "WebArena-Lite": 4,
    "AIME": 5,
    "τ-bench": 5,
    "AIME 2025": 4,
    "BrowseComp": 4,
    "Codeforces": 4,
    "GAIA": 4,
    "AppWorld": 3,
    "LiveCodeBench": 3,
    "Terminal-Bench": 3,
    "WebArena": 3,
    "WebVoyager": 3,
}


@pytest.fixture(scope="module")
def full() -> Catalog:
    """The real survey with the abstracts dump attached when there is one (facts extracted now: no index build)."""
    entries = load_survey(SURVEY).entries
    if DUMP.is_file():
        dump = load_jsonl(DUMP)
        entries = [replace(e, abstract=dump[e.arxiv_id].abstract) if e.arxiv_id in dump else e for e in entries]
    return Catalog.from_entries(entries)


@pytest.mark.slow
def test_full_survey_every_benchmark_with_three_results_has_a_board(full: Catalog) -> None:
    listed = {s.name: s.rows for s in board.boards(full)}
    # Counted straight from the facts table: each benchmark with three credited values from the text.
    counted: dict[str, int] = {}
    for name in full.lex.benchmarks.terms:
        counted[name] = len(board.rows_for(full, name))
    for name, n in counted.items():
        if n >= 3:
            assert listed.get(name) == n, (name, n, listed.get(name))
    if DUMP.is_file():
        big = {name: n for name, n in listed.items() if n >= 3}
        assert set(big) == set(FULL_BOARDS), set(big) ^ set(FULL_BOARDS)
        assert all(big[name] >= least for name, least in FULL_BOARDS.items()), big


@pytest.mark.slow
def test_full_survey_every_row_names_its_value_and_benchmark_in_a_verbatim_span(full: Catalog) -> None:
    """100% of shown numbers trace to a span: the value as written and the benchmark (by an alias) are in the
    span, and the span is in the entry's survey line or abstract. A benchmark's own entry may leave the name out
    of the span ("人类 92%" in GAIA's line) when its title names it."""
    checked = 0
    for s in board.boards(full, min_rows=1):
        term = full.lex.benchmarks.terms[s.name]
        for r in board.board(full, s.name).rows:
            e = full.by_id[r.entry_id]
            text = e.summary if r.source == "summary" else (e.abstract or "")
            assert r.span in text, (s.name, r)
            assert r.value in r.span, (s.name, r)
            in_span = any(m.name == s.name for m in full.lex.benchmarks.find(r.span))
            own_entry = r.entry_id in full.benchmark_entries and any(
                m.name == s.name for m in full.lex.benchmarks.find(e.title)
            )
            assert in_span or own_entry, (s.name, r)
            assert in_span or any(a.lower() in e.title.lower() for a in term.aliases), (s.name, r)
            checked += 1
    assert checked >= 90


@pytest.mark.slow
def test_full_survey_boards_never_mix_settings(full: Catalog) -> None:
    for s in board.boards(full):
        b = board.board(full, s.name)
        keys = [(g.setting, g.scale) for g in b.groups]
        assert len(keys) == len(set(keys)), (s.name, keys)
        for g in b.groups:
            assert {r.setting for r in g.rows} == {g.setting}, (s.name, g)
            numbers = [r.number for r in g.rows]
            assert numbers == sorted(numbers, reverse=b.better == "higher"), (s.name, g.setting, numbers)
    swe = board.board(full, "SWE-bench Verified")
    assert swe.groups[0].rows[0].entry_id == "mistral-medium-3-5" and swe.groups[0].rows[0].value == "77.6%"
    aime = {g.setting: [(r.entry_id, r.value) for r in g.rows] for g in board.board(full, "AIME 2024").groups}
    assert aime["pass@1"] == [("deepseek-r1", "71.0%")] and aime["voting"] == [("deepseek-r1", "86.7%")], aime


@pytest.mark.slow
def test_full_survey_timeline_for_zhipu(full: Catalog) -> None:
    months = board.timeline(full, org="智谱", start="2025-01")
    assert months and all(m.month and m.month >= "2025-01" for m in months)
    ids = [i for m in months for i in m.entries]
    zhipu = set(full.lex.orgs.names("智谱"))
    assert zhipu and "glm-4-5" in ids and all(zhipu & full.orgs_of(i) for i in ids), ids
    every = {e.id for e in full.entries if zhipu & full.orgs_of(e.id) and e.date >= "2025-01"}
    assert set(ids) == every
