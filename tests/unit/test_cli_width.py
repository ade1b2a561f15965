"""The command line's help is laid out exactly as argparse's own formatter lays it out
(the CLI's formatter only avoids importing shutil to learn the width)."""

from __future__ import annotations

import argparse

import pytest

from stepgraph import cli


@pytest.mark.parametrize("columns", ["60", "200", "lots"])
def test_help_is_laid_out_as_argparse_lays_it_out(
    columns: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", columns)
    parser = cli._parser(["run"])
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    command = sub.choices["run"]
    ours = command.format_help(), parser.format_help()
    command.formatter_class = parser.formatter_class = argparse.RawDescriptionHelpFormatter
    command.epilog = parser.epilog = cli.epilog()  # the CLI's formatter writes it for --help
    assert (command.format_help(), parser.format_help()) == ours
