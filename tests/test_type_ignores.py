"""The strictly typed packages silence the type checker only with a reason: each ``type: ignore`` names its error
code (mypy's ignore-without-code checks that) and says why on the same line, after a second ``#``."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STRICT: list[str] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["files"]
_IGNORE = re.compile(r"#\s*type:\s*ignore(?P<rest>.*)$")
_WITH_REASON = re.compile(r"^\[[\w\-, ]+\]\s+#\s*\S")


def test_every_type_ignore_in_the_strict_packages_says_why() -> None:
    unexplained = []
    for package in STRICT:
        for path in sorted((ROOT / package).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                found = _IGNORE.search(line)
                if found and not _WITH_REASON.match(found["rest"]):
                    unexplained.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not unexplained, "a type: ignore without a reason after it:\n" + "\n".join(unexplained)
