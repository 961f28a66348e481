"""The people at the terminal: what each reads, what each types.

:class:`Terminal` listens to the match driver's events (each seat's log) and reads a
person's lines at his decisions. Everything it prints to a seat comes from that seat's view
(:meth:`~legatus.framework.play.driver.Match.view`, and the procedures' frames as the seat
may read them) and from the game's data: the view as the game renders it, the question and
its choices, the map and the look-around commands of the game's
:class:`~legatus.framework.engine.textboard.TextBoard`. Every id is shown by its name in
the language chosen (:class:`~legatus.framework.engine.language.Names`), and a name typed
is read back as its id.

A long list of choices is chosen from step by step (:mod:`~legatus.framework.frontends.cli.
menu`); a choice whose cost is known (crossing the Alps) is confirmed first. When two
people share the terminal, each reads his log just before his own prompt, after a hand-over
that erases the screen and its scrollback and takes only the word ``ready``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from legatus.framework.engine.actions import Action, ActionSyntaxError, Prompt
from legatus.framework.engine.frames import observe_stack
from legatus.framework.engine.language import DEFAULT_LANGUAGE, Names
from legatus.framework.engine.textboard import TextBoard
from legatus.framework.engine.textmap import Style
from legatus.framework.frontends.cli import menu, screen
from legatus.framework.frontends.cli.paths import writable_file
from legatus.framework.model.errors import IllegalActionError, LegatusError, printable
from legatus.framework.play.driver import (
    ActionApplied,
    Event,
    LogAdded,
    Match,
    NotAsked,
    Undone,
    UndoRefused,
)

#: The longest line the prompt reads as a choice (an action's text is far shorter).
MAX_LINE = 200
#: The word that takes the terminal over at a hand-over between two players.
READY = "ready"
#: What a player types to take a choice whose cost he was warned of.
CONFIRM = "yes"

HELP = """Type the number of a choice or its text; also:
  map         the map, from what you see
  where PLACE a place (by its name or its code on the map): what stands there, its neighbours
  blocks      your own pieces, with their strength and ratings
  legend      what the map's codes and marks mean
  all         every choice in one list (a long one is chosen from step by step)
  back        up one step in a list chosen step by step
  undo        take back your last decision and the computer's replies to it
              (not past a die roll or a reveal)
  save FILE   save the game (~ is your home folder)
  view        show your view again
  log         show your whole log
  help        this text
  quit        stop the game (it stays saved: legatus play --resume continues it)"""


class QuitGame(Exception):
    pass


class Terminal:
    """The screen and the save file of a game at the terminal.

    What a person reads is their own seat's log (``LogAdded`` events addressed to the
    seat's sides); with no person at the table, only the entries every side may read.
    When two people share the terminal, each sees their log just before their own
    prompt, after a hand-over screen that clears what the other saw (the game opens with
    one). A person who plays several sides (a seat of several sides) is one person: no
    hand-over between them.
    """

    def __init__(
        self,
        humans: Sequence[str],
        quiet: bool,
        seat_of: dict[str, str] | None = None,
        language: str = DEFAULT_LANGUAGE,
    ) -> None:
        #: side -> the seat that plays it (by default each side its own seat).
        self.seat_of = dict(seat_of or {})
        self.humans = list(dict.fromkeys(self.seat_of.get(side, side) for side in humans))
        self.quiet = quiet
        self.language = language
        self.pending: dict[str, list[dict[str, Any]]] = {seat: [] for seat in self.humans}
        self.shown: dict[str, set[int]] = {seat: set() for seat in self.humans}
        self.last: str | None = None
        self.match: Match | None = None
        self.save_to: Path | None = None
        self.seats: dict[str, str] = {}
        self.save_failed = False
        self._board: TextBoard | None = None
        self._names: Names | None = None
        self.style = Style(
            colour=screen.colour_wanted(), unicode=screen.unicode_ok(), width=screen.width()
        )
        #: The step-by-step list at the decision being answered: the groups opened, and
        #: whether the player asked for the whole list.
        self._path: list[menu.Entry] = []
        self._flat = False

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    # -- the game's words ----------------------------------------------------------------------
    def board(self, match: Match) -> TextBoard:
        if self._board is None or self._board.definition is not match.game.definition:
            game = match.game
            self._board = game.plugin.text_board(game.definition, game.rules.values, self.language)
        return self._board

    def names(self, match: Match) -> Names:
        if self._names is None:
            self._names = Names(match.game.definition, self.language)
        return self._names

    def say(self, match: Match | None, text: str) -> None:
        """Print a text of the game: its words (:meth:`TextBoard.words`) with every id by
        its name in the player's language."""
        if match is not None:
            text = self.names(match).show(self.board(match).words(text))
        print(text)

    def seen(self, match: Match, side: str) -> dict[str, Any]:
        """What ``side`` sees now: its view, and the procedures' frames as it may read them."""
        view = match.view(side)
        view["stack"] = observe_stack(match.game, match.state, side)
        return view

    # -- events ----------------------------------------------------------------------------------
    def __call__(self, event: Event) -> None:
        if self.save_to is not None and isinstance(event, ActionApplied | Undone):
            self.save_now()
        if self.quiet or not isinstance(event, LogAdded):
            return
        if self.humans:
            seat = self.seat_of.get(event.to or "", event.to)
            if seat in self.pending:
                # A seat of several sides reads an entry for all of them once.
                fresh = [e for e in event.entries if e["n"] not in self.shown[seat]]
                self.shown[seat].update(e["n"] for e in fresh)
                if self.hot_seat:
                    self.pending[seat].extend(fresh)
                else:
                    self.show(fresh)
        elif event.to == (self.match.game.definition.side_ids[0] if self.match else None):
            # Spectators of computer players read what every side may read.
            self.show([e for e in event.entries if e.get("to") is None])

    def show(self, entries: Sequence[dict[str, Any]]) -> None:
        for entry in entries:
            self.say(self.match, f"  . {entry['text']}")

    def keep(self, match: Match, path: Path, seats: dict[str, str]) -> None:
        """Save the match to ``path`` after every action."""
        self.match, self.save_to, self.seats = match, path, dict(seats)
        self.save_now()

    def save_now(self) -> None:
        """Save the game; a save that fails (the disk is full, the folder went away) is said
        once and play goes on: ``save FILE`` at the prompt saves it elsewhere."""
        if self.match is None or self.save_to is None:
            return
        try:
            self.match.save(self.save_to, self.seats)
        except OSError as exc:
            if not self.save_failed:
                print(
                    f"warning: cannot save to {self.save_to}: {exc.strerror or exc}; "
                    "type save FILE to save the game elsewhere",
                    file=sys.stderr,
                )
            self.save_failed = True
        else:
            self.save_failed = False

    # -- hand-over ---------------------------------------------------------------------------------
    def before_prompt(self, side: str) -> None:
        """Hand the terminal over between two people (the first screen of the game too), then
        show the new entries of the seat."""
        seat = self.seat_of.get(side, side)
        if self.hot_seat and self.last != seat:
            self.hand_over(seat)
        self.last = seat
        if self.hot_seat and not self.quiet:
            self.show(self.pending[seat])
            self.pending[seat] = []

    def hand_over(self, seat: str) -> None:
        """Clear the screen and its scrollback, then wait for the word ``ready``: nothing else
        typed here acts (an ``undo`` or an Enter meant for the other player's prompt would
        show this seat's view to whoever sits there); ``quit`` stops the game."""
        screen.clear()
        print(f"== Hand the terminal to {seat}: type {READY} when only {seat} sees the screen ==")
        while True:
            line = self.read("> ")
            if line.lower() == READY:
                return
            if line in ("quit", "exit"):
                raise QuitGame
            print(f"type {READY} when only {seat} sees the screen (or quit to stop the game)")

    @staticmethod
    def read(prompt: str) -> str:
        try:
            return input(prompt).strip()
        except EOFError:
            raise QuitGame from None

    # -- a person's turn ---------------------------------------------------------------------------
    def turn(self, match: Match, side: str) -> None:
        """The person playing ``side`` answers the decision awaited from it: lines are read
        until one is an action the match takes (or the game is quit)."""
        self.match = self.match or match
        self.before_prompt(side)
        self.show_view(match, side)
        self._path, self._flat = [], False
        asked = match.revision
        while True:
            # After an undo the position (and so the choices) may have changed.
            prompt = match.prompt(side if side != match.waiting_for()[0] else None)
            if prompt is None or side not in match.waiting_for():
                return  # an undo handed the decision to another side
            if match.revision != asked:
                self._path, self._flat, asked = [], False, match.revision
            self.show_choices(match, side, prompt)
            line = self.read(f"{side}> ")
            if len(line) > MAX_LINE:
                print(f"not understood: a line of {len(line):,} characters (type help)")
                continue
            if self.command(match, side, line, prompt):
                continue
            action = self.chosen(match, side, prompt, line)
            if action is None:
                continue
            try:
                match.answer(side, action)
            except ActionSyntaxError as exc:
                print(f"not understood: {printable(str(exc))} (type help)")
                continue
            except IllegalActionError as exc:
                self.say(match, f"{printable(str(exc.action))} is not a legal choice here")
                continue
            except NotAsked as exc:
                print(exc)
            return

    def show_view(self, match: Match, side: str) -> None:
        game = match.game
        self.say(match, game.plugin.render_view(game.definition, match.view(side)))

    def page(self, prompt: Prompt) -> list[menu.Entry]:
        """The entries shown now: the whole list, or the page of the groups opened."""
        if self._flat or len(prompt.actions) <= menu.LIMIT:
            return [menu.Entry((a,), len(menu.LEVELS)) for a in menu.flat(prompt.actions)]
        if self._path:
            group = self._path[-1]
            return menu.entries(group.actions, depth=group.depth)
        return menu.entries(prompt.actions)

    def show_choices(self, match: Match, side: str, prompt: Prompt) -> None:
        """The question and the choices of the page shown now, each with what the game says
        it does."""
        board = self.board(match)
        view = self.seen(match, side)
        entries = self.page(prompt)
        lines = [f"{prompt.side}: {prompt.text}"]
        stepwise = not self._flat and len(prompt.actions) > menu.LIMIT
        if self._path:
            lines.append(f"  {self._path[-1].label}: {len(self._path[-1].actions)} choices")
        for number, entry in enumerate(entries, 1):
            action = entry.choice
            if action is None:
                text = f"{entry.label}  ({len(entry.actions)} choices)"
            else:
                note = board.describe(view, action)
                text = action.text + (f"  — {note}" if note else "")
            lines.append(f"  {number:>3}. {text}")
        if stepwise:
            back = "; back: up a step" if self._path else ""
            lines.append(
                f"  ({len(prompt.actions)} choices, step by step: a number opens a group or "
                f"takes a choice; all: every choice{back})"
            )
        self.say(match, "\n".join(lines))

    def chosen(self, match: Match, side: str, prompt: Prompt, line: str) -> Action | str | None:
        """The action a line chooses (a number of the page, or an action's text with names
        read as ids), after any warning the game gives is confirmed; None when nothing is
        chosen yet (a group opened, a warning not confirmed, a number out of range)."""
        if line.isascii() and line.isdigit():
            entries = self.page(prompt)
            number = int(line)
            if not 1 <= number <= len(entries):
                print(f"no choice {number}: choose 1 to {len(entries)}")
                return None
            entry = entries[number - 1]
            if entry.choice is None:
                self._path.append(entry)
                return None
            action: Action | str = entry.choice
        else:
            action = self.names(match).read_action(line, match.game.actions)
        found = self._legal(match, prompt, action)
        if found is not None:
            warning = self.board(match).warning(self.seen(match, side), found)
            if warning and not self.confirmed(match, warning):
                return None
        return action

    @staticmethod
    def _legal(match: Match, prompt: Prompt, action: Action | str) -> Action | None:
        if isinstance(action, Action):
            return action
        try:
            parsed = match.parse(action)
        except (ActionSyntaxError, LegatusError):
            return None
        return parsed if parsed in prompt.actions else None

    def confirmed(self, match: Match, warning: str) -> bool:
        self.say(match, f"warning: {warning}")
        answer = self.read(f"type {CONFIRM} to go ahead, anything else to choose again> ")
        if answer.lower() == CONFIRM:
            return True
        print("not taken.")
        return False

    def command(self, match: Match, side: str, line: str, prompt: Prompt) -> bool:
        """Run one of the terminal's commands (help, view, log, undo, save, map, where,
        blocks, legend, all, back, quit); False if the line is none of them (a choice,
        then)."""
        word, _, rest = line.partition(" ")
        commands: dict[str, Callable[[], None]] = {
            "view": lambda: self.show_view(match, side),
            "log": lambda: self.show([dict(e) for e in match.view(side)["log"]]),
            "undo": lambda: self.undo(match, side),
            "map": lambda: self.say(
                match, self.board(match).draw(self.seen(match, side), self.style)
            ),
            "blocks": lambda: self.say(match, self.board(match).blocks(self.seen(match, side))),
            "legend": lambda: self.say(
                match, self.board(match).legend(self.seen(match, side), self.style)
            ),
        }
        if line in ("quit", "exit"):
            raise QuitGame
        if line in ("help", "?", ""):
            print(HELP)
        elif line in commands:
            commands[line]()
        elif word == "where":
            self.where(match, side, rest)
        elif line == "all":
            self._flat, self._path = True, []
        elif line == "back":
            if self._flat:
                self._flat = False
            elif self._path:
                self._path.pop()
            else:
                print("back: this is the first step already")
        elif word == "save":
            self.save_as(match, rest.strip())
        else:
            return False
        return True

    def where(self, match: Match, side: str, typed: str) -> None:
        if not typed.strip():
            print("where what? type where PLACE (a name or its code on the map)")
            return
        board = self.board(match)
        try:
            space = board.resolve(self.names(match).read(typed))
        except KeyError as exc:
            print(printable(str(exc.args[0])))
            return
        self.say(match, board.where(self.seen(match, side), space))

    def undo(self, match: Match, side: str) -> None:
        try:
            # The person's last decision, with the computer players' replies to it; another
            # person's decisions (hot seat) are theirs to take back.
            seat = self.seat_of.get(side, side)
            mine = [s for s in match.game.definition.side_ids if self.seat_of.get(s, s) == seat]
            match.undo(mine, replies=set(match.players))
        except UndoRefused as exc:
            self.say(match, f"cannot undo: {str(exc).removeprefix(f'{side} cannot undo: ')}")
        else:
            print("undone.")
            self.show_view(match, side)

    def save_as(self, match: Match, given: str) -> None:
        if not given:
            print("save where? type save FILE")
            return
        try:
            target = writable_file(Path(given), "save to")
            match.save(target, self.seats)
        except (LegatusError, OSError) as exc:
            print(exc if isinstance(exc, LegatusError) else f"cannot save to {given}: {exc}")
            return
        print(f"saved to {target}.")

    def finish(self, match: Match) -> None:
        """At the end of a hot-seat game, show what everyone may read of the rest."""
        if self.hot_seat and not self.quiet:
            seen: set[int] = set()
            for seat in self.humans:
                for entry in self.pending[seat]:
                    if entry.get("to") is None and entry["n"] not in seen:
                        seen.add(entry["n"])
                        self.say(match, f"  . {entry['text']}")


__all__ = ["HELP", "MAX_LINE", "READY", "QuitGame", "Terminal"]
