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

/** How long a notice without buttons stays up. */
export const NOTICE_MS = 4500;

export const formatClock = (ms) => {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s % 60).padStart(2, "0")}`;
};

export function createHud(root, handlers) {
  const $ = (name) => root.querySelector(`[data-hud="${name}"]`);
  const buttons = {};
  for (const name of ["undo", "hint", "finish", "share", "new", "settings", "restart"]) {
    buttons[name] = $(name);
    buttons[name]?.addEventListener("click", () => {
      buttons[name].closest("dialog")?.close();
      handlers.command(name);
    });
  }
  const moves = $("moves");
  const movesWord = $("moves-word");
  const clock = $("clock");
  const status = $("status");
  const notice = $("notice");
  let clockStart = null;
  let clockStop = null;
  let noticeTimer = null;

  // The clock is a <time> element: its text is what is read, its datetime the duration.
  const tick = () => {
    const ms = clockStart === null ? 0 : Math.max(0, (clockStop ?? Date.now()) - clockStart);
    clock.textContent = formatClock(ms);
    clock.setAttribute("datetime", `PT${Math.floor(ms / 1000)}S`);
  };
  setInterval(() => { if (clockStart !== null) tick(); }, 1000);

  return {
    /** `startedAt` is the first move's time (null before it): the clock runs as the server's does. */
    update({ ply, canUndo, finishReady, won, startedAt, stoppedAt = null }) {
      moves.textContent = String(ply);
      if (movesWord) movesWord.textContent = ply === 1 ? "move" : "moves";
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
    /**
     * Show a notice above the table with optional action buttons `[{label,
     * run, href}]`; null hides it. One without actions goes by itself after
     * NOTICE_MS; one with actions stays until answered or (when `dismissible`) dismissed.
     */
    notice(text, actions = [], tone = "info", { dismissible = true } = {}) {
      clearTimeout(noticeTimer);
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
        else el.addEventListener("click", () => { notice.hidden = true; action.run(); });
        notice.append(el);
      }
      if (actions.length && dismissible) {
        const close = document.createElement("button");
        close.className = "button close";
        close.setAttribute("aria-label", "Dismiss");
        close.textContent = "×";
        close.addEventListener("click", () => { notice.hidden = true; });
        notice.append(close);
      } else if (!actions.length) noticeTimer = setTimeout(() => { notice.hidden = true; }, NOTICE_MS);
    },
  };
}

/** The settings dialog: checkboxes and selects named after the settings they change. */
export function bindSettings(dialog, getSettings, onChange) {
  for (const field of dialog.querySelectorAll("input[type=checkbox][name], select[name]")) {
    const isBox = field.type === "checkbox";
    if (isBox) field.checked = Boolean(getSettings()[field.name]);
    else field.value = getSettings()[field.name] ?? field.value;
    field.addEventListener("change", () => onChange({ ...getSettings(), [field.name]: isBox ? field.checked : field.value }));
  }
  dialog.querySelector("[data-close]")?.addEventListener("click", () => dialog.close());
  return () => dialog.showModal();
}

/** The page's colours: "light", "dark" or "system" (the system's, through CSS). */
export function applyTheme(theme) {
  if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}

/**
 * A yes/no question in a modal dialog (a form with method="dialog"): the
 * buttons take focus and Enter; Esc or the "no" button answer no.
 */
export function bindConfirm(dialog) {
  const text = dialog.querySelector("[data-question]");
  const yesButton = dialog.querySelector("button[value=yes]");
  const noButton = dialog.querySelector("button[value=no]");
  return (question, { yes = "Yes", no = "No" } = {}) => new Promise((resolve) => {
    yesButton.textContent = yes;
    noButton.textContent = no;
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
