// Local autosave: one slot per variant and deal, plus the player's settings.
// Every call survives a browser that refuses storage (private mode, quota).

const PREFIX = "fc:";
const GAME_INDEX = `${PREFIX}games`;
const KEEP_GAMES = 20;

/** The key of a saved game: `gameKey("freecell", 24) === "fc:game:freecell:24"`. */
export const gameKey = (variant, number, daily = null) =>
  daily ? `${PREFIX}daily:${daily.variant}:${daily.date}` : `${PREFIX}game:${variant}:${number}`;

/** Safe cards go home by themselves; the theme follows the system until chosen. */
export const DEFAULT_SETTINGS = { autoplay: true, autoHome: true, autoCompleteBy: {}, winnable: false, cardSize: "medium", theme: "system" };

export function createStorage(backend = globalThis.localStorage) {
  const read = (key) => {
    try {
      const text = backend?.getItem(key);
      return text ? JSON.parse(text) : null;
    } catch {
      return null;
    }
  };
  const write = (key, value) => {
    try {
      backend?.setItem(key, JSON.stringify(value));
      return true;
    } catch {
      return false;
    }
  };
  const remove = (key) => {
    try {
      backend?.removeItem(key);
    } catch {
      // Nothing saved is nothing lost.
    }
  };

  // The index remembers the newest games first, so the home page can offer
  // "continue" and old saves can be dropped instead of filling the quota.
  const touch = (key, summary) => {
    const index = (read(GAME_INDEX) ?? []).filter((entry) => entry.key !== key);
    index.unshift({ key, ...summary });
    for (const stale of index.splice(KEEP_GAMES)) remove(stale.key);
    write(GAME_INDEX, index);
  };

  return {
    loadGame: (key) => read(key),
    saveGame(key, data, summary) {
      write(key, data);
      touch(key, summary);
    },
    forgetGame(key) {
      remove(key);
      write(GAME_INDEX, (read(GAME_INDEX) ?? []).filter((entry) => entry.key !== key));
    },
    recentGames: () => read(GAME_INDEX) ?? [],
    loadSettings: () => ({ ...DEFAULT_SETTINGS, ...(read(`${PREFIX}settings`) ?? {}) }),
    saveSettings: (settings) => write(`${PREFIX}settings`, settings),
  };
}
