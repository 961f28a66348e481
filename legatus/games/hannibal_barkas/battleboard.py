"""Hannibal Barkas's battle as a board for the browser (HB V), from a side's view alone.

The battle's frame (:class:`legatus.games.hannibal_barkas.battle.Battle`, every field
public: counters stand face up, HB I) says the armies and their roles, the round, the
step being fought (light infantry, then cavalry and elephants, then heavy and Gallic
infantry, HB 5.3; at sea every ship at once, HB 5.10), the d10s rolled this step, the
units lost on each side and those that retreated. Each army's units are drawn by the step
they fire in, counted by kind (``10 HI``), its leaders apart; the step firing now is
highlighted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from legatus import GameDef, battleboard, natural_key
from legatus.games.hannibal_barkas.combat import STEPS
from legatus.games.hannibal_barkas.model import LEADER, SHORT, UNITS
from legatus.games.hannibal_barkas.render import leader_mark

#: Each step of a round in words (HB 5.3).
STEP_NAMES = ("light infantry", "cavalry and elephants", "heavy and Gallic infantry")
#: Where the battle stands, by the frame's phase.
PHASES = {
    "shelter": "the defender may put units inside the city's walls",
    "effects": "battle effects may be played (HB 5.2)",
    "stow": "land units board the ships (HB 5.10)",
    "decide": "fight on or retreat (HB 5.3, 5.4)",
    "escape": "cavalry may ride away (HB 5.1)",
    "finish": "pursuit (HB 5.9)",
    "over": "the battle is over",
}


def _label(naval: bool, step: int) -> str:
    return "ships fire" if naval else f"step {step + 1}: {STEP_NAMES[step]}"


def battle_board(
    definition: GameDef, params: Mapping[str, Any], view: Mapping[str, Any]
) -> dict[str, Any] | None:
    frame = battleboard.frame_of(view, "battle")
    if frame is None or not frame.get("roles"):
        return None
    space = str(frame["args"]["space"])
    naval = bool(frame.get("naval"))
    phase = str(frame.get("phase", ""))
    round_ = int(frame.get("round") or 0)
    step = int(frame.get("step") or 0)
    known = view["pieces"]["known"]
    name = definition.side_name
    firing_now = phase in ("roll", "allocate") and round_ > 0
    steps = [("ships",)] if naval else list(STEPS)
    current = [_label(naval, step)] if firing_now else []
    order = [[_label(naval, s)] for s in range(step + 1 if firing_now else 0, len(steps))]
    retreated = frame.get("retreated") or {}
    lost = frame.get("lost") or {}
    dice = frame.get("dice") or {}
    roles = dict(frame["roles"])
    sides = []
    for side in sorted(roles, key=lambda s: (roles[s] != "attack", list(roles).index(s))):
        here = [
            pid
            for pid, entry in known.items()
            if entry.get("side") == side
            and entry.get("at") == space
            and "city" not in (entry.get("attrs") or {})
            and (naval or definition.pieces[pid].type != "ships")
        ]
        kinds = Counter(
            definition.pieces[p].type for p in here if definition.pieces[p].type != LEADER
        )
        lines = []
        for index, fires in enumerate(steps):
            cards = [
                {
                    "piece": None,
                    "known": True,
                    "title": kind.replace("_", " "),
                    "short": SHORT[kind],
                    "side": side,
                    "count": kinds[kind],
                    "status": "firing" if current and index == step else "waiting",
                }
                for kind in fires
                if kinds.get(kind)
            ]
            if cards:
                lines.append({"label": _label(naval, index), "pieces": cards})
        if naval:  # the land units aboard
            aboard = [k for k in UNITS if k != "ships" and kinds.get(k)]
            if aboard:
                lines.append(
                    {
                        "label": "aboard",
                        "pieces": [
                            {"piece": None, "known": True, "title": k.replace("_", " "),
                             "short": SHORT[k], "side": side, "count": kinds[k],
                             "status": "waiting"}
                            for k in aboard
                        ],
                    }
                )  # fmt: skip
        leaders = sorted((p for p in here if definition.pieces[p].type == LEADER), key=natural_key)
        if leaders:
            lines.append(
                {
                    "label": "leaders",
                    "pieces": [
                        {"piece": p, "known": True, "title": p, "rating": leader_mark(definition, p),
                         "side": side, "status": "waiting"}
                        for p in leaders
                    ],
                }
            )  # fmt: skip
        gone_kinds = Counter(
            definition.pieces[p].type for p in retreated.get(side, ()) if p in definition.pieces
        )
        gone = [
            {"piece": None, "known": True, "title": k.replace("_", " "), "short": SHORT.get(k, k),
             "side": side, "count": n, "status": "retreated"}
            for k, n in sorted(gone_kinds.items())
        ]  # fmt: skip
        facts = [f"{'attacks' if roles[side] == 'attack' else 'defends'} {space}"]
        rolled = dice.get(side) or []
        if rolled:
            hits = sum(1 for d in rolled if int(d.get("value", 0)) >= int(d.get("need", 11)))
            facts.append(
                "rolls "
                + " ".join(str(d.get("value")) for d in rolled)
                + f": {hits} hit{'s' * (hits != 1)}"
            )
        sides.append(
            {
                "side": side,
                "role": "attacker" if roles[side] == "attack" else "defender",
                "lines": lines,
                "reserves": [],
                "gone": gone,
                "facts": facts,
            }
        )
    for role, label in (("attack", "attacker"), ("defend", "defender")):
        first = next((s for s in sides if s["role"] == label), None)
        if first is not None and lost.get(role):
            first["facts"].append(f"{lost[role]} unit{'s' * (lost[role] != 1)} lost on this side")
    if firing_now:
        stage = f"round {round_}: {_label(naval, step)}" + (
            " — losses taken" if phase == "allocate" else ""
        )
    else:
        stage = PHASES.get(phase, phase)
        queue = frame.get("queue") or []
        if phase == "decide" and queue:
            stage = f"{name(str(queue[0]))}: {stage}"
        winner = frame.get("winner")
        if winner and phase in ("finish", "over"):
            stage += f"; the {'attacker' if winner == 'attack' else 'defender'} wins"

    def opens(entry: Mapping[str, Any]) -> bool:
        data = entry.get("data") or {}
        return data.get("rule") == "HB 5.1" and data.get("space") == space

    return {
        "at": space,
        "title": f"Battle {'at sea ' if naval else ''}in {space}",
        "round": round_ or None,
        "rounds": None,
        "stage": stage,
        "sides": sides,
        "order": order,
        "current": current,
        "events": battleboard.events(battleboard.battle_log(view, opens, keep=30)),
        "notes": [],
    }
