"""Information sets: what a side knows at a decision, and states sampled from it.

A search player must not read the true state of a hidden-information game,
yet the engine only plays full states. The answer (determinization, as in
information-set MCTS) is to *sample* full states that agree with everything
the side can see, and search those.

:class:`InformationSet` is built by the framework (the runner), never by the
player, from the true state in two steps:

1. the **skeleton**: a copy of the state with every fact the side may not
   see removed, using only the game's visibility declarations (the same ones
   :func:`legatus.framework.engine.view.observe` reads). Pieces whose identity is
   hidden lose their id-to-record assignment, hidden strengths and locations
   are cleared, hidden card zones keep only their size, the declared records
   the side may not see (:mod:`legatus.framework.engine.records`: the other sides'
   treasuries, the game's hidden bookkeeping) are emptied, keeping their
   shape, the frames' fields are read through their procedures'
   declarations (:mod:`legatus.framework.engine.frames`), the generator and the
   game seed are dropped, log entries the side cannot read are dropped.
   The skeleton of two true states with the same view is the same (a test
   shows it), so nothing hidden reaches the player through it.
2. :meth:`InformationSet.sample` fills the skeleton from the player's own
   generator: the hidden pieces are dealt to the anonymous pieces of the
   view, respecting their side, the spaces each piece type may stand on and
   the strength levels each piece has; unseen strengths are drawn among the
   piece's levels; the cards not seen anywhere are shuffled into the hidden
   zones with their visible sizes; the sample gets a fresh generator, so the
   true future dice do not leak. Every sample ``s`` satisfies
   ``observe(s, side) == observe(truth, side)`` (tested over a thousand
   samples from random games).

What the skeleton keeps: the records the side may see, the
pieces the side sees with the state the view shows with them (facing,
attributes; an anonymous piece's facing goes to whichever piece a sample
deals there), the counters, the sequence-of-play stack, who is asked what
(the question's text only if it is the side's own), and which side currently
owns each unseen piece (ownership changes are public in the games we know;
the generic sampler relies on it). A side sees with the eyes of its seat:
a player who plays several sides knows what any of them knows. A sample's
legal actions are listed by
the game from the sample itself. A game that knows a better prior (say,
blocks in the pool are at full strength) can replace the generic sampler
with its plugin's :meth:`~legatus.framework.engine.gameplugin.GamePlugin.sample_hidden`.
"""

from __future__ import annotations

import json
import marshal
from collections.abc import Callable, MutableSequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from legatus.framework.engine import rng
from legatus.framework.engine.frames import Tokens, blank, resolve, resolved, stack_for
from legatus.framework.engine.records import sees_entry
from legatus.framework.engine.state import OFF_MAP, State, note_moved, own_piece
from legatus.framework.engine.view import Shown, View, _shown, observe, piece_entry, viewer_of
from legatus.framework.model.gamedef import GameDef

if TYPE_CHECKING:
    from legatus.framework.engine.core import Game

#: Places that are not spaces of the map: every piece may be there.

#: A game's own sampler: ``(information set, stream) -> a full state``.
Sampler = Callable[["InformationSet", MutableSequence[int]], State]


def _copy(value: Any) -> Any:
    """A deep copy of plain data (as :func:`legatus.framework.engine.state.clone`, for any value)."""
    return marshal.loads(marshal.dumps(value))


@dataclass(frozen=True)
class Slot:
    """One anonymous piece of the view: where it stands, whose it is, what a sample may put there."""

    at: str | None
    side: str | None
    strength: int | None
    candidates: tuple[str, ...]
    #: The facing the view shows for it, if its game gives pieces one.
    facing: Any = None


