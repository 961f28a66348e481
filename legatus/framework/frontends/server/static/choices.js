// Turning clicks into actions: the typed legal actions drive the page.
//
// Each legal action comes with its arguments typed (piece, space, hex, card, facing,
// number, choice...). A choice is made by clicking: first the thing the action is about
// (its first argument: a block, a city, a hex), then where it goes (its last argument).
// Only what some legal action allows is offered at each step, so an illegal click is
// impossible; when the clicks leave several actions (two roads to the same city, a ship's
// facings), they are offered as buttons. Anything an action needs that is not on the board
// (a card, a number, no argument at all) is a button from the start.

export const BOARD_TYPES = new Set(["piece", "space", "hex"]);

function argValues(action) {
  return action.args.map((a) => a.value);
}

/** The actions still possible after the clicks made so far (``selection``). */
export function candidates(actions, selection) {
  return actions.filter((action) => {
    const args = argValues(action);
    if (selection.length === 0) return true;
    if (args.length === 0 || args[0] !== selection[0]) return false;
    if (selection.length === 1) return true;
    return args.length >= 2 && args[args.length - 1] === selection[1];
  });
}

/**
 * What the page offers at this step: board targets (values to highlight and click) and
 * buttons (actions to choose directly).
 */
export function offer(actions, selection) {
  const left = candidates(actions, selection);
  const targets = new Map(); // value -> type
  const buttons = [];
  for (const action of left) {
    const args = action.args;
    if (selection.length === 0) {
      if (args.length > 0 && BOARD_TYPES.has(args[0].type)) {
        targets.set(args[0].value, args[0].type);
      } else {
        buttons.push(action);
      }
    } else if (selection.length === 1) {
      const last = args[args.length - 1];
      if (args.length >= 2 && BOARD_TYPES.has(last.type)) {
        targets.set(last.value, last.type);
      } else {
        buttons.push(action);
      }
    } else {
      buttons.push(action);
    }
  }
  return { targets, buttons, left };
}

/**
 * The result of clicking ``value``: the new selection, and the action to send when the
 * clicks leave exactly one with nothing more to choose.
 */
export function click(actions, selection, value) {
  const next = [...selection, value];
  const left = candidates(actions, next);
  if (left.length === 0) return { selection, action: null };
  if (left.length === 1) {
    const args = left[0].args;
    const complete = next.length === 2 || args.length === 1;
    if (complete) return { selection: next, action: left[0] };
  }
  return { selection: next, action: null };
}

/** A button's words for an action: its kind and the arguments not yet clicked. */
export function label(action, selection, cards) {
  const args = action.args.map((a) => (a.type === "card" && cards[a.value] ? cards[a.value] : a.value));
  const kind = action.kind.replaceAll("_", " ");
  if (selection.length === 0) return args.length ? `${kind} ${args.join(", ")}` : kind;
  const rest = args.slice(1, selection.length === 2 ? -1 : undefined);
  if (selection.length === 2 && rest.length) return `${kind} via ${rest.join(", ")}`;
  return rest.length ? `${kind} ${rest.join(", ")}` : kind;
}
