"""``python -m stepgraph`` is the ``stepgraph`` command."""

from .cli import main

raise SystemExit(main())
