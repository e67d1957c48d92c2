// The play page's heads-up display: buttons, move counter, clock, notices,
// the settings dialog and the live region. It shows what it is told.

export function createAnnouncer(region) {
  let pending = null;
  return (text) => {
    // Clearing first makes a screen reader speak the same sentence twice.
    region.textContent = "";
    clearTimeout(pending);
    pending = setTimeout(() => { region.textContent = text; }, 30);
  };
}

const formatClock = (ms) => {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
};

export function createHud(root, handlers) {
  const $ = (name) => root.querySelector(`[data-hud="${name}"]`);
  const buttons = {};
  for (const name of ["undo", "hint", "finish", "share", "new", "settings"]) {
    buttons[name] = $(name);
    buttons[name]?.addEventListener("click", () => handlers.command(name));
  }
  const moves = $("moves");
  const clock = $("clock");
  const status = $("status");
  const notice = $("notice");
  let clockStart = null;
  let clockStop = null;

  // The clock is a <time> element: its text is what is read, its datetime the duration.
  const tick = () => {
    const ms = Math.max(0, (clockStop ?? Date.now()) - clockStart);
    clock.textContent = formatClock(ms);
    clock.setAttribute("datetime", `PT${Math.floor(ms / 1000)}S`);
  };
  setInterval(() => { if (clockStart !== null) tick(); }, 1000);

  return {
    update({ ply, canUndo, finishReady, won, startedAt, stoppedAt = null }) {
      moves.textContent = String(ply);
      buttons.undo.disabled = !canUndo || won;
      buttons.hint.disabled = won;
      buttons.finish.disabled = !finishReady || won;
      buttons.finish.classList.toggle("lit", finishReady && !won);
      clockStart = startedAt;
      clockStop = stoppedAt;
      tick();
    },
    syncState(text) {
      status.textContent = text;
    },
    /** Show a notice with optional action buttons `[{label, run, href}]`; null hides it. */
    notice(text, actions = [], tone = "info") {
      notice.hidden = !text;
      notice.dataset.tone = tone;
      notice.replaceChildren();
      if (!text) return;
      const p = document.createElement("p");
      p.textContent = text;
      notice.append(p);
      for (const action of actions) {
        const el = document.createElement(action.href ? "a" : "button");
        el.className = "button";
        el.textContent = action.label;
        if (action.href) el.href = action.href;
        else el.addEventListener("click", action.run);
        notice.append(el);
      }
    },
  };
}

/** The settings dialog: checkboxes named after the settings they change. */
export function bindSettings(dialog, getSettings, onChange) {
  for (const box of dialog.querySelectorAll("input[type=checkbox][name]")) {
    box.checked = Boolean(getSettings()[box.name]);
    box.addEventListener("change", () => onChange({ ...getSettings(), [box.name]: box.checked }));
  }
  dialog.querySelector("[data-close]")?.addEventListener("click", () => dialog.close());
  return () => dialog.showModal();
}

/**
 * A yes/no question in a modal dialog (a form with method="dialog"): the
 * buttons take focus and Enter; Esc or the "no" button answer no.
 */
export function bindConfirm(dialog) {
  const text = dialog.querySelector("[data-question]");
  return (question) => new Promise((resolve) => {
    const before = document.activeElement;
    let answered = false;
    // The answer is known at the submit or Esc itself; "close" comes a task
    // later, when the next key may already have been pressed.
    const answer = (yes) => {
      if (answered) return;
      answered = true;
      // Focus left in the closed dialog would swallow the game's keys.
      before?.focus?.();
      if (dialog.contains(document.activeElement)) document.activeElement.blur();
      resolve(yes);
    };
    text.textContent = question;
    dialog.returnValue = "";
    dialog.querySelector("form").onsubmit = (event) => queueMicrotask(() => answer(event.submitter?.value === "yes"));
    dialog.oncancel = () => queueMicrotask(() => answer(false));
    // A late "close" from the last question must not answer this one.
    dialog.onclose = () => { if (!dialog.open) answer(dialog.returnValue === "yes"); };
    dialog.showModal();
  });
}