class InformationSet:
    """What ``side`` knows at a decision: its view and a sampler of states consistent with it.

    Built by the framework with :func:`information_set`; a player uses
    ``side``, ``view`` and :meth:`sample`. ``skeleton`` holds no hidden fact
    either (see the module docstring), so reading it is harmless.
    """

    def __init__(
        self,
        game: Game,
        side: str,
        view: View,
        skeleton: State,
        tokens: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        self.game = game
        self.definition: GameDef = game.definition
        self.side = side
        self.view = view
        #: The skeleton without its log (kept apart: search samples need none).
        self.skeleton = {key: value for key, value in skeleton.items() if key != "log"}
        #: The skeleton marshalled, once: each sample starts from a copy of it.
        self._marshalled: bytes | None = None
        #: Whether a sample shares the skeleton's pieces' entries (a new ``pieces``
        #: dictionary, the same entries): for a game whose code replaces an entry to change
        #: it (its plugin's ``pieces_copied_on_write``), as a search's copies do.
        self.shares_pieces = bool(getattr(game.plugin, "pieces_copied_on_write", False))
        self.log: list[dict[str, Any]] = skeleton["log"]
        self.slots = _slots(self.definition, view, skeleton)
        self.unseen_cards = _unseen_cards(self.definition, view)
        #: The pieces whose place or strength the skeleton leaves open (only those can be
        #: left open once the slots are dealt), in the skeleton's order, with their levels.
        self._open = [
            (pid, self.definition.pieces[pid].strengths)
            for pid, piece in self.skeleton["pieces"].items()
            if piece["at"] is None or piece["strength"] is None
        ]
        #: The card zones the side sees only the size of, with their sizes.
        self._hidden_zones = [
            (key, size) for key, size in view["zones"].items() if not isinstance(size, list)
        ]
        self._sampler: Sampler | None = _game_sampler(game)
        #: Whether a procedure on the stack fills hidden fields in samples (most do not).
        self._fills = any(
            getattr(game.procedures.get(frame.get("p", "")), "sample_hidden_fields", None)
            is not None
            for frame in self.skeleton["stack"]
        )
        #: The stack's tokens for pieces the side may not identify, with what it sees of
        #: each (:mod:`legatus.framework.engine.frames`); a sample puts fitting pieces in their place.
        self.tokens: dict[str, dict[str, Any]] = dict(tokens or {})

    def sample(self, stream: MutableSequence[int], *, log: bool = True) -> State:
        """A full state consistent with the view, drawn from ``stream`` (the player's generator).

        Search passes ``log=False``: the sample's log is then empty (no rule
        reads the log, and copying it on every try is most of the cost late
        in a game).
        """
        sample = (
            self._sampler(self, stream)
            if self._sampler is not None
            else sample_generic(self, stream)
        )
        sample["log"] = _copy(self.log) if log else []
        if self.tokens:
            chosen = self._chosen(sample)
            resolve(sample["stack"], chosen)
            records = sample["records"]
            for name, decl in self.definition.records.items():
                if decl.visible_to == "pieces":
                    records[name] = resolved(records[name], chosen)
        self._fill_frames(sample, stream)
        return sample

    def skeleton_copy(self) -> State:
        """A deep copy of :attr:`skeleton` (for a sample to fill): marshalled once per
        information set, so each copy costs only the unmarshalling; where
        :attr:`shares_pieces`, the pieces' entries are the skeleton's (a piece a sample
        changes is replaced in it first, :func:`~legatus.framework.engine.state.own_piece`).

        Why: the pieces are most of a state (Hannibal Barkas: 396 entries), and a search
        draws a sample at every iteration; unmarshalling them was about a twentieth of a
        Hannibal Barkas decision."""
        data = self._marshalled
        skeleton = self.skeleton
        if data is None:
            kept = skeleton
            if self.shares_pieces:  # the key kept in its place, its value set below
                kept = {key: None if key == "pieces" else value for key, value in kept.items()}
            data = self._marshalled = marshal.dumps(kept)
        copied: State = marshal.loads(data)
        if self.shares_pieces:
            copied["pieces"] = dict(skeleton["pieces"])
            # What the game keeps of the skeleton's pieces (an index of where they stand)
            # serves the copy too until one of its pieces moves, as for an action's copy.
            plugin = self.game.plugin
            if plugin is not None:
                plugin.forked(skeleton, copied)
        return copied

    def _fill_frames(self, sample: State, stream: MutableSequence[int]) -> None:
        """Frames that hold what the side may not see (the answers others already gave to a
        simultaneous decision) fill it in the sample."""
        if not self._fills and self._sampler is None:
            return  # the skeleton's stack (the generic sampler's): no procedure of it has any
        from legatus.framework.engine.core import Context, Run

        ctx = Context(self.game, sample, Run(count=False))
        for frame in sample["stack"]:
            procedure = self.game.procedures.get(frame.get("p", ""))
            fill = getattr(procedure, "sample_hidden_fields", None)
            if fill is not None:
                fill(ctx, frame, self.side, stream)

    def sample_to_move(self, stream: MutableSequence[int]) -> State:
        """A sample (without its log) in which the side is the one asked first: at a
        simultaneous decision it awaits with others, a search plays its answer first."""
        sample = self.sample(stream, log=False)
        record = sample["prompt"]
        if (
            record is not None
            and record["side"] != self.side
            and self.side in record.get("sides", ())
        ):
            self.game.take_turn(sample, self.side)
        return sample

    def _chosen(self, sample: State) -> dict[str, str]:
        """For each token, a piece the side does not identify that fits what it sees of it
        (where it is, whose it is), each piece for one token only."""
        known = self.view["pieces"]["known"]
        pieces = sample["pieces"]
        unseen = [pid for pid in pieces if pid not in known]
        used: set[str] = set()
        chosen: dict[str, str] = {}
        for token, seen in self.tokens.items():
            fitting = [
                pid
                for pid in unseen
                if pid not in used and all(pieces[pid].get(k) == v for k, v in seen.items())
            ]
            spare = fitting or [pid for pid in unseen if pid not in used]
            if spare:
                chosen[token] = spare[0]
                used.add(spare[0])
        return chosen


def information_set(game: Game, state: State, side: str, *, log: bool = True) -> InformationSet:
    """The information set of ``side`` in ``state``: its view and its skeleton.

    The side sees with the eyes of its seat (:func:`legatus.framework.engine.view.viewer_of`).
    ``log=False`` leaves out the log the side may read (the view's, the skeleton's and
    so the samples' are empty): for a caller that gives its samples the log otherwise,
    without copying it at every decision.
    """
    view, skel, tokens = _known(game, state, side, log=log)
    return InformationSet(game, side, view, skel, tokens.seen)


def known_state(game: Game, state: State, side: str, *, log: bool = True) -> State:
    """What ``side`` knows of ``state``: the skeleton of its information set, its log
    included, without the tables a sampler needs (cheaper, for keys and strings that
    name the information set, such as OpenSpiel's information state).

    ``log=False`` leaves the log out (the skeleton's ``log`` is empty): a caller that
    names the readable log another way (OpenSpiel's information-state key folds it
    into a digest as it grows) need not copy it at every state.
    """
    return _known(game, state, side, log=log)[1]


def _known(game: Game, state: State, side: str, *, log: bool = True) -> tuple[View, State, Tokens]:
    since = 0 if log else len(state["log"])
    view = observe(game.definition, state, side, log_since=since)
    viewer = viewer_of(state, side)
    tokens = _tokens(game.definition, state, viewer)
    skel = skeleton(game.definition, state, side, view, tokens)
    skel["stack"] = stack_for(game, state, side, tokens)
    return view, skel, tokens


#: Canonical JSON: keys sorted, no spaces (what :class:`KnownText` writes).
CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), default=str)


