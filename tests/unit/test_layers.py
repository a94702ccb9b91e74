"""Imports point one way (docs/architecture.md, DESIGN.md "Layers and kinds"):

    shared model  <-  kinds/<kind>  <-  kinds registry  <-  store  <-  ui  <-  cli, api

Every import in ``nonotui`` is read with ``ast`` (module level, inside functions, and under
``TYPE_CHECKING``): a module never imports one of a higher layer, kinds never import each other,
and above the registry nothing imports a kind's own modules (store, ui and cli reach a kind only
through the registry and the ``Kind`` protocol). A second test finds import cycles.

What is not there yet is listed, each with its reason; an entry that no longer happens fails the
test, so the lists only shrink.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "nonotui"

SHARED, KIND, REGISTRY, STORE, UI, TOP = range(6)
LAYER_NAMES = ("shared model", "a kind", "the kinds registry", "store", "ui", "cli/api")

KNOWN_CROSSINGS: dict[tuple[str, str], str] = {
    # (importer, imported): why it is still there
}
"""Crossings of the layers still to be removed (none left: the nonogram kind's model, formats
and engine live under nonotui/kinds/nonogram/, and the shared board reads no clues)."""

UI_STILL_NONOGRAM: set[str] = set()

KNOWN_CYCLES: list[set[str]] = []


def module_files() -> dict[str, Path]:
    out = {}
    for path in PACKAGE.rglob("*.py"):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = module_files()


def owner(name: str) -> str:
    """The module a dotted import name lands in (``nonotui.model.Board`` -> ``nonotui.model``)."""
    while name not in MODULES:
        name = name.rpartition(".")[0]
    return name


def kind_of_module(name: str) -> str | None:
    """The kind a module belongs to, or ``None`` for shared and upper-layer modules."""
    if name.startswith("nonotui.kinds."):
        return name.split(".")[2]
    return None


def layer(name: str) -> int:
    if kind_of_module(name) is not None:
        return KIND
    if name == "nonotui.kinds":
        return REGISTRY
    for prefix, value in (("nonotui.model", SHARED), ("nonotui.errors", SHARED),
                          ("nonotui.lazy", SHARED),
                          ("nonotui.store", STORE), ("nonotui.ui", UI), ("nonotui.cli", TOP),
                          ("nonotui.api", TOP), ("nonotui.__main__", TOP),
                          ("nonotui.warm", TOP)):
        if name == prefix or name.startswith(prefix + "."):
            return value
    assert name == "nonotui", name
    return SHARED


def imports(path: Path) -> set[str]:
    """Every nonotui module ``path`` imports (``from X import Y`` counts Y when it is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    # the package a relative import starts from (the kernel packages import relatively, so that
    # they can move as a whole)
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    package = parts if parts[-1] == "__init__" else parts[:-1]
    if package and package[-1] == "__init__":
        package = package[:-1]
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[: len(package) - (node.level - 1)]
            module = ".".join(base + ([node.module] if node.module else []))
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
        else:
            module = ""
        if isinstance(node, ast.ImportFrom) and module.split(".")[0] == "nonotui":
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.add(full if full in MODULES else owner(module))
        elif isinstance(node, ast.Import):
            found.update(owner(a.name) for a in node.names if a.name.split(".")[0] == "nonotui")
    return found


def crossings() -> dict[tuple[str, str], str]:
    """Every import that goes against the layers, with what is wrong with it."""
    out = {}
    for name, path in MODULES.items():
        for target in imports(path):
            if target == name:
                continue
            mine, theirs = layer(name), layer(target)
            kind, other = kind_of_module(name), kind_of_module(target)
            if theirs > mine:
                out[(name, target)] = f"{LAYER_NAMES[mine]} imports {LAYER_NAMES[theirs]}"
            elif mine == KIND and other is not None and other != kind:
                out[(name, target)] = f"kind {kind} imports kind {other}"
            elif mine > REGISTRY and other is not None:
                out[(name, target)] = f"{LAYER_NAMES[mine]} imports a kind's module directly"
    return out


def test_the_layer_table_knows_every_module() -> None:
    assert {layer(m) for m in MODULES} == set(range(6))


def test_imports_point_one_way() -> None:
    found = crossings()
    ui = {k: v for k, v in found.items() if k[0] in UI_STILL_NONOGRAM
          and v.endswith("a kind's module directly")}
    unexpected = {k: v for k, v in found.items() if k not in KNOWN_CROSSINGS and k not in ui}
    assert not unexpected, "\n".join(f"{a} -> {b}: {why}" for (a, b), why in unexpected.items())
    stale = [k for k in KNOWN_CROSSINGS if k not in found]
    assert not stale, f"no longer crossing, remove from KNOWN_CROSSINGS: {stale}"
    stale_ui = sorted(UI_STILL_NONOGRAM - {a for a, _ in ui})
    assert not stale_ui, f"reach kinds through the registry now, remove: {stale_ui}"


def test_store_and_cli_name_no_kind() -> None:
    """No ``if kind == ...`` above the registry: the CLI and the store never spell a kind's
    name (the store's migration of schemas written before kinds existed excepted)."""
    for name, path in MODULES.items():
        if layer(name) in (STORE, TOP):
            text = path.read_text(encoding="utf-8")
            count = text.count('"nonogram"')
            allowed = 1 if name == "nonotui.store.progress" else 0
            assert count == allowed, f"{name} names the nonogram kind {count} times"


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_no_import_cycle() -> None:
    """Counting every import: at module level, for type checking, and inside functions (a
    function's import cannot fail at load time, but a circle through one still ties the
    modules into one knot that no reader can take apart)."""
    graph = {name: {t for t in imports(path) if t != name} for name, path in MODULES.items()}
    found = cycles(graph)
    assert [c for c in found if c not in KNOWN_CYCLES] == []
    assert [c for c in KNOWN_CYCLES if c not in found] == [], "a known cycle is gone: remove it"


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]
