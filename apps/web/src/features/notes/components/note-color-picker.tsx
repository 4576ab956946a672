import { useId } from "react";
import { Check } from "lucide-react";
import { NOTE_COLOR_LABELS, NOTE_COLORS, type NoteColor } from "@housemate/contract";
import { cn } from "@/lib/utils";
import { NOTE_STYLES } from "../utils/note-colors";

export interface NoteColorPickerProps {
  value: NoteColor;
  onChange: (color: NoteColor) => void;
  disabled?: boolean;
}

/** SPEC §9's five colours as a radio group of swatches: arrow keys move between them, as in any radio group. */
export function NoteColorPicker({ value, onChange, disabled }: NoteColorPickerProps) {
  const name = useId();
  return (
    <fieldset className="flex items-center gap-2" disabled={disabled}>
      <legend className="sr-only">Colour</legend>
      {NOTE_COLORS.map((color) => (
        <label key={color} className="relative cursor-pointer" title={NOTE_COLOR_LABELS[color]}>
          <input
            type="radio"
            name={name}
            value={color}
            checked={value === color}
            onChange={() => onChange(color)}
            className="peer sr-only"
            aria-label={NOTE_COLOR_LABELS[color]}
          />
          <span
            aria-hidden="true"
            className={cn(
              "flex size-7 items-center justify-center rounded-full border border-black/10 shadow-xs transition-transform peer-checked:scale-110 peer-checked:ring-2 peer-checked:ring-ring peer-checked:ring-offset-2 peer-checked:ring-offset-background peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background dark:border-white/15",
              NOTE_STYLES[color].swatch,
            )}
          >
            {value === color && <Check className="size-4 text-black/70" />}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
