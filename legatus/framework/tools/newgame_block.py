"""``legatus new-game NAME --kind block``: a small block wargame whose rules are all data.

The scaffold is a distribution that installs, validates and plays a whole Columbia-style
block game on the framework's kit (:mod:`legatus.framework.kit`), with no Python of its
own beyond the plugin that names its data folder::

    NAME/
      pyproject.toml          the distribution (entry point: the legatus group)
      README.md               the commands that install, check, play and test it
      NAME/
        __init__.py
        plugin.py             names the data folder (kit.declared.DeclaredBlockGame)
        data/
          game.yaml           the manifest: sides, files, action kinds, the kit's records
          map.yaml            seven areas, roads and fords (two border kinds)
          pieces.yaml         five blocks a side: initiative letter, fire, steps; levies
          cards.yaml          twelve command cards (move/levy points) and one event
          scenarios/start.yaml
          rules/NAME.rules    parameters, the sequence of play, every procedure, victory
          variants/hard_winter.variant
      tests/
        test_rules.py         two rule tests with forced dice on a battle

The plugin guide (docs/how-to-write-a-game-plugin.md) walks through each file. The
templates are the files of the game ``border_war`` with its name, title and rule tag
replaced (``${name}``, ``${title}``, ``${tag}``).
"""

from __future__ import annotations

from string import Template


def files(name: str, title: str, tag: str) -> dict[str, str]:
    """Every file of the block-game scaffold, by its path inside the distribution's
    folder (``pyproject.toml`` and ``README.md`` apart: :mod:`.newgame` adds them)."""
    fill = {"name": name, "title": title, "tag": tag}
    return {
        Template(path).substitute(fill): Template(text).substitute(fill)
        for path, text in _TEMPLATES.items()
    }


README = """\
# {title}

A block wargame for Legatus, on the framework's block-wargame kit: its rules are all data
(`{name}/data/*.yaml` and `{name}/data/rules/{name}.rules`; see Legatus's plugin guide).

Install it, check it, play it and run its rule tests:

```sh
pip install -e .
legatus validate {name}
legatus rules check {name}
legatus play {name} --seed 1 --quiet
legatus check-game {name} --games 20
python -m pytest tests
```

Then make it yours: the map in `{name}/data/map.yaml`, the blocks in
`{name}/data/pieces.yaml`, the cards in `{name}/data/cards.yaml`, the rules in
`{name}/data/rules/{name}.rules`.
"""

_INIT_PY = '''\
"""${title}: a Legatus game plugin."""
'''


_PLUGIN_PY = '''\
"""${title} as a Legatus plugin. Its rules are all data: the map, blocks, cards and
scenario in ``data/*.yaml``, the sequence of play, the procedures and victory in
``data/rules/${name}.rules``, on the framework's block-wargame kit, which
``kit.declared.DeclaredBlockGame`` registers for the rules file."""

from pathlib import Path

from legatus import RegisterGame, hookimpl, kit


class Game(kit.declared.DeclaredBlockGame):
    """${title}: two lords fight for a valley's towns with hidden blocks."""

    name = "${name}"
    data = Path(__file__).parent / "data"


@hookimpl
def legatus_register_games(register: RegisterGame) -> None:
    register(Game())
'''