class KnownText:
    """:func:`known_state` with ``log=False``, its (empty) log left out, as canonical JSON
    (:data:`CANONICAL`), written straight from the state: the text OpenSpiel's
    information-state key digests, several thousand times a second in a search.

    The text is exactly ``CANONICAL.encode(known)`` of that skeleton (tested), but
    nothing is copied (it is only read), the parts of the view the skeleton does not use
    are not worked out, and each piece's entry is written once per game for each thing
    the side may see of it (its owner, place, strength, flags) and kept: a game's pieces
    take few such values, and the pieces are most of the text.
    """

    #: Kept entries, at most (then they are forgotten and written again).
    LIMIT = 1 << 16

    def __init__(self, game: Game) -> None:
        self.game = game
        self.definition: GameDef = game.definition
        #: (piece, side, place, strength, flags) -> the piece's entry, ``"pid":{...}``.
        self._entries: dict[tuple[Any, ...], str] = {}
        #: (visibility rules, own, flags) -> what the viewer sees of such a piece.
        self._seen: dict[tuple[int, bool, tuple[str, ...]], Shown] = {}

    def __call__(self, state: State, side: str) -> str:
        definition = self.definition
        viewer = viewer_of(state, side)
        pieces = state["pieces"]

        def hidden(pid: str) -> dict[str, Any] | None:
            """Not None (what is seen of it matters to samples, not here) for a piece the
            viewer may not identify (as :func:`_tokens`)."""
            piece = pieces.get(pid)
            return None if piece is None or self._seen_of(pid, piece, viewer)[3] else {}

        tokens = Tokens(hidden)
        parts: dict[str, Any] = {
            key: state[key]
            for key in ("v", "game", "scenario", "variant", "options", "seats", "vars")
            if key in state
        }
        parts["seed"] = 0
        parts["rng"] = [0, 0, 0, 1]
        parts["zones"] = _known_zones(definition, state, viewer)
        # The records before the stack: tokens are numbered in the order they appear.
        parts["records"] = _records(definition, state, viewer, tokens, _same)
        parts["prompt"] = _known_prompt(state, viewer)
        parts["result"] = state["result"]
        parts["actions"] = state["actions"]
        parts["undo_floor"] = state["undo_floor"]
        parts["stack"] = stack_for(self.game, state, side, tokens, _same)
        # Written in two parts around the pieces (the keys sort so): one encoder's run
        # each, the pieces from their kept entries.
        before = CANONICAL.encode({k: v for k, v in parts.items() if k < "pieces"})
        after = CANONICAL.encode({k: v for k, v in parts.items() if k > "pieces"})
        pieces = f'"pieces":{self._pieces(state, viewer)}'
        return "{" + ",".join(t for t in (before[1:-1], pieces, after[1:-1]) if t) + "}"

    def _pieces(self, state: State, viewer: frozenset[str]) -> str:
        """The skeleton's pieces (:func:`skeleton`), written out."""
        entries = self._entries
        if len(entries) > self.LIMIT:
            entries.clear()
        pieces = state["pieces"]
        written = []
        for pid in sorted(pieces):
            piece = pieces[pid]
            owner, at, strength = piece["side"], piece["at"], piece["strength"]
            flags = piece["flags"]
            # What the piece holds and whether the viewer owns it decide its entry: kept
            # under those, for pieces with nothing more (no facing, no attributes) whose
            # values a key names exactly (1 and 1.0 hash alike).
            key = (pid, owner in viewer, owner, at, strength, tuple(flags) if flags else ())
            text = entries.get(key)
            exact = len(piece) == 4 and type(at) in _EXACT and type(strength) in _EXACT
            if text is None or not exact:
                text = self._entry(pid, piece, viewer)
                if exact and type(owner) is str:
                    entries[key] = text
            written.append(text)
        return "{" + ",".join(written) + "}"

    def _entry(self, pid: str, piece: dict[str, Any], viewer: frozenset[str]) -> str:
        """One piece of the skeleton (:func:`skeleton`), written out: ``"pid":{...}``."""
        _, sees_location, sees_strength, identified = self._seen_of(pid, piece, viewer)
        flags = piece["flags"]
        entry: dict[str, Any] = {"side": piece["side"], "at": None, "strength": None, "flags": []}
        if identified:
            entry["flags"] = flags
            if sees_location:
                entry["at"] = piece["at"]
                if "facing" in piece:
                    entry["facing"] = piece["facing"]
            if sees_strength:
                entry["strength"] = piece["strength"]
            if "attrs" in piece:
                entry["attrs"] = piece["attrs"]
        return f"{CANONICAL.encode(pid)}:{CANONICAL.encode(entry)}"

    def _seen_of(self, pid: str, piece: dict[str, Any], viewer: frozenset[str]) -> Shown:
        """What the viewer sees of a piece (:func:`~legatus.framework.engine.view.piece_entry`):
        decided once for each visibility rules, ownership and flags."""
        rules = self.definition.piece_visibility[pid]
        flags = piece["flags"]
        own = piece["side"] in viewer
        decided = (id(rules), own, tuple(flags))
        seen = self._seen.get(decided)
        if seen is None:
            seen = self._seen[decided] = _shown(rules, own, flags)
        return seen


