/** What a screen reader says about a note's handle, before dnd-kit has loaded (notes-board.tsx) and after. */
export const MOVE_INSTRUCTIONS =
  "To move a note, press Space or Enter on its handle. Use the arrow keys to move it, Space or Enter to drop it, or Escape to cancel.";
