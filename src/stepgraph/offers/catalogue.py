"""A small business system for offers: an SQLite catalogue with versions, and its HTTP face.

Each offer id has one row per version (``id``, ``version``, ``source``, ``monthly``);
reading an offer gives its latest version. ``serve`` answers ``GET /offers/<id>`` with
the same record as JSON on 127.0.0.1 (tests, and a stand-in for a real service).
``fetch_offer`` is the tool the ``offers-by-id`` graph calls; its ``catalogue``
argument is a catalogue file or an ``http://127.0.0.1:PORT`` address.

    python -m stepgraph.offers.catalogue build CATALOGUE.db OFFERS.json
    python -m stepgraph.offers.catalogue serve CATALOGUE.db [--port N]
"""

from __future__ import annotations

import json
import sqlite3
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from ..errors import InputError
from .model import is_price

_SCHEMA = """CREATE TABLE IF NOT EXISTS offers (
    id TEXT NOT NULL, version INTEGER NOT NULL, source TEXT NOT NULL, monthly REAL,
    PRIMARY KEY (id, version))"""
HTTP_TIMEOUT = 10.0


def add_offers(path: str | Path, offers: Iterable[Mapping[str, Any]]) -> None:
    """Add a new version of each offer (``id``, ``source``, ``monthly``) to the catalogue."""
    rows = []
    for index, offer in enumerate(offers):
        where = f"offers[{index}]"
        if not isinstance(offer, Mapping):
            raise InputError(where, "must be an object with id, source and monthly")
        for key in ("id", "source"):
            if not isinstance(offer.get(key), str) or not offer[key]:
                raise InputError(f"{where}.{key}", "must be non-empty text")
        monthly = offer.get("monthly")
        if monthly is not None and not is_price(monthly):
            raise InputError(f"{where}.monthly", "must be a price of 0 or more, or null")
        rows.append((offer["id"], offer["source"], monthly))
    with _open(path, create=True) as db:
        for offer_id, source, monthly in rows:
            (latest,) = db.execute("SELECT COALESCE(MAX(version), 0) FROM offers WHERE id = ?",
                                   (offer_id,)).fetchone()  # fmt: skip
            db.execute("INSERT INTO offers VALUES (?, ?, ?, ?)",
                       (offer_id, latest + 1, source, monthly))  # fmt: skip


def read_offer(path: str | Path, offer_id: str) -> dict[str, Any]:
    """The latest version of ``offer_id``: ``{id, version, source, monthly}``."""
    with _open(path, create=False) as db:
        row = db.execute("SELECT id, version, source, monthly FROM offers WHERE id = ? "
                         "ORDER BY version DESC LIMIT 1", (offer_id,)).fetchone()  # fmt: skip
    if row is None:
        raise InputError("offer_id", f"no offer {offer_id!r} in the catalogue {path}")
    monthly = row[3]
    if isinstance(monthly, float) and monthly.is_integer():
        monthly = int(monthly)
    return {"id": row[0], "version": row[1], "source": row[2], "monthly": monthly}


def fetch_offer(offer_id: str, catalogue: str) -> dict[str, Any]:
    """Read one offer (price, source and version) from the run's catalogue."""
    if catalogue.startswith(("http://", "https://")):
        url = f"{catalogue.rstrip('/')}/offers/{urllib.parse.quote(offer_id, safe='')}"
        try:
            with urllib.request.urlopen(url, timeout=HTTP_TIMEOUT) as answer:
                found: dict[str, Any] = json.loads(answer.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            if error.code == 404:
                raise InputError("offer_id", f"no offer {offer_id!r} at {catalogue}") from None
            raise
        return found
    return read_offer(catalogue, offer_id)


class _Open:
    def __init__(self, path: str | Path, create: bool) -> None:
        if not create and not Path(path).is_file():
            raise InputError("catalogue", f"no catalogue file at {path}")
        self.db = sqlite3.connect(str(path))
        if create:
            self.db.execute(_SCHEMA)

    def __enter__(self) -> sqlite3.Connection:
        return self.db

    def __exit__(self, kind: object, *rest: object) -> None:
        try:
            if kind is None:
                self.db.commit()
        finally:
            self.db.close()


def _open(path: str | Path, *, create: bool) -> _Open:
    try:
        return _Open(path, create)
    except sqlite3.Error as error:
        raise InputError("catalogue", f"cannot open {path}: {error}") from error


def serve(path: str | Path, port: int = 0) -> ThreadingHTTPServer:
    """Serve the catalogue on 127.0.0.1 in a background thread; ``shutdown()`` stops it."""

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            parts = self.path.split("/")
            if len(parts) != 3 or parts[1] != "offers":
                self._answer(404, {"error": "not found"})
                return
            try:
                self._answer(200, read_offer(path, urllib.parse.unquote(parts[2])))
            except InputError as error:
                self._answer(404, {"error": error.rule})

        def _answer(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            """Quiet: tests and the command line print their own lines."""

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    threading.Thread(target=server.serve_forever, name="catalogue", daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    """``build CATALOGUE.db OFFERS.json`` or ``serve CATALOGUE.db [--port N]``."""
    args = sys.argv[1:] if argv is None else argv
    try:
        if len(args) == 3 and args[0] == "build":
            add_offers(args[1], json.loads(Path(args[2]).read_text(encoding="utf-8"))["offers"])
            return 0
        if len(args) in (2, 4) and args[0] == "serve":
            port = int(args[3]) if len(args) == 4 and args[2] == "--port" else 0
            server = serve(args[1], port)
            print(f"http://127.0.0.1:{server.server_address[1]}", flush=True)
            threading.Event().wait()
    except (InputError, OSError, ValueError, KeyError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(__doc__.split("\n\n")[-1], file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