#: The types of a piece's place and strength whose values name themselves exactly.
_EXACT = (str, int, type(None))


def _same(value: Any) -> Any:
    return value


def _known_zones(definition: GameDef, state: State, viewer: frozenset[str]) -> dict[str, Any]:
    """The skeleton's card zones: the cards of those the viewer sees, the others empty."""
    zones = definition.zones
    shown: dict[str, Any] = {}
    for key, cards in state["zones"].items():
        zone_id, _, holder = key.partition(":")
        zone = zones.get(zone_id)
        visible = zone is not None and (
            zone.visible_to == "all" or (zone.visible_to == "owner" and holder in viewer)
        )
        shown[key] = cards if visible else []
    return shown


def _known_prompt(state: State, viewer: frozenset[str]) -> dict[str, Any] | None:
    """The skeleton's prompt: the state's, or only who is asked what kind of decision."""
    prompt: dict[str, Any] | None = state["prompt"]
    if prompt is not None and prompt["side"] not in viewer:
        shown = {"side": prompt["side"], "kind": prompt["kind"], "text": ""}
        if "sides" in prompt:
            shown["sides"] = list(prompt["sides"])
        return shown
    return prompt


def _tokens(definition: GameDef, state: State, viewer: frozenset[str]) -> Tokens:
    """Tokens for the pieces the viewer may not identify, with what it sees of each."""
    pieces = state["pieces"]

    def hidden(pid: str) -> dict[str, Any] | None:
        piece = pieces.get(pid)
        if piece is None:
            return None
        identified, entry = piece_entry(definition, pid, piece, viewer)
        return None if identified else entry

    return Tokens(hidden)


