"""The Julius Caesar plugin: one object that carries everything about the game.

Bundled games register through the ``legatus`` entry-point group exactly as a
third-party game would (see ``pyproject.toml``): the module's
``legatus_register_games`` hook registers :class:`JuliusCaesar`, whose
methods give the data folder, the procedures, queries and effects the rules
file uses, the typed action kinds, the invariants, the scores and the
evaluation the computer players use.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from legatus import (
    ActionKind,
    Context,
    GameDef,
    GamePlugin,
    Invariant,
    Procedure,
    RegisterGame,
    RuleRegistry,
    State,
    StepInvariant,
    TextBoard,
    hookimpl,
    kit,
    parse_signature,
)
from legatus.games.julius_caesar import model

NAME = "julius_caesar"
DATA = Path(__file__).parent / "data"

#: The most seas a sea move crosses (JC 6.2-6.3), and so a ``sail`` path's length.
MAX_SEAS = 9


def vp(ctx: Context, side: str) -> int:
    """JC 1.2: the VP of the side's friendly cities plus one per enemy leader killed."""
    return model.vp(ctx.definition, ctx.state, side)


def holds(ctx: Context, side: str, space: str) -> bool:
    """JC 4.2.1: the space is friendly to the side (only its blocks stand there)."""
    return model.controls(ctx.state, side, space)


def cancelled(ctx: Context) -> bool:
    """JC 2.1: both players played an event this turn, so the turn ends at once."""
    return bool(ctx.state["records"].get("cancelled", False))


#: The arguments a step of the sequence may give each procedure: (types, optional names).
PROCEDURE_PARAMS: dict[str, tuple[dict[str, str], tuple[str, ...]]] = {
    "cleopatra_home": ({"home": "space"}, ("home",)),
    "play_event": ({"card": "card", "side": "side"}, ()),
}


def procedures() -> dict[str, Procedure]:
    """Every procedure of the game, from its rule modules."""
    from legatus.games.julius_caesar import battle, command, deployment, events, winter

    found: dict[str, Procedure] = {}
    for module in (command, winter, deployment, events, battle):
        found.update(module.PROCEDURES)
    return found


def _register_cards(registry: RuleRegistry) -> None:
    """The queries and effects of the year's deal and each turn's card play (JC 2.1)."""
    from legatus.games.julius_caesar import cards

    registry.add_effect("deal_hands", cards.deal_hands, params={"size": "int"}, rule="JC 2.1")
    registry.add_query(
        "hand",
        cards.hand,
        returns="list[card]",
        params={"side": "side"},
        rule="JC 2.1",
        doc="The side's hand (a card held twice is listed twice)",
    )
    registry.add_effect(
        "discard_face_down",
        cards.discard_face_down,
        params={"side": "side", "card": "card"},
        rule="JC 2.1",
    )
    registry.add_effect("new_card_turn", cards.new_card_turn, rule="JC 2.1")
    registry.add_query(
        "playable",
        cards.playable,
        returns="list[card]",
        params={"side": "side"},
        rule="JC 2.1",
        doc="The cards the side may play now (Apollo not in a year's first turn, by the card)",
    )
    registry.add_effect(
        "commit_card", cards.commit_card, params={"side": "side", "card": "card"}, rule="JC 2.1"
    )
    registry.add_effect("no_card", cards.no_card, params={"side": "side"}, rule="JC 2.1")
    registry.add_effect("reveal_cards", cards.reveal_cards, rule="JC 2.1")


