"""A map to play from at the terminal (issue 38, item 1), through the real command line:
``map``, ``where PLACE``, ``blocks``, ``legend``, a long list chosen step by step, numbers in
order, strength written one way, colour only on a terminal without ``NO_COLOR``."""

from __future__ import annotations

import re

from tests.helpers import legatus, legatus_on_a_terminal

JC = ("play", "julius_caesar", "--seed", "7", "--side", "caesar=human", "--side",
      "pompey=greedy", "--no-autosave")  # fmt: skip
#: Caesar discards, plays his card, and is asked to choose a group (seed 7).
TO_THE_MOVES = ["1", "2"]


def play(*args: str, typed: list[str]) -> str:
    result = legatus(*args, stdin="\n".join([*typed, "quit"]) + "\n")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def answer_to(out: str, command: str, prompt: str = "caesar> ") -> str:
    """What the terminal printed in answer to the ``command``-th line typed: the text
    between two prompts (``command`` counts the lines typed, from 1)."""
    return out.split(prompt)[command]


def test_julius_caesar_map_where_blocks_and_legend() -> None:
    typed = ["map", "where rom", "where Mare Tyrrhenum", "blocks", "legend", "where Atlantis",
             "where"]  # fmt: skip
    out = play(*JC, typed=typed)
    drawn = answer_to(out, 1)
    # Cities by their codes, VP as stars, Caesar's blocks counted, roads drawn in lines.
    assert "Rom**" in drawn and "Gen C3" in drawn and "Nea P3" in drawn and "~MTy" in drawn
    assert "─" in drawn and "╌" in drawn  # major roads solid, minor dashed
    roma = answer_to(out, 2)
    assert roma.startswith("== Roma (Rom) ==\n   port, 2 VP\n")
    assert "supplies 5 blocks in winter (3 + its VP, JC 8.3)" in roma
    assert (
        "Genua (Gen)           major road, 4 blocks a turn — Antonius [2]; Legio 8 [3]; "
        "Legio 12 [3]" in roma
    )
    assert "Neapolis (Nea)        major road, 4 blocks a turn — 3 hidden Pompeius blocks" in roma
    sea = answer_to(out, 3)
    assert "Only navis may enter and control a sea (JC 4.4)." in sea
    assert "Utica (Uti)" in sea and "2 hidden Pompeius blocks" in sea
    blocks = answer_to(out, 4)
    assert blocks.startswith("== your pieces (Caesar): 31 ==")
    # Numbers as numbers; a strength written [3], with the block's full strength and rating.
    assert blocks.index("Legio 8 ") < blocks.index("Legio 12 ")
    assert re.search(r"Legio 8 +\[3\] of 3 +C3, legio", blocks)
    assert re.search(r"C Ballista +\[2\] of 2 +D4 attacking, B4 defending, ballista", blocks)
    legend = answer_to(out, 5)
    assert "sides: C Caesar (you), P Pompeius" in legend
    assert "─── major: Major road" in legend and "Rom Roma" in legend
    assert "C3 fires in the C turn of a battle round" in legend
    assert answer_to(out, 6).startswith(
        "no place called 'Atlantis' on the map; did you mean 'Oceanus Atlanticus'?\n"
    )
    assert answer_to(out, 7).startswith("where what? type where PLACE")
    # The view writes numbers in order too.
    assert "Genua: Antonius [2]; Legio 8 [3]; Legio 12 [3]" in out


