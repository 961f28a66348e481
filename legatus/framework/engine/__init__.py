"""The game-independent engine: state, prompts and actions, dice, views, saves."""