_GAME_YAML = """\
# ${title}: the game manifest. Rule citations use the tag ${tag} with the rulebook's section
# numbers (e.g. "${tag} 6.2").
name: ${name}
title: ${title}
version: "0.1.0"
description: >-
  Two lords fight for the towns of a valley with hidden wooden blocks, driven by command
  cards: a small block wargame on Legatus's kit.
rulebook: ${tag}
max_actions: 4000
players: {min: 2, max: 2}
sides:
  - {id: north, name: North, colour: blue}
  - {id: south, name: South, colour: red}
files:
  map: map.yaml
  pieces: pieces.yaml
  cards: cards.yaml
  scenarios: [scenarios/start.yaml]
  rules: [rules/${name}.rules]
  variants: [variants/hard_winter.variant]

# The kinds of action the rules file's decisions offer, with typed arguments.
actions:
  - {name: play, args: ["card: card"], doc: Play a card face down for this turn, rule: ${tag} 2}
  - {name: pass, args: ["block: piece?"], doc: "In battle: the block neither fires nor retreats; else: no card to play", rule: ${tag} 5.2}
  - {name: group, args: ["location: space"], doc: Spend a move point on the blocks of an area, rule: ${tag} 3.1}
  - {name: move, args: ["block: piece", "path: space*2..4"], doc: Move a block of the group along its path, rule: ${tag} 3.1}
  - {name: end_group, doc: The group moves no more blocks, rule: ${tag} 3.1}
  - {name: end_moves, doc: Spend no more move points, rule: ${tag} 3.1}
  - {name: main, args: ["location: space", "from: space"], doc: Name the border of the main attack, rule: ${tag} 5.3}
  - {name: levy, args: ["block: piece", "town: space"], doc: Raise a block from the pool in a friendly town, rule: ${tag} 4}
  - {name: step, args: ["block: piece"], doc: Add a step to a block, rule: ${tag} 4}
  - {name: end_levy, doc: Spend no more levy points, rule: ${tag} 4}
  - {name: battle, args: ["location: space"], doc: Fight the battle in an area next, rule: ${tag} 5.1}
  - {name: fire, args: ["block: piece"], doc: The block fires, rule: ${tag} 5.4}
  - {name: retreat, args: ["block: piece", "path: space"], doc: The block retreats to an adjacent area, rule: ${tag} 5.5}
  - {name: hit, args: ["block: piece"], doc: Take a hit on this block (among the strongest), rule: ${tag} 5.4}
  - {name: regroup, args: ["block: piece", "to: space"], doc: The victor moves a block after the battle, rule: ${tag} 5.6}
  - {name: end_regroup, doc: Regroup no more blocks, rule: ${tag} 5.6}
  - {name: choose, args: ["value: space"], doc: Choose the target of an event card, rule: ${tag} 2.1}
  - {name: remove, args: ["block: piece"], doc: Remove a block a town cannot supply in winter, rule: ${tag} 6}

# What the game keeps beyond blocks and cards, with who may see it: the kit's records.
records:
  cards: {description: The card each side played this turn., rule: ${tag} 2, schema: {type: object}}
  copied: {description: Unused (no card copies another)., rule: ${tag} 2, schema: {type: object}}
  event: {description: The event card in force this turn and its player., rule: ${tag} 2.1, schema: {type: ["null", object]}}
  cancelled: {description: Unused (the deck holds one event card)., rule: ${tag} 2.1, schema: {type: boolean}}
  player1: {description: The side that moves first this turn., rule: ${tag} 2, schema: {type: [string, "null"]}, start: null}
  orders: {description: The move and levy points each side may spend this turn., rule: ${tag} 2, schema: {type: object}}
  previous_cards: {description: The cards played last turn., rule: ${tag} 2, schema: {type: object}}
  command:
    description: What both sides can count of this turn's moves (borders used, attacks, contested areas).
    rule: ${tag} 3
    schema: {type: object}
    start: {road_use: {north: {}, south: {}}, attacks: {}, contested: [], sea_moves: [], held_seas: {north: [], south: []}}
  own_command:
    description: Each side's own record of its moves this turn, by block; only its owner sees it.
    rule: ${tag} 3
    per_side: true
    visible_to: owner
    schema: {type: object}
    start: {moved: [], levied: [], arrivals: {}, reserves: {}, event_group: []}
  battles: {description: The contested areas still to fight this turn., rule: ${tag} 5.1, schema: {type: array, items: {type: string}}}
  battle: {description: "The battle being fought, or null.", rule: ${tag} 5.2, schema: {type: ["null", object]}}
"""


