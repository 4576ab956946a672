import { useState, type SyntheticEvent } from "react";
import { Plus } from "lucide-react";
import {
  cleanText,
  DEFAULT_NOTE_COLOR,
  NOTE_MAX_LENGTH,
  type CreateNoteBody,
  type NoteColor,
} from "@housemate/contract";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { NoteColorPicker } from "./note-color-picker";

export interface AddNoteFormProps {
  onAdd: (note: CreateNoteBody) => void;
}

/**
 * A new note: its text and colour (Yellow unless picked). Add stays disabled while the text is blank
 * (SPEC §5), read as the server reads it: invisible characters do not count.
 */
export function AddNoteForm({ onAdd }: AddNoteFormProps) {
  const [content, setContent] = useState("");
  const [color, setColor] = useState<NoteColor>(DEFAULT_NOTE_COLOR);
  const cleaned = cleanText(content, { multiLine: true });
  const blank = cleaned === "";

  /** From the form's submit, or from Ctrl/⌘+Enter in the text: either way the browser's own action is stopped. */
  function submit(event: SyntheticEvent) {
    event.preventDefault();
    if (blank) return;
    onAdd({ content: cleaned, color });
    // The note shows on the board at once (optimistic), so the form is ready for the next one.
    setContent("");
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Add a note">
      <Textarea
        aria-label="New note"
        placeholder="Write a note for the household..."
        value={content}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => setContent(event.target.value)}
        onKeyDown={(event) => {
          // Ctrl/⌘+Enter adds, as in most note apps; plain Enter is a new line.
          if (event.key === "Enter" && (event.metaKey || event.ctrlKey)) submit(event);
        }}
        rows={3}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <NoteColorPicker value={color} onChange={setColor} />
        <Button type="submit" size="sm" disabled={blank}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
    </form>
  );
}