def test_a_long_list_is_chosen_step_by_step_and_where_tells_what_moved_this_turn() -> None:
    """JC 6.1: the group at Lugdunum has 25 moves: by block first, then the block's moves;
    ``back`` goes up, ``all`` lists all 25; after Legio 16 moves to Genua, ``where Genua``
    says one Caesar block came along the minor road from Lugdunum this turn (JC 6.11)."""
    typed = [*TO_THE_MOVES, "3", "3", "back", "all", "back", "2", "4", "where genua"]
    out = play(*JC, typed=typed)
    page = answer_to(out, 3)
    assert (
        "    2. move(C Equitatus 1, …)  (12 choices)\n    3. move(Legio 16, …)  (12 choices)"
        in (page)
    )
    assert "(25 choices, step by step: a number opens a group or takes a choice; all: every " in (
        page
    )
    opened = answer_to(out, 4)
    assert "  move(Legio 16, …): 12 choices\n    1. move(Legio 16, Lugdunum, Cenabum)\n" in opened
    assert "; back: up a step)" in opened
    assert "    2. move(C Equitatus 1, …)" in answer_to(out, 5)  # back up
    whole = answer_to(out, 6)
    assert "   25. move(Legio 16, Lugdunum, Treviri, Cenabum)" in whole
    assert "    2. move(C Equitatus 1, …)" in answer_to(out, 7)  # back from the whole list
    assert "Caesar moves C Equitatus 1 Lugdunum -> Genua" in answer_to(out, 9)
    genua = answer_to(out, 10)
    assert re.search(
        r"Lugdunum \(Lug\) +minor road, 2 blocks a turn; moved along it this turn: Caesar 1 — "
        r"Legio\s+16\s+\[3\]",  # a long line wraps
        genua,
    )


def test_colour_only_on_a_terminal_and_never_with_no_color() -> None:
    typed = "\n".join([*TO_THE_MOVES, "map", "quit"]) + "\n"
    status, on_terminal = legatus_on_a_terminal(*JC, stdin=typed)
    assert status == 0
    drawn = on_terminal.split("caesar> ")[3]
    assert "\x1b[" in drawn  # sides, roads and seas in colour
    status, plain = legatus_on_a_terminal(*JC, stdin=typed, env={"NO_COLOR": "1"})
    assert status == 0 and "\x1b[" not in plain
    piped = play(*JC, typed=[*TO_THE_MOVES, "map"])
    assert "\x1b[" not in piped
    assert re.sub(r"\x1b\[[0-9;]*m", "", drawn) == plain.split("caesar> ")[3]


def test_the_naval_module_draws_a_hex_map_and_says_where_each_move_leads() -> None:
    """Bare hex ids no more: the hexes drawn around the fleets, each ship by its code and an
    arrow for its facing, and each move of a ship said from its bow (GBoJC 6.32-6.35)."""
    typed = ["1", "speeds_set", "1", "1", "speed(4)", "map", "where 2116", "legend"]
    out = play("play", "gbojc_naval", "--seed", "3", "--side", "romans=human",
               "--side", "veneti=first", "--no-autosave", typed=typed)  # fmt: skip
    moves = answer_to(out, 5, "romans> ")
    assert 'row("2116")  — 2116, ahead (N)' in moves
    assert 'row("2017")  — 2017, ahead to port (NW)' in moves
    assert "about  — turn about: the stern becomes the bow (6.35)" in moves
    drawn = answer_to(out, 6, "romans> ")
    assert re.search(r"^ +10 +11 +12 +13 +14", drawn, re.M)  # the column numbers
    assert "\\___/DL↑\\___/" in drawn and "\\___/DL·\\___/" in drawn  # Delphinus, bow and stern
    assert "/ta↓\\" in drawn  # an enemy ship in small letters
    hex_2116 = answer_to(out, 7, "romans> ")
    assert hex_2116.startswith("== 2116 ==")
    assert "     S  2117: Decimus Brutus [2] {ship Delphinus}; Delphinus [1] {facing N" in hex_2116
    legend = answer_to(out, 8, "romans> ")
    assert "DL Delphinus" in legend and "ta Taranis" in legend  # as the map writes them
    assert "1317: column 13, row 17" in legend


def test_a_game_that_gives_no_positions_is_drawn_from_its_connections() -> None:
    out = play("play", "demo_skirmish", "--seed", "1", "--side", "red=human", "--no-autosave",
               typed=["map", "where midford", "blocks"])  # fmt: skip
    drawn = answer_to(out, 1, "red> ")
    assert "Nor* R1" in drawn and "Sou* B1" in drawn and "Mid" in drawn
    midford = answer_to(out, 2, "red> ")
    assert "Still Lake (SLa)  shore — Red Boat [2]" in midford
    assert "Southtown (Sou)   road — Blue Foot [3] (Blue)" in midford
    assert "Red Foot                      [3] of 3   C2, infantry" in answer_to(out, 3, "red> ")
