/**
 * The layout every email shares, as mjml with named slots (`%%slot%%`) where layout.ts puts escaped content. mjml turns
 * it into responsive HTML once, when `npm run mail:shells -w @housemate/server` writes shells.generated.ts (the server
 * never loads mjml: its import alone costs ~0.35 s of CPU, docs/decisions/052). test/mail-layout.test.ts fails when
 * the generated shells are not this source's.
 *
 * The colours are the web's (apps/web/src/index.css, oklch turned into hex): light inline, dark in a
 * `prefers-color-scheme` block for the mail apps that honour it, chosen to hold on both backgrounds for those that
 * invert colours themselves.
 */

export const SLOTS = [
  "title",
  "preview",
  "brand",
  "heading",
  "before",
  "buttonHref",
  "buttonLabel",
  "after",
  "footer",
] as const;
export type Slot = (typeof SLOTS)[number];

/** The mjml for a layout with the button or without one. */
export const VARIANTS = ["withButton", "withoutButton"] as const;
export type Variant = (typeof VARIANTS)[number];

const slot = (name: Slot) => `%%${name}%%`;

export const LIGHT = {
  page: "#eff2f7",
  card: "#ffffff",
  text: "#111826",
  muted: "#4b5666",
  primary: "#4f46e5",
  onPrimary: "#ffffff",
  border: "#dee1e8",
} as const;

export const DARK = {
  page: "#0b0f18",
  card: "#121824",
  text: "#f0f2f5",
  muted: "#9ea5b2",
  primary: "#808aff",
  onPrimary: "#080a18",
  border: "#272e3b",
  link: "#a5b4fc",
} as const;

// Single quotes inside: the font list ends up in double-quoted style attributes.
const FONT = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

// Inline styles win over a stylesheet, so the dark theme's rules need !important; each class is on the mjml element
// whose cell or wrapper carries the inline colour.
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
.hm-text a, .hm-muted a { color: ${LIGHT.primary}; }
@media (prefers-color-scheme: dark) {
  body, .hm-page, .hm-page > div { background: ${DARK.page} !important; background-color: ${DARK.page} !important; }
  .hm-card, .hm-card > table { background: ${DARK.card} !important; background-color: ${DARK.card} !important; }
  .hm-brand div, .hm-text div, .hm-heading div { color: ${DARK.text} !important; }
  .hm-muted div { color: ${DARK.muted} !important; }
  .hm-brand span { color: ${DARK.primary} !important; }
  .hm-text a, .hm-muted a { color: ${DARK.link} !important; }
  .hm-text td, .hm-text th { border-color: ${DARK.border} !important; }
  .hm-button td, .hm-button a { background: ${DARK.primary} !important; color: ${DARK.onPrimary} !important; }
}`;

/** The mjml source of one variant. */
export function shellSource(variant: Variant): string {
  const button =
    variant === "withButton"
      ? `<mj-button css-class="hm-button" href="${slot("buttonHref")}" background-color="${LIGHT.primary}" color="${LIGHT.onPrimary}" font-size="16px" font-weight="600" border-radius="8px" inner-padding="12px 24px" padding="4px 24px 20px" align="left">${slot("buttonLabel")}</mj-button>`
      : "";
  return `<mjml lang="en">
  <mj-head>
    <mj-title>${slot("title")}</mj-title>
    <mj-preview>${slot("preview")}</mj-preview>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="16px" line-height="1.5" color="${LIGHT.text}" padding="0 24px" />
    </mj-attributes>
    <mj-raw>
      <meta name="color-scheme" content="light dark">
      <meta name="supported-color-schemes" content="light dark">
    </mj-raw>
    <mj-style>${STYLE}
    </mj-style>
  </mj-head>
  <mj-body background-color="${LIGHT.page}" css-class="hm-page" width="600px">
    <mj-section padding="24px 0 12px">
      <mj-column>
        <mj-text css-class="hm-brand" font-size="15px" font-weight="600">${slot("brand")}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section css-class="hm-card" background-color="${LIGHT.card}" border-radius="12px" padding="24px 0 8px">
      <mj-column>
        <mj-text css-class="hm-heading" font-size="22px" font-weight="700" line-height="1.3" padding="0 24px 16px">${slot("heading")}</mj-text>
        <mj-text css-class="hm-text">${slot("before")}</mj-text>
        ${button}
        <mj-text css-class="hm-text">${slot("after")}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text css-class="hm-muted" font-size="13px" color="${LIGHT.muted}">${slot("footer")}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}
