#!/usr/bin/env python3
"""Import circles between source files, and the CLI's layers.

For every package of the workspace (the root package and `crates/*`), reads the module tree of
`src/` from `lib.rs` and `main.rs` (`mod x;`, `#[path = "..."] mod x;`, inline `mod x { .. }`)
and every path each module names: its `use` declarations (`pub use` re-exports included) and
the paths written in its code (`crate::a::b`, `super::x`, `self::x`, a child module's name). A
path is followed to the module that *defines* the item it names: through the modules it spells
out, then through `use` bindings on the way (so `crate::Obb3`, re-exported by `lib.rs`, leads to
the file that defines `Obb3`, not to `lib.rs`). A file imports the files of the modules its
paths lead to; a parent's `mod x;` is no import, a parent's `pub use x::Item` is one.

An *import circle* is a set of two or more files each of which imports the others, directly or
through the rest (a strongly connected component of the import graph); every one is printed.

The root package, the `obbsat` CLI, is also checked for its layers: each module imports only
from its own layer or from those below it, `util` (0), `case` (1), `engine` (2), `command` (3),
`cli` (4); `lib.rs` and `main.rs` are the facade over all of them.

Usage: python3 scripts/import_cycles.py [WORKSPACE_DIR]
Exit status 1 when a circle or a layer violation is found. Paths that macros build are not seen.
"""

import re
import sys
from pathlib import Path

LAYERS = {"util": 0, "case": 1, "engine": 2, "command": 3, "cli": 4}


def strip(text):
    """The code without comments and literals; line breaks are kept, so offsets map to lines."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        path_attr = re.match(r'#\[path\s*=\s*"[^"]*"\]', text[i:i + 300]) if c == "#" else None
        if path_attr:  # kept: it says where a module's file is
            out.append(path_attr.group(0))
            i += path_attr.end()
        elif text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else " ")
                    i += 1
        elif re.match(r'b?r#*"', text[i:i + 12]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'b?r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + m.end())
            end = n if end < 0 else end + 1 + len(m.group(1))
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'" and re.match(r"'(\\[^']{1,10}|[^\\'])'", text[i:i + 13]):
            m = re.match(r"'(\\[^']{1,10}|[^\\'])'", text[i:])
            out.append("' '")
            i += m.end()
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching_brace(code, open_at):
    depth = 0
    for i in range(open_at, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return len(code)


class Module:
    def __init__(self, path, file, parent, code):
        self.path = path  # names from the crate root
        self.file = file  # the file that holds its code
        self.parent = parent
        self.code = code  # its own code (inline child modules cut out)
        self.children = {}  # name -> Module
        self.bindings = {}  # a name a `use` brings in -> the path it names


MOD = re.compile(r"((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])")


def read_tree(root_file):
    """Every module of a crate: path -> Module."""
    modules = {}

    def visit(path, file, parent, code, directory):
        own, inline, declared = [], [], []
        at = 0
        for m in MOD.finditer(code):
            if m.start() < at:
                continue
            if m.group(3) == "{":
                end = matching_brace(code, m.end() - 1)
                inline.append((m.group(2), code[m.end():end]))
                own.append(code[at:m.start()])
                at = end + 1
            else:
                attr = re.search(r'#\[path\s*=\s*"([^"]+)"\]', m.group(1))
                declared.append((m.group(2), attr.group(1) if attr else None))
        own.append(code[at:])
        module = Module(path, file, parent, "".join(own))
        modules[path] = module
        if parent is not None:
            parent.children[path[-1]] = module
        for name, body in inline:
            visit(path + (name,), file, module, body, directory / name)
        for name, attr in declared:
            if attr:
                candidates = [(file.parent / attr).resolve()]
            else:
                candidates = [directory / f"{name}.rs", directory / name / "mod.rs"]
            child = next((c for c in candidates if c.exists()), None)
            if child is None:
                continue
            child_dir = child.parent if child.name == "mod.rs" else child.parent / child.stem
            raw = child.read_text()
            visit(path + (name,), child, module, strip(raw), child_dir)
        return module

    # the original text, stripped, of the root is read once more for the literals' line numbers
    visit((), root_file, None, strip(root_file.read_text()), root_file.parent)
    return modules


def use_trees(code):
    """Each `use` declaration's tree, with `x as y` written `x@y` and no whitespace."""
    for m in re.finditer(r"\buse\s+([^;]+);", code):
        tree = re.sub(r"\s+as\s+", "@", m.group(1))
        yield re.sub(r"\s+", "", tree).lstrip(":")


