import { LIGHT, type Slot, type Variant } from "./shell-source.js";
import { SHELLS } from "./shells.generated.js";

/**
 * Every email the server sends is built here, from one `MailContent`: the HTML (the mjml layout's shell, compiled
 * ahead, with the content escaped into its slots) and the plain-text alternative come from the same words, so the two
 * parts cannot say different things. `renderMail` is synchronous and cheap (string joins), so a notification's mail
 * is rendered inside the statement that records it (decision 030) at no cost the issue and pay paths can feel.
 * docs/decisions/052.
 */

/** Part of a paragraph: plain text, text in bold, or a link. All of it is escaped. */
export type Inline = string | { strong: string } | { link: string; href: string };

/**
 * A block of the body: a paragraph (a string, or inline parts), a table of label and value rows (the digest's
 * figures, a fine's facts), or a bulleted list.
 */
export type Block = string | Inline[] | { rows: Array<[label: string, value: string]> } | { items: string[] };

export interface MailContent {
  /** The document's title and the heading's first words in a mail client's list: usually the subject. */
  title: string;
  /** The line a mail client shows after the subject (a preheader). Defaults to the first paragraph. */
  preview?: string;
  /** Shown after the app's name at the top (the household the mail is about), when there is one. */
  household?: string | null;
  heading: string;
  /** The blocks before the button. */
  body: Block[];
  /**
   * The one call to action. In the plain text it is its address on a line of its own (so the paragraph before it
   * should say where it goes), in the HTML a button, with the address beneath for copying when `showAddress`.
   */
  button?: { label: string; href: string; showAddress?: boolean };
  /** The blocks after the button. */
  after?: Block[];
  footer: MailFooter;
}

export interface MailFooter {
  /** Why this person gets this email, a sentence ending in a full stop. */
  reason: string;
  /** The Profile > Preferences screen, for mail someone can turn off. */
  preferencesUrl?: string;
  /** The web's unsubscribe page for this mail's type (unsubscribe.ts builds it). */
  unsubscribeUrl?: string;
}

export interface RenderedMail {
  html: string;
  text: string;
}

const APP_NAME = "Housemate";

/** Renders one email's HTML and plain text from its content. */
export function renderMail(content: MailContent): RenderedMail {
  const variant: Variant = content.button ? "withButton" : "withoutButton";
  const firstParagraph = content.body.find((block) => typeof block === "string" || Array.isArray(block));
  const preview = content.preview ?? (firstParagraph ? plainInline(firstParagraph) : content.heading);
  const values: Record<Slot, string> = {
    title: escapeHtml(content.title),
    preview: escapeHtml(preview),
    brand: `<span style="color:${LIGHT.primary};font-weight:700">${APP_NAME}</span>${
      content.household ? ` · ${escapeHtml(content.household)}` : ""
    }`,
    heading: escapeHtml(content.heading),
    before: content.body.map(htmlBlock).join(""),
    buttonHref: escapeHtml(content.button?.href ?? ""),
    buttonLabel: escapeHtml(content.button?.label ?? ""),
    after: [...(content.button?.showAddress ? [copyableAddress(content.button.href)] : []), ...(content.after ?? [])]
      .map(htmlBlock)
      .join(""),
    footer: htmlFooter(content.footer),
  };
  return { html: fill(variant, values), text: plainText(content) };
}

/**
 * Escapes text for HTML, in an element or a double-quoted attribute (every attribute the layout writes is one, so an
 * apostrophe in a name stays as typed).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
}
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** One line of text for a subject or a name: control and formatting characters (new lines, bidi overrides) become spaces. */
export function oneLine(value: string, maxLength = 120): string {
  const line = value.replace(/[\p{C}\s]+/gu, " ").trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

// Each shell split once at its slots: [text, slot, text, slot, …, text].
const SLOT_MARK = /%%([a-zA-Z]{1,20})%%/;
const PARTS = Object.fromEntries(
  Object.entries(SHELLS).map(([variant, html]) => [variant, html.split(SLOT_MARK)]),
) as Record<Variant, string[]>;

function fill(variant: Variant, values: Record<Slot, string>): string {
  return PARTS[variant].map((part, index) => (index % 2 === 0 ? part : values[part as Slot])).join("");
}

// Paragraphs set only their spacing (their colour is the cell's, which the dark theme overrides), and keep the line
// breaks of a text as typed (a support message).
const P = `<p style="margin:0 0 16px;white-space:pre-line">`;

function htmlBlock(block: Block): string {
  if (typeof block === "string") return `${P}${escapeHtml(block)}</p>`;
  if (Array.isArray(block)) return `${P}${block.map(htmlInline).join("")}</p>`;
  if ("rows" in block) {
    const cell = `style="padding:8px 0;border-bottom:1px solid ${LIGHT.border};text-align:left;vertical-align:top"`;
    const rows = block.rows
      .map(
        ([label, value]) =>
          `<tr><th scope="row" ${cell.replace("text-align:left", "text-align:left;font-weight:400;padding-right:16px")}>${escapeHtml(label)}</th><td ${cell.replace("text-align:left", "text-align:right;font-weight:600")}>${escapeHtml(value)}</td></tr>`,
      )
      .join("");
    return `<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 16px;font-size:15px">${rows}</table>`;
  }
  return `<ul style="margin:0 0 16px;padding-left:20px">${block.items.map((item) => `<li style="margin:0 0 4px">${escapeHtml(item)}</li>`).join("")}</ul>`;
}

function htmlInline(part: Inline): string {
  if (typeof part === "string") return escapeHtml(part);
  if ("strong" in part) return `<strong>${escapeHtml(part.strong)}</strong>`;
  return `<a href="${escapeHtml(part.href)}">${escapeHtml(part.link)}</a>`;
}

function copyableAddress(href: string): Block {
  return `Or copy this address into your browser: ${href}`;
}

function htmlFooter(footer: MailFooter): string {
  const lines = [escapeHtml(footer.reason)];
  if (footer.preferencesUrl) {
    lines.push(
      `Choose which emails you get in <a href="${escapeHtml(footer.preferencesUrl)}">Profile &gt; Preferences</a>.`,
    );
  }
  if (footer.unsubscribeUrl) {
    lines.push(`<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe from these emails</a>`);
  }
  return `<p style="margin:0">${lines.join("<br>")}</p>`;
}

const plainInline = (block: string | Inline[]): string =>
  (typeof block === "string" ? [block] : block)
    .map((part) => (typeof part === "string" ? part : "strong" in part ? part.strong : `${part.link} (${part.href})`))
    .join("");

function plainBlock(block: Block): string {
  if (typeof block === "string" || Array.isArray(block)) return plainInline(block);
  if ("rows" in block) return block.rows.map(([label, value]) => `${label}: ${value}`).join("\n");
  return block.items.map((item) => `- ${item}`).join("\n");
}

function plainText(content: MailContent): string {
  const { footer } = content;
  const blocks = [
    content.heading,
    ...content.body.map(plainBlock),
    ...(content.button ? [content.button.href] : []),
    ...(content.after ?? []).map(plainBlock),
    [
      "--",
      footer.reason,
      ...(footer.preferencesUrl
        ? [`Choose which emails you get in Profile > Preferences: ${footer.preferencesUrl}`]
        : []),
      ...(footer.unsubscribeUrl ? [`Unsubscribe from these emails: ${footer.unsubscribeUrl}`] : []),
    ].join("\n"),
  ];
  return `${blocks.join("\n\n")}\n`;
}
