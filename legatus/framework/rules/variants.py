"""Rule variants: a small file that changes a base game's rules, and what it changes.

A variant names its base game and may override parameters, reorder, replace,
insert or remove steps of the sequence of play, replace whole definitions
(tables, victories, effects, defines, parameters, the sequence) and add new
ones. :func:`apply_variant` turns the base :class:`Ruleset` into a new one
(reporting what cannot be applied: unknown names, ambiguous paths, orders
that drop steps); the result is then checked like any rules. :func:`diff`
lists what differs between two rulesets, readably, for ``legatus variant diff``.

A step is named by its path, the labels of the blocks around it joined by
dots (``year.winter.check_victory``); any unique tail of the path will do
(``winter.check_victory``, or ``check_victory`` if only one step has that name).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from legatus.framework.model.errors import SourceSpan
from legatus.framework.rules import ast
from legatus.framework.rules.formatter import format_decl, format_expr, format_seq_items
from legatus.framework.rules.problems import Problem, did_you_mean
from legatus.framework.rules.ruleset import Ruleset, duplicate

_DECL_FIELD = {
    ast.ParamDecl: "params",
    ast.DefineDecl: "defines",
    ast.VictoryDecl: "victories",
    ast.EffectDecl: "effects",
    ast.TableDecl: "tables",
    ast.ProcedureDecl: "procedures",
}

Body = tuple[ast.SeqItem, ...]
IndexPath = tuple[int, ...]


def apply_variant(base: Ruleset, variant: ast.VariantFile) -> tuple[Ruleset, list[Problem]]:
    """The base rules with the variant applied, and whatever could not be applied."""
    problems: list[Problem] = []
    if base.game is not None and variant.base != base.game:
        problems.append(
            Problem(
                variant.span,
                f"variant {variant.name!r} is for game {variant.base!r}, not {base.game!r}",
            )
        )
    fields: dict[str, dict[str, ast.Decl]] = {
        name: dict(getattr(base, name)) for name in _DECL_FIELD.values()
    }
    sequence = base.sequence
    overridden: dict[str, ast.ParamOverride] = {}
    for item in variant.items:
        match item:
            case ast.ParamOverride():
                _override(item, fields["params"], overridden, problems)
            case ast.ReplaceDecl(decl=decl):
                if isinstance(decl, ast.SequenceDecl):
                    if sequence is None:
                        problems.append(
                            Problem(decl.span, "the base game has no sequence to replace")
                        )
                    sequence = decl
                    continue
                table = fields[_DECL_FIELD[type(decl)]]
                if decl.name not in table:
                    known = [n for t in fields.values() for n in t]
                    problems.append(
                        Problem(
                            decl.span,
                            f"the base game has no {ast.decl_kind(decl)} {decl.name!r} to replace",
                            did_you_mean(decl.name, table) or did_you_mean(decl.name, known),
                        )
                    )
                    continue
                table[decl.name] = decl
            case ast.SequenceDecl():
                problems.append(
                    Problem(
                        item.span,
                        "the base game already has a sequence of play",
                        "write 'replace sequence:' to change all of it",
                    )
                )
            case (
                ast.ParamDecl()
                | ast.DefineDecl()
                | ast.VictoryDecl()
                | ast.EffectDecl()
                | ast.TableDecl()
                | ast.ProcedureDecl()
            ):
                existing = {n: d for t in fields.values() for n, d in t.items()}
                if item.name in existing:
                    problem = duplicate(item, existing[item.name])
                    problems.append(
                        replace(
                            problem,
                            hint=f"write 'replace {ast.decl_kind(item)} ...' to change it",
                        )
                    )
                    continue
                fields[_DECL_FIELD[type(item)]][item.name] = item
            case _:
                if sequence is None:
                    problems.append(Problem(item.span, "the base game has no sequence of play"))
                    continue
                sequence = _edit_sequence(sequence, item, problems)
    sources = dict(base.sources)
    sources[variant.path] = variant.source
    result = base.with_changes(
        sources=sources,
        sequence=sequence,
        variants=(*base.variants, variant.name),
        values={},  # computed again once the result is checked
        compiled_tables={},
        **fields,
    )
    return result, problems


def _override(
    item: ast.ParamOverride,
    params: dict[str, ast.Decl],
    overridden: dict[str, ast.ParamOverride],
    problems: list[Problem],
) -> None:
    decl = params.get(item.name)
    if not isinstance(decl, ast.ParamDecl):
        problems.append(
            Problem(
                item.span,
                f"the base game has no parameter {item.name!r}",
                did_you_mean(item.name, params)
                or f"to add one, declare it: param {item.name}: TYPE = VALUE",
            )
        )
        return
    if item.name in overridden:
        problems.append(
            Problem(
                item.span,
                f"parameter {item.name!r} is already set by this variant "
                f"(line {overridden[item.name].span.line})",
            )
        )
    overridden[item.name] = item
    params[item.name] = replace(decl, default=item.value, rule=item.rule or decl.rule)


# -- editing the sequence ---------------------------------------------------------------


def all_paths(body: Body, prefix: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], IndexPath]]:
    """Every item's name path and index path, in order."""
    out: list[tuple[tuple[str, ...], IndexPath]] = []
    stack: list[tuple[Body, tuple[str, ...], IndexPath]] = [(body, prefix, ())]
    while stack:
        items, names, indices = stack.pop()
        found = []
        for i, item in enumerate(items):
            path = (*names, item.name)
            found.append((path, (*indices, i)))
            if isinstance(item, ast.Phase | ast.Repeat):
                stack.append((item.body, path, (*indices, i)))
        out.extend(found)
    out.sort(key=lambda pair: pair[1])
    return out


