"""arXiv abstracts: an Atom API client with an on-disk cache, and an offline JSONL loader."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as ET
import httpx

log = logging.getLogger(__name__)

ATOM = "{http://www.w3.org/2005/Atom}"
_ID_RE = re.compile(r"(\d{4}\.\d{4,5})(v\d+)?$")
ARXIV_ID_RE = re.compile(r"^\d{4}\.\d{4,5}$")


@dataclass(frozen=True)
class Abstract:
    """One paper's arXiv metadata as used by surveyqa."""

    arxiv_id: str
    title: str
    abstract: str
    source: str = "arxiv"


class AbstractsError(RuntimeError):
    """Abstracts could not be fetched or read; the message says why."""


def _clean(text: str) -> str:
    return " ".join(text.split())


def load_jsonl(path: Path) -> dict[str, Abstract]:
    """Read a dump of ``{"arxiv_id","title","abstract","source"}`` lines; errors name the line."""
    if not path.is_file():
        raise AbstractsError(f"abstracts file not found: {path}")
    out: dict[str, Abstract] = {}
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                arxiv_id = str(row["arxiv_id"]).strip()
                abstract = _clean(str(row["abstract"]))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                raise AbstractsError(
                    f"{path}:{lineno}: not an abstracts record ({exc.__class__.__name__}: {exc})"
                ) from exc
            if not ARXIV_ID_RE.match(arxiv_id) or not abstract:
                raise AbstractsError(f"{path}:{lineno}: bad arxiv_id {arxiv_id!r} or empty abstract")
            out[arxiv_id] = Abstract(
                arxiv_id, _clean(str(row.get("title", ""))), abstract, str(row.get("source", path.name))
            )
    return out


def parse_atom(xml_text: str) -> dict[str, Abstract]:
    """Parse an arXiv Atom feed into abstracts keyed by version-less id."""
    try:
        root: Element = ET.fromstring(xml_text)
    except ET.ParseError as exc:
        raise AbstractsError(f"malformed Atom feed from arXiv: {exc}") from exc
    if root.tag != f"{ATOM}feed":
        raise AbstractsError(f"unexpected document from arXiv: root element {root.tag!r}")
    out: dict[str, Abstract] = {}
    for entry in root.iter(f"{ATOM}entry"):
        raw_id = (entry.findtext(f"{ATOM}id") or "").strip()
        title = _clean(entry.findtext(f"{ATOM}title") or "")
        summary = _clean(entry.findtext(f"{ATOM}summary") or "")
        m = _ID_RE.search(raw_id)
        if not m or title == "Error" or not summary:
            continue  # arXiv reports unknown ids as an "Error" entry
        out[m.group(1)] = Abstract(m.group(1), title, summary, "arxiv")
    return out


class ArxivClient:
    """Polite arXiv API client: batched ``id_list``, min interval, retries, timeouts, cache."""

    def __init__(
        self,
        base_url: str = "https://export.arxiv.org/api/query",
        *,
        cache_dir: Path | None = None,
        batch_size: int = 50,
        min_interval: float = 3.0,
        timeout: float = 10.0,
        retries: int = 3,
        backoff: float = 2.0,
        deadline: float = 60.0,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.base_url = base_url
        self.cache_dir = cache_dir
        self.batch_size = batch_size
        self.min_interval = min_interval
        self.timeout = timeout
        self.retries = retries
        self.backoff = backoff
        self.deadline = deadline
        self._sleep = sleep
        self._last_call = 0.0

    def fetch(self, ids: Iterable[str]) -> dict[str, Abstract]:
        """Abstracts for ``ids`` (cache first, then arXiv); raises AbstractsError on failure."""
        wanted = sorted({i for i in ids if ARXIV_ID_RE.match(i)})
        found = {i: a for i in wanted if (a := self._cache_get(i)) is not None}
        missing = [i for i in wanted if i not in found]
        started = time.monotonic()
        with httpx.Client(timeout=self.timeout, follow_redirects=True) as http:
            for batch in _batches(missing, self.batch_size):
                feed = self._get_with_retries(http, batch, started)
                for arxiv_id, abstract in feed.items():
                    self._cache_put(abstract)
                    found[arxiv_id] = abstract
        return found

    def _get_with_retries(self, http: httpx.Client, batch: list[str], started: float) -> dict[str, Abstract]:
        params = {"id_list": ",".join(batch), "max_results": str(len(batch))}
        for attempt in range(self.retries + 1):
            if time.monotonic() - started > self.deadline:
                raise AbstractsError(f"arXiv did not answer within {self.deadline:.0f} s")
            self._wait_turn()
            try:
                resp = http.get(self.base_url, params=params)
            except httpx.ConnectError as exc:
                # No route or refused: retrying will not help and only delays the build.
                raise AbstractsError(f"cannot reach arXiv at {self.base_url}: {exc}") from exc
            except httpx.TimeoutException:
                reason = f"timed out after {self.timeout:.0f} s"
                delay = self.backoff * 2**attempt
            else:
                if resp.status_code == 200:
                    return parse_atom(resp.text)
                reason = f"HTTP {resp.status_code}"
                if resp.status_code not in (429, 500, 502, 503, 504):
                    raise AbstractsError(f"arXiv answered {reason}")
                delay = _retry_after(resp) or self.backoff * 2**attempt
            if attempt < self.retries:
                log.info("arXiv %s; retrying in %.1f s (%d/%d)", reason, delay, attempt + 1, self.retries)
                self._sleep(delay)
        raise AbstractsError(f"arXiv failed after {self.retries + 1} attempts: {reason}")

    def _wait_turn(self) -> None:
        gap = self.min_interval - (time.monotonic() - self._last_call)
        if self._last_call and gap > 0:
            self._sleep(gap)
        self._last_call = time.monotonic()

    def _cache_path(self, arxiv_id: str) -> Path | None:
        return self.cache_dir / f"{arxiv_id}.json" if self.cache_dir else None

    def _cache_get(self, arxiv_id: str) -> Abstract | None:
        path = self._cache_path(arxiv_id)
        if path is None or not path.is_file():
            return None
        try:
            return Abstract(**json.loads(path.read_text(encoding="utf-8")))
        except (json.JSONDecodeError, TypeError):
            return None  # a damaged cache entry is refetched

    def _cache_put(self, abstract: Abstract) -> None:
        path = self._cache_path(abstract.arxiv_id)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(abstract), ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)


def _retry_after(resp: httpx.Response) -> float | None:
    try:
        return float(resp.headers.get("Retry-After", ""))
    except ValueError:
        return None


def _batches(items: list[str], size: int) -> Iterator[list[str]]:
    for i in range(0, len(items), size):
        yield items[i : i + size]