def _register_command(registry: RuleRegistry) -> None:
    """The queries and effects of the command phase's flow (JC 2.2) and of the levy
    (JC 6.4), its last part."""
    from legatus.games.julius_caesar import command, command_record, levy

    side = {"side": "side"}
    registry.add_effect("new_command_turn", command_record.new_turn, rule="JC 6.1")
    registry.add_query(
        "turn_order",
        command.turn_order,
        returns="list[side]",
        rule="JC 2.2",
        doc="Player 1, then Player 2",
    )
    registry.add_query(
        "plays_event",
        command.plays_event,
        returns="bool",
        params=side,
        rule="JC 2.1",
        doc="The side plays this turn's event instead of moves and levies",
    )
    registry.add_query("event_card", command.event_card, returns="card", rule="JC 2.1")
    registry.add_query(
        "move_points", command.move_points, returns="int", params=side, rule="JC 2.2"
    )
    registry.add_query(
        "levy_points", command.levy_points, returns="int", params=side, rule="JC 2.2"
    )
    registry.add_effect("announce_orders", command.announce_orders, params=side, rule="JC 2.2")
    registry.add_effect("list_battles", command.list_battles, rule="JC 7.1")
    moving = {"side": "side", "origin": "space", "mode": "str"}
    registry.add_query(
        "group_origins",
        command.group_origins,
        returns="list[space]",
        params={"side": "side", "mode": "str"},
        rule="JC 6.1",
        doc="The locations whose blocks could move now as a group",
        needs=command.MOVE_NEEDS,
    )
    registry.add_query(
        "group_movers",
        command.group_movers,
        returns="list[piece]",
        params=moving,
        rule="JC 6.1",
        doc="The blocks of the group that may still move",
        needs=command.MOVE_NEEDS,
    )
    registry.add_query(
        "block_routes",
        command.block_routes,
        returns="list[list[space]]",
        params={**moving, "block": "piece"},
        rule="JC 6.1",
        doc="Every legal path of a block of the group, its origin first",
        needs=command.MOVE_NEEDS,
    )
    registry.add_query(
        "sailors",
        command.sailors,
        returns="list[piece]",
        params=side,
        rule="JC 6.3",
        doc="The side's land blocks that may move by sea now",
        needs=command.MOVE_NEEDS,
    )
    registry.add_query(
        "sea_routes",
        command.sea_routes,
        returns="list[list[space]]",
        params={"side": "side", "block": "piece"},
        rule="JC 6.3",
        doc="Every sea move of a block: its port, the seas crossed, the port reached",
        needs=command.MOVE_NEEDS,
    )
    registry.add_query("event_name", command.event_name, returns="str", params={"mode": "str"})
    registry.add_query(
        "rulebook_mode", command.rulebook_mode, returns="str", params={"mode": "str"}
    )
    registry.add_effect(
        "begin_group",
        command.begin_group,
        params={"side": "side", "location": "space", "mode": "str"},
        rule="JC 6.1",
    )
    registry.add_effect(
        "move_group_block",
        command.move_group_block,
        params={"side": "side", "block": "piece", "path": "list[space]", "mode": "str"},
        rule="JC 6.1",
    )
    registry.add_effect(
        "sail",
        command.sail,
        params={"side": "side", "block": "piece", "route": "list[space]"},
        rule="JC 6.3",
    )
    registry.add_effect("end_moves", command.end_moves, params=side, rule="JC 6.0")
    registry.add_query(
        "open_mains",
        command.open_mains,
        returns="list[space]",
        params=side,
        rule="JC 7.3",
        doc="The side's attacks along two or more ways whose main attack is not yet named",
    )
    registry.add_query(
        "main_origins",
        command.main_origins,
        returns="list[space]",
        params={"side": "side", "location": "space"},
        rule="JC 7.3",
    )
    registry.add_effect(
        "declare_main",
        command.declare_main,
        params={"side": "side", "location": "space", "origin": "space"},
        rule="JC 7.3",
    )
    registry.add_effect("settle_attacks", command.settle_attacks, params=side, rule="JC 6.13")
    needs = levy.LEVY_NEEDS
    registry.add_query(
        "leviable",
        levy.leviable,
        returns="list[piece]",
        params=side,
        rule="JC 6.4",
        needs=needs,
        doc="The side's pool blocks some friendly city may levy now",
    )
    registry.add_query(
        "levy_cities",
        levy.levy_cities,
        returns="list[space]",
        params={"side": "side", "block": "piece"},
        rule="JC 6.4",
        needs=needs,
        doc="The friendly cities where a pool block may be levied",
    )
    registry.add_query(
        "steppable",
        levy.steppable,
        returns="list[piece]",
        params=side,
        rule="JC 6.4",
        needs=needs,
        doc="The side's blocks on the map that may take a step now",
    )
    registry.add_query(
        "can_levy",
        levy.can_levy,
        returns="bool",
        params=side,
        rule="JC 6.4",
        needs=needs,
        doc="Whether a levy point buys the side a block or a step now",
    )
    registry.add_effect(
        "levy_block",
        levy.levy_block,
        params={"side": "side", "block": "piece", "city": "space"},
        rule="JC 6.4",
        needs=needs,
    )
    registry.add_effect(
        "add_step", levy.add_step, params={"side": "side", "block": "piece"}, rule="JC 6.4"
    )