def resolve_path(
    body: Body, path: str, span: SourceSpan, problems: list[Problem]
) -> IndexPath | None:
    """The index path of the one item whose name path ends with ``path``."""
    wanted = tuple(path.split("."))
    paths = all_paths(body)
    matches = [idx for names, idx in paths if names[-len(wanted) :] == wanted]
    if len(matches) == 1:
        return matches[0]
    if not matches:
        candidates = {".".join(n[i:]) for n, _ in paths for i in range(len(n))}
        problems.append(
            Problem(
                span, f"the sequence has no step or block {path!r}", did_you_mean(path, candidates)
            )
        )
        return None
    full = [".".join(n) for n, i in paths if i in matches]
    problems.append(
        Problem(
            span,
            f"{path!r} is ambiguous: it could be {' or '.join(full)}",
            "write more of the path",
        )
    )
    return None


def _item_at(body: Body, where: IndexPath) -> ast.SeqItem:
    items = body
    item: ast.SeqItem | None = None
    for i in where:
        item = items[i]
        if isinstance(item, ast.Phase | ast.Repeat):
            items = item.body
    assert item is not None
    return item


def _splice(body: Body, where: IndexPath, replacement: Sequence[ast.SeqItem]) -> Body:
    """``body`` with the item at ``where`` replaced by ``replacement`` (maybe empty)."""
    head, *rest = where
    if not rest:
        return (*body[:head], *replacement, *body[head + 1 :])
    parent = body[head]
    assert isinstance(parent, ast.Phase | ast.Repeat)
    new_parent = replace(parent, body=_splice(parent.body, tuple(rest), replacement))
    return (*body[:head], new_parent, *body[head + 1 :])


def _edit_sequence(
    sequence: ast.SequenceDecl, item: ast.VariantItem, problems: list[Problem]
) -> ast.SequenceDecl:
    body = sequence.body
    match item:
        case ast.ReplaceItems():
            where = resolve_path(body, item.path, item.path_span, problems)
            if where is not None:
                body = _splice(body, where, _cite(item.items, item.rule))
        case ast.RemoveItem():
            where = resolve_path(body, item.path, item.path_span, problems)
            if where is not None:
                body = _splice(body, where, ())
        case ast.InsertItems():
            where = resolve_path(body, item.path, item.path_span, problems)
            if where is not None:
                anchor = _item_at(body, where)
                new = _cite(item.items, item.rule)
                around = (*new, anchor) if item.place == "before" else (anchor, *new)
                body = _splice(body, where, around)
        case ast.Reorder():
            body = _reorder(body, item, problems)
    return replace(sequence, body=body)


def _cite(items: Sequence[ast.SeqItem], rule: str | None) -> Body:
    """Items from a variant take the variant clause's citation when they have none."""
    if rule is None:
        return tuple(items)
    return tuple(i if i.rule is not None else replace(i, rule=rule) for i in items)


def _reorder(body: Body, item: ast.Reorder, problems: list[Problem]) -> Body:
    where = resolve_path(body, item.path, item.span, problems)
    if where is None:
        return body
    block = _item_at(body, where)
    if not isinstance(block, ast.Phase | ast.Repeat):
        problems.append(Problem(item.span, f"{item.path!r} is a step, not a block with steps"))
        return body
    current = {child.name: child for child in block.body}
    spans = item.order_spans or tuple(item.span for _ in item.order)
    ok = True
    seen: set[str] = set()
    for name, span in zip(item.order, spans, strict=True):
        if name not in current:
            problems.append(
                Problem(span, f"{item.path!r} has no step {name!r}", did_you_mean(name, current))
            )
            ok = False
        elif name in seen:
            problems.append(Problem(span, f"{name!r} is listed twice"))
            ok = False
        seen.add(name)
    missing = [name for name in current if name not in seen]
    if missing:
        problems.append(
            Problem(
                item.span,
                f"the new order of {item.path!r} leaves out {', '.join(map(repr, missing))}",
                "list every step of the block; to drop one, use 'remove step'",
            )
        )
        ok = False
    if not ok:
        return body
    reordered = replace(block, body=tuple(current[name] for name in item.order))
    return _splice(body, where, (reordered,))


