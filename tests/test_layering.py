"""The layers hold: every module's imports (top-level, inside functions, relative, under TYPE_CHECKING) go only
downwards, as README's Layout says — the engine imports nothing of ours, the words and the pictures stand on the
engine, the lessons on both, practice and play on the lessons, the app on everything, ``tutorial_app.py`` on the app.
A new package, or a new third-party library in a package that is pure Python, fails here until this table says so.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: Each of our packages (and the entry file) with the packages of ours it may import.
LAYERS: dict[str, frozenset[str]] = {
    "engine": frozenset(),
    "wording": frozenset({"engine"}),
    "render": frozenset({"engine"}),
    "lessons": frozenset({"engine", "wording"}),
    "practice": frozenset({"engine", "wording", "lessons"}),
    "play": frozenset({"engine", "wording", "lessons"}),
    "app": frozenset({"engine", "wording", "render", "lessons", "practice", "play"}),
    "tutorial_app": frozenset({"app"}),
}
#: The libraries beyond the standard library each may import: the engine, the words, the lessons and play are pure
#: Python; practice rates puzzles with glicko2 and schedules the daily plan with fsrs (both pure Python); only the
#: pictures draw with Pillow, and only the app speaks Streamlit (None: anything).
LIBRARIES: dict[str, frozenset[str] | None] = {
    "practice": frozenset({"glicko2", "fsrs"}),
    "render": frozenset({"PIL"}),
    "app": None,
    "tutorial_app": frozenset({"streamlit"}),
}
#: Folders of Python that are no layer: they may import anything, and nothing of the layers may import them.
OUTSIDE = frozenset({"tests", "benchmarks"})


def _module_name(path: Path, root: Path) -> tuple[str, bool]:
    """A file's dotted module name, and whether it is a package's ``__init__``."""
    parts = path.relative_to(root).with_suffix("").parts
    if parts[-1] == "__init__":
        return ".".join(parts[:-1]), True
    return ".".join(parts), False


def _imported(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The absolute names an import statement brings in (a relative one resolved against ``module``)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level == 0:
        return [node.module or ""]
    package = module.split(".") if is_package else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)] if node.level - 1 <= len(package) else []
    if not base:
        return [f"{'.' * node.level}{node.module or ''} (above the top level)"]
    if node.module:
        return [".".join([*base, node.module])]
    return [".".join([*base, alias.name]) for alias in node.names]  # from . import x


def _python_files(root: Path) -> list[Path]:
    """Every Python file of the layers: the top-level files and the folders but tests, benchmarks and hidden ones."""
    files = []
    for top in sorted(root.iterdir()):
        if top.name.startswith(".") or top.name in OUTSIDE:
            continue
        if top.is_dir():
            files += sorted(path for path in top.rglob("*.py") if not any(
                part.startswith(".") for part in path.relative_to(root).parts))
        elif top.suffix == ".py":
            files.append(top)
    return files


def layering_faults(root: Path) -> list[str]:
    """Every import against the layering under ``root``, as ``file:line: what is wrong``."""
    faults = []
    stdlib = sys.stdlib_module_names
    for path in _python_files(root):
        module, is_package = _module_name(path, root)
        layer = module.split(".")[0]
        where = path.relative_to(root).as_posix()
        if layer not in LAYERS:
            faults.append(f"{where}: module {module} is in no layer "
                          f"(add {layer!r} to LAYERS in tests/test_layering.py)")
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for name in _imported(node, module, is_package):
                top = name.split(".")[0]
                if top == layer or top in LAYERS[layer] or top in stdlib:
                    continue
                at = f"{where}:{node.lineno}: {module} imports {name}"
                if top in LAYERS or top in OUTSIDE or not top:
                    allowed = ", ".join(sorted(LAYERS[layer])) or "nothing of ours"
                    faults.append(f"{at}, against the layering ({layer} may import {allowed})")
                elif (libraries := LIBRARIES.get(layer, frozenset())) is not None and top not in libraries:
                    allowed = ", ".join(sorted(libraries)) or "the standard library only"
                    faults.append(f"{at}, a library {layer} may not use ({layer}: {allowed})")
    return faults


def test_every_import_goes_down_the_layers() -> None:
    faults = layering_faults(ROOT)
    assert not faults, "imports against the layering:\n" + "\n".join(faults)


def test_the_layers_named_are_the_packages_there_are() -> None:
    packages = {path.parent.name for path in ROOT.glob("*/__init__.py")} | {path.stem for path in ROOT.glob("*.py")}
    assert packages - OUTSIDE == set(LAYERS)


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_it_finds_a_bad_import_wherever_it_hides(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "engine/__init__.py": "from .tile import Tile\n",
        "engine/tile.py": "import random\n\nclass Tile:\n    pass\n",
        "lessons/__init__.py": "",
        "lessons/drills.py": "def make():\n    from practice.drills import make_drill\n    return make_drill\n",
        "lessons/model.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app import state\n",
        "lessons/sub/__init__.py": "from ...practice import codes\nfrom .. import model\nfrom ..drills import make\n",
        "practice/__init__.py": "from lessons import model\nfrom engine import Tile\n",
        "render/__init__.py": "import PIL.Image\nimport streamlit as st\n",
        "wording/__init__.py": "import engine\nimport lessons.model\n",
        "play/coach.py": "import numpy\n",
        "tutorial_app.py": "import app\nimport tests.app_support\n",
        "tools/check.py": "import engine\n",
    })
    faults = layering_faults(root)
    found = {fault.split(": ", 1)[1].split(",")[0] for fault in faults}
    assert found == {
        "lessons.drills imports practice.drills",  # inside a function
        "lessons.model imports app",  # under TYPE_CHECKING
        "lessons.sub imports ...practice (above the top level)",  # relative, climbing out of lessons
        "render imports streamlit",
        "wording imports lessons.model",
        "play.coach imports numpy",
        "tutorial_app imports tests.app_support",
        "module tools.check is in no layer (add 'tools' to LAYERS in tests/test_layering.py)",
    }, faults
    assert "lessons/drills.py:2: lessons.drills imports practice.drills, against the layering " \
           "(lessons may import engine, wording)" in faults
