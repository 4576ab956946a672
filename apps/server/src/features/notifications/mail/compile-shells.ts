import { SLOTS, VARIANTS, shellSource, type Variant } from "./shell-source.js";

/**
 * Compiles each variant of the layout with mjml (strict: an invalid attribute fails) and checks every slot survived
 * once. Only the shells' script and test run it: mjml is loaded here, never by the server (decision 052).
 */
export async function compileShells(): Promise<Record<Variant, string>> {
  const { default: mjml2html } = await import("mjml");
  const compiled = await Promise.all(
    VARIANTS.map(async (variant) => {
      const { html } = await mjml2html(shellSource(variant), { validationLevel: "strict", keepComments: false });
      for (const slot of SLOTS) {
        const expected = variant === "withoutButton" && slot.startsWith("button") ? 0 : 1;
        // The title is also the article's aria-label.
        const count = html.split(`%%${slot}%%`).length - 1;
        if (count !== expected * (slot === "title" ? 2 : 1)) {
          throw new Error(`mail shell ${variant}: slot ${slot} appears ${count} times`);
        }
      }
      return [variant, html] as const;
    }),
  );
  return Object.fromEntries(compiled) as Record<Variant, string>;
}
