"""The ``surveyqa`` command line: build, search, ask, serve, slack, entries, leaderboard, timeline, show, eval."""

from __future__ import annotations

import argparse
import json
import logging
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from surveyqa import __version__
from surveyqa.abstracts import AbstractsError
from surveyqa.embedding import EmbedderError
from surveyqa.settings import Settings
from surveyqa.store import BuildInProgress, IndexError_

EXIT_USAGE = 2
EXIT_NOT_FOUND = 3
EXIT_INDEX = 4
EXIT_BUSY = 5  # another build holds the index dir's lock: nothing was changed, run again later

log = logging.getLogger("surveyqa")


class CliError(Exception):
    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def _settings(args: argparse.Namespace) -> Settings:
    overrides: dict[str, Any] = {}
    for key in ("index_dir", "corpus_path", "embedder", "abstracts_file", "st_model", "fusion"):
        value = getattr(args, key, None)
        if value is not None:
            overrides[key] = value
    if getattr(args, "no_fetch", False):
        overrides["fetch_abstracts"] = False
    if getattr(args, "drop_abstracts", False):
        overrides["keep_abstracts"] = False
    try:
        return Settings(**overrides)
    except ValidationError as exc:
        raise CliError(f"invalid configuration: {_problems(exc)}", EXIT_USAGE) from exc


def _problems(exc: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, e['loc'])) or 'settings'}: {e['msg']}" for e in exc.errors())


def _tqdm_progress(total: int, _start: int) -> Callable[[int], None]:
    from tqdm import tqdm

    bar = tqdm(total=total, desc="embedding chunks", unit="chunk", file=sys.stderr, leave=False)

    def tick(n: int) -> None:
        bar.update(n)
        if bar.n >= total:
            bar.close()

    return tick


def cmd_build(args: argparse.Namespace) -> int:
    from surveyqa.build import build_index

    settings = _settings(args)
    if args.rollback:
        return _rollback(settings)
    if not settings.corpus_path.is_file():
        raise CliError(f"survey file not found: {settings.corpus_path}", EXIT_NOT_FOUND)
    report = build_index(
        settings,
        force=args.force,
        progress=None if args.quiet else _tqdm_progress,
        on_note=lambda note: print(note, file=sys.stderr),
    )
    if report.up_to_date:
        print(
            f"index at {settings.index_dir} is up to date ({report.entries} entries, {report.chunks} chunks); "
            "use --force to rebuild"
        )
        return 0
    print(
        f"built {settings.index_dir}: {report.entries} entries, {report.chunks} chunks, {report.facts} facts, "
        f"{report.abstracts} with abstracts ({report.abstracts_source}); "
        f"embedded {report.embedded}, reused {report.reused} in {report.seconds:.1f} s"
    )
    return 0


def _rollback(settings: Settings) -> int:
    from surveyqa.store import rollback

    stored = rollback(settings.index_dir)
    m = stored.manifest
    print(
        f"rolled back {settings.index_dir}: current is now builds/{stored.path.name} "
        f"(built {m.built_at}, {m.counts.get('entries', 0)} entries, abstracts: {m.abstracts_source})"
    )
    return 0


def cmd_search(args: argparse.Namespace) -> int:
    query = args.query.strip()
    if not query:
        raise CliError("the query is empty", EXIT_USAGE)
    from surveyqa.retrieval import Retriever

    settings = _settings(args)
    hits = Retriever.from_settings(settings).search(query, k=args.k or settings.top_k, mode=args.mode)
    if args.json:
        rows = [
            {
                "id": h.entry.id,
                "title": h.entry.title,
                "score": round(h.score, 6),
                "url": h.entry.url,
                "chunks": [
                    {"id": c.chunk.id, "kind": c.chunk.kind, "score": round(c.score, 6), "text": c.chunk.text}
                    for c in h.chunks[:2]
                ],
            }
            for h in hits
        ]
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    for rank, h in enumerate(hits, 1):
        best = h.chunks[0].chunk.text if h.chunks else ""
        print(f"{rank:>2}. [{h.entry.id}] {h.entry.title}  ({h.score:.3f})")
        print(f"    {best[:160]}{'…' if len(best) > 160 else ''}")
    return 0


def _stored(args: argparse.Namespace) -> Any:
    from surveyqa.store import load_index

    return load_index(_settings(args).index_dir)


def _year(value: str) -> int:
    try:
        year = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a year: {value!r}") from None
    if not 1900 <= year <= 2100:
        raise argparse.ArgumentTypeError(f"year {year} is out of range (1900-2100)")
    return year


