"""The naval module of Great Battles of Julius Caesar (work in progress: its tables)."""
