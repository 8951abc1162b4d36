"""Real servers on 127.0.0.1 for tests and benchmarks: uvicorn in a thread, a fake Slack Web API."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

import uvicorn

# Headless Chromium on a machine with no network: without the background-networking flags it keeps
# trying Google's hosts. Shared by the browser tests and the page benchmark.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_loopback(handler: type[BaseHTTPRequestHandler]) -> tuple[ThreadingHTTPServer, str]:
    """Start ``handler`` on a free loopback port in a daemon thread; the server and its root URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


class UvicornThread:
    """Serve an ASGI app on a free loopback port until ``stop()``."""

    def __init__(self, app: Any) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> UvicornThread:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


class CannedServer:
    """Answers every POST with one fixed status and JSON body: an upstream failing in a known way."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()

        class H(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server, self.url = serve_loopback(H)


class FakeChat:
    """An OpenAI-compatible /v1/chat/completions that replies as told: ok / slow / trickle / 500 / garbage."""

    def __init__(self) -> None:
        self.replies: list[tuple[str, str]] = []  # (kind, content), used in order; then ("ok", "NOT_COVERED")
        self.requests: list[dict[str, Any]] = []
        self.trickle_forever = False  # every reply a trickle (for load tests)
        self.stream_delay = 0.0  # seconds between streamed chunks
        self.streams_finished = 0
        self.streams_cut = 0
        self.server, root = serve_loopback(self.handler())
        self.url = f"{root}/v1"

    def handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                assert self.path == "/v1/chat/completions"
                fake.requests.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
                kind, content = fake.replies.pop(0) if fake.replies else ("ok", "NOT_COVERED")
                if fake.trickle_forever:
                    kind = "trickle"
                if kind == "slow":
                    time.sleep(1.5)
                if kind == "trickle":  # a valid completion, one byte every 0.3 s: each read is quick
                    data = json.dumps({"choices": [{"message": {"content": content}}]}).encode()
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    try:
                        for byte in data:
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(0.3)
                    except (BrokenPipeError, ConnectionResetError):
                        pass  # the client gave up at its deadline, as it should
                    return
                if kind == "500":
                    self.send_response(500)
                    self.end_headers()
                    return
                if fake.requests[-1].get("stream"):
                    self.stream(kind, content)
                    return
                payload = (
                    b"{not json"
                    if kind == "garbage"
                    else json.dumps(
                        {
                            "id": "chatcmpl-1",
                            "object": "chat.completion",
                            "model": "fake",
                            "choices": [{"index": 0, "message": {"role": "assistant", "content": content}}],
                        }
                    ).encode()
                )
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def stream(self, kind: str, content: str) -> None:
                """OpenAI streaming: one ``data:`` chunk per word (a role chunk first), then ``data: [DONE]``."""
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                pieces = [m.group() for m in re.finditer(r"\S+\s*", content)]
                chunks: list[dict[str, Any]] = [{"choices": [{"index": 0, "delta": {"role": "assistant"}}]}]
                chunks += [{"choices": [{"index": 0, "delta": {"content": p}}]} for p in pieces]
                try:
                    for n, chunk in enumerate(chunks):
                        line = (
                            "data: {not json\n\n" if kind == "garbage" and n == 1 else f"data: {json.dumps(chunk)}\n\n"
                        )
                        self.wfile.write(line.encode())
                        self.wfile.flush()
                        time.sleep(fake.stream_delay)
                    self.wfile.write(b"data: [DONE]\n\n")
                    self.wfile.flush()
                    fake.streams_finished += 1
                except (BrokenPipeError, ConnectionResetError):
                    fake.streams_cut += 1  # the client closed the stream before its end

        return H


class FakeSlack:
    """Speaks the Slack Web API's chat.postMessage and slash commands' response_url; records what the bot posts.

    ``members`` are the channels the bot has joined: posting elsewhere fails with ``not_in_channel``,
    as on Slack; None means every channel.
    """

    def __init__(self, members: set[str] | None = None) -> None:
        self.posts: list[dict[str, Any]] = []
        self.responses: list[dict[str, Any]] = []  # messages sent to a response_url
        self.updates: list[dict[str, Any]] = []  # chat.update calls
        self.members = members
        self.rate_limit_next = 0
        self.lock = threading.Lock()
        self.server, self.root = serve_loopback(self.handler())
        self.url = f"{self.root}/api/"

    def handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class H(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
                if self.headers.get("Content-Type", "").startswith("application/json"):
                    args = json.loads(raw)
                else:
                    args = {k: v[0] for k, v in parse_qs(raw).items()}
                if self.path.startswith("/commands/"):  # a response_url: JSON in, plain "ok" out, no token
                    with fake.lock:
                        fake.responses.append({**args, "_path": self.path, "_at": time.monotonic()})
                    self._reply_ok()
                    return
                with fake.lock:
                    if fake.rate_limit_next:
                        fake.rate_limit_next -= 1
                        self._reply(429, {"ok": False, "error": "ratelimited"}, {"Retry-After": "1"})
                        return
                    assert self.path in ("/api/chat.postMessage", "/api/chat.update"), self.path
                    assert self.headers["Authorization"] == "Bearer xoxb-test"
                    if self.path == "/api/chat.update":  # edits a message the bot posted, found by channel + ts
                        known = {(p.get("channel"), p["_ts"]) for p in fake.posts}
                        if (args.get("channel"), args.get("ts")) not in known:
                            self._reply(200, {"ok": False, "error": "message_not_found"})
                            return
                        fake.updates.append({**args, "_at": time.monotonic()})
                        self._reply(200, {"ok": True, "channel": args["channel"], "ts": args["ts"]})
                        return
                    if fake.members is not None and args.get("channel") not in fake.members:
                        self._reply(200, {"ok": False, "error": "not_in_channel"})
                        return
                    args["_at"] = time.monotonic()
                    ts = f"1700000000.{len(fake.posts) + 1:06d}"
                    args["_ts"] = ts
                    fake.posts.append(args)
                self._reply(200, {"ok": True, "channel": args.get("channel"), "ts": ts})

            def _reply_ok(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/plain")
                self.send_header("Content-Length", "2")
                self.end_headers()
                self.wfile.write(b"ok")

            def _reply(self, status: int, body: dict[str, Any], headers: dict[str, str] | None = None) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(data)

        return H

    def response_url(self, name: str) -> str:
        return f"{self.root}/commands/{name}"

    def wait_for(self, n: int, timeout: float = 20) -> list[dict[str, Any]]:
        return _wait(self.posts, n, timeout, "posts")

    def wait_for_responses(self, n: int, timeout: float = 20) -> list[dict[str, Any]]:
        return _wait(self.responses, n, timeout, "response_url messages")

    def wait_for_updates(self, n: int, timeout: float = 20) -> list[dict[str, Any]]:
        return _wait(self.updates, n, timeout, "chat.update calls")


def _wait(seen: list[dict[str, Any]], n: int, timeout: float, what: str) -> list[dict[str, Any]]:
    deadline = time.monotonic() + timeout
    while len(seen) < n:
        assert time.monotonic() < deadline, f"expected {n} {what}, got {seen}"
        time.sleep(0.02)
    return seen