def _register_events(registry: RuleRegistry) -> None:
    """The queries and effects the event cards' effects are written with (JC 2.1, cards)."""
    from legatus.games.julius_caesar import effects, events

    q = registry.add_query
    q(
        "vulcan_targets",
        events.vulcan_targets,
        returns="list[space]",
        params={"side": "side"},
        rule="JC card Vulcan",
    )
    q(
        "enemy_blocks_at",
        events.enemy_blocks_at,
        returns="list[piece]",
        params={"side": "side", "space": "space"},
    )
    q("blocks_in", events.blocks_in, returns="list[piece]", params={"space": "space"})
    q("occupied_cities", events.occupied_cities, returns="list[space]")
    q(
        "defect_targets",
        effects.defect_targets,
        returns="list[piece]",
        params={"side": "side"},
        rule="JC card Jupiter",
    )
    q(
        "defect_cities",
        effects.defect_cities,
        returns="list[space]",
        params={"block": "piece"},
        rule="JC card Jupiter",
    )
    q(
        "jupiter_locations",
        events.jupiter_locations,
        returns="list[space]",
        params={"side": "side"},
        rule="JC card Jupiter",
    )
    q(
        "jupiter_cities",
        events.jupiter_cities,
        returns="list[space]",
        params={"side": "side", "location": "space"},
    )
    registry.add_effect(
        "defect_one",
        events.defect_one,
        params={"side": "side", "location": "space", "city": "space"},
        rule="JC card Jupiter",
    )
    registry.add_effect("lose_step", effects.lose_step, params={"block": "piece"}, rule="JC 7.4")
    registry.add_effect(
        "defect", effects.defect, params={"block": "piece", "city": "space"}, rule="JC card Jupiter"
    )
    registry.add_effect(
        "defect_in_place",
        events.defect_in_place,
        params={"side": "side", "location": "space"},
        rule="JC 2.1 rulebook Jupiter",
    )


def _register_battle(registry: RuleRegistry) -> None:
    """The battle phase's queries and effects (JC 7.0-7.8), on the framework's kit.

    The kit's primitives (firing order, hits to the strongest, border limits, ...) are
    registered for the rules file; what is Julius Caesar's own comes from its modules:
    a hit's step loss with Cleopatra's switch and a leader's death (``take_hit``), and
    the regroup's destinations (navis rules included) and move with its split log line
    (:mod:`legatus.games.julius_caesar.retreat`).
    """
    from legatus.games.julius_caesar import battle, retreat

    kit.register_kit(registry)
    registry.add_query(
        "volley",
        battle.volley,
        returns="int",
        params={"block": "piece", "attacking": "bool"},
        rule="JC 7.4",
        doc="The block fires (the state's dice, logged): its hits",
    )
    registry.add_effect(
        "disrupted_step", battle.disrupted_step, params={"block": "piece"}, rule="JC 7.31"
    )
    registry.add_effect("take_hit", battle.take_hit, params={"block": "piece"}, rule="JC 7.4")
    registry.add_effect("hits_lost", battle.hits_lost, params={"count": "int"}, rule="JC 7.4")
    registry.add_query(
        "roman",
        battle.roman_strength,
        returns="str",
        params={"strength": "int"},
        doc="A strength as the blocks print it: III",
    )
    registry.add_query(
        "regroup_destinations",
        retreat.regroup_destinations,
        returns="list[space]",
        params={"location": "space", "block": "piece"},
        rule="JC 7.7, 7.83",
        doc="Where a block may regroup from the battle, road limits aside",
    )
    registry.add_effect(
        "regroup_block",
        retreat.regroup_block,
        params={"side": "side", "location": "space", "block": "piece", "to": "space"},
        rule="JC 7.7",
    )


