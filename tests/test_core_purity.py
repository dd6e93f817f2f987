"""cabinet/core must stay pure: no pygame, no global random, no floats on money paths."""

import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "cabinet" / "core"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_core_sources_never_import_pygame_or_global_random() -> None:
    files = list(CORE.rglob("*.py"))
    assert files, "no core sources found"
    offenders = {str(p.relative_to(CORE)): sorted(_imports(p) & {"pygame", "random"}) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_importing_every_core_module_leaves_pygame_unloaded() -> None:
    modules = sorted(
        "cabinet.core." + ".".join(p.relative_to(CORE).with_suffix("").parts)
        for p in CORE.rglob("*.py")
        if p.name != "__init__.py"
    )
    code = "import sys, importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in modules)
    code += "print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "False"
