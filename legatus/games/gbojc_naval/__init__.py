"""The naval module of Great Battles of Julius Caesar: Roman galleys against Veneti sailing
ships on a hex map (tables, sequence of play 3.0 and rules; see docs/how-to-write-a-game-plugin.md)."""