#: Every action of the game: (signature parts, what it does).
ACTIONS: tuple[ActionKind, ...] = (
    parse_signature(
        "deploy", "block: piece", "city: space", doc="Place a block (free set-up)", rule="JC 5.3"
    ),
    parse_signature(
        "discard", "card: card", doc="Discard a card face down from the new hand", rule="JC 2.1"
    ),
    parse_signature("play", "card: card", doc="Play a card face down for this turn", rule="JC 2.1"),
    parse_signature(
        "pass",
        "block: piece?",
        doc="In battle: the block neither fires nor retreats; alone: there is no legal choice "
        "(or an event that may be declined is declined)",
        rule="JC 7.2",
    ),
    parse_signature(
        "group", "location: space", doc="Choose the group to move from a location", rule="JC 6.1"
    ),
    parse_signature(
        "move",
        "block: piece",
        "path: space*2..4",
        doc="Move a block of the group along a road path, from where it stands",
        rule="JC 6.1",
    ),
    parse_signature(
        "sail",
        "block: piece",
        f"path: space*3..{MAX_SEAS + 2}",
        doc="Move a block by sea: from its port, across seas, to a port",
        rule="JC 6.2, 6.3",
    ),
    parse_signature("end_group", doc="The group moves no more blocks", rule="JC 6.1"),
    parse_signature("end_moves", doc="Spend no more move points this turn", rule="JC 6.0"),
    parse_signature(
        "main",
        "location: space",
        "from: space",
        doc="Name the road of the main attack on a location",
        rule="JC 7.3",
    ),
    parse_signature(
        "levy",
        "block: piece",
        "city: space",
        doc="Levy a new block in a friendly city",
        rule="JC 6.4",
    ),
    parse_signature("step", "block: piece", doc="Add a step to a block", rule="JC 6.4"),
    parse_signature("end_levy", doc="Spend no more levy points", rule="JC 6.4"),
    parse_signature(
        "battle", "location: space", doc="Fight the battle at a location next", rule="JC 7.1"
    ),
    parse_signature("fire", "block: piece", doc="The block fires", rule="JC 7.4"),
    parse_signature(
        "retreat",
        "block: piece",
        "path: space*1..2",
        doc="The block retreats (by sea: across a sea to a port)",
        rule="JC 7.6",
    ),
    parse_signature(
        "hit", "block: piece", doc="Take a hit on this block (among the strongest)", rule="JC 7.4"
    ),
    parse_signature(
        "regroup",
        "block: piece",
        "to: space",
        doc="The victor moves a block after the battle",
        rule="JC 7.7",
    ),
    parse_signature("end_regroup", doc="Regroup no more blocks", rule="JC 7.7"),
    parse_signature(
        "to_port", "block: piece", "port: space", doc="A navis at sea goes to a port", rule="JC 8.2"
    ),
    parse_signature("remove", "block: piece", doc="Remove an unsupplied block", rule="JC 8.3"),
    parse_signature("disband", "block: piece", doc="Disband a block to the pool", rule="JC 8.5"),
    parse_signature("end_disband", doc="Disband no more blocks", rule="JC 8.5"),
    parse_signature(
        "choose",
        "value: piece|space",
        doc="Choose a target for an event card's effect (or the battle Mars or Neptune favours)",
        rule="JC 2.1",
    ),
)


