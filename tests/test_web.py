"""The web page in headless Chromium (Debian's chromium, driven by Playwright) against the real app."""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from servers import CHROMIUM_ARGS, UvicornThread
from surveyqa.api import create_app
from surveyqa.build import build_index
from surveyqa.embedding import E5Embedder
from surveyqa.retrieval import Retriever
from surveyqa.service import Service
from surveyqa.settings import Settings

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
ARTIFACTS = Path(__file__).resolve().parents[1] / "test-artifacts"

if os.environ.get("CI") and not CHROMIUM:
    raise RuntimeError("CI must run the browser tests: install Debian's chromium (.ci/run does)")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="needs Debian's chromium (apt-get install chromium)")
sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright (the dev extra)")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from conftest import TINY_ABSTRACTS, TINY_SURVEY

    root = tmp_path_factory.mktemp("web")
    (root / "survey.txt").write_text(TINY_SURVEY, encoding="utf-8")
    (root / "abs.jsonl").write_text("\n".join(json.dumps(r) for r in TINY_ABSTRACTS), encoding="utf-8")
    settings = Settings(corpus_path=root / "survey.txt", abstracts_file=root / "abs.jsonl", index_dir=root / "index")
    e5 = E5Embedder()
    build_index(settings, embedder=e5)
    service = Service(settings, Retriever.from_settings(settings, embedder=e5))
    with UvicornThread(create_app(settings, service)) as srv:
        yield srv.url