_MAP_YAML = """\
# ${title}: the valley. Roads let 3 blocks of a side cross per turn, tracks 1 (${tag} 3.2);
# a block that crosses a river ford stops there (${tag} 3.2). Towns supply blocks in winter
# and win the game (${tag} 6, 7).
space_kinds:
  town: {category: land, description: A walled town; blocks are levied here (${tag} 4).}
  field: {category: land, description: Open country.}
connection_kinds:
  road: {links: [[land, land]], description: "3 blocks per side per turn (${tag} 3.2)."}
  ford: {links: [[land, land]], description: "1 block per side per turn; a block stops after crossing (${tag} 3.2)."}
spaces:
  - {id: Northkeep, kind: town, vp: 1}
  - {id: Westwood, kind: field}
  - {id: Ford, kind: field}
  - {id: Millbrook, kind: town, vp: 1}
  - {id: Bridge, kind: field}
  - {id: Eastmarch, kind: field}
  - {id: Southkeep, kind: town, vp: 1}
connections:
  - {kind: road, between: [Northkeep, Westwood]}
  - {kind: road, between: [Northkeep, Ford]}
  - {kind: road, between: [Westwood, Millbrook]}
  - {kind: ford, between: [Ford, Millbrook]}
  - {kind: ford, between: [Ford, Eastmarch]}
  - {kind: road, between: [Millbrook, Bridge]}
  - {kind: road, between: [Millbrook, Eastmarch]}
  - {kind: road, between: [Bridge, Southkeep]}
  - {kind: ford, between: [Eastmarch, Southkeep]}
"""


_PIECES_YAML = """\
# ${title}: the blocks. rating: initiative letter (A fires before B) and fire value (a die
# at or under it hits); steps: the block's full strength (${tag} 1, 5.4).
# Blocks stand upright: the enemy sees where they are, not which they are nor their
# strength, until they fight in a battle (flag revealed) or lie face up in the pool.
visibility:
  identity: {visible_to: owner, revealed_by: [revealed, face_up]}
  strength: {visible_to: owner, revealed_by: [revealed, face_up]}
  location: {visible_to: all}
  owner: {visible_to: all}
piece_types:
  lord: {stands_on: [land], levy: none, description: The side's lord; never levied again.}
  knights: {stands_on: [land], levy: {kinds: [town]}}
  foot: {stands_on: [land], levy: {kinds: [town]}}
  archers: {stands_on: [land], levy: {kinds: [town]}}
pieces:
  - {id: North Lord, side: north, type: lord, rating: A2, steps: 3}
  - {id: North Knights, side: north, type: knights, rating: B3, steps: 3}
  - {id: North Foot, side: north, type: foot, rating: C2, steps: 4}
  - {id: North Archers, side: north, type: archers, rating: A1, steps: 3}
  - {id: North Militia, side: north, type: foot, rating: C1, steps: 4}
  - {id: South Lord, side: south, type: lord, rating: A2, steps: 3}
  - {id: South Knights, side: south, type: knights, rating: B3, steps: 3}
  - {id: South Foot, side: south, type: foot, rating: C2, steps: 4}
  - {id: South Archers, side: south, type: archers, rating: A1, steps: 3}
  - {id: South Militia, side: south, type: foot, rating: C1, steps: 4}
"""


_CARDS_YAML = """\
# ${title}: the command cards (${tag} 2). Each prints move points (groups that may move)
# and levy points (blocks raised or steps added); the higher move value moves first. The
# one event card, Raid, is played instead of moves and levies; its player moves first.
zones:
  deck: {visible_to: none, description: "The undealt cards, face down."}
  hand: {visible_to: owner, per_side: true, description: A player's hand.}
  discarded: {visible_to: owner, per_side: true, description: Unused.}
  committed: {visible_to: owner, per_side: true, description: The card played face down this turn.}
  played: {visible_to: all, per_side: true, description: Cards revealed this year.}
card_kinds:
  command: {values: [move, levy], description: Move points then levy points.}
  event: {description: "Played instead of moves and levies: what its text says (${tag} 2.1)."}
deck_size: 13
cards:
  - {id: "3/0", kind: command, copies: 2, values: {move: 3, levy: 0}, rule: ${tag} 2}
  - {id: "2/1", kind: command, copies: 4, values: {move: 2, levy: 1}, rule: ${tag} 2}
  - {id: "1/2", kind: command, copies: 4, values: {move: 1, levy: 2}, rule: ${tag} 2}
  - {id: "0/3", kind: command, copies: 2, values: {move: 0, levy: 3}, rule: ${tag} 2}
  - {id: Raid, kind: event, copies: 1, rule: ${tag} 2.1}
"""


_START_YAML = """\
id: start
title: The lords take the field
default: true
setup:
  north:
    map:
      Northkeep: [North Lord, North Foot]
      Westwood: [North Knights, North Archers]
    pool: [North Militia]
  south:
    map:
      Southkeep: [South Lord, South Foot]
      Eastmarch: [South Knights, South Archers]
    pool: [South Militia]
"""


