// Auto-finish: once every column descends, the cards go home one move at a
// time (slow enough to follow), by the button or, with Auto complete on, by
// themselves.

import { autoFinishMoves, autoFinishReady, isWon } from "./rules.js";

export function createFinisher({ table, say, stepMs = 70 }) {
  let running = false;

  async function run() {
    const game = table.game();
    if (running || !autoFinishReady(game.position)) return;
    running = true;
    for (const move of autoFinishMoves(game.position)) {
      if (!table.commit(move, { quiet: true })) break;
      await new Promise((resolve) => setTimeout(resolve, stepMs));
    }
    running = false;
    const after = table.game();
    say(isWon(after.position) ? `All cards home. You won in ${after.moves.length} moves!` : "Cards sent home.");
  }

  return {
    run,
    running: () => running,
    /** Finish by itself when the setting asks for it and the board allows it. */
    auto(enabled) {
      const { position } = table.game();
      if (enabled && !running && !isWon(position) && autoFinishReady(position)) run();
    },
  };
}
