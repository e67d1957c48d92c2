// Entry point: wires the page named by <body data-page> to its module.
// The play page loads only what it plays with; the other pages load pages.js.

import { api } from "./api.js";
import { applyTheme } from "./hud.js";
import { createStorage } from "./storage.js";

function wireLogout() {
  document.querySelector("[data-logout]")?.addEventListener("click", async () => {
    try {
      await api.logout();
    } finally {
      location.assign("/");
    }
  });
}

async function start() {
  applyTheme(createStorage().loadSettings().theme);
  wireLogout();
  const page = document.body.dataset.page;
  if (page === "play") {
    const { startPlay } = await import("./play.js");
    await startPlay(document.querySelector("[data-play]"));
  } else if (page === "archive") {
    const { startArchive } = await import("./archive.js");
    await startArchive(document.querySelector("#content"));
  } else if (page === "race" || page === "race-new") {
    const { startRacePage } = await import("./race.js");
    startRacePage(page, document.querySelector("#content"));
  } else if (page === "replay") {
    const { startReplay } = await import("./replay.js");
    await startReplay(document.querySelector("[data-replay]"));
  } else if (["challenge", "leagues", "league"].includes(page)) {
    const { startSocial } = await import("./social.js");
    await startSocial(page, document.querySelector("#content"));
  } else {
    const { startPage } = await import("./pages.js");
    await startPage(page, document.querySelector("#content"));
  }
  // A follow button on a profile (social/follow_button.html).
  if (page === "profile" && document.querySelector("[data-follow]")) {
    const { startSocial } = await import("./social.js");
    await startSocial(page, document.querySelector("#content"));
  }
  // The page's controls are wired (pages.js and the rest load after the page itself).
  document.body.dataset.ready = "true";
}

start();
