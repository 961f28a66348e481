"""The card phase of Julius Caesar (JC 2.1): the kit's, with Julius Caesar's readings.

The deal, the discards and each turn's cards played face down are the rules file's
procedures ``deal_cards`` and ``card_phase`` (``julius_caesar.rules``), on the kit's
cards (:mod:`legatus.framework.kit.cards`): what the revealed cards decide is
:func:`~legatus.framework.kit.cards.resolve_cards` with the arguments the rules file
gives it: the move and levy values (the move value decides Player 1), Caesar on ties,
Apollo the card that copies the one the opponent had in effect last turn, and whether
the copied card decides (parameter ``apollo.reading``: ``"card"``, the printed card,
where Apollo may not be played in a year's first turn either; ``"rulebook"``, where its
player is always Player 1). Both events cancel the turn.
"""

from __future__ import annotations