_GAME_RULES = """\
# ${title}: the rules, all of them, on Legatus's block-wargame kit. Each clause cites its
# section of the rulebook with @rule; every number is a parameter a variant may change.
game ${name}

# -- the calendar and the cards (${tag} 1, 2) ------------------------------------------------
param years: int in 1..9 = 2 "Years in a game" @rule "${tag} 1"
param turns_per_year: int in 1..5 = 3 "Game turns in a year: one card each" @rule "${tag} 1"
param events.declinable: list[card] = [] "Event cards their player may decline" @rule "${tag} 2.1"

# -- moves (${tag} 3): the kit reads these by name (legatus.kit.declared) ----------------------
param move.distance: int in 1..4 = 2 "Areas a block may move" @rule "${tag} 3.1"
param move.attack_distance: int in 1..4 = 1 "Farthest step of a move that may enter an enemy area" @rule "${tag} 3.3"
param move.reinforce_distance: int in 1..4 = 1 "Farthest step of a move that may join a battle" @rule "${tag} 3.3"
param move.borders: list[connection_kind] = ["road", "ford"] "The border kinds blocks cross" @rule "${tag} 3.2"
param move.limits: list[int] = [3, 1] "Blocks per side per turn across a road, a ford (per battle round for retreats)" @rule "${tag} 3.2"
param move.attack_limits: list[int] = [3, 1] "The same, for blocks entering an enemy area" @rule "${tag} 3.2"
param move.stop_borders: list[connection_kind] = ["ford"] "Border kinds that end a move once crossed" @rule "${tag} 3.2"

# -- battles and winter (${tag} 5, 6, 7) -------------------------------------------------------
param battle_rounds: int in 1..5 = 3 "Battle rounds at most; attackers must retreat in the last" @rule "${tag} 5.2"
param retreat_from_round: int in 1..5 = 2 "First battle round in which a block may retreat" @rule "${tag} 5.5"
param reserve_arrival_round: int in 1..5 = 2 "Battle round at whose start reserves arrive" @rule "${tag} 5.3"
param winter_base: int in 0..9 = 2 "Blocks a friendly town supplies in winter, besides its VP" @rule "${tag} 6"
param towns: list[space] = ["Northkeep", "Millbrook", "Southkeep"] "The towns, which win the game" @rule "${tag} 7"
param towns_to_win: int in 1..3 = 2 "Towns a side must hold at a winter to win" @rule "${tag} 7"

sequence: @rule "${tag} 1"
  repeat year in 1..years: @rule "${tag} 1"
    step deal_cards @rule "${tag} 2"
    repeat turn in 1..turns_per_year: @rule "${tag} 1"
      step card_phase @rule "${tag} 2"
      step command_phase @rule "${tag} 3"
      step battle_phase @rule "${tag} 5"
    phase winter: @rule "${tag} 6"
      check conquest @rule "${tag} 7"
      step winter_supply(base: winter_base) @rule "${tag} 6"
      step year_end @rule "${tag} 6"
  check final_victory @rule "${tag} 7"

# -- cards (${tag} 2) ------------------------------------------------------------------------
procedure deal_cards: @rule "${tag} 2"
  "The deck is shuffled and each side dealt one card per turn of the year."
  deal_hands(turns_per_year)

procedure card_phase: @rule "${tag} 2"
  "Both sides play a card face down at once, then reveal them: the higher move value moves first (North on ties); an event's player moves first."
  new_card_turn()
  decide play together by side in sides():
    "{side}: play a card face down"
    option play(card: card from hand(side)):
      play_face_down(side, card)
    option pass when count(hand(side)) == 0:
      no_card(side)
  reveal_cards("north", ["move", "levy"], [], false, "${tag} 2")

define raid_targets(player: side): list[space] = enemy_areas(player, "land") "The areas holding an enemy group" @rule "${tag} 2.1"

effect raid(player: side) on "Raid": @rule "${tag} 2.1"
  "Every block of one enemy group loses a step; a block at its lowest is eliminated."
  choose target: space from raid_targets(player)
  for block in enemy_blocks_at(player, target):
    reduce_block(block)

# -- the command phase (${tag} 3, 4) ---------------------------------------------------------
procedure command_phase: @rule "${tag} 3"
  "The first player makes all its moves, then its levies, or plays its event instead; then the other. The contested areas are the battles to fight."
  new_command_turn()
  for side in turn_order():
    announce_orders(side, ["move", "levy"], ["move(s)", "levy"])
  for side in turn_order():
    if plays_event(side):
      play_event(event_card(), side) @rule "${tag} 2.1"
    else:
      command_moves(side, card_points(side, "move"))
      levy(side, card_points(side, "levy"))
  list_battles() @rule "${tag} 5.1"

procedure command_moves(side: side, points: int): @rule "${tag} 3.1"
  "Each move point moves the blocks of one area (a group), one block at a time."
  let left = points
  let moving = true
  while moving and left > 0 and count(group_origins(side, "card")) > 0:
    decide group by side:
      "{side}: {left} move(s) left: choose a group"
      option group(location: space from group_origins(side, "card")):
        set left = left - 1
        begin_group(side, location)
        move_group(side, location)
      option end_moves:
        set moving = false
        end_moves(side)
  main_attacks(side)

procedure move_group(side: side, origin: space): @rule "${tag} 3.1"
  "The blocks of the group move one at a time, each along its whole path, within the border limits; a block entering an enemy area stops, and pins as many defenders (${tag} 3.3)."
  let open = true
  while open and count(group_movers(side, origin, "card")) > 0:
    decide move by side:
      "{side}: move blocks of the group at {origin}, or end the group"
      option move(block: piece from group_movers(side, origin, "card"), path: list[space] from block_routes(side, origin, "card", block)):
        move_group_block(side, block, path)
      option end_group:
        set open = false

procedure main_attacks(side: side): @rule "${tag} 5.3"
  "For each area it attacked across two or more borders the attacker names the main attack; the blocks that came by other borders are reserves. Its attacks then pin defenders (${tag} 3.3)."
  for location in open_mains(side):
    decide main by side:
      "{side}: where does the main attack on {location} come from?"
      option main(at: space from [location], origin: space from main_origins(side, location)):
        declare_main(side, at, origin)
  settle_attacks(side)

procedure levy(side: side, points: int): @rule "${tag} 4"
  "Each levy point raises a block from the pool in a friendly town at its lowest strength, or adds a step to a block on the map; points not spent are lost."
  let left = points
  while left > 0 and can_levy(side, [], false):
    decide levy by side:
      "{side}: {left} levy point(s) left"
      option levy(block: piece from leviable(side, []), town: space from levy_spaces(side, block, [])):
        set left = left - 1
        levy_block(side, block, town, "minimum")
        note_levied(side, block)
      option step(block: piece from steppable(side, false)):
        set left = left - 1
        add_step(side, block)
      option end_levy:
        set left = 0

# -- battles (${tag} 5) ----------------------------------------------------------------------
procedure battle_phase: @rule "${tag} 5.1"
  "The first player picks the contested areas one at a time; each battle is fought to its end before the next."
  while count(pending_battles()) > 0:
    let next = pending_battles()
    if count(next) > 1:
      decide battle_choice by player1():
        "Choose the next battle"
        option battle(location: space from next):
          set next = [location]
    for location in next:
      take_battle(location)
      battle(location)
  battles_over()

procedure battle(location: space): @rule "${tag} 5.2"
  "Round by round, every block has one battle turn, by initiative letter, the defender first on equal letters: fire, pass or, from retreat_from_round, retreat. Reserves arrive at the start of reserve_arrival_round. In the last round the attackers must retreat or are eliminated. The side left alone wins and may regroup."
  let blocks = battle_blocks(location)
  let attack = read_attack(location, blocks, "command", "own_command")
  let attacker = attack_side(attack)
  let reserves = attack_reserves(attack)
  let round = 1
  let acted = []
  let used = no_retreats()
  begin_battle(location, blocks, attacker, reserves, false)
  let over = false
  while not over:
    let slot = []
    if count(sides_in_battle(location, blocks)) < 2:
      set over = true
    else:
      let alone = reserves_alone(location, blocks, reserves, round, reserve_arrival_round)
      if count(alone) == 0:
        set slot = battle_slot(location, blocks, reserves, acted, round, reserve_arrival_round, attacker, [])
      for side in alone:
        round_cut_short(location, side, blocks, acted, round, "${tag} 5.3")
      if count(slot) == 0:
        if round >= battle_rounds:
          last_round_over(location, blocks, attacker)
          set over = true
        else:
          set round = round + 1
          set acted = []
          set used = no_retreats()
          let arriving = []
          if round == reserve_arrival_round: @rule "${tag} 5.3"
            set arriving = in_battle(location, reserves)
            set reserves = []
          new_round(location, round, attacker, arriving)
      else:
        let side = turn_side(slot)
        let must = round >= battle_rounds and side == attacker
        let trapped = trapped_blocks(location, slot, must, attacker, attack, used)
        for block in trapped:
          cannot_retreat(location, block)
          set acted = with_piece(acted, block)
        if count(trapped) == 0:
          let asked = turn_text(location, slot, attacker, round, battle_rounds, retreat_from_round)
          decide battle_turn by side:
            "{asked}"
            option fire(block: piece from slot) when not must: @rule "${tag} 5.4"
              set acted = with_piece(acted, block)
              battle_fire(block, location, side == attacker, reserves, round)
            option pass(block: piece from slot) when not must:
              set acted = with_piece(acted, block)
              battle_pass(block)
            option retreat(block: piece from slot, route: list[space] from battle_routes(location, block, attacker, attack, used)) when must or round >= retreat_from_round: @rule "${tag} 5.5"
              set acted = with_piece(acted, block)
              set used = retreat_counted(location, block, route, used)
              retreat_block(location, block, route)
  let winner = battle_winner(location, blocks)
  end_battle(location, blocks, winner)
  for side in winner:
    regroup(location, side)

procedure battle_fire(block: piece, location: space, attacking: bool, reserves: list[piece], round: int): @rule "${tag} 5.4"
  "A block rolls one die per step; each roll at or under its fire value is a hit, which the enemy's strongest block takes at once (its owner picks among equals)."
  let hits = volley(block, attacking)
  for enemy in other_sides(owner(block)):
    let targets = fighting(side_pieces_at(enemy, location), reserves, round, reserve_arrival_round)
    while hits > 0 and count(targets) > 0:
      let tied = strongest(targets)
      if count(tied) == 1:
        for target in tied:
          take_hit(target)
      else:
        decide battle_hit by enemy:
          "Battle at {location}: {hits} hit(s) to take; choose which of the strongest takes the next"
          option hit(target: piece from tied):
            take_hit(target)
      set hits = hits - 1
      set targets = fighting(side_pieces_at(enemy, location), reserves, round, reserve_arrival_round)
    if hits > 0:
      hits_lost(hits)

define regroup_room(location: space, to: space, moved: list[piece]): bool = crossed(moved, to) < border_limit(location, to, move.borders, move.limits) "A block may regroup across a border while its limit is not reached over the whole regroup" @rule "${tag} 5.6"
define may_regroup(location: space, block: piece, moved: list[piece]): bool = any(regroup_room(location, to, moved) for to in regroup_areas(location, block, move.borders, [], "sea", "land")) "The block has somewhere left to regroup to" @rule "${tag} 5.6"

procedure regroup(location: space, side: side): @rule "${tag} 5.6"
  "The victor may move its blocks one at a time to adjacent friendly or vacant areas, the border limits counted over the whole regroup."
  let moved = []
  let done = false
  until done or not any(may_regroup(location, block, moved) for block in side_pieces_at(side, location)):
    decide regroup by side:
      "Regroup from {location}: move a block or end the regroup"
      option regroup(block: piece from side_pieces_at(side, location), to: space from regroup_areas(location, block, move.borders, [], "sea", "land")) when regroup_room(location, to, moved):
        regroup_block(side, location, block, to)
        set moved = with_piece(moved, block)
      option end_regroup:
        set done = true

# -- winter (${tag} 6) and victory (${tag} 7) ------------------------------------------------------
procedure winter_supply(base: int): @rule "${tag} 6"
  "Each area keeps at most base + its VP blocks; its owner removes the excess to the pool."
  for side in sides():
    for area in over_supplied(side, base, "vp", []):
      while area in over_supplied(side, base, "vp", []):
        let limit = supplied(area, base, "vp")
        decide winter_supply by side:
          "{side}: {area} supplies {limit} blocks in winter; remove one"
          option remove(block: piece from removable(side, area, [])):
            unsupplied(block)

procedure year_end: @rule "${tag} 6"
  "The eliminated blocks stand up in their pools, to be levied again; the cards are gathered."
  reset_year()

define holds(side: side, area: space): bool = count(side_pieces_at(side, area)) > 0 and count(enemy_blocks_at(side, area)) == 0 "Only the side's blocks stand in the area" @rule "${tag} 7"
define towns_held(side: side): int = count(list(t for t in towns if holds(side, t))) "The towns the side holds" @rule "${tag} 7"

victory conquest: @rule "${tag} 7"
  "At a winter, a side holding towns_to_win towns wins."
  require towns_held(side) >= towns_to_win
  most towns_held(side)
  else continue

victory final_victory: @rule "${tag} 7"
  "After the last year the side holding more towns wins; else a draw."
  most towns_held(side)
  else draw
"""