def cmd_entries(args: argparse.Namespace) -> int:
    from surveyqa.answer import catalog_for
    from surveyqa.service import filter_entries

    catalog = catalog_for(_stored(args))
    try:
        entries = filter_entries(
            catalog, org=args.org, year=args.year, kind=args.kind, section=args.section, text=args.query
        )
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from exc
    if args.json:
        print(json.dumps([e.record() for e in entries], ensure_ascii=False, indent=1))
        return 0
    for e in entries:
        print(f"{e.id:<40} {e.date or '':<8} {e.title}")
    return 0


def cmd_leaderboard(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from surveyqa import board
    from surveyqa.answer import catalog_for

    catalog = catalog_for(_stored(args))
    if args.benchmark is None:
        summaries = board.boards(catalog)
        if args.json:
            print(json.dumps([asdict(s) for s in summaries], ensure_ascii=False, indent=1))
            return 0
        width = max((len(s.name) for s in summaries), default=9)
        print(f"{'benchmark':<{width}}  results  entries  groups")
        for s in summaries:
            print(f"{s.name:<{width}}  {s.rows:>7}  {s.entries:>7}  {s.groups:>6}")
        return 0
    if not args.benchmark.strip():
        raise CliError("the benchmark name is empty; leave it out to list the boards", EXIT_USAGE)
    try:
        b = board.board(catalog, args.benchmark)
    except board.UnknownBenchmarkError as exc:
        raise CliError(
            str(exc).replace("GET /leaderboards (or `surveyqa leaderboard`)", "`surveyqa leaderboard`"), EXIT_NOT_FOUND
        ) from exc
    if args.json:
        print(json.dumps(b.record(), ensure_ascii=False, indent=1))
        return 0
    print(_board_table(b))
    return 0


def _board_table(b: Any) -> str:
    """One aligned table; a header line per group, since values are ranked only within their setting."""
    rows = b.rows
    widths = {
        "value": max(len("value"), *(len(r.value) for r in rows)),
        "setting": max(len("setting"), *(len(r.setting or "-") for r in rows)),
        "system": max(len("system"), *(min(len(r.system), 40) for r in rows)),
    }
    w_value, w_setting, w_system = widths["value"], widths["setting"], widths["system"]
    head = f"{'rank':>4}  {'value':<{w_value}}  {'setting':<{w_setting}}  {'system':<{w_system}}  entry"
    lines = [f"{b.name} ({len(rows)} results from {b.entries} entries; {b.better} is better)", head]
    for g in b.groups:
        notes = [
            n
            for n, on in (
                ("values written in different units", g.mixed_units),
                ("one system has several values: see the spans", g.repeated_systems),
            )
            if on
        ]
        label = f"setting: {g.setting}" if g.setting else "no setting stated"
        if g.scale != "score":
            label += f", {g.scale}"
        lines.append(f"-- {label}" + (f" ({'; '.join(notes)})" if notes else ""))
        for r in g.rows:
            system = r.system if len(r.system) <= 40 else r.system[:39] + "…"
            lines.append(
                f"{r.rank:>4}  {r.value:<{w_value}}  {r.setting or '-':<{w_setting}}  "
                f"{system:<{w_system}}  [{r.entry_id}] {r.date}"
            )
    if b.related:
        lines.append(f"other versions: {', '.join(b.related)}")
    return "\n".join(lines)


def _month(value: str) -> str:
    from surveyqa.board import parse_month

    try:
        month = parse_month(value, "the month")
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    assert month is not None
    return month


def cmd_timeline(args: argparse.Namespace) -> int:
    from surveyqa import board
    from surveyqa.answer import catalog_for
    from surveyqa.service import UnknownOrgError

    catalog = catalog_for(_stored(args))
    try:
        months = board.timeline(
            catalog, start=args.start, end=args.end, org=args.org, kind=args.kind, section=args.section
        )
    except UnknownOrgError as exc:
        raise CliError(str(exc), EXIT_NOT_FOUND) from exc
    except ValueError as exc:
        raise CliError(str(exc), EXIT_USAGE) from exc
    by_id = catalog.by_id
    if args.json:
        keys = ("id", "title", "org", "kind", "date")
        record = [
            {"month": m.month, "entries": [{k: by_id[i].record()[k] for k in keys} for i in m.entries]} for m in months
        ]
        print(json.dumps(record, ensure_ascii=False, indent=1))
        return 0
    if not months:
        print("no entries match", file=sys.stderr)
    for m in months:
        print(m.month or "undated")
        for i in m.entries:
            e = by_id[i]
            meta = ", ".join(x for x in (e.org, e.kind) if x)
            print(f"  [{e.id}] {e.title}" + (f" ({meta})" if meta else ""))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    by_id = {e.id: e for e in _stored(args).entries}
    entry = by_id.get(args.id)
    if entry is None:
        close = [i for i in by_id if args.id.lower() in i][:5]
        hint = f"; did you mean {', '.join(close)}?" if close else "; list ids with `surveyqa entries`"
        raise CliError(f"no entry with id {args.id!r}{hint}", EXIT_NOT_FOUND)
    if args.json:
        print(json.dumps(entry.record(detail=True), ensure_ascii=False, indent=1))
        return 0
    meta = ", ".join(x for x in (entry.org, entry.date, entry.kind) if x)
    print(f"[{entry.id}] {entry.title}" + (f" ({meta})" if meta else ""))
    print(f"section: {entry.section}" if entry.section else "")
    print(entry.summary)
    for url in entry.urls:
        print(url)
    if entry.abstract:
        print(f"\nabstract (arXiv {entry.arxiv_id}):\n{entry.abstract}")
    return 0


def _answer_text(result: Any) -> str:
    lines = [result.answer]
    if result.abstained and result.kind == "not_stated" and result.citations:
        lines.append("(the survey covers this entry but does not state what was asked)")
    for note in result.notes:
        lines.append(f"note: {note}")
    if result.citations:
        lines.append("")
        lines.append("Sources:")
        for c in result.citations:
            lines.append(f"  [{c.id}] {c.title}" + (f" — {c.url}" if c.url else ""))
    elif result.retrieved:
        lines.append("")
        lines.append("Nearest entries: " + ", ".join(f"[{r.id}]" for r in result.retrieved[:5]))
    return "\n".join(lines)


def cmd_ask(args: argparse.Namespace) -> int:
    from dataclasses import asdict

    from surveyqa.service import Service

    question = args.question.strip()
    settings = _settings(args)
    if not question:
        raise CliError("the question is empty", EXIT_USAGE)
    if len(question) > settings.max_question_chars:
        raise CliError(
            f"the question is {len(question)} characters; the limit is {settings.max_question_chars}", EXIT_USAGE
        )
    if args.llm:
        args.mode = "llm"
    if args.mode == "llm":
        _check_llm(settings, args)
    with _local_llm(settings, args) as settings:
        service = Service.load(settings)
        k = args.k or settings.top_k
        if args.mode == "llm" and service.llm:
            printed: list[str] = []

            def show(piece: str) -> None:
                printed.append(piece)
                print(piece, end="", flush=True)

            stream = not args.json and sys.stdout.isatty()
            result = service.llm.answer(question, top_k=k, on_token=show if stream else None)
            if printed:  # the draft is on screen: say where the checked answer starts
                print("\n\n(validated answer)")
        else:
            result = service.extractive.answer(question, top_k=k)
    if args.json:
        shown = {k: v for k, v in asdict(result).items() if k not in ("timings", "raw")}
        print(json.dumps(shown, ensure_ascii=False, indent=1))
    else:
        print(_answer_text(result))
    return 0


def _check_llm(settings: Settings, args: argparse.Namespace) -> None:
    """LLM mode needs a model: a local one (--llm local, SURVEYQA_LLM_LOCAL) or an endpoint; say so up front."""
    choice = getattr(args, "llm", None)
    if choice == "local" or (choice is None and settings.llm_local):
        return
    if not settings.llm_configured:
        raise CliError(
            "LLM mode is not configured: set SURVEYQA_LLM_BASE_URL and SURVEYQA_LLM_MODEL, or use --llm local",
            EXIT_USAGE,
        )


@contextmanager
def _local_llm(settings: Settings, args: argparse.Namespace) -> Iterator[Settings]:
    """With ``--llm local`` (or SURVEYQA_LLM_LOCAL=true): the settings pointed at a local model server
    started for the duration of the block; otherwise the settings unchanged."""
    if getattr(args, "llm", None) == "remote":
        yield settings.model_copy(update={"llm_local": False})
        return
    if not (getattr(args, "llm", None) == "local" or settings.llm_local):
        yield settings
        return
    from surveyqa.localmodel import ModelError, start_for

    try:
        local, server = start_for(settings, show_progress=sys.stderr.isatty())
    except ModelError as exc:
        raise CliError(str(exc)) from exc
    try:
        yield local
    finally:
        server.stop()


def cmd_serve(args: argparse.Namespace) -> int:
    import logging.config

    from surveyqa.build import build_index
    from surveyqa.corpus import corpus_hash
    from surveyqa.observe import log_config, prepare_multiprocess_dir
    from surveyqa.store import IndexMissing, load_index

    settings = _settings(args)
    overrides = {
        "host": args.host,
        "port": args.port,
        "workers": args.workers,
        "reload_interval": args.reload_interval,
        "log_format": args.log_format,
    }
    try:
        settings = Settings(**{**settings.model_dump(), **{k: v for k, v in overrides.items() if v is not None}})
    except ValidationError as exc:
        raise CliError(f"invalid configuration: {_problems(exc)}", EXIT_USAGE) from exc
    if args.llm:
        _check_llm(settings, args)
    # uvicorn applies the same config in each worker process, where nothing else would set up surveyqa's loggers.
    logs = log_config(settings.log_format)
    logging.config.dictConfig(logs)
    metrics_dir = prepare_multiprocess_dir()
    if metrics_dir:
        log.info("metrics of all workers are summed in %s", metrics_dir)
    try:
        load_index(settings.index_dir, corpus_sha256=corpus_hash(settings.corpus_path.read_text(encoding="utf-8")))
    except IndexMissing:
        print(f"no index at {settings.index_dir}; building it first", file=sys.stderr)
        report = build_index(settings, progress=_tqdm_progress, on_note=lambda n: print(n, file=sys.stderr))
        print(f"built {report.entries} entries, {report.chunks} chunks in {report.seconds:.1f} s", file=sys.stderr)
    with _local_llm(settings, args) as settings:
        return _run_server(settings, logs)


def _run_server(settings: Settings, logs: dict[str, Any]) -> int:
    import os

    import uvicorn

    from surveyqa.api import create_app
    from surveyqa.settings import settings_env

    if settings.llm_local:
        log.info("LLM mode answers with the local model at %s", settings.llm_base_url)
    if settings.workers > 1:
        # Worker processes build their own app from the environment: hand every setting over.
        for key, value in settings_env(settings).items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        uvicorn.run(
            "surveyqa.api:app_factory",
            factory=True,
            host=settings.host,
            port=settings.port,
            workers=settings.workers,
            access_log=False,
            log_config=logs,
            log_level="info",
        )
        return 0
    app = create_app(settings)  # loads and verifies the index before the port opens
    log.info("serving %s on http://%s:%d (docs at /docs)", settings.index_dir, settings.host, settings.port)
    uvicorn.run(app, host=settings.host, port=settings.port, access_log=False, log_config=logs, log_level="info")
    return 0


def cmd_slack(args: argparse.Namespace) -> int:
    import os

    from surveyqa.slack import BotConfig, SlackConfigError, create_bolt_app, create_http_app

    try:
        config = BotConfig.from_env(args.api_url)
    except SlackConfigError as exc:
        raise CliError(str(exc), EXIT_USAGE) from exc
    logging.getLogger("surveyqa").setLevel(logging.INFO)
    if args.socket_mode:
        app_token = os.environ.get("SLACK_APP_TOKEN")
        if not app_token:
            raise CliError("Socket Mode needs SLACK_APP_TOKEN (an xapp- token with connections:write)", EXIT_USAGE)
        from slack_bolt.adapter.socket_mode import SocketModeHandler

        log.info("Slack bot in Socket Mode, asking %s", config.api_url)
        SocketModeHandler(create_bolt_app(config), app_token).start()  # type: ignore[no-untyped-call]
        return 0
    import uvicorn

    log.info("Slack bot on http://%s:%d/slack/events, asking %s", args.host, args.port, config.api_url)
    uvicorn.run(create_http_app(config), host=args.host, port=args.port, log_level="info")
    return 0


def _usable_embedders(asked: str | None, configured: str) -> tuple[list[str], dict[str, str]]:
    """Embedders for eval, and those skipped with why: the asked-for (or configured) ones must run."""
    from surveyqa.embedding import missing_extra

    embedders = asked.split(",") if asked else [configured, *sorted({"e5", "st"} - {configured})]
    required = set(embedders) if asked else {configured}
    usable, skipped = [], {}
    for backend in embedders:
        why = missing_extra(backend)
        if why is None:
            usable.append(backend)
        elif backend in required:
            raise CliError(why, EXIT_USAGE)
        else:
            # The plain install has no 'st' extra: a default run compares what it can, and says so.
            skipped[backend] = why
            print(f"eval: skipping the {backend} configurations: {why}", file=sys.stderr)
    return usable, skipped


def cmd_eval(args: argparse.Namespace) -> int:
    settings = _settings(args)
    if not args.qa.is_file():
        raise CliError(f"QA set not found: {args.qa}", EXIT_NOT_FOUND)
    if args.retrieval:
        from surveyqa.evaluation import run_retrieval_eval

        embedders, _ = _usable_embedders(args.embedders, settings.embedder)
        split = None if args.split == "all" else args.split
        print(run_retrieval_eval(settings, qa_path=args.qa, embedders=embedders, split=split, json_out=args.json_out))
        return 0
    if args.llm:
        return _eval_llm(settings, args)
    if args.judge_labels:
        return _eval_judge(settings, args.judge_labels)
    from surveyqa.suite import Config, check_gate, default_configs, markdown, run_suite, write_reports

    thresholds = None
    if args.gate:
        try:
            thresholds = json.loads(args.gate.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CliError(f"cannot read thresholds {args.gate}: {exc}", EXIT_USAGE) from exc
    skipped: dict[str, str] = {}
    if args.configs == "default":
        configs = [Config(f"hybrid ({settings.embedder})", settings.embedder, "hybrid")]
    else:
        embedders, skipped = _usable_embedders(args.embedders, settings.embedder)
        configs = default_configs(embedders, settings.llm_configured)
    report = run_suite(
        settings,
        qa_path=args.qa,
        configs=configs,
        split=None if args.split == "all" else args.split,
        progress=lambda what: print(f"… {what}", file=sys.stderr),
    )
    report["skipped"] = {f"{backend} configurations": why for backend, why in skipped.items()}
    written = write_reports(report, args.report_dir)
    print(markdown(report))
    print("reports: " + ", ".join(str(p) for p in written), file=sys.stderr)
    if thresholds is not None:
        failures = check_gate(report, thresholds)
        if failures:
            print("eval gate FAILED:\n  " + "\n  ".join(failures), file=sys.stderr)
            return 1
        print(f"eval gate passed ({args.gate})", file=sys.stderr)
    return 0


def _eval_judge(settings: Settings, path: Path) -> int:
    """The support judge against people's labels (eval/judge_labels.jsonl), per half and language."""
    from surveyqa import llm_eval
    from surveyqa.embedding import make_embedder
    from surveyqa.judge import SupportJudge

    try:
        labels = llm_eval.load_labels(path)
    except (OSError, ValueError) as exc:
        raise CliError(f"cannot read judge labels: {exc}", EXIT_USAGE) from exc
    if settings.abstracts_file is None:
        # Most labelled sentences cite an abstract; judged on survey lines alone the figures mean nothing.
        raise CliError(
            "--judge-labels needs the abstracts the labelled sentences cite: pass --abstracts-file "
            "(or set SURVEYQA_ABSTRACTS_FILE)",
            EXIT_USAGE,
        )
    by_id = llm_eval.survey_entries(settings.corpus_path, settings.abstracts_file)
    embedder = make_embedder(settings.embedder, st_model=settings.st_model, allow_hub=settings.allow_hub)
    report = llm_eval.agreement_report(labels, SupportJudge(embedder), by_id)
    print("| labels | sentences | labelled supported | accuracy | precision (supported) | recall (supported) |")
    print("|---|---|---|---|---|---|")
    for name, m in report.items():
        print(
            f"| {name} | {m['sentences']} | {m['labelled_supported']} | {m['accuracy']:.3f} | "
            f"{m['precision']:.3f} | {m['recall']:.3f} |"
        )
    return 0


def _llm_limit(given: str | None) -> int | None:
    """``--limit``: N passage questions, ``all`` of them, or by default the fixed subset llm_eval documents."""
    from surveyqa import llm_eval

    if given is None:
        return llm_eval.DEFAULT_LIMIT
    if given == "all":
        return None
    try:
        n = int(given)
    except ValueError:
        n = 0
    if n < 1:
        raise CliError(f"--limit must be at least 1, or 'all' (got {given})", EXIT_USAGE)
    return n


def _eval_llm(settings: Settings, args: argparse.Namespace) -> int:
    """The "llm (local)" column: passage questions of one split, LLM beside extractive (see llm_eval)."""
    import time

    from surveyqa import llm_eval
    from surveyqa.build import build_index
    from surveyqa.evaluation import index_settings
    from surveyqa.judge import SupportJudge
    from surveyqa.service import Service

    _check_llm(settings, args)
    limit = _llm_limit(args.limit)
    split = "test" if args.split == "all" else args.split
    if args.split == "all":
        print("eval --llm: the test split (use --split dev to tune on dev)", file=sys.stderr)
    if args.offset < 0:
        raise CliError(f"--offset must be 0 or more (got {args.offset})", EXIT_USAGE)
    items = llm_eval.passage_items(args.qa, split, limit, args.offset)
    every = len(llm_eval.passage_items(args.qa, split))
    with _local_llm(settings, args) as local:
        s = index_settings(local, local.embedder)
        build_index(s)
        service = Service.load(s, warm=False)
        service.extractive.warm_up()
        if service.llm is None:
            raise CliError("LLM mode is not configured: use --llm local, or set SURVEYQA_LLM_BASE_URL", EXIT_USAGE)
        started = time.perf_counter()
        rows, sentences = llm_eval.run_llm_column(
            items,
            service.llm.answer,
            service.extractive.answer,
            service.retriever.by_id,
            SupportJudge(service.retriever.embedder),
            progress=lambda what: print(f"… {what}", file=sys.stderr),
        )
    model = (
        "local: " + (local.llm_local_path.name if local.llm_local_path else local.llm_local_source)
        if local.llm_local
        else str(local.llm_model)
    )
    rep = llm_eval.report(rows, started, model, of=every)
    written = llm_eval.write(rep, sentences, args.report_dir, split)
    print(llm_eval.markdown(rep, split))
    print("reports: " + ", ".join(str(p) for p in written), file=sys.stderr)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="surveyqa",
        description="Question answering with citations over the Agentic-training survey.",
    )
    parser.add_argument("--version", action="version", version=f"surveyqa {__version__}")
    parser.add_argument("-v", "--verbose", action="store_true", help="log what happens (to stderr)")
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--index-dir", type=Path, help="index directory (env SURVEYQA_INDEX_DIR, default ./index)")
    common.add_argument("--embedder", choices=["e5", "st"], help="dense backend (env SURVEYQA_EMBEDDER, default e5)")
    common.add_argument("--st-model", help="sentence-transformers model path or name (env SURVEYQA_ST_MODEL)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser(
        "build",
        parents=[common],
        help="build the index (skips work that is up to date)",
        description="Parse the survey, attach arXiv abstracts, chunk, embed and write the index.",
    )
    p.add_argument("--corpus", dest="corpus_path", type=Path, help="survey text file (env SURVEYQA_CORPUS_PATH)")
    p.add_argument("--abstracts-file", type=Path, help="offline JSONL dump of abstracts (env SURVEYQA_ABSTRACTS_FILE)")
    p.add_argument("--no-fetch", action="store_true", help="do not ask arXiv (the current index's abstracts are kept)")
    p.add_argument(
        "--drop-abstracts",
        action="store_true",
        help="with no abstracts source, build without the current index's abstracts (env SURVEYQA_KEEP_ABSTRACTS=0)",
    )
    p.add_argument("--force", action="store_true", help="rebuild even when nothing changed")
    p.add_argument(
        "--rollback",
        action="store_true",
        help="point the index back at the previous kept build (env SURVEYQA_KEEP_BUILDS, default 3 kept)",
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_build)

    p = sub.add_parser(
        "search",
        parents=[common],
        help="retrieve the entries that match a query",
        description="Retrieve entries for a query (no answer generation).",
    )
    p.add_argument("query", help="question or keywords, English or Chinese")
    p.add_argument(
        "-k",
        type=int,
        choices=range(1, 51),
        metavar="N",
        help="entries to return, 1-50 (env SURVEYQA_TOP_K, default 5)",
    )
    p.add_argument(
        "--mode", choices=["hybrid", "bm25", "dense"], default="hybrid", help="retrieval mode (default hybrid)"
    )
    p.add_argument("--fusion", choices=["rrf", "convex"], help="hybrid fusion (env SURVEYQA_FUSION)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_search)

    p = sub.add_parser(
        "ask",
        parents=[common],
        help="answer a question with citations (no server needed)",
        description="Answer a question from the index; the answer's [id] markers are listed with titles and URLs.",
    )
    p.add_argument("question", help="the question, English or Chinese")
    p.add_argument(
        "--mode", choices=["extractive", "llm"], default="extractive", help="answer mode (default extractive)"
    )
    p.add_argument("-k", type=int, choices=range(1, 21), metavar="N", help="entries used as evidence, 1-20 (default 5)")
    p.add_argument("--json", action="store_true", help="the same JSON the HTTP API returns")
    p.add_argument(
        "--llm",
        choices=["local", "remote"],
        help="answer in LLM mode with a model on this machine (local; the `local` extra) or the configured endpoint",
    )
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser(
        "serve",
        parents=[common],
        help="run the HTTP API (builds the index first if there is none)",
        description="Serve POST /ask, GET /search, /entries, /entries/{id}, /leaderboards, /timeline, /healthz, "
        "/metrics and /docs with uvicorn. "
        "A new build of the index (`surveyqa build` into the same --index-dir) is picked up without a restart "
        "within --reload-interval seconds; a build that does not load is refused and the old one keeps serving.",
    )
    p.add_argument("--host", help="bind address (env SURVEYQA_HOST, default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (env SURVEYQA_PORT, default 8000)")
    p.add_argument("--workers", type=int, help="worker processes (env SURVEYQA_WORKERS, default 1)")
    p.add_argument(
        "--reload-interval",
        type=float,
        help="seconds between checks for a new index build; 0 never reloads (env SURVEYQA_RELOAD_INTERVAL, default 2)",
    )
    p.add_argument(
        "--log-format",
        choices=["text", "json"],
        help="log lines as text, or one JSON object per line (env SURVEYQA_LOG_FORMAT, default text)",
    )
    p.add_argument("--abstracts-file", type=Path, help="abstracts dump used if the index has to be built")
    p.add_argument(
        "--llm",
        choices=["local", "remote"],
        help="LLM mode's model: local runs one on this machine (the `local` extra; env SURVEYQA_LLM_LOCAL); remote "
        "uses SURVEYQA_LLM_BASE_URL. Without it, LLM mode is on only when an endpoint is configured",
    )
    p.set_defaults(func=cmd_serve)

    p = sub.add_parser(
        "slack",
        help="run the Slack bot (events at /slack/events), a thin client of the HTTP API",
        description=(
            "Serve a Slack app (slash command /survey and @-mentions) that forwards questions to a surveyqa API. "
            "Needs SLACK_SIGNING_SECRET and SLACK_BOT_TOKEN; SURVEYQA_API_KEY is sent to the API if set; "
            "SURVEYQA_SLACK_API_URL points the Slack Web API client elsewhere (tests)."
        ),
    )
    p.add_argument(
        "--api-url", default="http://127.0.0.1:8000", help="surveyqa API base URL (default http://127.0.0.1:8000)"
    )
    p.add_argument("--host", default="127.0.0.1", help="bind address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=3000, help="port (default 3000)")
    p.add_argument(
        "--socket-mode", action="store_true", help="connect out over Socket Mode instead (needs SLACK_APP_TOKEN)"
    )
    p.set_defaults(func=cmd_slack)

    p = sub.add_parser(
        "entries",
        parents=[common],
        help="list entries with their ids (filter by org, year, kind, section, text)",
        description="List the survey's entries in document order; filters combine with AND.",
    )
    p.add_argument("--org", help="organisation, any alias (Zhipu, 智谱, Google — with its labs)")
    p.add_argument("--year", type=_year, help="year of the entry's date, e.g. 2025")
    p.add_argument("--kind", help="entry kind: paper, blog, model-card, report, github, …")
    p.add_argument("--section", help="text the section heading contains, e.g. 五、 or GUI")
    p.add_argument("-q", "--query", help="text the id, title, org or summary contains")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_entries)

    p = sub.add_parser(
        "leaderboard",
        parents=[common],
        help="a benchmark's results side by side, each with its span (no name: list the boards)",
        description=(
            "Print the survey's reported results on one benchmark, best first, as an aligned table (rank, value, "
            "setting, system, entry, date). Results are grouped by setting (pass@1, voting, thinking, step budget, "
            "subset) and ranked only within a group. Without a name, list every benchmark with at least two results. "
            "Exit 3 for an unknown benchmark."
        ),
    )
    p.add_argument(
        "benchmark", nargs="?", help="benchmark name or alias, any case, e.g. 'SWE-bench Verified', tau2-bench"
    )
    p.add_argument("--json", action="store_true", help="the same JSON as GET /leaderboards[/{benchmark}]")
    p.set_defaults(func=cmd_leaderboard)

    p = sub.add_parser(
        "timeline",
        parents=[common],
        help="the survey's entries by month (filter by months, org, kind, section)",
        description="List entries by month, oldest first; filters combine with AND. Entries the survey gives no "
        "date are listed last as 'undated', only when no --from/--to is given. Exit 2 for a bad month or range, "
        "3 for an unknown organisation.",
    )
    p.add_argument("--from", dest="start", type=_month, metavar="YYYY-MM", help="first month (inclusive)")
    p.add_argument("--to", dest="end", type=_month, metavar="YYYY-MM", help="last month (inclusive)")
    p.add_argument("--org", help="organisation, any alias (Zhipu, 智谱, Google — with its labs)")
    p.add_argument("--kind", help="entry kind: paper, blog, model-card, report, github, …")
    p.add_argument("--section", help="text the section heading contains, e.g. 五、 or GUI")
    p.add_argument("--json", action="store_true", help="the same JSON as GET /timeline")
    p.set_defaults(func=cmd_timeline)

    p = sub.add_parser("show", parents=[common], help="show one entry with its abstract")
    p.add_argument("id", help="entry id, e.g. deepseek-r1")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser(
        "eval",
        parents=[common],
        help="evaluate retrieval, answers and citations on the QA set",
        description=(
            "Run the QA set through every configuration (bm25/dense/hybrid for each embedder, and LLM mode "
            "when configured), score retrieval, answers, citations and abstention, meta-evaluate the support "
            "judge, and write Markdown/JSON/PNG reports."
        ),
    )
    p.add_argument("--qa", type=Path, default=Path("eval/qa.jsonl"), help="QA set (default eval/qa.jsonl)")
    p.add_argument("--abstracts-file", type=Path, help="offline JSONL dump of abstracts (env SURVEYQA_ABSTRACTS_FILE)")
    p.add_argument(
        "--configs", choices=["all", "default"], default="all", help="all configurations or the default only"
    )
    p.add_argument(
        "--embedders",
        help="comma-separated embedders to compare (default: configured one first, then the other, "
        "skipped with a note when its extra is not installed)",
    )
    p.add_argument(
        "--report-dir", type=Path, default=Path("eval/reports"), help="where reports go (default eval/reports)"
    )
    p.add_argument(
        "--split",
        choices=["all", "dev", "test"],
        default="all",
        help="QA split to run: dev (tune on this), test (held out), or all (default; both reported side by side)",
    )
    p.add_argument("--gate", type=Path, help="thresholds JSON; exit 1 when a metric misses its threshold")
    p.add_argument(
        "--llm",
        choices=["local", "remote"],
        help="run the LLM column instead: the split's passage questions in LLM mode beside extractive, with the "
        "judge's citation figures and timings (local: a model on this machine, the `local` extra)",
    )
    p.add_argument(
        "--limit",
        metavar="N|all",
        help="with --llm: N passage questions of the split, English and Chinese in turn (default 160, about 15 "
        "minutes on 2 cores), or all of them",
    )
    p.add_argument("--offset", type=int, default=0, help="with --llm: skip this many first (default 0)")
    p.add_argument(
        "--judge-labels",
        type=Path,
        metavar="PATH",
        help="instead: the support judge against people's labels (eval/judge_labels.jsonl), per half",
    )
    p.add_argument("--retrieval", action="store_true", help="only the retrieval table, with the baselines")
    p.add_argument("--json-out", type=Path, help="with --retrieval: also write the figures as JSON here")
    p.set_defaults(func=cmd_eval)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
        stream=sys.stderr,
    )
    try:
        code = int(args.func(args))
        sys.stdout.flush()  # a closed pipe shows up here, inside the handlers below, not at interpreter exit
        return code
    except CliError as exc:
        print(f"surveyqa: error: {exc}", file=sys.stderr)
        return exc.code
    except IndexError_ as exc:
        print(f"surveyqa: error: {exc}", file=sys.stderr)
        return EXIT_INDEX
    except BuildInProgress as exc:
        print(f"surveyqa: {exc}", file=sys.stderr)
        return EXIT_BUSY
    except BrokenPipeError:
        # The reader went away (`surveyqa ask … | head`): not an error; keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except (AbstractsError, EmbedderError, OSError) as exc:
        print(f"surveyqa: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("surveyqa: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
