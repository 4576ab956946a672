/** The little of mjml 5 the server uses (it ships no types): its async compiler. */
declare module "mjml" {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  export default function mjml2html(
    input: string,
    options?: { validationLevel?: "strict" | "soft" | "skip"; keepComments?: boolean },
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
