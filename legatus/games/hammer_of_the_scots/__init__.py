"""Hammer of the Scots (Columbia Games, rules 4.0) on the block-wargame kit (issue 33): its
data, its rules file and the few queries and effects that name its nobles, kings and Norse."""
