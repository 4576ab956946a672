// Placeholder until its issue lands: replaced by the real screen.
export function Component() {
  return <main>fines-new</main>;
}