class JuliusCaesar(GamePlugin):
    """Columbia Games' Julius Caesar (2 players, hidden blocks, cards)."""

    name = NAME
    data = DATA

    def register_rules(self, registry: RuleRegistry) -> None:
        from legatus.games.julius_caesar import winter

        registry.add_query("vp", vp, returns="int", params={"side": "side"}, rule="JC 1.2")
        registry.add_query(
            "holds",
            holds,
            returns="bool",
            params={"side": "side", "space": "space"},
            rule="JC 4.2.1",
        )
        registry.add_query("cancelled", cancelled, returns="bool", rule="JC 2.1")
        registry.add_query(
            "disbandable",
            winter.disbandable,
            returns="list[piece]",
            params={"side": "side"},
            rule="JC 8.5",
            doc="The side's blocks on the map that it may disband (Cleopatra by the reading)",
        )
        registry.add_query(
            "cities_to_supply",
            winter.cities_to_supply,
            returns="list[space]",
            params={"side": "side", "base": "int"},
            rule="JC 8.3",
            doc="The side's cities holding more of its blocks than they supply in winter",
        )
        registry.add_query(
            "supplied",
            winter.supplied,
            returns="int",
            params={"city": "space", "base": "int"},
            rule="JC 8.3",
            doc="The blocks a city supplies in winter: base plus its VP",
        )
        registry.add_query(
            "removable_blocks",
            winter.removable_blocks,
            returns="list[piece]",
            params={"side": "side", "city": "space"},
            rule="JC 8.3",
            doc="The side's blocks in the city that winter supply may remove",
        )
        registry.add_effect(
            "unsupplied", winter.unsupplied, params={"block": "piece"}, rule="JC 8.3"
        )
        registry.add_query(
            "navis_at_sea",
            winter.navis_at_sea,
            returns="list[piece]",
            params={"side": "side"},
            rule="JC 8.2",
            doc="The side's navis at sea, in the order of the blocks file",
        )
        registry.add_query(
            "friendly_ports",
            winter.ports_for,
            returns="list[space]",
            params={"side": "side", "navis": "piece"},
            rule="JC 8.2",
            doc="The ports on the navis's sea friendly to the side",
        )
        registry.add_effect(
            "disband_navis", winter.disband_navis, params={"navis": "piece"}, rule="JC 8.2"
        )
        registry.add_effect(
            "navis_to", winter.navis_to, params={"block": "piece", "port": "space"}, rule="JC 8.2"
        )
        registry.add_effect(
            "disband_block",
            winter.disband_block,
            params={"side": "side", "block": "piece"},
            rule="JC 8.5",
        )
        _register_cards(registry)
        _register_command(registry)
        _register_events(registry)
        _register_battle(registry)
        for name, procedure in procedures().items():
            params, optional = PROCEDURE_PARAMS.get(name, ({}, ()))
            registry.add_procedure(
                name,
                procedure,
                rule=procedure.rule,
                params=params,
                optional=optional,
                needs=getattr(procedure, "needs", None),
            )

    def action_kinds(self, definition: GameDef) -> Sequence[ActionKind]:
        return ACTIONS

    def invariants(self) -> Mapping[str, Invariant]:
        from legatus.games.julius_caesar.invariants import INVARIANTS

        return INVARIANTS

    def step_invariants(self) -> Sequence[StepInvariant]:
        """No battle pending outside the battle phase, hands as the year's turns leave them,
        the cards revealed before the command phase, navis in port in winter."""
        from legatus.games.julius_caesar.invariants import STEP_INVARIANTS

        return STEP_INVARIANTS

    def scores(self, definition: GameDef, state: State) -> Mapping[str, float]:
        """JC 1.2: each side's VP (friendly cities, plus one per enemy leader killed)."""
        return {side: float(model.vp(definition, state, side)) for side in definition.side_ids}

    def render_view(self, definition: GameDef, view: Mapping[str, Any]) -> str:
        """VP, Player 1, the cards played and the orders in words, cards explained."""
        from legatus.games.julius_caesar.render import render_view

        return render_view(definition, dict(view))

    def text_board(
        self, definition: GameDef, params: Mapping[str, Any], language: str = "en"
    ) -> TextBoard:
        """Road limits and this turn's moves, winter supply, strengths one way."""
        from legatus.games.julius_caesar.render import CaesarBoard

        return CaesarBoard(definition, params, language)

    def page_parts(self, definition: GameDef, view: Mapping[str, Any]) -> Mapping[str, Any]:
        """Year, turn and phase, VP, Player 1, the cards played, orders and the battle."""
        from legatus.games.julius_caesar.render import page_parts

        return page_parts(definition, dict(view))

    def battle_board(
        self, definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
    ) -> Mapping[str, Any] | None:
        """The battle's blocks by initiative, reserves apart, hits, retreats (JC 7.0-7.7)."""
        from legatus.games.julius_caesar.battleboard import battle_board

        return battle_board(definition, params, view)

    def evaluate(
        self, definition: GameDef, state: State, side: str, params: Mapping[str, Any]
    ) -> float:
        """VP, material in steps and threatened friendly cities (see ``evaluation.py``)."""
        from legatus.games.julius_caesar.evaluation import evaluate

        return evaluate(definition, state, side, int(params["vp_to_win"]))


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(JuliusCaesar())