def _records(
    definition: GameDef,
    state: State,
    viewer: frozenset[str],
    tokens: Tokens | None,
    copy: Callable[[Any], Any] = _copy,
) -> dict[str, Any]:
    """The declared records as the viewer may know them: what it sees is copied (piece ids
    it may not identify in a ``pieces`` record become tokens); what it may not see is
    emptied, keeping its shape (:func:`legatus.framework.engine.frames.blank`). ``copy``
    copies what it sees (:class:`KnownText`, which only writes it out, shares it)."""
    pieces = definition.pieces
    known: dict[str, Any] = {}
    for name, decl in definition.records.items():
        value = state["records"].get(name)
        if decl.per_side:
            known[name] = {
                owner: (
                    copy(item)
                    if sees_entry(definition, decl, owner, viewer)
                    else blank(item, pieces)
                )
                for owner, item in value.items()
            }
        elif decl.visible_to == "none":
            known[name] = blank(value, pieces)
        else:
            known[name] = copy(value)
        if decl.visible_to == "pieces" and tokens is not None:
            known[name] = tokens.replace(known[name], pieces.__contains__)
    return known


def skeleton(
    definition: GameDef, state: State, side: str, view: View, tokens: Tokens | None = None
) -> State:
    """``state`` without anything ``side`` may not see (see the module's docstring).

    Its stack is left empty here: :func:`information_set` writes the stack
    as the procedures' declarations let ``side`` read it
    (:func:`legatus.framework.engine.frames.stack_for`).
    """
    known = view["pieces"]["known"]
    pieces: dict[str, dict[str, Any]] = {}
    for pid, record in state["pieces"].items():
        entry = known.get(pid)
        if entry is None:
            # Unseen: only its current owner is kept (see the module docstring).
            pieces[pid] = {"side": record["side"], "at": None, "strength": None, "flags": []}
        else:
            pieces[pid] = {
                "side": entry.get("side", record["side"]),
                "at": entry.get("at"),
                "strength": entry.get("strength"),
                "flags": list(entry["flags"]),
            }
            # Piece state the view shows with the piece (a ship's facing, its attributes).
            if "facing" in entry:
                pieces[pid]["facing"] = entry["facing"]
            if "attrs" in entry:
                pieces[pid]["attrs"] = _copy(entry["attrs"])
    zones = {
        key: (list(cards) if isinstance(cards, list) else [])
        for key, cards in view["zones"].items()
    }
    viewer = viewer_of(state, side)
    prompt = state["prompt"]
    if prompt is not None and prompt["side"] not in viewer:
        shown = {"side": prompt["side"], "kind": prompt["kind"], "text": ""}
        if "sides" in prompt:
            shown["sides"] = list(prompt["sides"])
        prompt = shown
    kept = {
        key: state[key]
        for key in ("v", "game", "scenario", "variant", "options", "seats", "vars")
        if key in state
    }
    skel: State = _copy(kept)
    skel.update(
        seed=0,
        rng=[0, 0, 0, 1],
        stack=[],
        pieces=pieces,
        zones=zones,
        records=_records(definition, state, viewer, tokens),
        prompt=_copy(prompt),
        result=_copy(state["result"]),
        log=_copy(view["log"]),
        actions=state["actions"],
        undo_floor=state["undo_floor"],
    )
    return skel


def _fits(definition: GameDef, pid: str, at: str | None, strength: int | None) -> bool:
    """May piece ``pid`` be the anonymous piece at ``at`` with ``strength``?"""
    piece = definition.pieces[pid]
    if strength is not None and strength not in piece.strengths:
        return False
    if at is None or at in OFF_MAP:
        return True
    board = definition.board
    space = board.spaces.get(at)
    if space is None:
        return True
    stands_on = definition.piece_types[piece.type].stands_on
    return space.kind in stands_on or space.category in stands_on