@pytest.fixture(scope="module")
def board_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A survey with results to rank: SWE-bench Verified in two settings, AIME 2024, Codeforces."""
    from conftest import BOARD_SURVEY

    root = tmp_path_factory.mktemp("web-boards")
    (root / "survey.txt").write_text(BOARD_SURVEY, encoding="utf-8")
    settings = Settings(corpus_path=root / "survey.txt", index_dir=root / "index", fetch_abstracts=False)
    e5 = E5Embedder()
    build_index(settings, embedder=e5)
    with UvicornThread(create_app(settings, Service(settings, Retriever.from_settings(settings, embedder=e5)))) as srv:
        yield srv.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        chrome = pw.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=list(CHROMIUM_ARGS),
        )
        yield chrome
        chrome.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    page.goto(server)
    yield page
    context.close()


def asks(page: Any) -> list[str]:
    seen: list[str] = []
    page.on("request", lambda r: seen.append(r.method) if r.url.endswith("/ask") else None)
    return seen


def test_ask_renders_answer_chips_and_entry(page: Any, capsys: pytest.CaptureFixture[str]) -> None:
    sent = asks(page)
    assert "surveyqa" in page.title()
    page.fill("#question", "CodeAct 用什么作为 agent 的动作空间？")
    page.press("#question", "Enter")
    page.wait_for_selector("#answer .chip")
    answer = page.inner_text("#answer")
    assert "Python" in answer and "统一动作空间" in answer  # Chinese renders as text, not mojibake
    assert page.inner_text("#answer .chip") == "codeact"
    assert page.locator("#sources li").count() == 1 and "CodeAct" in page.inner_text("#sources")
    page.wait_for_function("window.surveyqaTimings.length === 1")
    timing = page.evaluate("window.surveyqaTimings[0]")
    assert sent == ["POST"], "one request per question"
    assert timing["renderMs"] < 300
    with capsys.disabled():
        print(f"\n[web] /ask response {timing['responseMs']:.1f} ms, rendered {timing['renderMs']:.1f} ms after it")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-answered.png"), full_page=True)

    page.click("#answer .chip")
    dialog = page.locator("#entry-dialog")
    dialog.wait_for(state="visible")
    assert "CodeAct: Executable Code Actions" in page.inner_text("#entry-title")
    assert "UIUC/Apple" in page.inner_text("#entry-meta")
    assert page.get_attribute("#entry-links a", "href") == "https://arxiv.org/abs/2402.01030"
    assert "executable Python code" in (page.text_content("#entry-abstract") or "")
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_list_answers_render_as_a_table(page: Any) -> None:
    page.fill("#question", "How many entries are from DeepSeek?")
    page.press("#question", "Enter")
    page.wait_for_selector("#items:not([hidden]) tbody tr")
    assert page.inner_text("#answer").startswith("The survey has 1 entry from DeepSeek")
    rows = page.query_selector_all("#items tbody tr")
    assert len(rows) == 1 and "deepseek-r1" in rows[0].inner_text() and "2025-01" in rows[0].inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "list-answer.png"), full_page=True)
    rows[0].query_selector(".chip").click()
    page.wait_for_selector("#entry-dialog[open]")
    assert "DeepSeek-R1" in page.inner_text("#entry-title")


def test_empty_question_shows_validation_without_request(page: Any) -> None:
    sent = asks(page)
    page.fill("#question", "   ")
    page.click("#ask")
    assert page.inner_text("#error") == "Please type a question first."
    assert sent == []


def test_abstention_message(page: Any) -> None:
    page.fill("#question", "Who won the 2022 FIFA World Cup?")
    page.click("#ask")
    page.wait_for_selector("#abstained:not([hidden])")
    assert "does not cover" in page.inner_text("#answer")
    assert page.locator("#abstained .chip").count() >= 1 and page.is_hidden("#sources-box")


def test_server_errors_are_readable(page: Any) -> None:
    page.route(
        "**/ask",
        lambda route: route.fulfill(
            status=422,
            content_type="application/json",
            body=json.dumps({"error": "question is too long", "status": 422}),
        ),
    )
    page.fill("#question", "anything")
    page.click("#ask")
    page.wait_for_selector("#error:not([hidden])")
    assert page.inner_text("#error") == "question is too long"
    page.unroute("**/ask")
    page.route("**/ask", lambda route: route.abort())
    page.click("#ask")
    page.wait_for_function("document.getElementById('error').textContent.includes('Cannot reach')")


def test_keyboard_only_and_narrow_screen(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 375, "height": 740}, is_mobile=True)
    page = context.new_page()
    page.goto(server)
    page.keyboard.type("Kimi K2 的 SWE-Bench Verified 分数是多少？")  # the question box has focus on load
    page.keyboard.press("Enter")
    page.wait_for_selector("#answer .chip")
    assert "65.8" in page.inner_text("#answer")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scrolling"
    page.focus("#answer .chip")
    page.keyboard.press("Enter")
    page.locator("#entry-dialog").wait_for(state="visible")
    page.screenshot(path=str(ARTIFACTS / "web-phone.png"), full_page=True)
    context.close()


def test_entry_browser_filters(page: Any) -> None:
    page.click("#tab-browse")
    page.wait_for_selector(".entry-row")
    assert page.locator(".entry-row:visible").count() == 7
    page.fill("#filter", "kimi")
    assert page.locator(".entry-row:visible").count() == 1
    assert page.inner_text("#entry-count") == "1 entry"
    page.fill("#filter", "moonshot")  # by organisation
    assert "Kimi K2" in page.inner_text(".entry-row:visible")
    page.click(".entry-row:visible button")
    page.locator("#entry-dialog").wait_for(state="visible")
    assert "65.8" in page.inner_text("#entry-summary")


def test_mode_switch_hidden_without_llm(page: Any) -> None:
    page.wait_for_function("document.getElementById('mode').hidden === true")


def _board_page(browser: Any, url: str, width: int = 1100) -> tuple[Any, Any]:
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    page.goto(url)
    return context, page


def _column(page: Any, table: int, key: str) -> list[str]:
    index = ["rank", "system", "value", "entry", "date", "org"].index(key) + 1
    return page.locator(f".board-table >> nth={table}").locator(f"tbody td:nth-child({index})").all_inner_texts()


def test_leaderboard_tab_picks_sorts_charts_and_opens_the_span(
    browser: Any, board_server: str, capsys: pytest.CaptureFixture[str]
) -> None:
    context, page = _board_page(browser, board_server)
    page.click("#tab-boards")
    page.wait_for_selector("svg.chart .point")
    page.wait_for_function("window.surveyqaChartTimings.length === 1")
    opened = page.evaluate("window.surveyqaChartTimings[0]")
    options = page.locator("#board-pick option").all_inner_texts()
    assert options[0] == "SWE-bench Verified (5 results)" and any(o.startswith("AIME 2024") for o in options)

    page.select_option("#board-pick", "AIME 2024")
    page.wait_for_function("window.surveyqaChartTimings.length === 2")
    assert page.locator(".board-group h3").all_inner_texts() == ["Setting: pass@1", "Setting: voting"]
    page.select_option("#board-pick", "SWE-bench Verified")
    page.wait_for_function("window.surveyqaChartTimings.length === 3")
    # Two settings, never mixed: the plain results ranked best first, the thinking-mode one apart.
    assert page.locator(".board-group h3").all_inner_texts() == ["No setting stated", "Setting: 思考"]
    assert _column(page, 0, "value") == ["72.5%", "49.0%", "41.0%", "22.0"]
    assert _column(page, 0, "system")[3] == "Claude (as quoted)"
    assert _column(page, 1, "value") == ["65.8"]
    # The chart: one point per dated result, coloured by group.
    assert page.locator("svg.chart .point").count() == 5
    assert "SWE-bench Verified" in (page.get_attribute("svg.chart", "aria-label") or "")

    page.click(".board-table >> nth=0 >> th[data-key=date] button")
    assert _column(page, 0, "date") == ["2024-11", "2025-02", "2025-06", "2025-06"]
    assert page.get_attribute(".board-table >> nth=0 >> th[data-key=date]", "aria-sort") == "ascending"
    page.click(".board-table >> nth=0 >> th[data-key=date] button")
    assert _column(page, 0, "date")[0] == "2025-06"
    assert page.get_attribute(".board-table >> nth=0 >> th[data-key=date]", "aria-sort") == "descending"
    page.click(".board-table >> nth=0 >> th[data-key=value] button")  # a value column starts best first
    assert _column(page, 0, "value") == ["72.5%", "49.0%", "41.0%", "22.0"]
    page.click(".board-table >> nth=0 >> th[data-key=value] button")
    assert _column(page, 0, "value") == ["22.0", "41.0%", "49.0%", "72.5%"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "leaderboard.png"), full_page=True)

    # A value opens its entry with the span it comes from highlighted (the improvement's result, 49.0%).
    page.click(".value-chip:text-is('49.0%')")
    page.wait_for_selector("#entry-dialog[open] mark")
    assert page.inner_text("#entry-title") == "Beta Agent"
    mark = page.inner_text("#entry-summary mark")
    assert "49.0%" in mark and mark in page.inner_text("#entry-summary")
    page.screenshot(path=str(ARTIFACTS / "leaderboard-span.png"))
    page.keyboard.press("Escape")
    # A chart point opens its entry too, by keyboard.
    page.locator("#entry-dialog").wait_for(state="hidden")
    page.focus("svg.chart .point[data-id='gamma-model']")
    page.keyboard.press("Enter")
    page.wait_for_selector("#entry-title:text-is('Gamma Model')")
    assert "65.8" in page.inner_text("#entry-summary mark")
    assert "思考" in (page.get_attribute("svg.chart .point[data-id='gamma-model']", "aria-label") or "")
    with capsys.disabled():
        print(f"\n[web] leaderboard chart drawn {opened['chartMs']:.0f} ms after the tab opened (tiny survey)")
    context.close()


def test_leaderboard_fits_a_phone(browser: Any, board_server: str) -> None:
    context, page = _board_page(browser, board_server, width=375)
    page.click("#tab-boards")
    page.wait_for_selector("svg.chart .point")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), "horizontal scrolling"
    page.screenshot(path=str(ARTIFACTS / "leaderboard-phone.png"), full_page=True)
    context.close()


def test_timeline_tab_filters_in_both_languages(browser: Any, board_server: str) -> None:
    context, page = _board_page(browser, board_server)
    page.click("#tab-timeline")
    page.wait_for_selector(".tl-entry")
    assert page.locator(".month-title").all_inner_texts() == ["2024-11", "2025-02", "2025-03", "2025-06"]
    assert page.inner_text("#tl-count").startswith("5 entries in 4 months")

    page.fill("#tl-org", "智谱")  # Chinese alias: both "Zhipu AI" and "智谱" entries
    page.wait_for_function("document.querySelectorAll('.tl-entry').length === 2")
    shown = [e.get_attribute("data-id") for e in page.query_selector_all(".tl-entry")]
    assert shown == ["alpha-coder", "epsilon-coder"]
    page.fill("#tl-from", "2025-01")
    page.wait_for_function("document.querySelectorAll('.tl-entry').length === 1")
    assert page.inner_text("#tl-count").startswith("1 entry in 1 month")
    page.fill("#tl-org", "")
    page.select_option("#tl-section", label="二、推理（2025）")
    page.wait_for_function("document.querySelectorAll('.tl-entry').length === 2")
    assert page.locator(".month-title").all_inner_texts() == ["2025-03", "2025-06"]
    page.select_option("#tl-kind", "model-card")
    page.wait_for_selector("#tl-count:text('No entries match')")
    page.select_option("#tl-section", "")
    page.wait_for_function("document.querySelectorAll('.tl-entry').length === 1")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "timeline.png"), full_page=True)

    # Bad input is said, not hidden: a range that ends before it starts, an organisation the survey never names.
    page.select_option("#tl-kind", "")
    page.fill("#tl-to", "2024-12")
    page.wait_for_selector("#tl-error:not([hidden])")
    assert "from (2025-01) is after to (2024-12)" in page.inner_text("#tl-error")
    assert page.locator(".tl-entry").count() == 0
    page.fill("#tl-to", "")
    page.fill("#tl-from", "")
    page.fill("#tl-org", "Acme Labs")
    page.wait_for_function("document.getElementById('tl-error').textContent.includes('Acme Labs')")
    page.fill("#tl-org", "google")
    page.wait_for_selector("#tl-error", state="hidden")
    page.click(".tl-entry button")
    page.wait_for_selector("#entry-dialog[open]")
    assert page.inner_text("#entry-title") == "Beta Agent"
    context.close()


def test_only_the_latest_benchmark_pick_is_shown(browser: Any, board_server: str) -> None:
    context, page = _board_page(browser, board_server)
    held: list[Any] = []
    page.route("**/leaderboards/AIME*", lambda route: held.append(route))  # AIME's answer is held back until released
    page.click("#tab-boards")
    page.wait_for_function("window.surveyqaChartTimings.length === 1")
    page.select_option("#board-pick", "AIME 2024")
    page.select_option("#board-pick", "Codeforces")
    page.wait_for_function("window.surveyqaChartTimings.length === 2")
    page.wait_for_function("document.querySelectorAll('.board-group').length > 0")
    assert held, "the AIME request was made"
    held[0].continue_()  # the older answer arrives last
    page.wait_for_timeout(300)
    assert page.input_value("#board-pick") == "Codeforces"
    assert "AIME" not in page.inner_text("#board-chart-caption")
    context.close()


def test_timeline_choices_are_built_once_and_entry_errors_are_said_in_the_tab(browser: Any, board_server: str) -> None:
    context, page = _board_page(browser, board_server)
    page.click("#tab-timeline")
    page.click("#tab-timeline")  # a second open while the first is still loading
    page.wait_for_selector(".tl-entry")
    page.wait_for_timeout(200)
    # Only kinds the timeline can show (not the overview and scope notes), each once.
    assert page.locator("#tl-kind option").evaluate_all("os => os.map(o => o.value)") == [
        "",
        "blog",
        "model-card",
        "paper",
    ]
    page.route("**/entries/beta-agent", lambda route: route.fulfill(status=500, body="{}"))
    page.click(".tl-entry[data-id='beta-agent'] button")
    page.wait_for_selector("#tl-error:not([hidden])")
    assert "HTTP 500" in page.inner_text("#tl-error")
    context.close()


@pytest.fixture(scope="module")
def llm_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    """The tiny survey with LLM mode on, pointed at a loopback OpenAI-compatible server that streams."""
    from conftest import llm_mode_server

    with llm_mode_server(tmp_path_factory.mktemp("web-llm"), llm_timeout=20) as (url, chat):
        chat.stream_delay = 0.15
        yield url, chat


def test_llm_answer_streams_as_a_draft_then_shows_the_validated_answer(
    browser: Any, llm_server: tuple[str, Any]
) -> None:
    url, chat = llm_server
    chat.replies = [("ok", "Kimi K2 的 SWE-Bench Verified 是 65.8%。 [kimi-k2] 它来自 OpenAI。 [openai-o1]")]
    context, page = _board_page(browser, url)
    page.wait_for_function("document.getElementById('mode').hidden === false")
    page.check("input[name=mode][value=llm]")
    page.fill("#question", "Kimi K2 的 SWE-Bench Verified 分数是多少？")
    page.press("#question", "Enter")
    # The model's words appear while it writes, marked as a draft ...
    page.wait_for_function("document.getElementById('draft').textContent.includes('Kimi K2')")
    assert page.is_visible("#draft-box") and not page.is_visible("#result")
    page.wait_for_function("document.getElementById('draft').textContent.includes('[openai-o1]')")
    # ... then the validated answer replaces them: the sentence citing an unknown id is gone, with a note.
    page.wait_for_selector("#answer .chip")
    assert not page.is_visible("#draft-box")
    assert page.inner_text("#answer").startswith("Kimi K2 的 SWE-Bench Verified 是 65.8%。")
    assert "OpenAI" not in page.inner_text("#answer")
    assert "[openai-o1]" in page.inner_text("#notes")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "web-llm-streamed.png"), full_page=True)
    context.close()


def test_llm_mode_error_before_the_stream_is_shown(browser: Any, llm_server: tuple[str, Any]) -> None:
    url, _ = llm_server
    context, page = _board_page(browser, url)
    page.wait_for_function("document.getElementById('mode').hidden === false")
    page.check("input[name=mode][value=llm]")
    page.fill("#question", "x" * 2001)  # over the limit: a 422 JSON error, not a stream
    page.evaluate("document.getElementById('question').removeAttribute('maxlength')")
    page.fill("#question", "x" * 2001)
    page.press("#question", "Enter")
    page.wait_for_selector("#error:not([hidden])")
    assert "2000" in page.inner_text("#error") and not page.is_visible("#draft-box")
    context.close()
