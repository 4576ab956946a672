/** What a failure says about itself (the server's message travels as the ApiError's), else SPEC's fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
