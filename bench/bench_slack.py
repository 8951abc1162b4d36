"""Slack benchmark: from a signed app_mention event to the reply posted in Slack, on loopback.

Runs `surveyqa serve` (extractive API) and `surveyqa slack` as real processes, with a fake Slack
Web API on 127.0.0.1 recording chat.postMessage. Run from the repository root:
    python bench/bench_slack.py [--index-dir DIR] [--events 60]
"""

from __future__ import annotations

import argparse
import hashlib
import hmac
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from common import REPO, FakeSlack, free_port, print_table, write_json

SECRET = "bench-secret"


def wait_up(url: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 120
    while True:
        try:
            httpx.get(url, timeout=2)
            return
        except httpx.TransportError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise SystemExit(f"{url} did not come up") from None
            time.sleep(0.05)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--index-dir", type=Path, help="an existing index (default: build one from the survey)")
    parser.add_argument("--events", type=int, default=60)
    parser.add_argument("--json-out", type=Path)
    args = parser.parse_args()

    from surveyqa.evaluation import load_qa

    questions = [q.question for q in load_qa(REPO / "eval" / "qa.jsonl") if q.answerable]
    index_dir = args.index_dir or Path(tempfile.mkdtemp(prefix="surveyqa-bench-")) / "index"
    slack = FakeSlack()
    api_port, bot_port = free_port(), free_port()
    env = {
        **os.environ,
        "SURVEYQA_INDEX_DIR": str(index_dir),
        "SLACK_SIGNING_SECRET": SECRET,
        "SLACK_BOT_TOKEN": "xoxb-test",
        "SURVEYQA_SLACK_API_URL": slack.url,
    }
    api = subprocess.Popen(
        [sys.executable, "-m", "surveyqa", "serve", "--port", str(api_port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    bot = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "surveyqa",
            "slack",
            "--port",
            str(bot_port),
            "--api-url",
            f"http://127.0.0.1:{api_port}",
        ],
        env=env,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_up(f"http://127.0.0.1:{api_port}/healthz", api)
        wait_up(f"http://127.0.0.1:{bot_port}/healthz", bot)
        times = []
        with httpx.Client(timeout=10) as client:
            for i in range(args.events + 5):
                event = {
                    "type": "app_mention",
                    "user": "U1",
                    "text": f"<@UBOT> {questions[i % len(questions)]}",
                    "ts": f"1700000000.{i:06d}",
                    "channel": "C1",
                    "event_ts": f"1700000000.{i:06d}",
                }
                body = json.dumps(
                    {
                        "type": "event_callback",
                        "team_id": "T1",
                        "api_app_id": "A1",
                        "token": "x",
                        "event_id": f"Ev{i}",
                        "event_time": 1700000000,
                        "event": event,
                    }
                )
                ts = str(int(time.time()))
                sig = "v0=" + hmac.new(SECRET.encode(), f"v0:{ts}:{body}".encode(), hashlib.sha256).hexdigest()
                headers = {
                    "X-Slack-Request-Timestamp": ts,
                    "X-Slack-Signature": sig,
                    "Content-Type": "application/json",
                }
                before = len(slack.posts)
                started = time.monotonic()
                client.post(
                    f"http://127.0.0.1:{bot_port}/slack/events", content=body, headers=headers
                ).raise_for_status()
                slack.wait_for(before + 1)
                if i >= 5:  # the first few warm both processes up
                    times.append(slack.posts[-1]["_at"] - started)
    finally:
        for proc in (bot, api):
            proc.terminate()
            proc.wait(timeout=20)
        slack.server.shutdown()
    unsorted = list(times)
    times.sort()
    if os.environ.get("BENCH_DEBUG"):
        print([round(t * 1000) for t in unsorted])
    p50 = statistics.median(times) * 1000
    p95 = times[round(0.95 * (len(times) - 1))] * 1000
    print(f"signed app_mention → reply posted, {len(times)} events on loopback (extractive API)\n")
    print_table(["measure", "value", "bar"], [["p50", f"{p50:.0f} ms", "≤ 200 ms"], ["p95", f"{p95:.0f} ms", ""]])
    write_json(args.json_out, {"events": len(times), "p50_ms": p50, "p95_ms": p95})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