def leaves(tree, prefix=()):
    """[(path, bound name)] of a use tree: `a::{b, c::{d@e}}` -> [([a, b], b), ([a, c, d], e)]."""
    brace = tree.find("{")
    if brace < 0:
        head, _, alias = tree.partition("@")
        path = list(prefix) + [p for p in head.split("::") if p]
        if path and path[-1] == "self":
            path = path[:-1]
        return [(path, alias or (path[-1] if path else ""))]
    start_prefix = list(prefix) + [p for p in tree[:brace].split("::") if p]
    parts, depth, start = [], 0, brace + 1
    for i in range(brace, len(tree)):
        ch = tree[i]
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                parts.append(tree[start:i])
                break
        elif ch == "," and depth == 1:
            parts.append(tree[start:i])
            start = i + 1
    out = []
    for part in parts:
        if part:
            out.extend(leaves(part, start_prefix))
    return out


def resolve(modules, module, path, seen=None):
    """The module that defines what `path`, named inside `module`, refers to (None: outside the
    crate, or a local name)."""
    if not path:
        return None
    if path[0] == "crate":
        at, rest = modules[()], path[1:]
    elif path[0] in ("super", "self"):
        at, rest = module, list(path)
        while rest and rest[0] in ("super", "self"):
            if rest[0] == "super":
                at = at.parent
                if at is None:
                    return None
            rest = rest[1:]
    elif path[0] in module.children:
        at, rest = module, list(path)
    elif path[0] in module.bindings and len(path) > 1:
        at, rest = module, list(path)
    else:
        return None
    seen = seen if seen is not None else set()
    for i, name in enumerate(rest):
        if name in at.children:
            at = at.children[name]
            continue
        binding = at.bindings.get(name)
        if binding is not None:
            if (at.path, name) in seen:
                return None
            seen.add((at.path, name))
            # An item another crate defines (None) is no import of the file that names it.
            return resolve(modules, at, binding + rest[i + 1:], seen)
        break
    return at


def crate_graph(src):
    """file -> the files it imports."""
    edges = {}
    for root_file in (src / "lib.rs", src / "main.rs"):
        if not root_file.exists():
            continue
        modules = read_tree(root_file)
        for module in modules.values():
            for tree in use_trees(module.code):
                for path, name in leaves(tree):
                    if path and name not in ("*", "self", "_"):
                        module.bindings.setdefault(name, path)
        for module in modules.values():
            paths = [path for tree in use_trees(module.code) for path, _ in leaves(tree)]
            paths += [p.split("::") for p in re.findall(r"\b((?:crate|super|self)(?:::\w+)+)", module.code)]
            paths += [p.split("::") for p in re.findall(r"(?<![\w:])(\w+(?:::\w+)+)", module.code)
                      if p.split("::")[0] in module.children]
            targets = edges.setdefault(module.file, set())
            for path in paths:
                target = resolve(modules, module, path)
                if target is not None and target.file != module.file:
                    targets.add(target.file)
    return edges


def circles(edges):
    """The strongly connected components of two or more files (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges.get(root, ()))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                component = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    component.append(x)
                    if x == v:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


def layer(src, file):
    top = file.relative_to(src).parts[0]
    if top in ("lib.rs", "main.rs"):
        return None
    return LAYERS.get(top.removesuffix(".rs"), "none")


def main():
    workspace = Path(sys.argv[1] if len(sys.argv) > 1 else ".").resolve()
    packages = [workspace] + sorted(p for p in (workspace / "crates").iterdir() if (p / "src").is_dir())
    found = 0
    for package in packages:
        src = package / "src"
        name = "obbsat" if package == workspace else package.name
        edges = crate_graph(src)
        found_circles = circles(edges)
        for circle in found_circles:
            files = ", ".join(str(f.relative_to(package)) for f in circle)
            print(f"{name}: import circle of {len(circle)} files: {files}")
        found += len(found_circles)
        if package == workspace:
            for a, targets in sorted(edges.items()):
                for b in sorted(targets):
                    la, lb = layer(src, a), layer(src, b)
                    if la is None:
                        continue
                    if "none" in (la, lb) or (lb is not None and lb > la):
                        found += 1
                        print(f"{name}: {a.relative_to(package)} (layer {la}) imports "
                              f"{b.relative_to(package)} (layer {lb})")
        imports = sum(map(len, edges.values()))
        print(f"{name}: {len(edges)} files, {imports} imports between files, {len(found_circles)} circles")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
