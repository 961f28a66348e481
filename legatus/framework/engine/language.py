"""Names in the language a player reads: ids shown by their names, names typed read as ids.

A game's data may give a space, a piece or a card a name per language (``names: {en:
Mercenaries, pl: Najemnicy}``, declared in the map, pieces and cards schemas), while its id
stays what rules, saves and actions use: Hannibal Barkas's cards keep the Polish names they
were printed with as ids and read in English. :class:`Names` is one language's dictionary:
:meth:`Names.show` writes a text (a view, a prompt, a log line) with every id that has a
name there replaced by it, and :meth:`Names.read` turns a name a player typed, as an
action's argument or a space asked about, back into its id. Nothing is translated but whole
ids and names: ``Roma`` in ``Roman ships`` stays as it is.

>>> from types import SimpleNamespace
>>> definition = SimpleNamespace(names_in=lambda language: {"Najemnicy": "Mercenaries"})
>>> names = Names(definition, "en")
>>> names.show("Carthage plays Najemnicy for 1 IP")
'Carthage plays Mercenaries for 1 IP'
>>> names.read_action("event(mercenaries)"), names.read("Mercenaries")
('event(Najemnicy)', 'Najemnicy')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from legatus.framework.engine.actions import Action, ActionSyntaxError

if TYPE_CHECKING:
    from legatus.framework.engine.actionkinds import ActionKinds

#: The language a player reads unless he chooses another.
DEFAULT_LANGUAGE = "en"
#: The argument types whose values are ids a name may stand for.
NAMED = frozenset({"piece", "space", "card"})


class Names:
    """One language's names of a game's ids (:meth:`GameDef.names_in`)."""

    def __init__(self, definition: Any, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language
        #: id -> its name in the language (only ids whose name differs).
        self.names: dict[str, str] = dict(definition.names_in(language))
        self._ids = {name.casefold(): ident for ident, name in self.names.items()}
        #: id -> what it names (space, piece, card), where the definition says.
        self._kinds: dict[str, set[str]] = {}
        board = getattr(definition, "board", None)
        for kind, ids in (
            ("space", board.spaces if board is not None else ()),
            ("piece", getattr(definition, "pieces", ())),
            ("card", getattr(definition, "cards", ())),
        ):
            for ident in ids:
                if ident in self.names:
                    self._kinds.setdefault(ident, set()).add(kind)
        longest_first = sorted(self.names, key=len, reverse=True)
        self._pattern = (
            re.compile(
                r"(?<![\w])(?:" + "|".join(re.escape(i) for i in longest_first) + r")(?![\w])"
            )
            if longest_first
            else None
        )

    def __bool__(self) -> bool:
        return bool(self.names)

    def name(self, ident: str) -> str:
        """The name of ``ident`` in the language (the id itself where none is given)."""
        return self.names.get(ident, ident)

    def show(self, text: str) -> str:
        """``text`` with every id that has a name in the language written as that name."""
        if self._pattern is None or not text:
            return text
        return self._pattern.sub(lambda found: self.names[found.group(0)], text)

    def read(self, typed: str) -> str:
        """The id a typed name stands for (in any letter case); other text as it is."""
        return self._ids.get(typed.strip().casefold(), typed.strip())

    def _read_as(self, typed: str, types: frozenset[str]) -> str:
        """A typed argument read as the id it names, if that id is one of ``types``."""
        ident = self.read(typed)
        if ident == typed.strip() or not types:
            return typed
        known = self._kinds.get(ident)
        return ident if known is None or known & types else typed

    def read_action(self, line: str, kinds: ActionKinds | None = None) -> str:
        """An action typed with names as arguments, written with their ids; a line that is
        no action comes back as it is (the match says what is wrong with it). With the
        game's declared action ``kinds``, only an argument that is a piece, a space or a card
        is read as a name (``take(elephants, 2)`` names a kind of unit, not the card
        Elephants)."""
        if not self._ids or "(" not in line:
            return line
        try:
            action = Action.parse(line)
        except ActionSyntaxError:
            return line
        wanted: list[frozenset[str]] = [NAMED] * len(action.args)
        if kinds is not None:
            try:
                specs = kinds.kinds[action.kind].positions(len(action.args))
            except (KeyError, ValueError, IndexError):
                return line  # no such action: the match says so
            wanted = [NAMED & set(s.type.replace(" ", "").split("|")) for s in specs]
        args = tuple(
            self._read_as(a, types) if isinstance(a, str) else a
            for a, types in zip(action.args, wanted, strict=False)
        )
        if args == action.args:
            return line
        try:
            return Action(action.kind, args).text
        except ActionSyntaxError:
            return line


__all__ = ["DEFAULT_LANGUAGE", "Names"]
