"""The arXiv client against a real HTTP server on 127.0.0.1 serving Atom XML."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest

from surveyqa.abstracts import AbstractsError, ArxivClient, load_jsonl, parse_atom


def atom(ids: list[str]) -> str:
    entries = "".join(
        f"""<entry><id>http://arxiv.org/abs/{i}v2</id><title>Paper {i}</title>
        <summary>  Abstract of
        {i}.  </summary><author><name>A</name></author></entry>"""
        for i in ids
    )
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
<title>arXiv Query</title><opensearch:totalResults>{len(ids)}</opensearch:totalResults>{entries}</feed>"""


class FakeArxiv:
    def __init__(self) -> None:
        self.script: list[str] = []  # "ok", "503", "slow", "garbage", "429"
        self.calls: list[list[str]] = []

    def handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_GET(self) -> None:
                ids = parse_qs(urlparse(self.path).query)["id_list"][0].split(",")
                fake.calls.append(ids)
                action = fake.script.pop(0) if fake.script else "ok"
                if action == "slow":
                    time.sleep(1.5)
                    action = "ok"
                if action in ("503", "429"):
                    self.send_response(int(action))
                    self.send_header("Retry-After", "0")
                    self.end_headers()
                    return
                body = (atom(ids) if action == "ok" else "<feed><entry>broken").encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/atom+xml")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                with contextlib.suppress(BrokenPipeError):
                    self.wfile.write(body)

        return H


@pytest.fixture
def arxiv() -> Iterator[tuple[FakeArxiv, str]]:
    fake = FakeArxiv()
    server = ThreadingHTTPServer(("127.0.0.1", 0), fake.handler())
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield fake, f"http://127.0.0.1:{server.server_address[1]}/api/query"
    server.shutdown()


def client(url: str, tmp_path: Path, **kw: object) -> ArxivClient:
    opts: dict = {"cache_dir": tmp_path / "cache", "min_interval": 0.05, "timeout": 0.5, "retries": 2, "backoff": 0.01}
    opts.update(kw)
    return ArxivClient(url, **opts)


def test_batches_parse_and_cache(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    fake, url = arxiv
    ids = [f"2401.{n:05d}" for n in range(5)]
    got = client(url, tmp_path, batch_size=2).fetch(ids)
    assert sorted(got) == ids
    assert got[ids[0]].abstract == f"Abstract of {ids[0]}."  # whitespace normalised, version stripped
    assert [len(c) for c in fake.calls] == [2, 2, 1]
    fake.calls.clear()
    again = client(url, tmp_path).fetch(ids)
    assert again == got and fake.calls == []  # served from the on-disk cache


def test_min_interval_between_calls(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    slept: list[float] = []
    c = client(url := arxiv[1], tmp_path, batch_size=1, min_interval=3.0, sleep=slept.append)
    c.fetch(["2401.00001", "2401.00002"])
    assert url and slept and all(s > 2.5 for s in slept)


def test_retries_on_503_and_429(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    fake, url = arxiv
    fake.script = ["503", "429", "ok"]
    got = client(url, tmp_path).fetch(["2401.00001"])
    assert "2401.00001" in got and len(fake.calls) == 3


def test_gives_up_after_retries(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    fake, url = arxiv
    fake.script = ["503"] * 5
    with pytest.raises(AbstractsError, match="HTTP 503"):
        client(url, tmp_path, retries=1).fetch(["2401.00001"])


def test_timeout_then_recovery_and_timeout_failure(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    fake, url = arxiv
    fake.script = ["slow", "ok"]
    assert "2401.00001" in client(url, tmp_path).fetch(["2401.00001"])
    fake.script = ["slow"] * 5
    with pytest.raises(AbstractsError, match="timed out"):
        client(url, tmp_path, retries=1).fetch(["2401.00002"])


def test_malformed_feed(arxiv: tuple[FakeArxiv, str], tmp_path: Path) -> None:
    fake, url = arxiv
    fake.script = ["garbage"]
    with pytest.raises(AbstractsError, match="malformed Atom feed"):
        client(url, tmp_path).fetch(["2401.00001"])


def test_unreachable_fails_fast(tmp_path: Path) -> None:
    started = time.monotonic()
    with pytest.raises(AbstractsError, match="cannot reach arXiv"):
        client("http://127.0.0.1:9/api/query", tmp_path).fetch(["2401.00001"])
    assert time.monotonic() - started < 2


def test_parse_atom_skips_error_entries() -> None:
    xml = atom(["2401.00001"]).replace(
        "</feed>",
        "<entry><id>http://arxiv.org/api/errors#bad</id><title>Error</title><summary>bad id</summary></entry></feed>",
    )
    assert list(parse_atom(xml)) == ["2401.00001"]


def test_jsonl_loader_reports_bad_line(tmp_path: Path) -> None:
    good = {"arxiv_id": "2401.00001", "title": "T", "abstract": "A b c", "source": "s"}
    path = tmp_path / "a.jsonl"
    path.write_text(json.dumps(good) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(AbstractsError, match=r"a\.jsonl:2"):
        load_jsonl(path)
    path.write_text(json.dumps(good) + "\n", encoding="utf-8")
    assert load_jsonl(path)["2401.00001"].abstract == "A b c"
    with pytest.raises(AbstractsError, match="not found"):
        load_jsonl(tmp_path / "missing.jsonl")
