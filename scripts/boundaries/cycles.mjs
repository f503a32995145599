// Import cycles of a unit-level graph (API modules): the strongly connected components of the graph less
// the excepted edges, each reported as one concrete cycle. An excepted edge is "used" only while it still
// closes a cycle in the whole graph, so a fixed cycle leaves a stale exception behind.

/** Units reachable from `start` over `graph` (Map unit → Set of units). */
function reaches(graph, start, goal) {
  const seen = new Set([start]);
  const todo = [start];
  while (todo.length) {
    const unit = todo.pop();
    if (unit === goal) return true;
    for (const next of graph.get(unit) ?? [])
      if (!seen.has(next)) {
        seen.add(next);
        todo.push(next);
      }
  }
  return false;
}

/** Tarjan's strongly connected components with more than one unit. */
function components(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (unit) => {
    indexOf.set(unit, index);
    low.set(unit, index++);
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(unit, Math.min(low.get(unit), low.get(next)));
      } else if (onStack.has(next)) low.set(unit, Math.min(low.get(unit), indexOf.get(next)));
    }
    if (low.get(unit) === indexOf.get(unit)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!indexOf.has(unit)) connect(unit);
  return found;
}

/** The shortest cycle through `start` inside `members` (breadth first), as a list of units. */
function cycleThrough(graph, start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const unit = queue.shift();
    for (const next of [...(graph.get(unit) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) {
        const path = [unit];
        while (previous.get(path[0]) !== null) path.unshift(previous.get(path[0]));
        return [...path, start];
      }
      if (!previous.has(next)) {
        previous.set(next, unit);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

/**
 * @param {Map<string, Set<string>>} graph unit → the units it imports
 * @param {Array<{ from: string, to: string }>} allowed excepted edges
 * @returns {{ cycles: string[][], closing: Set<number> }} the cycles left (each as units, first repeated
 *   last) and the indexes of the allowed edges that still close a cycle.
 */
export function importCycles(graph, allowed) {
  const closing = new Set();
  const rest = new Map([...graph].map(([unit, targets]) => [unit, new Set(targets)]));
  allowed.forEach(({ from, to }, i) => {
    if (graph.get(from)?.has(to) && reaches(graph, to, from)) closing.add(i);
    rest.get(from)?.delete(to);
  });
  const cycles = components(rest).map((members) => cycleThrough(rest, members[0], new Set(members)));
  return { cycles, closing };
}
