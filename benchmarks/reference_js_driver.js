"use strict";

// Random games of the JavaScript reference engine of Julius Caesar (Rally the
// Troops' rules.js), timed in CPU seconds of this node process. Our own code:
// it only calls the reference's exported API (setup, view, action) and reads
// the block table of its data.js; the reference itself is not part of Legatus
// (see benchmarks/reference_js.py and docs/engine.md for where to get it).
//
//   node reference_js_driver.js REFERENCE_DIR GAMES SEED WARMUP
//
// Prints one line of JSON: games, actions, CPU seconds (of the finished games)
// and wall seconds (of all), the rates.
//
// A random player is uniform over the legal actions its view lists, less what
// is not a move of the game: "undo", and the "block" entries that the user
// interface offers to cancel a choice (moving, levying, regrouping, retreating,
// navis to port, free deployment) or as a click shortcut duplicating a listed
// battle action (battle rounds, hits, disruption). Jupiter's "secret" choice,
// listed as a city, is sent as its handler reads it: the city and the colour of an
// enemy block there, chosen uniformly among them.

const path = require("path");

const [refdir, gamesArg, seedArg, warmupArg] = process.argv.slice(2);
const rules = require(path.resolve(refdir, "rules.js"));
const { BLOCKS } = require(path.resolve(refdir, "data.js"));

const ROLES = rules.roles;
const CANCEL_BLOCK = new Set([
	"move_where", "regroup_to", "levy_where", "navis_to_port_where", "free_deployment_to",
	"retreat", "battle_round", "battle_hits", "disrupt_reserves",
]);
const MAX_ACTIONS = 100000;

function mulberry32(a) {
	return function () {
		a |= 0;
		a = (a + 0x6d2b79f5) | 0;
		let t = Math.imul(a ^ (a >>> 15), 1 | a);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

function enemyBlocksAt(state, role, where) {
	const found = [];
	for (const b in BLOCKS) {
		if (state.location[b] !== where) continue;
		const owner = b in state.owner ? state.owner[b] : BLOCKS[b].owner;
		if (owner !== role) found.push(b);
	}
	return found;
}

function choices(state, role, pick) {
	const view = rules.view(state, role);
	const listed = view.actions || {};
	const found = [];
	for (const name of Object.keys(listed)) {
		const value = listed[name];
		if (name === "undo") continue;
		if (name === "block" && CANCEL_BLOCK.has(state.state)) continue;
		if (Array.isArray(value)) {
			for (const arg of new Set(value)) found.push([name, arg]);
		} else if (value) {
			found.push([name, undefined]);
		}
	}
	return found;
}

function actor(state, pick) {
	if (state.active === "Both") {
		for (const role of ROLES) {
			const found = choices(state, role, pick);
			if (found.length > 0) return [role, found];
		}
		return [null, []];
	}
	return [state.active, choices(state, state.active, pick)];
}

function playOne(seed) {
	const pick = mulberry32(seed);
	let state = rules.setup(seed, "Historical", {});
	let actions = 0;
	while (state.state !== "game_over") {
		if (actions >= MAX_ACTIONS) throw new Error("game " + seed + " did not end");
		const [role, found] = actor(state, pick);
		if (found.length === 0) return [actions, null, state.state];
		let [name, arg] = found[Math.floor(pick() * found.length)];
		if (name === "secret") {
			const blocks = enemyBlocksAt(state, role, arg);
			const b = blocks[Math.floor(pick() * blocks.length)];
			arg = [arg, b === "Cleopatra" ? "Cleopatra" : BLOCKS[b].owner];
		}
		state = rules.action(state, role, name, arg);
		actions += 1;
	}
	return [actions, state.result, null];
}

const games = parseInt(gamesArg, 10);
const seed = parseInt(seedArg, 10);
const warmup = parseInt(warmupArg || "0", 10);
for (let i = 0; i < warmup; ++i) playOne(seed + games + i + 1);

// A game stuck in a position where the reference lists no action (Vulcan
// played when the enemy holds no city: its prompt offers nothing and has no
// pass) is not counted: neither its actions nor its CPU time.
const results = {};
const stuck = {};
let actions = 0;
let finished = 0;
let cpu = 0;
const wall0 = process.hrtime.bigint();
for (let i = 0; i < games; ++i) {
	const cpu0 = process.cpuUsage();
	const [n, result, blocked] = playOne(seed + i + 1);
	const used = process.cpuUsage(cpu0);
	if (blocked) {
		stuck[blocked] = (stuck[blocked] || 0) + 1;
		continue;
	}
	cpu += (used.user + used.system) / 1e6;
	actions += n;
	finished += 1;
	results[result] = (results[result] || 0) + 1;
}
const wall = Number(process.hrtime.bigint() - wall0) / 1e9;
console.log(JSON.stringify({
	engine: "reference",
	node: process.version,
	games: finished,
	played: games,
	stuck,
	seed,
	warmup,
	actions,
	mean_actions_per_game: Math.round((actions / finished) * 10) / 10,
	cpu_seconds: cpu,
	wall_seconds: wall,
	games_per_cpu_second: finished / cpu,
	actions_per_cpu_second: actions / cpu,
	results,
}));
