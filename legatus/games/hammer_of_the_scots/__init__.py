"""Hammer of the Scots (Columbia Games, rules 4.0) on the block-wargame kit: its data so far (issue 33)."""