_HARD_WINTER_VARIANT = """\
variant hard_winter of ${name} "A hard winter: towns supply one block fewer"
param winter_base = 1 @rule "${tag} 6"
"""


_TEST_RULES_PY = '''\
"""Rule tests, one per rule section, on Legatus's test kit: a position in a few lines, the
actions by their text, the dice forced, the outcome read through the kit's queries."""

from __future__ import annotations

from legatus.framework.tools.testing import PlayFrom

#: North's Knights (B3, strength 3) in Westwood, next to South's Foot (C2, 4) in
#: Millbrook; North moves first with one move point (${tag} 3.1).
ATTACK = """
    at: {step: command_phase, counters: {year: 1, turn: 1}}
    records:
      player1: north
      orders: {north: {move: 1, levy: 0}, south: {move: 0, levy: 0}}
    setup:
      north: {map: {Westwood: [North Knights], Northkeep: [North Lord]}, others: pool}
      south: {map: {Millbrook: [South Foot], Southkeep: [South Lord]}, others: pool}
    """


def test_rule_5_4_the_b_block_fires_first_and_hits_take_the_strongest(
    play_from: PlayFrom,
) -> None:
    """${tag} 5.2, 5.4: letter B fires before letter C; each die at or under the fire value
    hits, and each hit takes a step from the strongest enemy block at once."""
    kit = play_from("${name}", ATTACK)
    kit.act("group(Westwood)", "move(North Knights, Westwood, Millbrook)")
    assert kit.asked == ("north", "battle_turn")
    kit.dice([1, 4, 3])  # three dice (strength 3) at 3: two hits
    kit.act("fire(North Knights)")
    assert kit.strength("South Foot") == 2
    kit.dice([2, 6])  # South Foot's two dice at 2: one hit
    kit.act("fire(South Foot)")
    assert kit.strength("North Knights") == 2


def test_rule_5_6_the_defender_destroyed_the_attacker_holds_the_area(
    play_from: PlayFrom,
) -> None:
    """${tag} 5.2, 5.6: the side left alone wins the battle, and may regroup."""
    kit = play_from("${name}", ATTACK)
    kit.act("group(Westwood)", "move(North Knights, Westwood, Millbrook)")
    kit.dice([1, 1, 1])
    kit.act("fire(North Knights)")
    kit.dice([6])
    kit.act("fire(South Foot)")
    kit.dice([1, 2, 6])  # round 2: two hits on South Foot, at strength 1: eliminated
    kit.act("fire(North Knights)")
    assert kit.at("South Foot") == "pool"
    assert kit.asked == ("north", "regroup")
'''

_TEMPLATES: dict[str, str] = {
    "${name}/__init__.py": _INIT_PY,
    "${name}/plugin.py": _PLUGIN_PY,
    "${name}/data/game.yaml": _GAME_YAML,
    "${name}/data/map.yaml": _MAP_YAML,
    "${name}/data/pieces.yaml": _PIECES_YAML,
    "${name}/data/cards.yaml": _CARDS_YAML,
    "${name}/data/scenarios/start.yaml": _START_YAML,
    "${name}/data/rules/${name}.rules": _GAME_RULES,
    "${name}/data/variants/hard_winter.variant": _HARD_WINTER_VARIANT,
    "tests/test_rules.py": _TEST_RULES_PY,
}
