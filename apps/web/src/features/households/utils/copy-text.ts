/**
 * Puts text on the clipboard. Browsers offer the Clipboard API only on secure origins, so a plain-http
 * install (a flat's home server, say) falls back to the older copy command. Rejects when neither works.
 */
export async function copyText(text: string): Promise<void> {
  // The DOM's types say the Clipboard API is always there; on an insecure origin it is not.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated, but the only way left on an insecure origin
    if (!document.execCommand("copy")) throw new Error("Copy command refused");
  } finally {
    field.remove();
  }
}