# -- diff ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    """One difference between two rulesets, for people to read."""

    kind: str  # "param", "sequence", "table", "effect", "victory", "define"
    name: str
    summary: str
    detail: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = f"{self.kind} {self.name}: {self.summary}"
        return "\n".join([text, *("    " + line for line in self.detail)])

    def as_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "name": self.name,
            "summary": self.summary,
            "detail": list(self.detail),
        }


def diff(base: Ruleset, other: Ruleset) -> list[Change]:
    """What ``other`` changes relative to ``base``: parameters, steps, definitions."""
    changes: list[Change] = []
    changes.extend(_diff_params(base, other))
    base_body = base.sequence.body if base.sequence else ()
    other_body = other.sequence.body if other.sequence else ()
    changes.extend(_diff_body(base_body, other_body, ()))
    for kind in ("define", "victory", "effect", "table"):
        field = {
            "define": "defines",
            "victory": "victories",
            "effect": "effects",
            "table": "tables",
        }[kind]
        old, new = getattr(base, field), getattr(other, field)
        for name in sorted(set(old) | set(new)):
            if name not in new:
                changes.append(Change(kind, name, "removed"))
            elif name not in old:
                changes.append(Change(kind, name, "added", tuple(format_decl(new[name]))))
            elif old[name] != new[name]:
                before, after = format_decl(old[name]), format_decl(new[name])
                lines = difflib.unified_diff(before, after, "base", "variant", n=1, lineterm="")
                changes.append(Change(kind, name, "replaced", tuple(list(lines)[2:])))
    return changes


def _value(decl: ast.ParamDecl, ruleset: Ruleset) -> str:
    if decl.name in ruleset.values:
        return repr(ruleset.values[decl.name])
    return format_expr(decl.default)


def _diff_params(base: Ruleset, other: Ruleset) -> list[Change]:
    out = []
    for name in sorted(set(base.params) | set(other.params)):
        old, new = base.params.get(name), other.params.get(name)
        if new is None:
            out.append(Change("param", name, "removed"))
        elif old is None:
            out.append(
                Change(
                    "param",
                    name,
                    f"added: {new.type.name} = {_value(new, other)}",
                    _cited(new.rule),
                )
            )
        elif old != new:
            before, after = _value(old, base), _value(new, other)
            summary = f"{before} -> {after}" if before != after else "redeclared"
            if old.type != new.type:
                summary += f" (type {old.type.name} -> {new.type.name})"
            out.append(Change("param", name, summary, _cited(new.rule)))
    return out


def _cited(rule: str | None) -> tuple[str, ...]:
    return (f"@rule {rule!r}",) if rule else ()


def _line(item: ast.SeqItem) -> str:
    """One item's own line (for blocks: the header without the body), unpadded."""
    if isinstance(item, ast.Phase | ast.Repeat):
        item = replace(item, body=())
    return _compact(format_seq_items([item], 0)[0])


def _compact(line: str) -> str:
    return re.sub(r" {2,}@rule ", "  @rule ", line)


def _diff_body(old: Body, new: Body, path: tuple[str, ...]) -> list[Change]:
    out: list[Change] = []
    where = ".".join(path) or "sequence"
    old_names = [i.name for i in old]
    new_names = [i.name for i in new]
    old_by, new_by = {i.name: i for i in old}, {i.name: i for i in new}
    for name in old_names:
        if name not in new_by:
            out.append(
                Change(
                    "sequence", ".".join((*path, name)), "removed", (_line(old_by[name]).strip(),)
                )
            )
    for position, name in enumerate(new_names):
        if name not in old_by:
            previous = new_names[position - 1] if position else None
            place = f"after {previous}" if previous else f"at the start of {where}"
            lines = [_compact(line) for line in format_seq_items([new_by[name]], 0)]
            out.append(Change("sequence", ".".join((*path, name)), f"added {place}", tuple(lines)))
    common_old = [n for n in old_names if n in new_by]
    common_new = [n for n in new_names if n in old_by]
    if common_old != common_new:
        out.append(
            Change(
                "sequence",
                where,
                "order changed",
                ("was: " + ", ".join(old_names), "now: " + ", ".join(new_names)),
            )
        )
    for name in common_new:
        before, after = old_by[name], new_by[name]
        if before == after:
            continue
        if _line(before) != _line(after):
            out.append(
                Change(
                    "sequence",
                    ".".join((*path, name)),
                    "changed",
                    ("was: " + _line(before).strip(), "now: " + _line(after).strip()),
                )
            )
        if isinstance(before, ast.Phase | ast.Repeat) and isinstance(after, ast.Phase | ast.Repeat):
            out.extend(_diff_body(before.body, after.body, (*path, name)))
    return out
