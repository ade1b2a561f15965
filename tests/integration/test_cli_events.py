"""``run``/``resume --json-events``: one JSON line per step event, then the report."""

from __future__ import annotations

import json
from pathlib import Path

from stepgraph.cli_progress import JsonLines, ProgressLine, listener
from stepgraph.stream import NodeStarted, RunFinished
from tests.integration.cli_helpers import EXAMPLE, stepgraph


def test_run_json_events_prints_one_json_line_per_event_in_order(tmp_path: Path) -> None:
    outcome = stepgraph("run", "offers", EXAMPLE, "--json-events", "--json", cwd=tmp_path)

    assert outcome.code == 0, outcome.err
    lines = [json.loads(line) for line in outcome.out.splitlines()]
    names = [line.get("event") for line in lines[:-1]]
    assert names[0] == "RunStarted"
    assert names[-1] == "RunFinished"
    assert [line["node"] for line in lines if line.get("event") == "NodeSaved"] == [
        "inspect", "draft", "verify"]  # fmt: skip
    assert lines[-1]["status"] == "ready_for_review"  # the usual --json report comes last
    assert outcome.err == ""


def test_resume_json_events_starts_with_a_resumed_run(tmp_path: Path) -> None:
    first = stepgraph("run", "offers", EXAMPLE, "--max-steps", "1", "--json", cwd=tmp_path)
    run_id = first.json()["run_id"]

    outcome = stepgraph("resume", run_id, "--json-events", cwd=tmp_path)

    assert outcome.code == 0, outcome.err
    started = json.loads(outcome.out.splitlines()[0])
    assert started["event"] == "RunStarted"
    assert (started["resumed"], started["version"]) == (True, 1)


def test_run_without_json_events_prints_no_progress_when_piped(tmp_path: Path) -> None:
    outcome = stepgraph("run", "offers", EXAMPLE, cwd=tmp_path)

    assert outcome.code == 0
    assert outcome.err == ""
    assert "RunStarted" not in outcome.out


class Terminal:
    """A text stream that says it is a terminal and keeps what was written."""

    def __init__(self) -> None:
        self.text = ""

    def isatty(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass


def test_on_a_terminal_the_progress_line_shows_the_node_and_is_cleared_at_the_end() -> None:
    terminal = Terminal()
    show = listener(False, err=terminal)  # type: ignore[arg-type]
    assert isinstance(show, ProgressLine)

    show(NodeStarted(run_id="r", node="verify", step=3))
    assert "step 3: verify" in terminal.text
    show(RunFinished(run_id="r", status="done", next="END", version=3, steps_run=3,
                     duration_s=0.1))  # fmt: skip
    assert terminal.text.endswith("\r")
    assert terminal.text.rsplit("\r", 2)[-2].strip() == ""


def test_the_progress_line_escapes_control_characters_but_keeps_its_own_return() -> None:
    from stepgraph.cli_io import SafeStream

    terminal = Terminal()
    show = listener(False, err=SafeStream(terminal))  # type: ignore[arg-type]
    assert isinstance(show, ProgressLine)

    show(NodeStarted(run_id="r", node="a\x1b[2Jb", step=1))

    assert terminal.text.startswith("\r")  # the line is rewritten in place
    assert "\x1b" not in terminal.text
    assert "a\\u001b[2Jb" in terminal.text


class ClosedPipe:
    """A stream whose reader went away after the first line."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def write(self, text: str) -> int:
        if self.lines:
            raise BrokenPipeError(32, "Broken pipe")
        self.lines.append(text)
        return len(text)

    def flush(self) -> None:
        pass


def test_json_events_into_a_closed_pipe_stop_quietly() -> None:
    pipe = ClosedPipe()
    show = JsonLines(pipe)  # type: ignore[arg-type]

    for step in (1, 2, 3):
        show(NodeStarted(run_id="r", node="a", step=step))  # no error reaches the run

    assert len(pipe.lines) == 1
    assert show.gone
