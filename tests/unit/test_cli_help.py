"""The command line's help is complete, and its exit-code table is the one README copies."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from stepgraph import cli
from stepgraph.cli_codes import EXIT_CODES, STATUS_EXIT, exit_table
from stepgraph.statuses import STATUSES

README = Path(__file__).resolve().parents[2] / "README.md"


def commands() -> dict[str, argparse.ArgumentParser]:
    parser = cli._parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_every_command_has_help() -> None:
    parser = cli._parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    described = {action.dest: action.help for action in sub._choices_actions}
    assert set(described) == set(commands())
    assert all(described.values()), [name for name, text in described.items() if not text]


def test_every_option_and_argument_of_every_command_has_help() -> None:
    missing = [
        f"{name} {action.dest}"
        for name, command in commands().items()
        for action in command._actions
        if not isinstance(action, argparse._HelpAction) and not action.help
    ]
    assert missing == []


def test_the_store_help_names_every_backend() -> None:
    (store,) = [a for a in commands()["status"]._actions if a.dest == "store"]
    assert store.help is not None
    for scheme in ("memory:", "file:", "sqlite:", "postgresql://"):
        assert scheme in store.help


def test_help_prints_every_exit_code(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["--help"]) == 0
    out = capsys.readouterr().out
    assert exit_table() in out
    assert [code for code, _ in EXIT_CODES] == list(range(12))


def test_each_command_help_ends_with_the_exit_codes_and_environment(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for argv in (["run", "--help"], ["approve", "--help"]):
        assert cli.main(argv) == 0
        out = capsys.readouterr().out
        assert exit_table() in out
        assert "STEPGRAPH_SIGNING_KEY" in out
        assert cli.EPILOG not in out  # the placeholder is never printed


def test_the_readme_exit_code_table_is_the_codes_table() -> None:
    rows = re.findall(r"^\| (\d+) \| (.+) \|$", README.read_text(encoding="utf-8"), re.M)
    assert [(int(code), text.replace("`", "")) for code, text in rows] == list(EXIT_CODES)


def test_every_status_with_its_own_exit_code_is_in_the_vocabulary() -> None:
    assert set(STATUS_EXIT) <= set(STATUSES)
    assert (STATUS_EXIT["failed"], STATUS_EXIT["dead"], STATUS_EXIT["cancelled"]) == (9, 9, 10)
