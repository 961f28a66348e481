"""The board at the terminal: a drawn map, and what a player looks up on it.

A player at the terminal reads the map (``map``), asks about a place (``where PLACE``: what
it is, what stands there, its neighbours by the kind of connection and what stands there),
lists his own pieces (``blocks``) and reads what the abbreviations mean (``legend``). A
:class:`TextBoard` answers each from the map data and **one side's view** alone, so it shows
nothing that side may not see: its own pieces by name and strength, the others as its view
has them (where they are and whose, not which they are). A game gets the generic board for
nothing; its plugin may return a subclass from :meth:`GamePlugin.text_board
<legatus.framework.engine.gameplugin.GamePlugin.text_board>` that says more in the game's
words: Julius Caesar's road limits and what moved along each road this turn, Hannibal
Barkas's cities and armies. The hooks a game overrides are the methods before the commands:
:meth:`~TextBoard.label`, :meth:`~TextBoard.space_facts`, :meth:`~TextBoard.connection_note`,
:meth:`~TextBoard.piece_text`, :meth:`~TextBoard.blocks`, :meth:`~TextBoard.legend_notes`,
and for the choices and the log :meth:`~TextBoard.describe`, :meth:`~TextBoard.warning`,
:meth:`~TextBoard.words`.

The view a front end passes may carry, under ``stack``, the procedures' frames as the side
sees them (:func:`legatus.framework.engine.frames.stack_for`): a game reads where a group
stands there, for instance, to say where a step leads.

Each space has a short code (``Rom`` for Roma, ``CNo`` for Carthago Nova; a hex is its own
id) by which the map draws it and a player may name it.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from legatus.framework.engine.actions import Action
from legatus.framework.engine.language import DEFAULT_LANGUAGE
from legatus.framework.engine.render import _state_marks, _wrapped, natural_key
from legatus.framework.engine.state import OFF_MAP
from legatus.framework.engine.textmap import (
    BOLD,
    DIM,
    Label,
    Style,
    draw_areas,
    draw_hexes,
    line_pattern,
    line_sample,
    paint,
    sgr,
)
from legatus.framework.model.gamedef import GameDef, Piece
from legatus.framework.model.hexgrid import FACINGS
from legatus.framework.model.layout import named_spaces, positions
from legatus.framework.model.names import did_you_mean

View = Mapping[str, Any]

#: Where pieces stand off the map (a pool of blocks to levy, pieces out of play).
#: A facing as an arrow (Unicode, ASCII).
ARROWS = dict(zip(FACINGS, zip("↑↗↘↓↙↖", "^/\\v/\\", strict=True), strict=True))
#: Drawing without colour, in 120 columns (a file, a test).
PLAIN = Style()
#: SGR codes: VP marks, seas.
_VP_CODE, _SEA_CODE = "93", "34"


def space_codes(ids: Iterable[str]) -> dict[str, str]:
    """A short code for each id, unique in any letter case: its first three letters, or for
    an id of several words the first letter and the start of the last word.

    >>> space_codes(["Roma", "Carthago", "Carthago Nova", "Mare Aegaeum", "Mare Aegypticum"])
    {'Carthago': 'Car', 'Carthago Nova': 'CNo', 'Mare Aegaeum': 'MAe', 'Mare Aegypticum': 'MAg', 'Roma': 'Rom'}
    """
    codes: dict[str, str] = {}
    used: set[str] = set()
    for ident in sorted(ids, key=natural_key):
        for candidate in _candidates(ident):
            if candidate.casefold() not in used:
                codes[ident] = candidate
                used.add(candidate.casefold())
                break
        else:
            codes[ident] = ident
            used.add(ident.casefold())
    return dict(sorted(codes.items(), key=lambda item: natural_key(item[0])))


def _candidates(ident: str) -> Iterable[str]:
    words = re.findall(r"[^\W_]+", ident)
    if not words:
        return
    first, last = words[0], words[-1]
    if len(words) > 1:
        yield first[0].upper() + last[:2].capitalize()
        for k in range(2, len(last)):
            yield first[0].upper() + last[0].upper() + last[k].lower()
    joined = "".join(words)
    yield joined[:1].upper() + joined[1:3]
    for i in range(1, len(joined)):
        for j in range(i + 1, len(joined)):
            yield joined[0].upper() + joined[i].lower() + joined[j].lower()


def unique_prefixes(names: Sequence[str]) -> dict[str, str]:
    """The shortest start of each name that no other name shares, capitalised.

    >>> unique_prefixes(["rome", "carthage", "massilia", "macedonia"])
    {'rome': 'R', 'carthage': 'C', 'massilia': 'Mas', 'macedonia': 'Mac'}
    """
    found = {}
    for name in names:
        size = 1
        while size < len(name) and any(
            other != name and other[:size].casefold() == name[:size].casefold() for other in names
        ):
            size += 1
        found[name] = name[:size].capitalize()
    return found


class TextBoard:
    """The map and the look-around commands of one game at the terminal (see the module).

    ``params``: the rules' parameter values (a variant's included), for a game whose notes
    quote one (Julius Caesar's road limits). ``language``: the language the player reads
    (ids with names in the data are shown by them anyway; a game's own words, such as a
    table's results, may follow it).
    """

    def __init__(
        self,
        definition: GameDef,
        params: Mapping[str, Any] | None = None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        self.definition = definition
        self.board = definition.board
        self.params: Mapping[str, Any] = dict(params or {})
        self.language = language
        grid = self.board.hex_grid
        self.named = named_spaces(self.board)
        #: space -> its code on the map (a hex: its own id).
        self.codes = space_codes(self.named)
        if grid is not None:
            self.codes.update({hex_id: hex_id for hex_id in grid.hexes})
        self._by_code = {code.casefold(): space for space, code in self.codes.items()}
        teams = list(dict.fromkeys(definition.team_of(s) for s in definition.side_ids))
        #: team -> the letters that mark its pieces on the map.
        self.team_marks = unique_prefixes(teams)
        self._layout: dict[str, tuple[float, float]] | None = None
        self._piece_codes: dict[str, str] | None = None

    # -- names ---------------------------------------------------------------------------------
    def resolve(self, typed: str) -> str:
        """The space a player named: by its id, an alias or its code, in any letter case; a
        KeyError saying what there is otherwise."""
        name = typed.strip()
        found = self._by_code.get(name.casefold())
        if found is not None:
            return found
        try:
            return self.board.resolve(name)
        except KeyError:
            hint = did_you_mean(name, [*self.named, *self.codes.values()])
            raise KeyError(f"no place called {name!r} on the map{hint}") from None

    def space_name(self, space: str) -> str:
        """A space with its code: ``Roma (Rom)``; a hex as it is."""
        code = self.codes.get(space, space)
        return space if code == space else f"{space} ({code})"

    def side_name(self, side: str) -> str:
        return self.definition.side_name(side)

    def team_name(self, team: str) -> str:
        """A team by the names of its sides (``Rome`` for a team of ``Rome (north)`` and
        ``Rome (south)``: the words they share), or its one side's name."""
        names = [s.name for s in self.definition.sides if s.team_id == team]
        if len(names) == 1:
            return names[0]
        common = names[0].split()
        for other in names[1:]:
            words = other.split()
            size = 0
            while size < min(len(common), len(words)) and common[size] == words[size]:
                size += 1
            common = common[:size]
        return " ".join(common) or team.capitalize()

    # -- what a side sees, by place ----------------------------------------------------------
    @staticmethod
    def viewers(view: View) -> list[str]:
        """The sides whose eyes the view is seen through (a seat of several sides: all)."""
        return list(view.get("sides") or [view["side"]])

    def pieces_at(
        self, view: View, space: str
    ) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
        """The pieces the view identifies at ``space`` (by id) and those it does not."""
        known = {p: e for p, e in view["pieces"]["known"].items() if e.get("at") == space}
        hidden = [e for e in view["pieces"]["hidden"] if e.get("at") == space]
        return known, hidden

    def presence(self, view: View, space: str) -> list[tuple[str, int]]:
        """How many pieces of each team the view shows at ``space``, the viewer's first."""
        counts: dict[str, int] = defaultdict(int)
        known, hidden = self.pieces_at(view, space)
        for entry in [*known.values(), *hidden]:
            side = entry.get("side")
            if side is not None:
                counts[self.definition.team_of(side)] += 1
        mine = {self.definition.team_of(s) for s in self.viewers(view)}
        return sorted(counts.items(), key=lambda item: (item[0] not in mine, item[0]))

    def side_colour(self, team: str) -> str | None:
        side = next((s for s in self.definition.sides if s.team_id == team), None)
        return sgr(side.colour) if side is not None else None

    # -- hooks a game may override -----------------------------------------------------------
    def label(self, view: View, space: str) -> Label:
        """What the map writes for ``space``: its code, a ``*`` for each VP it is worth, and
        the pieces seen there by team (``C3``: three of Caesar's)."""
        definition_space = self.board.spaces[space]
        sea = self._drawn_as_label(space)
        code = f"~{self.codes[space]}" if sea else self.codes[space]
        parts: list[tuple[str, str | None]] = [(code, _SEA_CODE if sea else BOLD)]
        if definition_space.vp:
            parts.append(("*" * definition_space.vp, _VP_CODE))
        for index, (team, count) in enumerate(self.presence(view, space)):
            parts.append((" " if index == 0 else "", None))
            parts.append((f"{self.team_marks[team]}{count}", self.side_colour(team)))
        return Label(tuple(parts))

    def space_facts(self, view: View, space: str) -> list[str]:
        """Lines about ``space`` under its name in ``where``: what kind of place it is, its VP
        and other printed values, the region it lies in and what lies in it."""
        found = self.board.spaces[space]
        what = [found.kind.replace("_", " ")]
        if found.vp:
            what.append(f"{found.vp} VP")
        what += [f"{name.replace('_', ' ')} {value}" for name, value in found.values.items()]
        lines = [", ".join(what)]
        described = self.board.space_descriptions.get(found.kind)
        if described:
            lines.append(described)
        if found.within:
            lines.append(f"within {self.space_name(found.within)}")
        inside = sorted(self.board.contents(space), key=natural_key)
        if inside:
            lines.append("holds " + ", ".join(self.space_name(s) for s in inside))
        if found.aliases:
            lines.append("also called " + ", ".join(found.aliases))
        return lines

    def connection_note(self, view: View, here: str, there: str, kinds: Sequence[str]) -> str:
        """A few words on the connection between two spaces (limits, what crossed it this
        turn); the generic board has none."""
        return ""

    def piece_text(self, view: View, pid: str, entry: Mapping[str, Any]) -> str:
        """A piece the view identifies: its name and, where the view shows it, its strength in
        brackets (``Legio 8 [3]``: the one way strength is written), its facing and marks."""
        strength = entry.get("strength")
        text = pid if strength is None else f"{pid} [{strength}]"
        owner = entry.get("side")
        if owner is not None and owner not in self.viewers(view):
            text += f" ({self.side_name(owner)})"
        return text + _state_marks(self.definition, pid, dict(entry))

    def legend_notes(self, view: View, style: Style) -> list[str]:
        """More lines for ``legend`` (a game's abbreviations); none by default."""
        return []

    def describe(self, view: View, action: Action) -> str:
        """A few words on what a choice does, shown beside it in the list of choices (where a
        step leads); none by default."""
        return ""

    def warning(self, view: View, action: Action) -> str:
        """What a choice is known to cost, said before it is taken, which the player confirms
        (crossing the Alps); none by default."""
        return ""

    def words(self, text: str) -> str:
        """A text the game wrote (a log entry, a question) as the player reads it: the game's
        own words by default; a game may write a value one way everywhere (a strength)."""
        return text

    # -- the commands ------------------------------------------------------------------------
    def draw(self, view: View, style: Style = PLAIN) -> str:
        """The map (``map``): an area map with its labels and lines, or a hex map around the
        pieces."""
        grid = self.board.hex_grid
        if grid is not None and not self.named:
            marks = {}
            for hex_id in grid.hexes:
                mark = self.hex_mark(view, hex_id, style)
                if mark is not None:
                    marks[hex_id] = mark
            return draw_hexes(grid, marks, style)
        labels = {s: self.label(view, s) for s in self.named}
        drawn = [k for k in self.board.connection_kinds if self.drawn_kind(k)]
        return draw_areas(
            self.board,
            self.layout(),
            labels,
            drawn,
            style,
            line_code=lambda kind: sgr(self.board.connection_draw.get(kind, {}).get("colour")),
        )

    def layout(self) -> dict[str, tuple[float, float]]:
        if self._layout is None:
            self._layout = positions(self.board)[1]
        return self._layout

    def _drawn_as_label(self, space: str) -> bool:
        """A space drawn as a name only (a sea): lines to it would cross the map."""
        kind = self.board.spaces[space].kind
        return self._kind_is_label(kind)

    def drawn_kind(self, kind: str) -> bool:
        """Whether the map draws connections of ``kind``: not those that reach a space drawn
        as a label (a port's coast on a sea: ``where`` lists them)."""
        links = self.board.connection_kinds[kind]
        labelled = {c for k, c in self.board.space_kinds.items() if self._kind_is_label(k)}
        return not any(a in labelled or b in labelled for a, b in links)

    def _kind_is_label(self, kind: str) -> bool:
        shape = self.board.space_draw.get(kind, {}).get("shape")
        return (
            bool(shape == "label") if shape is not None else self.board.space_kinds[kind] != "land"
        )

    def hex_mark(
        self, view: View, hex_id: str, style: Style = PLAIN
    ) -> tuple[str, str | None] | None:
        """The three characters drawn in a hex: the piece there by its two-letter code (a
        side's own in capitals) and its facing as an arrow, or the number of hidden pieces."""
        known, hidden = self.pieces_at(view, hex_id)
        covering = self._covering(view).get(hex_id)
        if not known and not hidden and covering is None:
            return None
        mine = set(self.viewers(view))
        codes = self.piece_codes(view)
        ships = sorted(known, key=lambda p: ("facing" not in known[p], natural_key(p)))
        if ships:
            pid = ships[0]
            entry = known[pid]
            code = codes.get(pid, pid[:2])
            code = code.upper() if entry.get("side") in mine else code.lower()
            facing = entry.get("facing")
            arrow = (
                ARROWS[facing][0 if style.unicode else 1]
                if facing in ARROWS
                else ("+" if len(known) > 1 else " ")
            )
            return code + arrow, self.side_colour(self.definition.team_of(entry.get("side", "")))
        if covering is not None:
            pid, behind = covering
            code = codes.get(pid, pid[:2])
            code = code.upper() if behind.get("side") in mine else code.lower()
            return code + ("·" if style.unicode else "."), self.side_colour(
                self.definition.team_of(behind.get("side", ""))
            )
        side = hidden[0].get("side", "")
        return f"?{len(hidden)}", self.side_colour(self.definition.team_of(side))

    def _covering(self, view: View) -> dict[str, tuple[str, Mapping[str, Any]]]:
        """The hexes a long counter covers behind its bow, with the counter."""
        grid = self.board.hex_grid
        found: dict[str, tuple[str, Mapping[str, Any]]] = {}
        if grid is None:
            return found
        for pid, entry in view["pieces"]["known"].items():
            length = self.definition.piece_types[self.definition.pieces[pid].type].length
            at, facing = entry.get("at"), entry.get("facing")
            if length > 1 and at in grid and facing:
                for cell in grid.footprint(at, facing, length)[1:]:
                    if cell is not None:
                        found.setdefault(cell, (pid, entry))
        return found

    def piece_codes(self, view: View) -> dict[str, str]:
        """Two-letter codes of the pieces a hex map draws (every piece of the game, so a
        piece keeps its code whatever the view)."""
        if self._piece_codes is None:
            codes: dict[str, str] = {}
            used: set[str] = set()
            for pid in sorted(self.definition.pieces, key=natural_key):
                letters = re.sub(r"[\W_]", "", pid)
                choice = next(
                    (
                        c
                        for c in [letters[:2]] + [letters[0] + x for x in letters[2:]]
                        if len(c) == 2 and c.casefold() not in used
                    ),
                    letters[:2],
                )
                codes[pid] = choice.capitalize()
                used.add(choice.casefold())
            self._piece_codes = codes
        return self._piece_codes

    def where(self, view: View, space: str) -> str:
        """``where PLACE``: the place, what the view shows there, and each neighbour with the
        kinds of connection to it and what stands there."""
        lines = [f"== {self.space_name(space)} =="]
        lines += [f"   {line}" for line in self.space_facts(view, space)]
        lines.append(f"   here: {self.standing(view, space)}")
        grid = self.board.hex_grid
        if grid is not None and space in grid:
            lines.append("   next to it, by the side of the hex:")
            for facing, other in grid.neighbours(space).items():
                lines.append(f"     {facing:<2} {other}: {self.standing(view, other)}")
            return "\n".join(lines)
        lines.append("   next to it:")
        neighbours = sorted(self.board.neighbours(space), key=natural_key)
        width = max((len(self.space_name(o)) for o in neighbours), default=0)
        unexplained: list[str] = []
        for other in neighbours:
            kinds = sorted(self.board.connection_kinds_between(space, other))
            note = self.connection_note(view, space, other, kinds)
            if not note:
                unexplained += [k for k in kinds if k not in unexplained]
            how = note or "/".join(k.replace("_", " ") for k in kinds)
            text = f"     {self.space_name(other):<{width}}  {how} — {self.standing(view, other)}"
            lines.extend(_wrapped(text, 100))
        for kind in unexplained:
            described = self.board.connection_descriptions.get(kind)
            if described:
                lines.extend(_wrapped(f"   {kind}: {described}", 100))
        return "\n".join(lines)

    def standing(self, view: View, space: str) -> str:
        """What the view shows at a space, in a few words: pieces it identifies by name and
        strength, the others counted by side."""
        known, hidden = self.pieces_at(view, space)
        parts = [self.piece_text(view, p, known[p]) for p in sorted(known, key=natural_key)]
        counted: dict[str, int] = defaultdict(int)
        for entry in hidden:
            counted[entry.get("side", "?")] += 1
        for side, count in sorted(counted.items()):
            parts.append(f"{count} hidden {self.side_name(side)} block{'s' * (count != 1)}")
        return "; ".join(parts) if parts else "nothing seen"

    def blocks(self, view: View) -> str:
        """``blocks``: the viewer's own pieces by place, each with its strength (of its full
        strength), ratings and type; identical counters counted together."""
        mine = set(self.viewers(view))
        rows: dict[tuple[str, str, str, str], int] = defaultdict(int)
        for pid, entry in view["pieces"]["known"].items():
            if entry.get("side") not in mine or entry.get("at") in (None, "out"):
                continue
            piece = self.definition.pieces[pid]
            name = piece.group or pid
            strength = entry.get("strength")
            shown = "" if strength is None else f"[{strength}] of {piece.steps}"
            rows[(str(entry["at"]), name, shown, self.ratings(piece))] += 1
        if not rows:
            return "you have no pieces on the map"
        names = ", ".join(self.side_name(s) for s in sorted(mine))
        lines = [f"== your pieces ({names}): {sum(rows.values())} =="]
        width = max(len(self.space_name(at)) for at, *_ in rows)
        last = None
        order = sorted(rows, key=lambda r: (r[0] == "pool", natural_key(r[0]), natural_key(r[1])))
        for at, name, shown, ratings in order:
            count = rows[(at, name, shown, ratings)]
            place = self.space_name(at) if at != last else ""
            last = at
            label = f"{count} x {name}" if count > 1 else name
            fields = [label.ljust(28), shown.ljust(9), ratings]
            lines.append(f"   {place:<{width}}  " + "  ".join(fields).rstrip())
        return "\n".join(lines)

    def ratings(self, piece: Piece) -> str:
        """A piece's printed ratings and values, and its type: ``C3 legio``."""
        parts = []
        if piece.attacking is not None:
            if piece.attacking == piece.defending:
                parts.append(str(piece.attacking))
            else:
                parts.append(f"{piece.attacking} attacking, {piece.defending} defending")
        parts += [f"{name} {value}" for name, value in piece.stats.items()]
        parts.append(piece.type.replace("_", " "))
        return ", ".join(parts)

    def legend(self, view: View, style: Style = PLAIN) -> str:
        """``legend``: what the map's marks, lines and codes mean."""
        lines = ["== legend =="]
        grid = self.board.hex_grid
        mine_sides = set(self.viewers(view))
        mine = {self.definition.team_of(s) for s in mine_sides}
        teams = ", ".join(
            f"{paint(mark, self.side_colour(team), style)} {self.team_name(team)}"
            + (" (you)" if team in mine else "")
            for team, mark in self.team_marks.items()
        )
        if grid is not None and not self.named:
            lines += _wrapped(
                "   map: a hex is named by its column, then its row (1317: column 13, row 17); "
                "every other column sits half a hex lower. In a hex, a piece by two letters "
                "(yours in capitals) and the way it faces (↑ north, ↗ north-east ...); "
                "· the hex a long counter's stern covers; ?N: N pieces not identified. `where "
                "HEX` lists a hex's neighbours by side."
            )
            codes = self.piece_codes(view)
            shown = sorted(
                (p for p, e in view["pieces"]["known"].items() if e.get("at") in grid),
                key=natural_key,
            )
            if shown:
                known = view["pieces"]["known"]
                cased = {
                    p: codes[p].upper() if known[p].get("side") in mine_sides else codes[p].lower()
                    for p in shown
                }
                lines += _wrapped("   pieces: " + ", ".join(f"{cased[p]} {p}" for p in shown), 100)
            lines += _wrapped(f"   sides: {teams}", 100)
        else:
            lines += _wrapped(
                "   map: each place by its code (~ before a sea's); * for each VP it is worth; "
                "the pieces seen there by side (C3: three of C's). `where PLACE` tells more; a "
                "place may be named by its name or its code.",
                100,
            )
            lines += _wrapped(f"   sides: {teams}", 100)
            kinds = []
            for index, kind in enumerate(self.board.connection_kinds):
                described = self.board.connection_descriptions.get(kind, kind)
                if self.drawn_kind(kind):
                    sample = line_sample(line_pattern(self.board, kind, index), style)
                    if sample.strip():
                        kinds.append(f"{paint(sample, DIM, style)} {kind}: {described}")
                        continue
                kinds.append(f"(not drawn) {kind}: {described}")
            lines.append("   connections:")
            lines += [line for k in kinds for line in _wrapped(f"     {k}", 100)]
            places = ", ".join(f"{self.codes[space]} {space}" for space in self.named)
            lines += _wrapped(f"   places: {places}", 100)
        lines += [f"   {line}" for line in self.legend_notes(view, style)]
        return "\n".join(lines)


__all__ = ["OFF_MAP", "Style", "TextBoard", "space_codes", "unique_prefixes"]
