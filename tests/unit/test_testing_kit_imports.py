"""stepgraph.testing needs only the standard library (it ships in the core package)."""

from __future__ import annotations

import json
import subprocess
import sys


def test_importing_the_testing_kit_loads_only_the_standard_library_and_stepgraph() -> None:
    code = (
        "import json, sys; before = set(sys.modules); import stepgraph.testing; "
        "print(json.dumps(sorted({m.split('.')[0] for m in set(sys.modules) - before})))"
    )
    loaded = json.loads(subprocess.run([sys.executable, "-c", code], check=True,
                                       capture_output=True, text=True).stdout)  # fmt: skip
    outside = [m for m in loaded if m not in sys.stdlib_module_names and m != "stepgraph"]
    assert outside == []
