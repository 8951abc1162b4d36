"""In-process llama.cpp or its server as a child process: the measurement behind the choice.

Run from the repository root (needs the `local` extra and a built index):
    python bench/bench_llm_runtime.py [--index-dir index] [--questions 6]

Both runtimes get the same model, threads, context and prompts (surveyqa's own, for the first N
answerable dev lookups, English and Chinese in turn) and stream each answer while a thread in this
process answers extractive questions back to back, as the service would for other users. Reported
per runtime: time to the first token and to the last, and the extractive answers' p50 during
generation against idle.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from pathlib import Path

from bench_llm import questions
from common import REPO, print_table

from surveyqa.llm import compact_evidence
from surveyqa.localmodel import LocalServer, resolve_model
from surveyqa.prompts import ANSWER_LANGUAGE, EXAMPLES, SYSTEM_PROMPT, USER_TEMPLATE
from surveyqa.service import Service
from surveyqa.settings import Settings
from surveyqa.understand import language

EXTRACTIVE = ["DeepSeek-R1 的 AIME 2024 pass@1 是多少？", "What does Voyager keep in its skill library?"]


def messages(service: Service, question: str) -> list[dict[str, str]]:
    base, ev = service.extractive.answer_with_evidence(question)
    block, ids = compact_evidence(service.extractive, base, ev, 5)
    user = USER_TEMPLATE.format(
        evidence=block, question=question, language=ANSWER_LANGUAGE[language(question)], example_id=ids[0]
    )
    out = [{"role": "system", "content": SYSTEM_PROMPT}]
    for asked, answered in EXAMPLES:
        out += [{"role": "user", "content": asked}, {"role": "assistant", "content": answered}]
    return [*out, {"role": "user", "content": user}]


def extractive_loop(service: Service, stop: threading.Event, seen: list[float]) -> threading.Thread:
    def run() -> None:
        i = 0
        while not stop.is_set():
            t = time.perf_counter()
            service.extractive.answer(EXTRACTIVE[i % 2])
            seen.append(time.perf_counter() - t)
            i += 1

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def measure(stream_one, service: Service, prompts: list[list[dict[str, str]]]) -> dict[str, float]:  # type: ignore[no-untyped-def]
    idle: list[float] = []
    stop = threading.Event()
    t = extractive_loop(service, stop, idle)
    time.sleep(5)
    stop.set()
    t.join()
    firsts, totals, busy = [], [], []
    stream_one(prompts[0])  # warm-up: the fixed prefix is read once
    for prompt in prompts:
        stop = threading.Event()
        t = extractive_loop(service, stop, busy)
        first, total = stream_one(prompt)
        stop.set()
        t.join()
        firsts.append(first)
        totals.append(total)
    return {
        "first_token_p50_s": statistics.median(firsts),
        "answer_p50_s": statistics.median(totals),
        "extractive_p50_ms_idle": 1000 * statistics.median(idle),
        "extractive_p50_ms_generating": 1000 * statistics.median(busy),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--index-dir", type=Path, default=REPO / "index")
    ap.add_argument("--questions", type=int, default=6)
    args = ap.parse_args()
    settings = Settings(index_dir=args.index_dir)
    service = Service.load(settings, warm=False)
    service.extractive.warm_up()
    model = resolve_model(settings.llm_local_source, settings.model_cache_dir)
    prompts = [messages(service, q) for q in questions(args.questions)]
    threads, context = settings.llm_local_threads, settings.llm_local_context
    results = {}

    from llama_cpp import Llama

    llm = Llama(
        str(model),
        n_ctx=context,
        n_threads=threads,
        n_threads_batch=settings.llm_local_batch_threads,
        logits_all=False,
        verbose=False,
    )

    def in_process(prompt: list[dict[str, str]]) -> tuple[float, float]:
        started = time.perf_counter()
        first = None
        for chunk in llm.create_chat_completion(prompt, temperature=0, max_tokens=512, stream=True):
            if first is None and chunk["choices"][0]["delta"].get("content"):
                first = time.perf_counter() - started
        return first or float("nan"), time.perf_counter() - started

    results["in-process"] = measure(in_process, service, prompts)
    print("in-process:", results["in-process"], flush=True)
    llm.close()  # frees the model before the child process loads its own copy

    from surveyqa.llm import ChatClient

    with LocalServer(model, threads=threads, batch_threads=settings.llm_local_batch_threads, context=context) as srv:
        client = ChatClient(srv.base_url, srv.alias, timeout=300)

        def child(prompt: list[dict[str, str]]) -> tuple[float, float]:
            started = time.perf_counter()
            first: list[float] = []
            system, *turns, user = prompt
            examples = [(turns[i]["content"], turns[i + 1]["content"]) for i in range(0, len(turns), 2)]
            client.stream(
                system["content"],
                user["content"],
                lambda _: first or first.append(time.perf_counter() - started),
                examples,
            )
            return (first[0] if first else float("nan")), time.perf_counter() - started

        results["child process (nice 10)"] = measure(child, service, prompts)
        print("child process:", results["child process (nice 10)"], flush=True)
    keys = list(next(iter(results.values())))
    print_table(["runtime", *keys], [[name, *(f"{v[k]:.2f}" for k in keys)] for name, v in results.items()])


if __name__ == "__main__":
    main()
