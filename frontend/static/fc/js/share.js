// Share: the device's share sheet where there is one, else the clipboard,
// else the link shown for copying by hand.

export async function shareLink({ path, title, hud, say }) {
  const url = new URL(path, location.origin).href;
  try {
    if (navigator.share) await navigator.share({ title, url });
    else {
      await navigator.clipboard.writeText(url);
      hud.notice(`Link copied: ${url}`);
      say("Link copied to the clipboard.");
    }
  } catch {
    hud.notice(`Share this link: ${url}`);
  }
}

/** Share a result's text: the share sheet, else the clipboard, else shown to copy by hand. */
export async function shareText({ text, hud, say }) {
  try {
    if (navigator.share) await navigator.share({ text });
    else {
      await navigator.clipboard.writeText(text);
      hud.notice("Result copied: paste it anywhere.");
      say("Result copied to the clipboard.");
    }
  } catch {
    hud.notice(text.replace(/\n/g, " · "));
  }
}