def _slots(definition: GameDef, view: View, skel: State) -> tuple[Slot, ...]:
    unseen = sorted(pid for pid, p in skel["pieces"].items() if pid not in view["pieces"]["known"])
    slots = []
    # Anonymous pieces that show the same are many (a stack of blocks): their candidates
    # are worked out once.
    found: dict[tuple[Any, Any, Any], tuple[str, ...]] = {}
    for entry in view["pieces"]["hidden"]:
        at, side, strength = entry.get("at"), entry.get("side"), entry.get("strength")
        shows = (at, side, strength)
        candidates = found.get(shows)
        if candidates is None or type(strength) not in (int, type(None)):
            fitting = [pid for pid in unseen if _fits(definition, pid, at, strength)]
            own = [pid for pid in fitting if side is None or skel["pieces"][pid]["side"] == side]
            candidates = found[shows] = tuple(own or fitting or unseen)
        slots.append(Slot(at, side, strength, candidates, entry.get("facing")))
    # Most constrained first, so a random deal rarely runs out of fitting pieces.
    return tuple(sorted(slots, key=lambda s: len(s.candidates)))


def _unseen_cards(definition: GameDef, view: View) -> list[str]:
    """Every card of the game not in a zone the side sees, in canonical order."""
    remaining: dict[str, int] = {cid: card.copies for cid, card in definition.cards.items()}
    for cards in view["zones"].values():
        if isinstance(cards, list):
            for cid in cards:
                remaining[cid] = remaining.get(cid, 0) - 1
    return sorted(cid for cid, count in remaining.items() for _ in range(max(count, 0)))


def sample_generic(info: InformationSet, stream: MutableSequence[int]) -> State:
    """The generic sampler, derived from the visibility declarations alone."""
    definition = info.definition
    sample = info.skeleton_copy()
    pieces = sample["pieces"]
    used: set[str] = set()
    for slot in info.slots:
        pid = _draw(slot.candidates, used, stream)
        if pid is None:
            spare = tuple(sorted(p for p in pieces if pieces[p]["at"] is None and p not in used))
            pid = _draw(spare, used, stream)
            assert pid is not None, "the view lists more anonymous pieces than the game has"
        used.add(pid)
        record = own_piece(sample, pid) if info.shares_pieces else pieces[pid]
        record["at"] = slot.at
        if slot.side is not None:
            record["side"] = slot.side
        record["strength"] = slot.strength
        if slot.facing is not None:
            record["facing"] = slot.facing
    for pid, levels in info._open:  # in the pieces' order, as the draws must be
        record = own_piece(sample, pid) if info.shares_pieces else pieces[pid]
        if record["at"] is None:
            record["at"] = _somewhere(definition, pid, stream)
        if record["strength"] is None:
            record["strength"] = levels[rng.below(stream, len(levels))]
    if info.slots or info._open:  # else no piece was placed: nothing moved
        note_moved()
    _deal_cards(info, sample, stream)
    sample["rng"] = rng.seed_state(rng.next_u32(stream) << 32 | rng.next_u32(stream))
    return sample


def _draw(candidates: tuple[str, ...], used: set[str], stream: MutableSequence[int]) -> str | None:
    """A uniform draw among the candidates not used yet (a few tries, then a filtered list)."""
    if not candidates:
        return None
    for _ in range(4):
        pid = candidates[rng.below(stream, len(candidates))]
        if pid not in used:
            return pid
    free = [pid for pid in candidates if pid not in used]
    return free[rng.below(stream, len(free))] if free else None


def _somewhere(definition: GameDef, pid: str, stream: MutableSequence[int]) -> str:
    """A place for a piece whose location the side may not see: a space it may stand on."""
    stands_on = definition.piece_types[definition.pieces[pid].type].stands_on
    spaces = sorted(definition.board.spaces_of(stands_on)) or ["pool"]
    return spaces[rng.below(stream, len(spaces))]


def _deal_cards(info: InformationSet, sample: State, stream: MutableSequence[int]) -> None:
    hidden = info._hidden_zones
    if not hidden:
        return
    pool = list(info.unseen_cards)
    rng.shuffle(stream, pool)
    zones = sample["zones"]
    for key, size in hidden:
        zones[key], pool = pool[:size], pool[size:]


def _game_sampler(game: Game) -> Sampler | None:
    """The game plugin's own sampler, if it overrides the generic one."""
    plugin = game.plugin
    if plugin is None:
        return None
    from legatus.framework.engine.gameplugin import GamePlugin

    if type(plugin).sample_hidden is GamePlugin.sample_hidden:
        return None

    def sample(info: InformationSet, stream: MutableSequence[int]) -> State:
        found = plugin.sample_hidden(info, stream)
        return found if found is not None else sample_generic(info, stream)

    return sample
