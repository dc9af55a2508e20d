/**
 * Runs `work` and counts the turns of the event loop it lets other work take meanwhile:
 * how often it yields, which does not depend on how busy the machine is (how long a turn
 * lasts does, and is `npm run bench`'s figure).
 */
export async function countTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let counting = true;
  const countTurn = () => {
    turns += 1;
    if (counting) setImmediate(countTurn);
  };
  setImmediate(countTurn);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    counting = false;
  }
}
